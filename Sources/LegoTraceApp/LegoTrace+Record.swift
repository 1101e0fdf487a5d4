import Foundation
import LegoModel
import LegoRuntime
import LegoScenario
import LegoTraceIO

extension LegoTrace {
    /// `lego-trace record`: runs a scenario (default: the embedded sample app) or a program linking LegoRuntime, and writes its trace.
    public static func record(_ request: RecordRequest, console: Console) -> ExitStatus {
        if !request.command.isEmpty { return recordProgram(request, console: console) }
        let scenario: Scenario
        do {
            if let path = request.scenarioPath {
                scenario = try Scenario.load(path: path)
            } else {
                scenario = try Scenario.parse(yaml: EmbeddedSamples.bdjApp, file: "<embedded sample bdj-app.yml>")
            }
        } catch {
            console.error(error.description)
            return .invalidInput
        }
        let header = TraceHeader(producer: "lego-trace \(version)", start: Timestamp.now(), app: scenario.app.name)
        let writer: TraceWriter
        do {
            writer = try TraceWriter(path: request.outputPath, header: header)
        } catch {
            console.error(error.description)
            return .invalidInput
        }
        let summary = ScenarioRunner.run(
            scenario, sink: writer, console: request.printLogs ? StandardErrorConsole() : DiscardingConsole(), logs: request.printLogs)
        writer.close()
        for failure in summary.failures { console.warning(failure.description) }
        console.status("trace: \(request.outputPath)")
        console.line(
            "recorded \(scenario.app.name): \(Format.plural(summary.events, "event")), \(Format.plural(summary.modules, "module")), "
                + "\(Format.plural(summary.steps, "step")), \(Format.seconds(summary.duration)) on the scenario clock"
                + (summary.failures.isEmpty ? "" : ", \(Format.plural(summary.failures.count, "step")) refused"))
        return .success
    }

    private static func recordProgram(_ request: RecordRequest, console: Console) -> ExitStatus {
        // A trace left by an earlier run must not pass for this program's trace.
        unlink(request.outputPath)
        let status: Int32
        do {
            status = try ProgramRunner.run(request.command, tracePath: request.outputPath)
        } catch {
            console.error(error.description)
            return .invalidInput
        }
        guard FileManager.default.fileExists(atPath: request.outputPath) else {
            console.warning(
                "'\(request.command[0])' wrote no trace: it must create its runtime with "
                    + "LegoRuntime.fromEnvironment(app:), which reads \(DefaultPaths.traceEnvironmentVariable)")
            return ExitStatus(code: status)
        }
        console.status("trace: \(request.outputPath)")
        if let summary = try? TraceSummary.read(path: request.outputPath) {
            console.line(
                "recorded \(summary.app): \(summary.events) events, \(summary.modules) modules, "
                    + "\(Format.seconds(summary.duration)) of trace time (program exited with \(status))")
        }
        return ExitStatus(code: status)
    }
}

/// Counts what a trace file holds, for `record`'s one-line summary.
struct TraceSummary {
    var app: String
    var events = 0
    var modules = 0
    var duration = 0.0

    /// Reads a trace leniently and counts its events and assembled modules.
    static func read(path: String) throws(TraceIOError) -> TraceSummary {
        let reader = try TraceReader(path: path, options: .init(lenient: true))
        var summary = TraceSummary(app: reader.header.app)
        while let event = try reader.next() {
            summary.events += 1
            if event.kind == .moduleAssemble { summary.modules += 1 }
            summary.duration = event.time
        }
        return summary
    }
}

/// Swallows the framework's console logs: `record` prints them only with `--logs`, even when a scenario enables them.
final class DiscardingConsole: LegoConsole {
    func write(_ text: String) {}
}
