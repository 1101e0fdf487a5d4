import Foundation
import LegoAnalysis
import LegoGraph
import LegoRender
import LegoReplay
import LegoReport
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
        let timeline = TimelineRecorder()
        let session = configuration.map { Analyzer(configuration: $0).makeSession(header: replay.header) }
        var replayer = session?.replayer ?? Replayer()
        replayer.observers.append(builder)
        if format == .html { replayer.observers.append(timeline) }
        let stopAfter = request.at?.seq
        if let error = replay.run(replayer, stopAfter: stopAfter) { throw error }
        if let stopAfter, !replay.stoppedBeforeEnd, replay.lastSeq < stopAfter {
            throw LegoTraceError("--at \(stopAfter) is past the end of \(request.tracePath == "-" ? "standard input" : request.tracePath) "
                + "(its last event is seq \(replay.lastSeq)); use --at end for the live state at the end")
        }
        for warning in replay.warnings { console.warning(warning) }
        let analysis = session?.result()
        let marks = analysis.map { GraphMark.marks(from: $0.findings, rules: $0.rules) } ?? []
        var graph = builder.graph(scope: request.at == nil ? .history : .live, marks: marks)
        if let focus = request.focus { graph = try graph.focus(module: focus, depth: request.depth ?? 1) }
        // Only a picture (or the HTML page, which holds one) runs a layout; DOT and JSON are written whatever the
        // size (for the chosen engine's options).
        var layout = GraphLayout.resolve(request.layout.engine, for: graph, bounds: request.layoutBounds)
        let bytes: [UInt8]
        func picture(_ format: RenderFormat) throws(LegoTraceError) -> [UInt8] {
            let drawing = try draw(graph, format: format, request: request)
            if let warning = drawing.warning { console.warning(warning) }
            layout = drawing.layout
            return drawing.bytes
        }
        switch format {
        case .svg: bytes = try picture(.svg)
        case .png: bytes = try picture(.png)
        case .pdf: bytes = try picture(.pdf)
        case .html:
            let result = analysis
                ?? AnalysisResult(findings: [], rules: [], eventCount: replayer.state.eventCount, duration: replayer.state.lastMoment?.time ?? 0)
            let page = htmlReport(
                graph: graph, timeline: timeline.timeline(grace: configuration?.grace ?? AnalysisConfiguration().grace), result: result,
                context: ReportContext(tracePath: request.tracePath, toolVersion: version, warnings: replay.warnings),
                layout: request.layout.engine, bounds: request.layoutBounds, force: request.force, findingsTable: false, console: console)
            layout = page.layout ?? layout
            bytes = Array(page.html.utf8)
        case .json:
            bytes = Array(GraphJSON.write(graph).utf8)
        case .dot:
            bytes = Array(DOTWriter.write(graph, options: DOTOptions.forLayout(layout)).utf8)
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

    /// `graph` drawn as a picture by the engine the request asks for; a graph beyond its bound is an error naming the trace.
    private static func draw(_ graph: ModuleGraph, format: RenderFormat, request: GraphRequest) throws(LegoTraceError) -> GraphDrawing {
        do {
            return try GraphDrawing.draw(graph, format: format, layout: request.layout.engine, bounds: request.layoutBounds, force: request.force)
        } catch {
            throw LegoTraceError(error.description(path: request.tracePath == "-" ? "standard input" : request.tracePath))
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
