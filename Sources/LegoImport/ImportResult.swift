import LegoModel

/// A problem with one part of a console log that was skipped while everything valid was kept.
public struct ImportWarning: Sendable, Hashable, CustomStringConvertible {
    /// The console lines concerned (1-based, inclusive).
    public var lines: ClosedRange<Int>
    /// What is wrong, in one line.
    public var message: String

    /// Creates a warning.
    public init(lines: ClosedRange<Int>, message: String) {
        self.lines = lines
        self.message = message
    }

    /// `lines a-b: message`.
    public var description: String {
        lines.count == 1 ? "line \(lines.lowerBound): \(message)" : "lines \(lines.lowerBound)-\(lines.upperBound): \(message)"
    }
}

/// Which process of the console log was imported, and why.
public struct ProcessChoice: Sendable, Hashable {
    /// Its process id, or nil when the lines carry no NSLog prefix.
    public var pid: Int?
    /// Its process name from the NSLog prefix, when printed.
    public var name: String?
    /// How many of its lines belong to the framework's logs.
    public var frameworkLineCount: Int
    /// Why this process was chosen, in one sentence.
    public var reason: String

    /// Creates a choice.
    public init(pid: Int?, name: String?, frameworkLineCount: Int, reason: String) {
        self.pid = pid
        self.name = name
        self.frameworkLineCount = frameworkLineCount
        self.reason = reason
    }
}

/// Counts that summarise an import.
public struct ImportStats: Sendable, Hashable {
    /// Console lines read from the file.
    public var linesRead: Int
    /// Lines of the chosen process that belong to the framework's logs.
    public var frameworkLines: Int
    /// Log blocks of the chosen process turned into snapshots.
    public var snapshots: Int
    /// Trace events produced.
    public var events: Int

    /// Creates stats.
    public init(linesRead: Int, frameworkLines: Int, snapshots: Int, events: Int) {
        self.linesRead = linesRead
        self.frameworkLines = frameworkLines
        self.snapshots = snapshots
        self.events = events
    }
}

/// A console log turned into a trace: header, events, and what was skipped.
public struct ImportResult: Sendable {
    /// The trace header (`source: import`, `importedFrom`: the log's path).
    public var header: TraceHeader
    /// The events, `seq` 1...n, times in seconds since the first framework line.
    public var events: [TraceEvent]
    /// Blocks skipped as garbled or truncated, and other doubts, in line order.
    public var warnings: [ImportWarning]
    /// The process imported.
    public var process: ProcessChoice
    /// Counts.
    public var stats: ImportStats
}
