import Foundation
import LegoAnalysis
import LegoGraph
import LegoRender
import LegoReplay
import LegoTraceIO

extension LegoTrace {
    /// `lego-trace graph`: draws the module relationship graph of a trace, with the analyzer's findings marked.
    public static func graph(_ request: GraphRequest, console: Console) throws(LegoTraceError) -> ExitStatus {
        try LegoTraceError.catching { try runGraph(request, console: console) }
    }

    private static func runGraph(_ request: GraphRequest, console: Console) throws -> ExitStatus {
        let format = try graphFormat(request)
        // The config matters only to the analyzer: `--no-findings` draws even beside a broken `.lego-trace.yml`.
        let configuration = request.markFindings ? try loadConfiguration(request.analysis) : nil
        let replay = try TraceReplay(path: request.tracePath, options: .init(maxLineBytes: request.maxLineBytes), console: console)
        let builder = GraphBuilder()
        let session = configuration.map { Analyzer(configuration: $0).makeSession(header: replay.header) }
        var replayer = session?.replayer ?? Replayer()
        replayer.observers.append(builder)
        let stopAfter = request.at?.seq
        if let error = replay.run(replayer, stopAfter: stopAfter) { throw error }
        if let stopAfter, !replay.stoppedBeforeEnd, replay.lastSeq < stopAfter {
            throw LegoTraceError("--at \(stopAfter) is past the end of \(request.tracePath == "-" ? "standard input" : request.tracePath) "
                + "(its last event is seq \(replay.lastSeq)); use --at end for the live state at the end")
        }
        for warning in replay.warnings { console.warning(warning) }
        let marks: [GraphMark] = session.map { session -> [GraphMark] in
            let result = session.result()
            return GraphMark.marks(from: result.findings, rules: result.rules)
        } ?? []
        var graph = builder.graph(scope: request.at == nil ? .history : .live, marks: marks)
        if let focus = request.focus { graph = try graph.focus(module: focus, depth: request.depth ?? 1) }
        // Only a picture runs a layout; DOT and JSON are written whatever the size (for the chosen engine's options).
        let layout = format.picture == nil
            ? GraphLayout.resolve(request.layout.engine, for: graph, bounds: request.layoutBounds)
            : try chooseLayout(request, for: graph)
        let dot = DOTWriter.write(graph, options: DOTOptions.forLayout(layout))
        let bytes: [UInt8]
        if let picture = format.picture {
            do {
                bytes = try GraphvizRenderer.render(dot: dot, layout: layout.rawValue, format: picture)
            } catch {
                // Graphviz 2.43's dot fails on some ranked graphs ("trouble in init_rank"); auto may pick another engine.
                guard request.layout == .auto, layout != .sfdp, case .layoutFailed = error,
                      request.force || request.layoutBounds[.sfdp].admits(nodeCount: graph.nodes.count, edgeCount: graph.edges.count),
                      let fallback = try? GraphvizRenderer.render(
                        dot: DOTWriter.write(graph, options: DOTOptions.forLayout(.sfdp)), layout: GraphLayout.sfdp.rawValue, format: picture)
                else { throw error }
                console.warning("\(error.description); drew it with sfdp instead")
                bytes = fallback
            }
        } else {
            bytes = Array((format == .json ? GraphJSON.write(graph) : dot).utf8)
        }
        try OutputFile.write(bytes, to: request.outputPath)
        let drawn = Set(graph.nodes.map(\.name))
        let notDrawn = marks.filter { !drawn.contains($0.module) }.count
        let scope = request.at.map { " at \($0.phrase)" } ?? ""
        console.status(
            "graph\(scope): \(Format.plural(graph.nodes.count, "module")) drawn, \(Format.plural(graph.edges.count, "edge")), "
                + "\(Format.plural(marks.count - notDrawn, "finding")) marked"
                + (notDrawn > 0 ? " (\(Format.plural(notDrawn, "finding")) on modules not drawn here)" : "")
                + ", layout \(layout.rawValue) → \(request.outputPath == "-" ? "standard output" : request.outputPath)")
        return .success
    }

    /// The engine that draws `graph`; a graph beyond its bound is an error naming the trace.
    private static func chooseLayout(_ request: GraphRequest, for graph: ModuleGraph) throws(LegoTraceError) -> GraphLayout {
        do {
            return try GraphLayout.choose(request.layout.engine, for: graph, bounds: request.layoutBounds, force: request.force)
        } catch {
            throw LegoTraceError("\(request.tracePath == "-" ? "standard input" : request.tracePath): \(error.description)")
        }
    }

    /// The format asked for, or the one the output's extension names; an extension that names another format is an error.
    private static func graphFormat(_ request: GraphRequest) throws(LegoTraceError) -> GraphFormat {
        let ext = request.outputPath == "-" ? "" : URL(fileURLWithPath: request.outputPath).pathExtension
        let named = GraphFormat(fileExtension: ext)
        if let format = request.format {
            if let named, named != format {
                throw LegoTraceError("'\(request.outputPath)' ends in .\(ext), but --format is \(format.rawValue): "
                    + "name the file .\(format.rawValue) or drop --format")
            }
            return format
        }
        if let named { return named }
        if request.outputPath == "-" { throw LegoTraceError("standard output has no extension: give --format (\(formatNames))") }
        throw LegoTraceError(
            ext.isEmpty
                ? "cannot tell the format of '\(request.outputPath)': give it an extension (\(GraphFormat.extensions)) or --format"
                : "unknown output format '.\(ext)' of '\(request.outputPath)' (expected \(GraphFormat.extensions), or --format)")
    }

    private static var formatNames: String { GraphFormat.allCases.map(\.rawValue).joined(separator: ", ") }
}
