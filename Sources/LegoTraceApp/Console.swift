#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

import LegoModel
import Synchronization

/// Where a command's output goes: standard output for results, standard error for status and progress.
public struct Console: Sendable {
    /// Writes text to standard output (results).
    public var writeOut: @Sendable (String) -> Void
    /// Writes text to standard error (status, warnings, progress).
    public var writeError: @Sendable (String) -> Void
    /// Whether standard output is a terminal (colour is used only then).
    public var outputIsTerminal: Bool
    /// Whether standard error is a terminal (progress bars are drawn only then).
    public var errorIsTerminal: Bool

    /// Creates a console from its parts.
    public init(writeOut: @escaping @Sendable (String) -> Void, writeError: @escaping @Sendable (String) -> Void,
                outputIsTerminal: Bool = false, errorIsTerminal: Bool = false) {
        self.writeOut = writeOut
        self.writeError = writeError
        self.outputIsTerminal = outputIsTerminal
        self.errorIsTerminal = errorIsTerminal
    }

    /// The same console with standard error silenced but for errors (`--quiet`): results still reach standard output.
    public var quietened: Console {
        let writeError = self.writeError
        return Console(writeOut: writeOut, writeError: { text in if text.hasPrefix("lego-trace: error: ") { writeError(text) } },
                       outputIsTerminal: outputIsTerminal, errorIsTerminal: errorIsTerminal)
    }

    /// The process's standard output and error.
    public static var standard: Console {
        Console(
            writeOut: { text in
                // A report cut short by a full disk must not pass for a whole one (`check > /dev/full` exited 0).
                if let reason = Console.write(text, to: 1) { standardOutputFailure.withLock { $0 = $0 ?? reason } }
            },
            writeError: { text in _ = Console.write(text, to: 2) },
            outputIsTerminal: isatty(1) == 1,
            errorIsTerminal: isatty(2) == 1)
    }

    // Each of these prints exactly one line: names from traces, scenarios and logs reach them, so control
    // characters are spelled out here, once (`TerminalText`); reports escape their own fields.

    /// Prints one line to standard output.
    public func line(_ text: String) { writeOut(TerminalText.line(text) + "\n") }
    /// Prints one line to standard error.
    public func status(_ text: String) { writeError(TerminalText.line(text) + "\n") }
    /// Prints several lines to standard error (usage text that may quote the command line), each escaped.
    public func statusLines(_ text: String) {
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) { status(String(line)) }
    }
    /// Prints a one-line error to standard error, prefixed with the tool name.
    public func error(_ text: String) { writeError("lego-trace: error: \(TerminalText.line(text))\n") }
    /// Prints a one-line note to standard error, prefixed with the tool name.
    public func note(_ text: String) { writeError("lego-trace: note: \(TerminalText.line(text))\n") }
    /// Prints a one-line warning to standard error, prefixed with the tool name.
    public func warning(_ text: String) { writeError("lego-trace: warning: \(TerminalText.line(text))\n") }

    /// Why writing to standard output failed, if it ever did (the command then exits 2: see `standardOutputFailure`).
    public static var standardOutputError: String? { standardOutputFailure.withLock { $0 } }

    /// Writes all of `text`; returns the `strerror` text when the descriptor refuses it.
    private static func write(_ text: String, to descriptor: Int32) -> String? {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { buffer in
                Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { return written < 0 ? String(cString: strerror(errno)) : "nothing was written" }
            offset += written
        }
        return nil
    }
}

/// The first failure to write standard output in this process.
private let standardOutputFailure = Mutex<String?>(nil)
