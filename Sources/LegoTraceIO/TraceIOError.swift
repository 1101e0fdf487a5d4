import LegoModel

/// Why a trace could not be written or read; the description is one line, `FILE:LINE: problem` or `FILE: problem`.
public enum TraceIOError: Error, CustomStringConvertible, Equatable {
    /// The file could not be opened or created (missing, a directory, no permission, missing parent directory).
    case cannotOpen(file: String, reason: String)
    /// Reading the file failed part way.
    case readFailed(file: String, reason: String)
    /// Writing the file failed.
    case writeFailed(file: String, reason: String)
    /// The first line is not a lego-trace header (or the file is empty).
    case invalidHeader(file: String, reason: String)
    /// The trace was written in a format version this build does not understand.
    case unsupportedVersion(file: String, version: FormatVersion)
    /// The header names a framework this build does not know: reading it as another framework's app would pass it clean.
    case unknownFramework(file: String, name: String)
    /// An event line could not be read.
    case malformed(file: String, line: Int, reason: String)

    /// One line: `FILE:LINE: problem` or `FILE: problem`.
    public var description: String {
        switch self {
        case .cannotOpen(let file, let reason):
            TerminalText.line("\(file): cannot open: \(reason)")
        case .readFailed(let file, let reason):
            TerminalText.line("\(file): read failed: \(reason)")
        case .writeFailed(let file, let reason):
            TerminalText.line("\(file): cannot write: \(reason)")
        case .invalidHeader(let file, let reason):
            TerminalText.line("\(file):1: \(reason)")
        case .unsupportedVersion(let file, let version):
            if version.major > TraceHeader.newestMajorVersion {
                TerminalText.line("\(file):1: trace format \(version) is newer than this lego-trace understands (\(Self.readableVersions)); upgrade lego-trace")
            } else {
                TerminalText.line("\(file):1: trace format \(version) is not supported (this lego-trace reads \(Self.readableVersions))")
            }
        case .unknownFramework(let file, let name):
            TerminalText.line("\(file):1: the header names the framework \"\(name)\", which this lego-trace does not know (it knows \(Framework.knownNames)); upgrade lego-trace")
        case .malformed(let file, let line, let reason):
            TerminalText.line("\(file):\(line): \(reason)")
        }
    }

    /// The file the error is about.
    public var file: String {
        switch self {
        case .cannotOpen(let file, _), .readFailed(let file, _), .writeFailed(let file, _),
             .invalidHeader(let file, _), .unsupportedVersion(let file, _), .unknownFramework(let file, _),
             .malformed(let file, _, _):
            file
        }
    }

    /// The same error about `file` instead (a staged temporary file's error told under the path the user gave).
    public func renamed(to file: String) -> TraceIOError {
        switch self {
        case .cannotOpen(_, let reason): .cannotOpen(file: file, reason: reason)
        case .readFailed(_, let reason): .readFailed(file: file, reason: reason)
        case .writeFailed(_, let reason): .writeFailed(file: file, reason: reason)
        case .invalidHeader(_, let reason): .invalidHeader(file: file, reason: reason)
        case .unsupportedVersion(_, let version): .unsupportedVersion(file: file, version: version)
        case .unknownFramework(_, let name): .unknownFramework(file: file, name: name)
        case .malformed(_, let line, let reason): .malformed(file: file, line: line, reason: reason)
        }
    }

    /// The major versions this build reads, for messages: `1.x and 2.x`.
    private static var readableVersions: String {
        (TraceHeader.currentVersion.major...TraceHeader.newestMajorVersion).map { "\($0).x" }.joined(separator: " and ")
    }
}
