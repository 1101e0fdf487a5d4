import LegoModel
import LegoRuntime
import Foundation
import LegoGraph
import LegoRender
import LegoScenario
import LegoTraceIO

/// In-process rendering against the Graphviz command on the same DOT, and a 3,000-module graph end to end.
enum GraphBench {
    /// Builds module graphs from generated journeys and renders them.
    static func run(_ context: BenchContext) throws -> [BenchResult] {
        var results: [BenchResult] = []
        let sizes = context.quick ? (200, 600) : (1_000, 3_000)
        // 1,000 modules: the same DOT in process and through the command, interleaved, best of 5 each
        // (two renders that each take ~0.4 s swing by ±15% on this shared machine; 3 left the ratio noisy).
        let graph = try buildGraph(modules: sizes.0)
        let layout = GraphLayout.resolve("auto", for: graph)
        let dot = DOTWriter.write(graph, options: DOTOptions.forLayout(layout))
        let dotPath = context.directory + "/graph.dot"
        try dot.write(toFile: dotPath, atomically: true, encoding: .utf8)
        var inProcess = Double.infinity
        var command = Double.infinity
        var cpu = 0.0
        for _ in 0..<5 {
            let rendered = try BenchClock.measure { () throws -> Int in
                try GraphvizRenderer.render(dot: dot, layout: layout, format: .svg).count
            }
            if rendered.wall < inProcess { inProcess = rendered.wall; cpu = rendered.cpu }
            let external = try ChildProcess.run(["dot", "-K\(layout)", "-Tsvg", dotPath])
            command = min(command, external.wall)
        }
        var row = BenchResult(
            section: "graph", name: "\(graph.nodes.count) modules → SVG in process (\(layout))", events: 0, bytes: nil,
            wallSeconds: inProcess, cpuSeconds: cpu, baseline: ("dot -K\(layout) -Tsvg", command), maxRatio: 1.1)
        row.note = "\(graph.edges.count) edges"
        results.append(row)

        // 3,000 modules from events to SVG with the auto layout.
        let generated = try generatedEvents(modules: sizes.1)
        let full = try BenchClock.measure { () throws -> (Int, String) in
            let big = GraphBuilder.build(events: generated, scope: .history)
            let engine = GraphLayout.resolve("auto", for: big)
            let svg = try GraphvizRenderer.render(dot: DOTWriter.write(big, options: DOTOptions.forLayout(engine)), layout: engine, format: .svg)
            precondition(!svg.isEmpty)
            return (big.nodes.count, engine)
        }
        var bigRow = BenchResult(
            section: "graph", name: "\(full.value.0) modules: replay + DOT + SVG (auto → \(full.value.1))", events: generated.count,
            bytes: nil, wallSeconds: full.wall, cpuSeconds: full.cpu, maxSeconds: 10)
        bigRow.note = "\(BenchTable.grouped(generated.count)) events replayed"
        results.append(bigRow)
        return results
    }

    /// A history graph with at least `modules` nodes, from a generated journey that visits most modules.
    static func buildGraph(modules: Int) throws -> ModuleGraph {
        GraphBuilder.build(events: try generatedEvents(modules: modules), scope: .history)
    }

    /// The events of a generated journey whose history graph has at least `modules` nodes.
    static func generatedEvents(modules: Int) throws -> [LegoModel.TraceEvent] {
        var declared = modules
        while true {
            let yaml = ScenarioGenerator.generate(modules: declared, steps: declared * 12, seed: 7)
            let scenario = try Scenario.parse(yaml: yaml, file: "generated-\(declared).yml")
            let buffer = TraceBuffer()
            _ = ScenarioRunner.run(scenario, sink: buffer, console: ConsoleBuffer())
            let events = buffer.events
            let nodes = GraphBuilder.build(events: events, scope: .history).nodes.count
            // Not every declared module is visited; declare more until the picture has the size asked for.
            if nodes >= modules || declared > modules * 4 { return events }
            declared = declared * modules / max(nodes, 1) + 10
        }
    }
}
