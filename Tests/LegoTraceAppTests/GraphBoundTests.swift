import Foundation
import LegoGraph
import LegoScenario
import Synchronization
import Testing
import LegoTraceApp

/// `graph` refuses a layout beyond its engine's bound (exit 2, one line naming an engine that fits),
/// `--force` draws anyway, and `auto` only picks an engine within its bound.
@Suite struct GraphBoundTests {
    /// Standard error of one in-process run.
    private final class Captured: Sendable {
        let text = Mutex("")
    }

    /// Runs `LegoTrace.graph` on the sample app recorded in `runner` and returns its status and standard error.
    private func graph(_ runner: CommandRunner, output: String, layout: LayoutChoice, force: Bool = false,
                       bounds: GraphLayout.Bounds) -> (status: LegoTraceApp.ExitStatus, stderr: String) {
        let captured = Captured()
        let console = Console(writeOut: { _ in }, writeError: { text in captured.text.withLock { $0 += text } })
        let request = GraphRequest(
            tracePath: runner.path("lego-trace.jsonl"), outputPath: runner.path(output), layout: layout, force: force, layoutBounds: bounds)
        return (run(request, console), captured.text.withLock { $0 })
    }

    /// Runs `LegoTrace.graph` and maps a thrown error as the command line does: one error line, status 2.
    private func run(_ request: GraphRequest, _ console: Console) -> LegoTraceApp.ExitStatus {
        do { return try LegoTrace.graph(request, console: console) } catch {
            console.error(error.description)
            return .invalidInput
        }
    }

    /// Measured bounds, except that `lowered` engines take at most 5 modules and 10 edges, far fewer than the sample app has.
    private func bounds(lowering lowered: Set<GraphLayout>) -> GraphLayout.Bounds {
        GraphLayout.Bounds { lowered.contains($0) ? GraphLayout.Bound(nodes: 5, edges: 10) : $0.measuredBound }
    }

    @Test func aGraphBeyondTheEnginesBoundIsRefusedWithOneLineNamingAnEngineThatFits() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        #expect(try runner.lego("record").status == 0)
        let refused = graph(runner, output: "out.svg", layout: .engine(.dot), bounds: bounds(lowering: [.dot]))
        #expect(refused.status == LegoTraceApp.ExitStatus.invalidInput)
        let lines = refused.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(refused.stderr)")
        #expect(refused.stderr.hasPrefix("lego-trace: error: \(runner.path("lego-trace.jsonl")): the graph has "))
        #expect(refused.stderr.contains("more than dot lays out in reasonable time and memory (at most 5 modules and 10 edges)"))
        #expect(refused.stderr.contains("use --layout sfdp"))
        #expect(!runner.exists("out.svg"))
    }

    @Test func forceDrawsAGraphBeyondTheBound() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        #expect(try runner.lego("record").status == 0)
        let forced = graph(runner, output: "out.svg", layout: .engine(.dot), force: true, bounds: bounds(lowering: Set(GraphLayout.allCases)))
        #expect(forced.status == LegoTraceApp.ExitStatus.success, "\(forced.stderr)")
        #expect(forced.stderr.contains("layout dot →"))
        #expect(try runner.read("out.svg").contains("<svg"))
    }

    @Test func autoDrawsWithAnEngineWithinItsBound() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        #expect(try runner.lego("record").status == 0)
        let measured = graph(runner, output: "measured.svg", layout: .auto, bounds: .measured)
        #expect(measured.status == LegoTraceApp.ExitStatus.success)
        #expect(measured.stderr.contains("layout dot →"), "the sample is small enough for dot: \(measured.stderr)")
        let lowered = graph(runner, output: "lowered.svg", layout: .auto, bounds: bounds(lowering: [.dot]))
        #expect(lowered.status == LegoTraceApp.ExitStatus.success, "\(lowered.stderr)")
        #expect(lowered.stderr.contains("layout sfdp →"))
    }

    @Test func autoRefusesWhenNoEngineFitsButStillWritesDOTAndJSON() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        #expect(try runner.lego("record").status == 0)
        let none = bounds(lowering: Set(GraphLayout.allCases))
        let refused = graph(runner, output: "out.png", layout: .auto, bounds: none)
        #expect(refused.status == LegoTraceApp.ExitStatus.invalidInput)
        #expect(refused.stderr.contains("no engine draws that many, so draw less with --focus MODULE --depth N"))
        #expect(!runner.exists("out.png"))
        // DOT and JSON run no layout, so there is nothing to refuse.
        #expect(graph(runner, output: "out.dot", layout: .auto, bounds: none).status == LegoTraceApp.ExitStatus.success)
        #expect(try runner.read("out.dot").hasPrefix("digraph"))
        #expect(graph(runner, output: "out.json", layout: .engine(.dot), bounds: none).status == LegoTraceApp.ExitStatus.success)
        // Drawing less brings the graph within the bound.
        let captured = Captured()
        let console = Console(writeOut: { _ in }, writeError: { text in captured.text.withLock { $0 += text } })
        let focused = GraphRequest(
            tracePath: runner.path("lego-trace.jsonl"), outputPath: runner.path("focus.svg"), focus: "SignIn", depth: 0, layoutBounds: none)
        #expect(run(focused, console) == LegoTraceApp.ExitStatus.success, "\(captured.text.withLock { $0 })")
    }

    @Test func theBuiltBinaryRefusesDotJustAboveItsMeasuredBoundAndForceDrawsIt() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        let bound = GraphLayout.dot.measuredBound
        // Not every generated module is visited: declare twice the bound.
        try runner.write("big.yml", ScenarioGenerator.generate(modules: bound.nodes * 2, steps: bound.nodes * 14, seed: 7))
        #expect(try runner.lego("record", "big.yml", "-o", "big.jsonl").status == 0)
        let refused = try runner.lego("graph", "big.jsonl", "big.svg", "--layout", "dot", "--no-findings")
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("more than dot lays out in reasonable time and memory (at most \(bound.nodes) modules"), "\(refused.stderr)")
        #expect(refused.stderr.contains("use --layout sfdp"))
        #expect(!runner.exists("big.svg"))
        let forced = try runner.lego("graph", "big.jsonl", "big.svg", "--layout", "dot", "--no-findings", "--force")
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(forced.stderr.contains("layout dot → big.svg"))
    }
}
