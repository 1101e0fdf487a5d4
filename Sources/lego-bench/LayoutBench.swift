import Foundation
import LegoGraph

/// Each Graphviz engine on a generated app at its bound (`GraphLayout.measuredBound`): `graph` refuses larger
/// graphs, so every engine must lay out one of that size in about a minute and 4 GB.
enum LayoutBench {
    /// The most a layout at its bound may take, in wall seconds.
    static let maxSeconds = 60.0
    /// The most memory a layout at its bound may use.
    static let maxBytes = 4_000_000_000

    /// Generates, per engine, a graph of the bound's size, and lays it out with the Graphviz command under
    /// a time and memory cap (twice the limits), so a regression shows as a missed row, not a dead machine.
    static func run(_ context: BenchContext) throws -> [BenchResult] {
        guard ChildProcess.exists("dot"), ChildProcess.exists("timeout"), ChildProcess.exists("prlimit") else {
            throw BenchUsageError(message: "needs dot (graphviz), timeout (coreutils) and prlimit (util-linux)")
        }
        var results: [BenchResult] = []
        // Generating a 15,000-module app takes minutes; engines with the same bound share it.
        var graphs: [Int: ModuleGraph] = [:]
        for engine in GraphLayout.allCases {
            let bound = engine.measuredBound
            let modules = context.quick ? min(bound.nodes, 200) : bound.nodes
            let graph = try graphs[modules] ?? GraphBench.buildGraph(modules: modules)
            graphs[modules] = graph
            let dotPath = context.directory + "/layout-\(engine.rawValue).dot"
            try DOTWriter.write(graph, options: DOTOptions.forLayout(engine)).write(toFile: dotPath, atomically: true, encoding: .utf8)
            let usage = try ChildProcess.runMeasuringMemory(
                ["timeout", String(Int(2 * maxSeconds)), "prlimit", "--as=\(2 * maxBytes)",
                 "dot", "-K\(engine.rawValue)", "-Tsvg", "-o", context.directory + "/layout.svg", dotPath],
                scratch: context.directory)
            try? FileManager.default.removeItem(atPath: dotPath)
            var row = BenchResult(
                section: "layouts", name: "\(engine.rawValue): \(graph.nodes.count) modules, \(graph.edges.count) edges → SVG",
                events: 0, bytes: nil, wallSeconds: usage.wall, cpuSeconds: usage.cpu, maxSeconds: maxSeconds)
            let peak = "peak \(BenchTable.decimal(Double(usage.peakBytes) / 1_048_576, digits: 0)) MiB"
            let boundText = "bound \(BenchTable.grouped(bound.nodes)) modules, \(BenchTable.grouped(bound.edges)) edges"
            row.judged = usage.status == 0 && usage.peakBytes <= maxBytes
            row.note = usage.status == 0 ? "\(peak) (limit 4 GB); \(boundText)" : "stopped (exit \(usage.status)) at \(peak); \(boundText)"
            results.append(row)
        }
        return results
    }

    /// `lego-bench write-graph FILE --modules N [--layout ENGINE]`: the DOT of a generated app, for measuring by hand.
    static func writeGraph(to path: String, modules: Int, layout: GraphLayout) throws -> ModuleGraph {
        let graph = try GraphBench.buildGraph(modules: modules)
        try DOTWriter.write(graph, options: DOTOptions.forLayout(layout)).write(toFile: path, atomically: true, encoding: .utf8)
        return graph
    }
}
