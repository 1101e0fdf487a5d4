import LegoGraph
import LegoRender

/// A module graph laid out and rendered by libgraphviz with the engine `--layout` asks for (or `auto` picks),
/// shared by `graph` pictures and the HTML report.
struct GraphDrawing {
    /// The rendered bytes.
    var bytes: [UInt8]
    /// The engine that drew them.
    var layout: GraphLayout
    /// Set when auto's engine failed and another one drew the graph.
    var warning: String?

    /// Why a graph was not drawn, as a one-line message.
    enum Failure: Error {
        /// Larger than the engine's bound (the message names an engine that would draw it).
        case beyondBound(GraphError)
        /// libgraphviz refused or failed.
        case render(RenderError)

        /// The one-line message; `path` is the trace the graph came from.
        func description(path: String) -> String {
            switch self {
            case .beyondBound(let error): "\(path): \(error.description)"
            case .render(let error): error.description
            }
        }
    }

    /// Lays `graph` out and renders it as `format`, with or without tooltips.
    static func draw(_ graph: ModuleGraph, format: RenderFormat, layout requested: GraphLayout?, bounds: GraphLayout.Bounds,
                     force: Bool, tooltips: Bool = true) throws(Failure) -> GraphDrawing {
        func options(_ layout: GraphLayout) -> DOTOptions {
            var options = DOTOptions.forLayout(layout)
            options.tooltips = tooltips
            return options
        }
        let layout: GraphLayout
        do { layout = try GraphLayout.choose(requested, for: graph, bounds: bounds, force: force) } catch { throw .beyondBound(error) }
        do {
            let bytes = try GraphvizRenderer.render(dot: DOTWriter.write(graph, options: options(layout)), layout: layout.rawValue, format: format)
            return GraphDrawing(bytes: bytes, layout: layout)
        } catch {
            // Graphviz 2.43's dot fails on some ranked graphs ("trouble in init_rank"); auto may pick another engine.
            guard requested == nil, layout != .sfdp, case .layoutFailed = error,
                  force || bounds[.sfdp].admits(nodeCount: graph.nodes.count, edgeCount: graph.edges.count),
                  let fallback = try? GraphvizRenderer.render(
                    dot: DOTWriter.write(graph, options: options(.sfdp)), layout: GraphLayout.sfdp.rawValue, format: format)
            else { throw .render(error) }
            return GraphDrawing(bytes: fallback, layout: .sfdp, warning: "\(error.description); drew it with sfdp instead")
        }
    }
}
