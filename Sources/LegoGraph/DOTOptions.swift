/// Choices for the DOT writer.
public struct DOTOptions: Sendable, Hashable {
    /// Draw URL host/path clusters (cheap for `dot`; `sfdp` ignores them, so leave them out there).
    public var clusters: Bool
    /// Draw the legend cluster explaining every colour and line style used.
    public var legend: Bool
    /// The graph's name in `digraph "…"`.
    public var graphName: String

    /// Creates options; by default with clusters and legend.
    public init(clusters: Bool = true, legend: Bool = true, graphName: String = "lego-trace") {
        self.clusters = clusters
        self.legend = legend
        self.graphName = graphName
    }

    /// Options suited to a layout engine: URL clusters only where the engine draws them (`dot`, `fdp`).
    public static func forLayout(_ layout: GraphLayout) -> DOTOptions {
        DOTOptions(clusters: layout == .dot || layout == .fdp)
    }
}
