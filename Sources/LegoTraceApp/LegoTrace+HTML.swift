import LegoAnalysis
import LegoGraph
import LegoPage
import LegoReport

extension LegoTrace {
    /// The self-contained HTML report of one replay (`graph out.html`, `check --format html`): its graph drawn
    /// inline when within the engine's bound (otherwise the page says why and keeps the timeline and findings).
    static func htmlReport(graph: ModuleGraph, timeline: Timeline, result: AnalysisResult, context: ReportContext,
                           layout requested: GraphLayout?, bounds: GraphLayout.Bounds, force: Bool, findingsTable: Bool,
                           console: Console) -> (html: String, layout: GraphLayout?) {
        var svg: String?
        var notice: String?
        var layout: GraphLayout?
        do {
            let drawing = try GraphDrawing.draw(graph, format: .svg, layout: requested, bounds: bounds, force: force, tooltips: false)
            if let warning = drawing.warning { console.warning(warning) }
            svg = String(decoding: drawing.bytes, as: UTF8.self)
            layout = drawing.layout
        } catch {
            let message = error.description(path: context.tracePath)
            console.warning("the HTML report has no graph: \(message)")
            notice = "The graph is not drawn: \(message). The timeline and the findings are complete."
        }
        let page = HTMLReport(
            title: context.tracePath, graph: graph, svg: svg, notice: notice, layout: layout, timeline: timeline,
            result: result, context: context, findingsTable: findingsTable)
        return (page.render(), layout)
    }
}
