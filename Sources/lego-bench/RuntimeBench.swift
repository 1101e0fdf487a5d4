import Foundation
import LegoModel
import LegoRuntime
import LegoScenario
import LegoTraceIO

/// The cost of tracing: one generated journey of 100,000 transitions run untraced and traced to a file.
enum RuntimeBench {
    /// Parses the journey once, then runs it untraced and traced five times each, interleaved, and keeps the best of each.
    static func run(_ context: BenchContext) throws -> [BenchResult] {
        let transitions = context.quick ? 10_000 : 100_000
        let yaml = ScenarioGenerator.generate(modules: 500, steps: transitions, seed: 1)
        let scenario = try Scenario.parse(yaml: yaml, file: "generated-\(transitions).yml")
        let path = context.directory + "/runtime.jsonl"
        var off: (wall: Double, cpu: Double)?
        var on: (wall: Double, cpu: Double)?
        var events = 0
        // Interleaved so a burst of machine load hits both sides alike.
        for _ in 0..<5 {
            let untraced = BenchClock.measure { ScenarioRunner.run(scenario, sink: nil, console: ConsoleBuffer()) }
            if off == nil || untraced.wall < off!.wall { off = (untraced.wall, untraced.cpu) }
            let traced = try BenchClock.measure { () throws -> Int in
                let writer = try TraceWriter(
                    path: path, header: TraceHeader(producer: "lego-bench", start: "1970-01-01T00:00:00Z", app: scenario.app.name))
                let summary = ScenarioRunner.run(scenario, sink: writer, console: ConsoleBuffer())
                writer.close()
                return summary.events
            }
            events = traced.value
            if on == nil || traced.wall < on!.wall { on = (traced.wall, traced.cpu) }
        }
        let overhead = max(0, on!.wall - off!.wall) / Double(max(events, 1))
        let row = BenchResult(
            section: "runtime", name: "journey, \(BenchTable.grouped(transitions)) transitions, traced", events: events, bytes: nil,
            wallSeconds: on!.wall, cpuSeconds: on!.cpu, baseline: ("untraced", off!.wall), maxRatio: 1.15)
        var perEvent = BenchResult(
            section: "runtime", name: "tracing overhead per event", events: events, bytes: nil,
            wallSeconds: max(0, on!.wall - off!.wall), cpuSeconds: max(0, on!.cpu - off!.cpu))
        perEvent.note = "\(BenchTable.decimal(overhead * 1_000_000_000, digits: 0)) ns/event (limit < 1000 ns)"
        perEvent.judged = overhead < 0.000_001
        return [row, perEvent]
    }
}
