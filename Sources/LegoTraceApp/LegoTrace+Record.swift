import Foundation
import LegoModel
import LegoRuntime
import LegoScenario
import LegoTraceIO

extension LegoTrace {
    /// `lego-trace record`: runs a scenario (default: the embedded sample app) or a program linking LegoRuntime, and writes its trace.
    public static func record(_ request: RecordRequest, console: Console) throws(LegoTraceError) -> ExitStatus {
        try LegoTraceError.catching {
            request.command.isEmpty ? try recordScenario(request, console: console) : try recordProgram(request, console: console)
        }
    }

    private static func recordScenario(_ request: RecordRequest, console: Console) throws -> ExitStatus {
        let scenario = if let path = request.scenarioPath {
            try ScenarioDocument.load(path: path)
        } else {
            try ScenarioDocument.parse(yaml: EmbeddedSamples.bdjApp, file: "<embedded sample bdj-app.yml>")
        }
        // A full disk or `ulimit -f` must be a write error reported here, not a kill by SIGXFSZ.
        signal(SIGXFSZ, SIG_IGN)
        let staged: OutputFile.Staged
        let writer: TraceWriter
        // A scenario's time is only its `advanceClock` steps and framework delays: one scenario, the same bytes every run.
        let header = TraceHeader(producer: "lego-trace \(version)", start: TraceHeader.virtualClockStart, app: scenario.appName,
                                 scenario: request.scenarioPath, framework: scenario.framework)
        do throws(TraceIOError) {
            staged = try OutputFile.Staged(path: request.outputPath)
            if let descriptor = staged.descriptor {
                writer = TraceWriter(fileDescriptor: descriptor, header: header, clock: .virtual)
            } else {
                writer = try TraceWriter(path: staged.writePath, header: header, clock: .virtual)
            }
        } catch {
            throw error.renamed(to: request.outputPath == "-" ? "standard output" : request.outputPath)
        }
        let summary = scenario.run(
            sink: writer, console: request.printLogs ? StandardErrorConsole() : DiscardingConsole(), logs: request.printLogs)
        writer.close()
        do throws(TraceIOError) {
            if let failure = writer.writeError { throw failure.renamed(to: staged.path) }
            try staged.commit()
        } catch {
            staged.abandon()
            throw LegoTraceError("\(error.description); \(keptPreviousTrace(staged))")
        }
        for failure in summary.failures { console.warning(failure.description) }
        // The same count and clock `check` reports for this trace: events before the end marker, and its time.
        let line = "recorded \(scenario.appName): \(Format.plural(writer.eventCount, "event")), "
            + "\(Format.seconds(writer.duration)) of trace time, \(Format.plural(summary.steps, "step")), "
            + "\(Format.count(summary.modules)) module\(summary.modules == 1 ? "" : "s") declared"
            + (summary.failures.isEmpty ? "" : ", \(Format.plural(summary.failures.count, "step")) refused")
        report(line, staged: staged, console: console)
        return .success
    }

    private static func recordProgram(_ request: RecordRequest, console: Console) throws -> ExitStatus {
        // The trace is staged beside its final path: a run that writes nothing keeps the previous trace,
        // and a path that cannot be written fails before the program starts.
        let staged = try OutputFile.Staged(path: request.outputPath)
        let outcome: ProgramRunner.Outcome
        do {
            outcome = try ProgramRunner.run(request.command, tracePath: staged.writePath, traceToStandardOutput: staged.descriptor == 1)
        } catch {
            staged.abandon()
            throw error
        }
        let status = ExitStatus(code: outcome.status)
        if let signal = outcome.forwardedSignal {
            console.warning("interrupted by \(signalName(signal)): passed it on to '\(request.command[0])' and waited for it to end")
        }
        guard case .replace = staged.destination else {
            // A device, FIFO or standard output: the program wrote there directly and nothing can be counted.
            console.status("trace: \(request.outputPath)")
            return status
        }
        var size = stat()
        guard stat(staged.writePath, &size) == 0, size.st_size > 0 else {
            staged.abandon()
            console.error(
                "'\(request.command[0])' wrote no trace: it must create its runtime with "
                    + "LegoRuntime.fromEnvironment(app:), which reads \(DefaultPaths.traceEnvironmentVariable); \(keptPreviousTrace(staged))")
            return status == .success ? .invalidInput : status
        }
        // A trace without its end marker lost its tail (a full disk, `ulimit -f`, a crash): the program's runtime can
        // only say so on standard error and exit 0, so it never replaces the previous trace. One that record's
        // passing on of Ctrl-C or SIGTERM cut short is what the user asked for, and is kept.
        let summary = try? TraceSummary.read(path: staged.writePath)
        if outcome.forwardedSignal == nil, summary?.ended != true {
            staged.abandon()
            console.error("'\(request.command[0])' left its trace incomplete (no end marker: a write failed, the disk is full, "
                + "or it stopped without closing its runtime); \(keptPreviousTrace(staged))")
            return status == .success ? .invalidInput : status
        }
        do {
            try staged.commit()
        } catch {
            throw LegoTraceError("\(error.description); \(keptPreviousTrace(staged))")
        }
        if let summary {
            report(
                "recorded \(summary.app): \(Format.plural(summary.events, "event")), \(Format.seconds(summary.duration)) of trace time, "
                    + "\(Format.count(summary.modules)) module\(summary.modules == 1 ? "" : "s") assembled (program exited with \(outcome.status))",
                staged: staged, console: console)
        } else {
            console.status("trace: \(request.outputPath)")
        }
        return status
    }

    /// Prints where the trace went and the summary line, on standard error: the trace is the result (and may be
    /// standard output), so a closed or full standard output does not fail a recording that wrote its trace.
    private static func report(_ summary: String, staged: OutputFile.Staged, console: Console) {
        console.status("trace: \(staged.descriptor == 1 ? "standard output" : staged.path)")
        console.status(summary)
    }

    /// What became of the file at the output path after a failed recording.
    private static func keptPreviousTrace(_ staged: OutputFile.Staged) -> String {
        guard case .replace(let target) = staged.destination else { return "the trace is incomplete" }
        return access(target, F_OK) == 0 ? "'\(staged.path)' still holds the previous trace" : "no trace was written"
    }

    private static func signalName(_ signal: Int32) -> String {
        switch signal {
        case SIGINT: "SIGINT"
        case SIGTERM: "SIGTERM"
        case SIGHUP: "SIGHUP"
        default: "signal \(signal)"
        }
    }
}

/// Counts what a trace file holds, for `record`'s one-line summary.
struct TraceSummary {
    var app: String
    var events = 0
    var modules = 0
    var duration = 0.0
    /// Whether its last event is the end marker every writer closes a trace with.
    var ended = false

    /// Reads a trace leniently and counts its events and assembled modules.
    static func read(path: String) throws(TraceIOError) -> TraceSummary {
        let reader = try TraceReader(path: path, options: .init(lenient: true))
        var summary = TraceSummary(app: reader.header.app)
        while let event = try reader.next() {
            if event.kind != .traceEnd { summary.events += 1 }
            if event.kind == .moduleAssemble { summary.modules += 1 }
            summary.duration = event.time
            summary.ended = event.kind == .traceEnd
        }
        return summary
    }
}

/// Swallows the framework's console logs: `record` prints them only with `--logs`, even when a scenario enables them.
final class DiscardingConsole: LegoConsole {
    func write(_ text: String) {}
}
