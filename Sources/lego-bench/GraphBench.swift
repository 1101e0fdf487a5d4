import LegoModel
import LegoRuntime
import Foundation
import LegoGraph
import LegoRender
import LegoScenario
import LegoTraceIO
import LegoReplay
import Synchronization

/// In-process rendering against the Graphviz command on the same DOT, and a 3,000-module graph end to end.
enum GraphBench {
    /// Builds module graphs from generated journeys and renders them.
    static func run(_ context: BenchContext) throws -> [BenchResult] {
        var results: [BenchResult] = []
        let sizes = context.quick ? (200, 600) : (1_000, 3_000)
        // 1,000 modules: the same DOT in process and through the command, interleaved, best of 5 each
        // (two renders that each take ~0.4 s swing by ±15% on this shared machine; 3 left the ratio noisy).
        let graph = try buildGraph(modules: sizes.0)
        let layout = GraphLayout.resolve(nil, for: graph)
        let dot = DOTWriter.write(graph, options: DOTOptions.forLayout(layout))
        let dotPath = context.directory + "/graph.dot"
        try dot.write(toFile: dotPath, atomically: true, encoding: .utf8)
        var inProcess = Double.infinity
        var command = Double.infinity
        var cpu = 0.0
        for _ in 0..<5 {
            let rendered = try BenchClock.measure { () throws -> Int in
                try GraphvizRenderer.render(dot: dot, layout: layout.rawValue, format: .svg).count
            }
            if rendered.wall < inProcess { inProcess = rendered.wall; cpu = rendered.cpu }
            let external = try ChildProcess.run(["dot", "-K\(layout.rawValue)", "-Tsvg", dotPath])
            command = min(command, external.wall)
        }
        var row = BenchResult(
            section: "graph", name: "\(graph.nodes.count) modules → SVG in process (\(layout.rawValue))", events: 0, bytes: nil,
            wallSeconds: inProcess, cpuSeconds: cpu, baseline: ("dot -K\(layout.rawValue) -Tsvg", command), maxRatio: 1.1)
        row.note = "\(graph.edges.count) edges"
        results.append(row)

        // 3,000 modules from events to SVG with the auto layout.
        let generated = try generatedEvents(modules: sizes.1)
        let full = try BenchClock.measure { () throws -> (Int, String) in
            let big = GraphBuilder.build(events: generated, scope: .history)
            let engine = try GraphLayout.choose(nil, for: big)
            let svg = try GraphvizRenderer.render(
                dot: DOTWriter.write(big, options: DOTOptions.forLayout(engine)), layout: engine.rawValue, format: .svg)
            precondition(!svg.isEmpty)
            return (big.nodes.count, engine.rawValue)
        }
        var bigRow = BenchResult(
            section: "graph", name: "\(full.value.0) modules: replay + DOT + SVG (auto → \(full.value.1))", events: generated.count,
            bytes: nil, wallSeconds: full.wall, cpuSeconds: full.cpu, maxSeconds: 10)
        bigRow.note = "\(BenchTable.grouped(generated.count)) events replayed"
        results.append(bigRow)
        return results
    }

    /// A history graph with at least `modules` nodes, from a generated journey that visits most modules.
    ///
    /// The events go straight from the runtime into the replay, so a 20,000-module journey (millions of
    /// events) is never held in memory.
    static func buildGraph(modules: Int) throws -> ModuleGraph {
        try generate(modules: modules) { scenario in
            let sink = GraphSink()
            _ = ScenarioRunner.run(scenario, sink: sink, console: ConsoleBuffer())
            let graph = sink.graph()
            return (graph, graph.nodes.count)
        }
    }

    /// The events of a generated journey whose history graph has at least `modules` nodes.
    static func generatedEvents(modules: Int) throws -> [LegoModel.TraceEvent] {
        try generate(modules: modules) { scenario in
            let buffer = TraceBuffer()
            _ = ScenarioRunner.run(scenario, sink: buffer, console: ConsoleBuffer())
            let events = buffer.events
            return (events, GraphBuilder.build(events: events, scope: .history).nodes.count)
        }
    }

    /// Runs generated apps through `run` (which returns what it made and its graph's node count) until the
    /// graph has at least `modules` nodes.
    private static func generate<T>(modules: Int, run: (Scenario) throws -> (T, nodes: Int)) throws -> T {
        var declared = modules
        while true {
            let yaml = ScenarioGenerator.generate(modules: declared, steps: declared * 12, seed: 7)
            let (made, nodes) = try run(try Scenario.parse(yaml: yaml, file: "generated-\(declared).yml"))
            // Not every declared module is visited; declare more until the picture has the size asked for.
            if nodes >= modules || declared > modules * 4 { return made }
            declared = declared * modules / max(nodes, 1) + 10
        }
    }
}

/// A sink that replays each event into a graph builder as the runtime records it.
private final class GraphSink: TraceSink {
    private struct State {
        var replayer: Replayer
        var builder: GraphBuilder
        var seq: UInt64 = 0
        var clock = 0.0
    }
    private let state: Mutex<State>

    init() {
        let builder = GraphBuilder()
        state = Mutex(State(replayer: Replayer(observers: [builder]), builder: builder))
    }

    func record(_ event: consuming TraceEvent) {
        var stamped = event
        state.withLock { state in
            state.seq += 1
            stamped.seq = state.seq
            stamped.time = state.clock
            stamped.thread = 1
            state.replayer.apply(stamped)
        }
    }

    func advanceClock(by seconds: Double) { state.withLock { $0.clock += seconds } }

    func flush() {}

    /// The history graph of everything recorded.
    func graph() -> ModuleGraph {
        state.withLock { state in
            state.replayer.finish()
            return state.builder.graph(scope: .history)
        }
    }
}
