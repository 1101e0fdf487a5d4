import Foundation
import LegoModel
import LegoReplay
import LegoTraceIO

/// Streams one trace file through a `Replayer`: the single read loop behind `check` and `graph`.
final class TraceReplay {
    /// The trace's header.
    let header: TraceHeader
    /// Seq → line, for report locations.
    private(set) var lineMap = TraceLineMap()
    private let reader: TraceReader
    private let path: String
    private let console: Console
    private let fileSize: UInt64
    private let prefetch: PrefetchPolicy
    /// Whether the last replay stopped at `stopAfter` with events still to come.
    private(set) var stoppedBeforeEnd = false
    /// What the last whole replay said about the trace's end, for `warnings`.
    private var ending: (marker: ReplayState.Moment?, eventsAfter: Int)?

    /// When to parse ahead on a second thread.
    enum PrefetchPolicy {
        /// For whole traces of at least 8 MB on a machine with two or more cores.
        case auto
        /// Whenever the whole trace is replayed (tests use it to cover the threaded path with small traces).
        case always
        /// Never.
        case never

        /// The environment variable that keeps a check to one thread when set to `1` (docs/check.md).
        static let threadsVariable = "LEGO_TRACE_THREADS"

        /// `.never` when `LEGO_TRACE_THREADS=1`, else `.auto`.
        static var fromEnvironment: PrefetchPolicy {
            ProcessInfo.processInfo.environment[threadsVariable] == "1" ? .never : .auto
        }
    }

    /// Opens a trace; throws a one-line error for a missing, unreadable, empty or headerless file.
    convenience init(path: String, options: TraceReader.Options, console: Console, prefetch: PrefetchPolicy = .fromEnvironment) throws(TraceIOError) {
        try self.init(reader: try TraceReader(path: path, options: options), path: path, console: console, prefetch: prefetch)
    }

    /// Reads the trace of an input whose first bytes were already read to tell what it is (`graph`).
    convenience init(input: PeekedInput, path: String, options: TraceReader.Options, console: Console,
         prefetch: PrefetchPolicy = .fromEnvironment) throws(TraceIOError) {
        try self.init(reader: try TraceReader(input, options: options), path: path, console: console, prefetch: prefetch)
    }

    private init(reader: TraceReader, path: String, console: Console, prefetch: PrefetchPolicy) throws(TraceIOError) {
        self.reader = reader
        header = reader.header
        self.path = path
        self.console = console
        self.prefetch = prefetch
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        fileSize = (attributes?[.size] as? NSNumber)?.uint64Value ?? 0
    }

    /// Replays every event (or up to `stopAfter`); returns the error that stopped it early, if any.
    ///
    /// Observers are always finished, so the events before a malformed line still yield a result.
    /// A whole large trace is parsed ahead on a second core while the replay runs (docs/performance.md).
    func run(_ replayer: Replayer, stopAfter: UInt64? = nil) -> TraceIOError? {
        // Traces over ~50 MB take long enough on a terminal to deserve a bar; lines average ~130 bytes.
        let estimatedEvents = fileSize / 130
        let progress = fileSize > 50_000_000 ? ProgressBar(label: "checking", total: estimatedEvents, console: console) : nil
        defer { progress?.finish() }
        var count: UInt64 = 0
        var failure: TraceIOError?
        // Locals, written back below: the class's own stored properties are checked for exclusive access at run time
        // on every change, twice an event (#24's profile).
        var lineMap = self.lineMap
        self.lineMap = TraceLineMap()
        var stopped = false
        do {
            try reader.forEach(mode: readMode(stopAfter: stopAfter)) { event, line in
                if let stopAfter, event.seq > stopAfter {
                    stopped = true
                    return false
                }
                lineMap.note(seq: event.seq, line: line)
                replayer.apply(event)
                count += 1
                if count & 0xFFFF == 0 { progress?.update(count) }
                return true
            }
        } catch {
            failure = error
        }
        self.lineMap = lineMap
        if stopped { stoppedBeforeEnd = true }
        replayer.finish()
        // A replay stopped on purpose (`--at SEQ`) or by an error says so itself; only a whole one judges the end.
        if stopAfter == nil && failure == nil { ending = (replayer.state.end, replayer.state.eventsAfterEnd) }
        return failure
    }

    /// Prefetching pays for its thread from a few MB on, and only when a second core exists; a replay
    /// that stops early reads sequentially so nothing past the stop is read or counted.
    private func readMode(stopAfter: UInt64?) -> TraceReader.ReadMode {
        guard stopAfter == nil else { return .sequential }
        switch prefetch {
        case .never: return .sequential
        case .always: return .prefetching()
        case .auto:
            return fileSize >= 8_000_000 && ProcessInfo.processInfo.activeProcessorCount >= 2 ? .prefetching() : .sequential
        }
    }

    /// What the reader noticed that a report should mention.
    var warnings: [String] {
        let diagnostics = reader.diagnostics
        var warnings: [String] = []
        if let line = diagnostics.truncatedLastLine {
            warnings.append("\(path):\(line): the last line is truncated (the recording was cut off); it was ignored")
        }
        if diagnostics.skippedLineCount > 0 {
            let examples = diagnostics.skippedLines.prefix(3).map { "line \($0.line): \($0.reason)" }.joined(separator: "; ")
            warnings.append("\(path): skipped \(Format.plural(diagnostics.skippedLineCount, "malformed line")) (--lenient): \(examples)")
        }
        if diagnostics.invalidUTF8LineCount > 0 {
            let lines = diagnostics.invalidUTF8Lines.prefix(5).map(String.init).joined(separator: ", ")
            warnings.append(
                "\(path):\(diagnostics.invalidUTF8Lines.first ?? 0): invalid UTF-8 read as U+FFFD in "
                    + "\(Format.plural(diagnostics.invalidUTF8LineCount, "line")) (lines \(lines)\(diagnostics.invalidUTF8LineCount > 5 ? ", …" : ""))")
        }
        if let ending, header.recordedBy != .import {
            if ending.marker == nil {
                warnings.append(
                    "\(path): the trace has no end marker (trace.end): the recording stopped early (a crash, a kill, or a writer "
                        + "never closed), so a module gone within the grace period of its end is reported as an unconfirmed note")
            } else if ending.eventsAfter > 0, let marker = ending.marker {
                warnings.append(
                    "\(path): \(Format.plural(ending.eventsAfter, "event")) after the end marker at seq \(marker.seq) "
                        + "(two recordings in one file?); they were replayed")
            }
        }
        if !diagnostics.unknownKinds.isEmpty {
            let kinds = diagnostics.unknownKinds.sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value)" }.joined(separator: ", ")
            warnings.append("\(path): skipped events of kinds this lego-trace does not know (written by a newer producer?): \(kinds)")
        }
        return warnings
    }
}
