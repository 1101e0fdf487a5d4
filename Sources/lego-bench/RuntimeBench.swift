import Foundation
import LegoModel
import LegoRuntime
import LegoScenario
import LegoTraceIO

/// The cost of tracing: one generated journey of 100,000 transitions run untraced and traced to a file.
enum RuntimeBench {
    /// Rounds of one untraced and one traced run each.
    static let rounds = 7

    /// Parses the journey once, then runs it untraced and traced in `rounds` rounds, the first of the pair alternating.
    ///
    /// Judged by the median of each round's traced time over the untraced time of the same round: the untraced journey
    /// alone moved by half between runs minutes apart on the shared host (docs/performance.md, #24's eighth round), and a
    /// best over a best may pair a quiet moment of one with a busy one of the other.
    static func run(_ context: BenchContext) throws -> [BenchResult] {
        let transitions = context.quick ? 10_000 : 100_000
        let yaml = ScenarioGenerator.generate(modules: 500, steps: transitions, seed: 1)
        let scenario = try Scenario.parse(yaml: yaml, file: "generated-\(transitions).yml")
        let path = context.directory + "/runtime.jsonl"
        var off: (wall: Double, cpu: Double)?
        var on: (wall: Double, cpu: Double)?
        var ratios: [Double] = []
        var overheads: [(wall: Double, cpu: Double)] = []
        var events = 0
        for round in 0..<rounds {
            var untraced = (wall: 0.0, cpu: 0.0)
            var traced = (events: 0, wall: 0.0, cpu: 0.0)
            for tracedNow in round.isMultiple(of: 2) ? [false, true] : [true, false] {
                if tracedNow {
                    let run = try BenchClock.measure { () throws -> Int in
                        let writer = try TraceWriter(
                            path: path, header: TraceHeader(producer: "lego-bench", start: "1970-01-01T00:00:00Z", app: scenario.app.name))
                        let summary = ScenarioRunner.run(scenario, sink: writer, console: ConsoleBuffer())
                        writer.close()
                        return summary.events
                    }
                    traced = (run.value, run.wall, run.cpu)
                } else {
                    let run = BenchClock.measure { ScenarioRunner.run(scenario, sink: nil, console: ConsoleBuffer()) }
                    untraced = (run.wall, run.cpu)
                }
            }
            events = traced.events
            ratios.append(traced.wall / max(untraced.wall, 1e-9))
            overheads.append((traced.wall - untraced.wall, traced.cpu - untraced.cpu))
            if off == nil || untraced.wall < off!.wall { off = (untraced.wall, untraced.cpu) }
            if on == nil || traced.wall < on!.wall { on = (traced.wall, traced.cpu) }
        }
        let overheadWall = max(0, BenchResult.median(overheads.map(\.wall)) ?? 0)
        let overheadCPU = max(0, BenchResult.median(overheads.map(\.cpu)) ?? 0)
        let overhead = overheadWall / Double(max(events, 1))
        var row = BenchResult(
            section: "runtime", name: "journey, \(BenchTable.grouped(transitions)) transitions, traced", events: events, bytes: nil,
            wallSeconds: on!.wall, cpuSeconds: on!.cpu, baseline: ("untraced", off!.wall), maxRatio: 1.15,
            note: BenchResult.roundsNote(ratios, bestOverBest: on!.wall / max(off!.wall, 1e-9)))
        row.pairedRatio = BenchResult.median(ratios)
        var perEvent = BenchResult(
            section: "runtime", name: "tracing overhead per event", events: events, bytes: nil,
            wallSeconds: overheadWall, cpuSeconds: overheadCPU)
        perEvent.note = "\(BenchTable.decimal(overhead * 1_000_000_000, digits: 0)) ns/event, median of the rounds (limit < 1000 ns)"
        perEvent.judged = overhead < 0.000_001
        return [row, perEvent]
    }
}
