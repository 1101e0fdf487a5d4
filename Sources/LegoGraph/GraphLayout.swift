/// Picks a Graphviz layout engine for a graph.
public enum GraphLayout {
    /// The engines `--layout` accepts besides `auto`.
    public static let engines = ["dot", "neato", "fdp", "sfdp", "circo", "twopi"]

    /// The most nodes drawn with `dot` when the graph has URL clusters.
    // Measured here (Graphviz 2.43, CPU time): dot with URL clusters (newrank) took 1.2 s on 400 modules
    // and 137 s on 1,000; without clusters 2.9 s on 1,000; sfdp 2.3 s on 3,000.
    public static let dotNodeLimitWithClusters = 300
    /// The most nodes drawn with `dot` when there are no clusters.
    public static let dotNodeLimit = 1_000
    /// The most edges drawn with `dot` (crossing minimisation grows with edges).
    public static let dotEdgeLimit = 2_000

    /// `dot` (layered, readable) for graphs it lays out in a few seconds, `sfdp` (force-directed, scales) beyond.
    public static func auto(nodeCount: Int, edgeCount: Int, hasClusters: Bool) -> String {
        let nodeLimit = hasClusters ? dotNodeLimitWithClusters : dotNodeLimit
        return nodeCount <= nodeLimit && edgeCount <= dotEdgeLimit ? "dot" : "sfdp"
    }

    /// The engine for a `--layout` value: `auto` decides from the graph's size, anything else is kept.
    public static func resolve(_ layout: String, for graph: ModuleGraph) -> String {
        guard layout == "auto" else { return layout }
        return auto(nodeCount: graph.nodes.count, edgeCount: graph.edges.count, hasClusters: graph.hasClusters)
    }
}
