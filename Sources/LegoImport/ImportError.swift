import LegoTraceIO

/// Why a console log could not be imported at all; each message is one line that names the file.
public enum ImportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file could not be opened or read.
    case unreadable(file: String, reason: String)
    /// A line is longer than the limit (a file that never ends a line, such as `/dev/zero`).
    case lineTooLong(file: String, line: Int, limit: Int)
    /// The file has no bytes (or only blank lines).
    case empty(file: String)
    /// The file looks like binary data, not a text console log.
    case binary(file: String, detail: String)
    /// No line of the file belongs to the framework's two logs or its prefix line.
    case noFrameworkLines(file: String, linesRead: Int)
    /// Framework lines were found, but every block was garbled or truncated.
    case noValidBlocks(file: String, skipped: Int, firstProblem: String)
    /// The requested process printed no framework lines.
    case noSuchProcess(file: String, pid: Int, available: [Int])

    /// The one-line message shown to the user.
    public var description: String {
        switch self {
        case let .unreadable(file, reason):
            "\(file): cannot read the console log: \(reason)"
        case let .lineTooLong(file, line, limit):
            "\(file):\(line): \(TraceReader.tooLongReason(limit))"
        case let .empty(file):
            "\(file): the console log is empty; capture the app's console output with the framework logs enabled"
        case let .binary(file, detail):
            "\(file): this is binary data, not a text console log (\(detail)); save the console output as UTF-8 text"
        case let .noFrameworkLines(file, linesRead):
            "\(file): none of its \(linesRead) lines is a routing link log, a component trace log or an `inspectModulePrefix:` line; enable `[XFRoutingLinkManager enableLog]` / `[XFLegoConfig enableLog]` and capture again"
        case let .noValidBlocks(file, skipped, firstProblem):
            "\(file): all \(skipped) framework log blocks are garbled or truncated (first: \(firstProblem)); nothing to import"
        case let .noSuchProcess(file, pid, available):
            available.isEmpty
                ? "\(file): process \(pid) printed no framework lines, and no process in the file did"
                : "\(file): process \(pid) printed no framework lines; processes that did: \(available.map(String.init).joined(separator: ", "))"
        }
    }
}
