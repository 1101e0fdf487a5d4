/// Choices for the DOT writer.
public struct DOTOptions: Sendable, Hashable {
    /// Draw URL host/path clusters (cheap for `dot`; `sfdp` ignores them, so leave them out there).
    public var clusters: Bool
    /// Draw the legend table explaining every colour and line style used.
    public var legend: Bool
    /// The graph's name in `digraph "…"`.
    public var graphName: String
    /// The engine written into the DOT as `layout=…` (so `dot -Tsvg out.dot` draws what `graph` drew); nil writes none.
    public var layout: GraphLayout?
    /// Write each node's and edge's tooltip (the HTML report leaves them out: its panel shows the details, and
    /// they were a third of a 3,000-module page).
    public var tooltips = true

    /// Creates options; by default with clusters and legend, for `dot`.
    public init(clusters: Bool = true, legend: Bool = true, graphName: String = "lego-trace", layout: GraphLayout? = .dot) {
        self.clusters = clusters
        self.legend = legend
        self.graphName = graphName
        self.layout = layout
    }

    /// Options suited to a layout engine, which they name: URL clusters only where the engine draws them (`dot`, `fdp`).
    public static func forLayout(_ layout: GraphLayout) -> DOTOptions {
        DOTOptions(clusters: layout == .dot || layout == .fdp, layout: layout)
    }
}
