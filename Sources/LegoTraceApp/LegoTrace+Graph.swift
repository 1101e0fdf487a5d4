import Foundation
import LegoAnalysis
import LegoGraph
import LegoRender
import LegoReplay
import LegoScan
import LegoTraceIO

extension LegoTrace {
    /// `lego-trace graph`: draws the module relationship graph of a trace, with the analyzer's findings marked.
    public static func graph(_ request: GraphRequest, console: Console) -> ExitStatus {
        guard let format = graphFormat(request) else {
            let ext = URL(fileURLWithPath: request.outputPath).pathExtension
            console.error(
                ext.isEmpty
                    ? "cannot tell the format of '\(request.outputPath)': give it an extension (.svg, .png, .pdf, .dot, .json) or --format"
                    : "unknown output format '.\(ext)' of '\(request.outputPath)' (expected .svg, .png, .pdf, .dot or .json, or --format)")
            return .invalidInput
        }
        if let model = scanModel(at: request.tracePath) {
            return graphOfScanModel(model, request: request, format: format, console: console)
        }
        let replay: TraceReplay
        let configuration: AnalysisConfiguration
        do {
            configuration = try loadConfiguration(path: nil, grace: nil, urlCheck: nil)
        } catch {
            console.error(error.description)
            return .invalidInput
        }
        do {
            replay = try TraceReplay(path: request.tracePath, options: .init(maxLineBytes: request.maxLineBytes), console: console)
        } catch {
            console.error(error.description)
            return .invalidInput
        }
        let builder = GraphBuilder()
        let session = request.markFindings ? Analyzer(configuration: configuration).makeSession(header: replay.header) : nil
        var replayer = session?.replayer ?? Replayer()
        replayer.observers.append(builder)
        let stopAfter = request.at.flatMap { UInt64($0) }
        if let error = replay.run(replayer, stopAfter: stopAfter) {
            console.error(error.description)
            return .invalidInput
        }
        for warning in replay.warnings { console.warning(warning) }
        let marks = session.map { GraphMark.marks(from: $0.result().findings) } ?? []
        let graph = builder.graph(scope: request.at == nil ? .history : .live, marks: marks)
        let scope = request.at.map { " at \($0 == "end" ? "the end" : "seq \($0)")" } ?? ""
        return draw(graph, request: request, format: format, label: "graph\(scope)", markedCount: marks.count, console: console)
    }

    /// The static graph of a `scan --model` file, or nil when the input is not one (its first bytes name the schema).
    private static func scanModel(at path: String) -> StaticGraph? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 256), String(decoding: head, as: UTF8.self).contains("\"lego-trace-scan\""),
              let data = FileManager.default.contents(atPath: path) else { return nil }
        return StaticGraph(modelJSON: data)
    }

    /// `graph app.json OUT`: the static module graph of a scan model, with the findings it carries marked.
    private static func graphOfScanModel(_ model: StaticGraph, request: GraphRequest, format: String, console: Console) -> ExitStatus {
        guard request.at == nil else {
            console.error("\(request.tracePath): a scan model has no events; --at applies to traces only")
            return .invalidInput
        }
        var graph = model.moduleGraph
        if !request.markFindings {
            graph = ModuleGraph(scope: .history, nodes: graph.nodes.map { node in
                var plain = node
                plain.marks = []
                return plain
            }, edges: graph.edges)
        }
        return draw(graph, request: request, format: format, label: "graph of scan model", markedCount: graph.marks.count, console: console)
    }

    /// Focuses `graph` as asked, draws it, and says what was drawn.
    private static func draw(_ graph: ModuleGraph, request: GraphRequest, format: String, label: String, markedCount: Int,
                             console: Console) -> ExitStatus {
        var graph = graph
        if let focus = request.focus {
            do { graph = try graph.focus(module: focus, depth: request.depth) } catch {
                console.error(error.description)
                return .invalidInput
            }
        }
        guard let layout = writeGraph(graph, format: format, outputPath: request.outputPath, layout: request.layout,
                                      bounds: request.layoutBounds, force: request.force, inputName: request.tracePath, console: console)
        else { return .invalidInput }
        console.status(
            "\(label): \(Format.plural(graph.nodes.count, "module")), \(Format.plural(graph.edges.count, "edge")), "
                + "\(Format.plural(markedCount, "finding")) marked, layout \(layout.rawValue) → \(request.outputPath)")
        return .success
    }

    /// Lays out, renders (or writes DOT/JSON for) `graph` and writes it to `outputPath`; the layout used, or nil after
    /// reporting an error. Shared by `graph` and `scan --graph`.
    static func writeGraph(_ graph: ModuleGraph, format: String, outputPath: String, layout requested: GraphLayout?,
                           bounds: GraphLayout.Bounds, force: Bool, inputName: String, console: Console) -> GraphLayout? {
        // Only a picture runs a layout; DOT and JSON are written whatever the size (for the chosen engine's options).
        let renderFormat = RenderFormat(rawValue: format)
        let layout: GraphLayout
        if renderFormat == nil {
            layout = GraphLayout.resolve(requested, for: graph, bounds: bounds)
        } else {
            do { layout = try GraphLayout.choose(requested, for: graph, bounds: bounds, force: force) } catch {
                console.error("\(inputName): \(error.description)")
                return nil
            }
        }
        let dot = DOTWriter.write(graph, options: DOTOptions.forLayout(layout))
        let bytes: [UInt8]
        if let renderFormat {
            do {
                bytes = try GraphvizRenderer.render(dot: dot, layout: layout.rawValue, format: renderFormat)
            } catch {
                // Graphviz 2.43's dot fails on some ranked graphs ("trouble in init_rank"); auto may pick another engine.
                guard requested == nil, layout != .sfdp, case .layoutFailed = error,
                      force || bounds[.sfdp].admits(nodeCount: graph.nodes.count, edgeCount: graph.edges.count),
                      let fallback = try? GraphvizRenderer.render(
                        dot: DOTWriter.write(graph, options: DOTOptions.forLayout(.sfdp)), layout: GraphLayout.sfdp.rawValue, format: renderFormat)
                else {
                    console.error(error.description)
                    return nil
                }
                console.warning("\(error.description); drew it with sfdp instead")
                bytes = fallback
            }
        } else {
            bytes = Array((format == "json" ? GraphJSON.write(graph) : dot).utf8)
        }
        do { try OutputFile.write(bytes, to: outputPath) } catch {
            console.error(error.description)
            return nil
        }
        return layout
    }

    private static func graphFormat(_ request: GraphRequest) -> String? {
        let format = request.format ?? URL(fileURLWithPath: request.outputPath).pathExtension.lowercased()
        let known = ["dot": "dot", "gv": "dot", "svg": "svg", "png": "png", "pdf": "pdf", "json": "json"] as [String: String]
        return known[format]
    }
}
