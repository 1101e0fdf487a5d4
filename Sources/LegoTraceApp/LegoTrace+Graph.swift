import Foundation
import LegoAnalysis
import LegoGraph
import LegoRender
import LegoReport
import LegoReplay
import LegoTraceIO

extension LegoTrace {
    /// `lego-trace graph`: draws the module relationship graph of a trace, with the analyzer's findings marked.
    public static func graph(_ request: GraphRequest, console: Console) -> ExitStatus {
        guard let format = graphFormat(request) else {
            let ext = URL(fileURLWithPath: request.outputPath).pathExtension
            console.error(
                ext.isEmpty
                    ? "cannot tell the format of '\(request.outputPath)': give it an extension (.svg, .png, .pdf, .dot, .json, .html) or --format"
                    : "unknown output format '.\(ext)' of '\(request.outputPath)' (expected .svg, .png, .pdf, .dot, .json or .html, or --format)")
            return .invalidInput
        }
        guard let (configuration, replay) = openTrace(request.tracePath, maxLineBytes: request.maxLineBytes, console: console) else {
            return .invalidInput
        }
        let builder = GraphBuilder()
        let timeline = TimelineRecorder()
        let session = request.markFindings ? Analyzer(configuration: configuration).makeSession(header: replay.header) : nil
        var replayer = session?.replayer ?? Replayer()
        replayer.observers.append(builder)
        if graphFormat(request) == "html" { replayer.observers.append(timeline) }
        let stopAfter = request.at.flatMap { UInt64($0) }
        if let error = replay.run(replayer, stopAfter: stopAfter) {
            console.error(error.description)
            return .invalidInput
        }
        for warning in replay.warnings { console.warning(warning) }
        let marks = session.map { GraphMark.marks(from: $0.result().findings) } ?? []
        var graph = builder.graph(scope: request.at == nil ? .history : .live, marks: marks)
        if let focus = request.focus {
            do { graph = try graph.focus(module: focus, depth: request.depth) } catch {
                console.error(error.description)
                return .invalidInput
            }
        }
        // Only a picture (or the HTML page, which holds one) runs a layout; DOT and JSON are written whatever the
        // size (for the chosen engine's options).
        var layout = GraphLayout.resolve(request.layout, for: graph, bounds: request.layoutBounds)
        let bytes: [UInt8]
        if let renderFormat = RenderFormat(rawValue: format) {
            do {
                let drawing = try GraphDrawing.draw(graph, format: renderFormat, layout: request.layout, bounds: request.layoutBounds, force: request.force)
                if let warning = drawing.warning { console.warning(warning) }
                layout = drawing.layout
                bytes = drawing.bytes
            } catch {
                console.error(error.description(path: request.tracePath))
                return .invalidInput
            }
        } else if format == "html" {
            let result = session?.result() ?? AnalysisResult(findings: [], rules: [], eventCount: replayer.state.eventCount, duration: replayer.state.lastMoment?.time ?? 0)
            let page = htmlReport(
                graph: graph, timeline: timeline.timeline(grace: configuration.grace), result: result,
                context: ReportContext(tracePath: request.tracePath, toolVersion: version, warnings: replay.warnings),
                layout: request.layout, bounds: request.layoutBounds, force: request.force, findingsTable: false, console: console)
            layout = page.layout ?? layout
            bytes = Array(page.html.utf8)
        } else {
            bytes = Array((format == "json" ? GraphJSON.write(graph) : DOTWriter.write(graph, options: DOTOptions.forLayout(layout))).utf8)
        }
        do { try OutputFile.write(bytes, to: request.outputPath) } catch {
            console.error(error.description)
            return .invalidInput
        }
        let scope = request.at.map { " at \($0 == "end" ? "the end" : "seq \($0)")" } ?? ""
        console.status(
            "graph\(scope): \(Format.plural(graph.nodes.count, "module")), \(Format.plural(graph.edges.count, "edge")), "
                + "\(Format.plural(marks.count, "finding")) marked, layout \(layout.rawValue) → \(request.outputPath)")
        return .success
    }

    private static func graphFormat(_ request: GraphRequest) -> String? {
        let format = request.format ?? URL(fileURLWithPath: request.outputPath).pathExtension.lowercased()
        let known = ["dot": "dot", "gv": "dot", "svg": "svg", "png": "png", "pdf": "pdf", "json": "json", "html": "html", "htm": "html"] as [String: String]
        return known[format]
    }
}
