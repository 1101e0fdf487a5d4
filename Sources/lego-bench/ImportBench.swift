import Foundation
import LegoImport
import LegoRuntime
import LegoScenario

/// Importing a 100,000-line console log written by the runtime in the framework's own log format.
enum ImportBench {
    /// Runs a generated journey with both framework logs on until the log has enough lines, then imports it.
    static func run(_ context: BenchContext) throws -> [BenchResult] {
        let wanted = context.quick ? 10_000 : 100_000
        var steps = context.quick ? 100 : 500
        var log = ""
        var lines = 0
        while lines < wanted {
            let scenario = try Scenario.parse(
                yaml: ScenarioGenerator.generate(modules: 60, steps: steps, seed: 3), file: "generated-log.yml")
            let console = ConsoleBuffer()
            let runtime = ScenarioRunner.makeRuntime(for: scenario, sink: nil, console: console)
            runtime.enableLogs()
            _ = ScenarioRunner.runJourney(scenario, on: runtime)
            runtime.close()
            log = console.text
            lines = log.utf8.reduce(0) { $1 == 10 ? $0 + 1 : $0 }
            // Lines grow in proportion to steps: aim just past the wanted count.
            steps = max(steps + 1, steps * wanted / max(lines, 1) * 102 / 100)
        }
        let bytes = Array(log.utf8)
        var best: (wall: Double, cpu: Double, events: Int)?
        for _ in 0..<3 {
            let imported = try BenchClock.measure { () throws -> Int in
                try ConsoleImporter().importLog(bytes: bytes, name: "generated.log").events.count
            }
            if best == nil || imported.wall < best!.wall { best = (imported.wall, imported.cpu, imported.value) }
        }
        var row = BenchResult(
            section: "import", name: "\(BenchTable.grouped(lines))-line console log", events: best!.events, bytes: bytes.count,
            wallSeconds: best!.wall, cpuSeconds: best!.cpu, maxSeconds: 2 * Double(lines) / 100_000)
        row.note = "\(bytes.count / 1_000_000) MB, \(BenchTable.grouped(Int(Double(lines) / max(best!.wall, 1e-9)))) lines/s"
        return [row]
    }
}
