import Foundation
import LegoAnalysis
import LegoModel
import LegoGraph
import LegoRender
import LegoReplay
import LegoReport
import LegoScan
import LegoTraceIO

extension LegoTrace {
    /// `lego-trace graph`: draws the module relationship graph of a trace (or of a `scan --model` file), with the
    /// analyzer's findings marked.
    public static func graph(_ request: GraphRequest, console: Console) throws(LegoTraceError) -> ExitStatus {
        try LegoTraceError.catching { try runGraph(request, console: console) }
    }

    private static func runGraph(_ request: GraphRequest, console: Console) throws -> ExitStatus {
        let format = try graphFormat(request)
        // Opened once: what the input is comes from the bytes the trace reader then goes on from (a FIFO or pipe
        // can be read only once).
        let input = try PeekedInput(path: request.tracePath)
        if let model = try scanModel(input, path: request.tracePath) { return try graphOfScanModel(model, request: request, format: format, console: console) }
        // The config matters only to the analyzer: `--no-findings` draws even beside a broken `.lego-trace.yml`.
        let configuration = request.markFindings ? try loadConfiguration(request.analysis) : nil
        let replay = try TraceReplay(input: input, path: request.tracePath, options: .init(maxLineBytes: request.maxLineBytes), console: console)
        let builder = GraphBuilder(profile: FrameworkProfile(replay.header.framework))
        let timeline = TimelineRecorder()
        let session = configuration.map { Analyzer(configuration: $0).makeSession(header: replay.header) }
        var replayer = session?.replayer ?? Replayer(state: ReplayState(framework: replay.header.framework))
        replayer.observers.append(builder)
        if format == .html { replayer.observers.append(timeline) }
        let stopAfter = request.at?.seq
        if let error = replay.run(replayer, stopAfter: stopAfter) { throw error }
        if let stopAfter, !replay.stoppedBeforeEnd, replay.lineMap.lastSeq < stopAfter {
            throw LegoTraceError("--at \(stopAfter) is past the end of \(displayName(request.tracePath)) "
                + "(its last event is seq \(replay.lineMap.lastSeq)); use --at end for the live state at the end")
        }
        for warning in replay.warnings { console.warning(warning) }
        let analysis = session?.result()
        let marks = analysis.map { GraphMark.marks(from: $0.findings, rules: $0.rules) } ?? []
        var graph = builder.graph(scope: request.at == nil ? .history : .live, marks: marks, unreached: request.unreached)
        if let focus = request.focus { graph = try graph.focus(module: focus, depth: request.depth ?? 1) }
        let layout: GraphLayout
        if format == .html {
            let result = analysis
                ?? AnalysisResult(findings: [], rules: [], eventCount: replayer.state.eventCount, duration: replayer.state.lastMoment?.time ?? 0)
            let page = htmlReport(
                graph: graph, timeline: timeline.timeline(grace: configuration?.grace ?? AnalysisConfiguration().grace), result: result,
                context: ReportContext(tracePath: request.tracePath, toolVersion: version, warnings: replay.warnings),
                layout: request.layout.engine, bounds: request.layoutBounds, force: request.force, findingsTable: false, console: console)
            try OutputFile.write(page.html, to: request.outputPath)
            layout = page.layout ?? GraphLayout.resolve(request.layout.engine, for: graph, bounds: request.layoutBounds)
        } else {
            layout = try writeGraph(graph, format: format, to: request.outputPath, layout: request.layout, bounds: request.layoutBounds,
                                    force: request.force, inputName: request.tracePath, console: console)
        }
        let scope = request.at.map { " at \($0.phrase)" } ?? ""
        report(graph, marks: marks, label: "graph\(scope)", layout: layout, outputPath: request.outputPath, console: console)
        if request.open { PageOpener.open(request.outputPath, console: console) }
        return .success
    }

    /// The static graph of a `scan --model` file, or nil when the input is not one (its first bytes name the schema);
    /// a file that names the schema but cannot be read as a model is an error about the model, not a trace header.
    private static func scanModel(_ input: PeekedInput, path: String) throws -> StaticGraph? {
        guard String(decoding: input.head, as: UTF8.self).contains("\"\(StaticGraph.schema)\"") else { return nil }
        guard let model = StaticGraph(modelJSON: Data(try input.readToEnd())) else {
            throw LegoTraceError("\(displayName(path)): not a valid lego-trace scan model (written by 'lego-trace scan --model'): "
                + "invalid JSON or missing modules and edges")
        }
        return model
    }

    /// `graph app.json OUT`: the static module graph of a scan model, with the findings it carries marked.
    private static func graphOfScanModel(_ model: StaticGraph, request: GraphRequest, format: GraphFormat, console: Console) throws -> ExitStatus {
        guard request.at == nil else { throw LegoTraceError("\(request.tracePath): a scan model has no events; --at applies to traces only") }
        guard format != .html else {
            throw LegoTraceError("\(request.tracePath): the HTML page shows lifetimes, which only a trace has; draw a scan model as "
                + GraphFormat.allCases.filter { $0 != .html }.map(\.rawValue).joined(separator: ", "))
        }
        var graph = model.moduleGraph
        if !request.markFindings {
            graph = ModuleGraph(scope: .history, nodes: graph.nodes.map { node in
                var plain = node
                plain.marks = []
                return plain
            }, edges: graph.edges)
        }
        let marks = graph.marks
        if let focus = request.focus { graph = try graph.focus(module: focus, depth: request.depth ?? 1) }
        let layout = try writeGraph(graph, format: format, to: request.outputPath, layout: request.layout, bounds: request.layoutBounds,
                                    force: request.force, inputName: request.tracePath, console: console)
        report(graph, marks: marks, label: "graph of scan model", layout: layout, outputPath: request.outputPath, console: console)
        if request.open { PageOpener.open(request.outputPath, console: console) }
        return .success
    }

    /// Says what was drawn, and how many findings lie on modules a focused graph leaves out.
    private static func report(_ graph: ModuleGraph, marks: [GraphMark], label: String, layout: GraphLayout, outputPath: String,
                               console: Console) {
        let drawn = Set(graph.nodes.map(\.name))
        let notDrawn = marks.filter { !drawn.contains($0.module) }.count
        let unreached = graph.nodes.filter { !$0.reached }.count
        console.status(
            "\(label): \(Format.plural(graph.nodes.count - graph.entryCount, "module"))"
                + (unreached > 0 ? " (\(unreached) never reached)" : "")
                + (graph.entryCount > 0 ? " and \(Format.count(graph.entryCount)) registry entr\(graph.entryCount == 1 ? "y" : "ies")" : "")
                + " drawn, \(Format.plural(graph.edges.count, "edge")), "
                + "\(Format.plural(marks.count - notDrawn, "finding")) marked"
                + (notDrawn > 0 ? " (\(Format.plural(notDrawn, "finding")) on modules not drawn here)" : "")
                + ", layout \(layout.rawValue) → \(outputPath == "-" ? "standard output" : outputPath)")
    }

    /// Lays out and renders (or writes DOT or JSON for) `graph` and writes it to `outputPath`; returns the engine used.
    /// Shared by `graph` and `scan --graph`; the HTML page is written by its callers, which have the lifetimes.
    static func writeGraph(_ graph: ModuleGraph, format: GraphFormat, to outputPath: String, layout requested: LayoutChoice,
                           bounds: GraphLayout.Bounds, force: Bool, inputName: String, console: Console) throws -> GraphLayout {
        func picture(_ format: RenderFormat) throws -> (bytes: [UInt8], layout: GraphLayout) {
            do {
                let drawing = try GraphDrawing.draw(graph, format: format, layout: requested.engine, bounds: bounds, force: force)
                if let warning = drawing.warning { console.warning(warning) }
                return (drawing.bytes, drawing.layout)
            } catch {
                throw LegoTraceError(error.description(path: displayName(inputName)))
            }
        }
        // Only a picture runs a layout; DOT and JSON are written whatever the size (for the chosen engine's options).
        var resolved: GraphLayout { GraphLayout.resolve(requested.engine, for: graph, bounds: bounds) }
        let output: (bytes: [UInt8], layout: GraphLayout) = switch format {
        case .svg: try picture(.svg)
        case .png: try picture(.png)
        case .pdf: try picture(.pdf)
        case .json: (Array(GraphJSON.write(graph).utf8), resolved)
        case .dot: (Array(DOTWriter.write(graph, options: DOTOptions.forLayout(resolved)).utf8), resolved)
        case .html: throw LegoTraceError("\(displayName(inputName)): the HTML page needs the trace's lifetimes (use `graph TRACE out.html`)")
        }
        try OutputFile.write(output.bytes, to: outputPath)
        return output.layout
    }

    /// `standard input` for `-`, else the path.
    static func displayName(_ path: String) -> String { path == "-" ? "standard input" : path }

    /// The format asked for, or the one the output's extension names; an extension that names another format is an error.
    static func graphFormat(_ request: GraphRequest) throws(LegoTraceError) -> GraphFormat {
        try graphFormat(format: request.format, outputPath: request.outputPath)
    }

    /// The format of `outputPath`: `format` if given (its extension must not name another), else its extension's.
    /// `option` is the option that sets the format, suggested in errors; nil for a command without one (`scan --graph`).
    static func graphFormat(format: GraphFormat?, outputPath: String, option: String? = "--format") throws(LegoTraceError) -> GraphFormat {
        let ext = outputPath == "-" ? "" : URL(fileURLWithPath: outputPath).pathExtension
        let named = GraphFormat(fileExtension: ext)
        if let format {
            if let named, named != format {
                throw LegoTraceError("'\(outputPath)' ends in .\(ext), but --format is \(format.rawValue): "
                    + "name the file .\(format.rawValue) or drop --format")
            }
            return format
        }
        if let named { return named }
        if outputPath == "-" {
            throw LegoTraceError(option.map { "standard output has no extension: give \($0) (\(GraphFormat.allCases.map(\.rawValue).joined(separator: ", ")))" }
                ?? "standard output has no extension to tell the format by: name a file (\(GraphFormat.extensions))")
        }
        throw LegoTraceError(
            ext.isEmpty
                ? "cannot tell the format of '\(outputPath)': give it an extension (\(GraphFormat.extensions))\(option.map { " or \($0)" } ?? "")"
                : "unknown output format '.\(ext)' of '\(outputPath)' (expected \(GraphFormat.extensions)\(option.map { ", or \($0)" } ?? ""))")
    }
}
