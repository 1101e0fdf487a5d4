import Foundation
import Synchronization

/// Where the runtime prints the framework's console logs when logging is enabled.
public protocol LegoConsole: AnyObject {
    /// Writes `text` exactly as given (it already ends with a newline).
    func write(_ text: String)
}

/// The default console: standard error, unbuffered.
public final class StandardErrorConsole: LegoConsole, Sendable {
    /// Creates the console.
    public init() {}

    /// Writes `text` to standard error.
    public func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}

/// An in-memory console, for tests and for capturing logs to import later.
public final class ConsoleBuffer: LegoConsole, Sendable {
    private let storage = Mutex("")

    /// Creates an empty buffer.
    public init() {}

    /// Appends `text`.
    public func write(_ text: String) {
        storage.withLock { $0 += text }
    }

    /// Everything written so far.
    public var text: String { storage.withLock { $0 } }
}

/// How the runtime frames each console message.
public enum ConsoleFraming: Sendable, Hashable {
    /// As `NSLog` does: `2019-06-03 14:07:21.118000+0800 App[4242:1370519] message`.
    case nslog
    /// The bare message and a newline.
    case bare
}
