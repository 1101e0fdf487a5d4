/// Picks a Graphviz layout engine for a graph.
public enum GraphLayout {
    /// The engines `--layout` accepts besides `auto`.
    public static let engines = ["dot", "neato", "fdp", "sfdp", "circo", "twopi"]

    /// The most nodes drawn with `dot` when the graph has URL clusters.
    // Measured here: dot with clusters took ~1.1 s on 1,000 nodes but ~7 min on 3,000 (cluster packing
    // is superlinear); sfdp drew 3,000 in ~1.2 s. Above these sizes readability is gone anyway.
    public static let dotNodeLimitWithClusters = 1_000
    /// The most nodes drawn with `dot` when there are no clusters.
    public static let dotNodeLimit = 1_500
    /// The most edges drawn with `dot` (crossing minimisation grows with edges).
    public static let dotEdgeLimit = 4_000

    /// `dot` (layered, readable) for graphs it lays out in about a second, `sfdp` (force-directed, scales) beyond.
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
