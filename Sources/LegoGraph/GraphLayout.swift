/// A Graphviz layout engine, and the largest graph it lays out here in reasonable time and memory.
public enum GraphLayout: String, Sendable, Hashable, CaseIterable {
    /// Layered and readable; slow beyond about a thousand modules.
    case dot
    /// Stress majorization (spring model).
    case neato
    /// Force-directed with clusters.
    case fdp
    /// Multiscale force-directed; scales to thousands of modules.
    case sfdp
    /// Circular; slow on graphs with large cycles.
    case circo
    /// Radial.
    case twopi

    /// The most nodes and edges an engine is asked to lay out.
    public struct Bound: Sendable, Hashable {
        /// The most nodes.
        public var nodes: Int
        /// The most edges.
        public var edges: Int

        /// Creates a bound.
        public init(nodes: Int, edges: Int) {
            self.nodes = nodes
            self.edges = edges
        }

        /// Whether a graph of this size is within the bound.
        public func admits(nodeCount: Int, edgeCount: Int) -> Bool { nodeCount <= nodes && edgeCount <= edges }
    }

    /// A bound for every engine: `measured` in production, lowered by tests.
    public struct Bounds: Sendable, Hashable {
        private var table: [GraphLayout: Bound]

        /// Takes each engine's bound from `bound`.
        public init(_ bound: (GraphLayout) -> Bound) {
            table = Dictionary(uniqueKeysWithValues: GraphLayout.allCases.map { ($0, bound($0)) })
        }

        /// The bounds measured on this project's machine (`GraphLayout.measuredBound`).
        public static let measured = Bounds(\.measuredBound)

        /// The bound of `layout`.
        public subscript(layout: GraphLayout) -> Bound { table[layout]! }
    }

    // Out of reach means more than about 60 s or 4 GB. Measured 2026-11-23 with the Graphviz 2.43 command
    // (same library code as in process) on two kinds of generated app (docs/performance.md): the benchmark's
    // URL-tree apps (`lego-bench write-graph`, ~2.5 edges a module) and the graph tests' LargeTrace apps, whose
    // events point back to earlier modules (~1.3 edges a module, but large cycles). Every run stayed under
    // 160 MiB peak RSS: time is what runs out. Each bound is a size measured within a minute on the kind
    // that is slower for the engine (CPU seconds below, 2 shared cores; for twopi, 15,000 LargeTrace
    // modules lie between the 12 s and 62 s measured). `lego-bench layouts` checks every engine at its bound.

    /// The largest graph this engine lays out here within about a minute and 4 GB.
    public var measuredBound: Bound {
        switch self {
        // Benchmark app 1,001 modules / 2,579 edges 1.4 s, 4,012 / 10,059 41 s; LargeTrace 1,000 14 s, 1,500 over 120 s.
        case .dot: Bound(nodes: 1_000, edges: 2_600)
        // Benchmark app 2,032 / 5,146 22 s, 4,012 / 10,059 73 s; LargeTrace 2,000 28 s, 3,000 62 s.
        case .neato: Bound(nodes: 2_000, edges: 5_200)
        // Benchmark app 4,012 / 10,059 2.4 s; LargeTrace 5,000 / 6,638 29 s, 10,000 113 s.
        case .fdp: Bound(nodes: 5_000, edges: 12_500)
        // Benchmark app 10,018 / 24,880 28 s, 15,100 / 37,220 48 s; LargeTrace 20,000 / 26,666 37 s.
        case .sfdp: Bound(nodes: 15_000, edges: 37_500)
        // Benchmark app 10,018 / 24,880 4.5 s; LargeTrace 300 9 s, 400 38 s, 500 49 s, 700 over 120 s.
        case .circo: Bound(nodes: 400, edges: 1_050)
        // Benchmark app 10,018 / 24,880 20 s, 15,100 / 37,220 44 s; LargeTrace 20,000 / 26,666 62 s.
        case .twopi: Bound(nodes: 15_000, edges: 37_500)
        }
    }

    // Auto keeps dot to graphs it lays out in about a second (Graphviz 2.43, `dot -Kdot -Tsvg`, wall seconds on 2 shared
    // cores, 2026-11-24, docs/performance.md). What makes dot slow is cycles, not size: on the LargeTrace apps, whose
    // events point back to earlier modules, 300 modules take 0.63 s, 400 1.35 s, 700 11.9 s; on acyclic graphs (the
    // generated URL-tree apps, where every edge points down the navigation) the 600-module sample (361 drawn, 900 edges)
    // takes 0.26 s and the 1,001-module benchmark app (2,579 edges) 1.2 s. An acyclic graph also reads best layered.

    /// The most nodes `auto` draws with `dot` when the graph has URL clusters and a cycle.
    public static let dotNodeLimitWithClusters = 250
    /// The most nodes `auto` draws with `dot` when there are no clusters and a cycle.
    public static let dotNodeLimit = 300
    /// The most edges `auto` draws with `dot` when the graph has a cycle (crossing minimisation grows with edges).
    public static let dotEdgeLimit = 600
    /// The most nodes `auto` draws with `dot` when the graph has no directed cycle.
    public static let dotAcyclicNodeLimit = 1_000
    /// The most edges `auto` draws with `dot` when the graph has no directed cycle.
    public static let dotAcyclicEdgeLimit = 2_600

    /// What `--layout auto` draws with: `dot` (layered, readable) for graphs it lays out in about a second,
    /// `sfdp` (force-directed, scales) beyond; nil when the graph is beyond the bound of the one it would use.
    public static func auto(nodeCount: Int, edgeCount: Int, hasClusters: Bool, acyclic: Bool = false, bounds: Bounds = .measured) -> GraphLayout? {
        let nodeLimit = acyclic ? dotAcyclicNodeLimit : hasClusters ? dotNodeLimitWithClusters : dotNodeLimit
        let readable = nodeCount <= nodeLimit && edgeCount <= (acyclic ? dotAcyclicEdgeLimit : dotEdgeLimit)
        return [readable ? .dot : nil, .sfdp].compactMap { $0 }
            .first { bounds[$0].admits(nodeCount: nodeCount, edgeCount: edgeCount) }
    }

    /// What `auto` picks for `graph`.
    public static func auto(for graph: ModuleGraph, bounds: Bounds = .measured) -> GraphLayout? {
        auto(nodeCount: graph.nodes.count, edgeCount: graph.edges.count, hasClusters: graph.hasClusters,
             acyclic: graph.nodes.count <= dotAcyclicNodeLimit && graph.isAcyclic, bounds: bounds)
    }

    /// The engine to draw `graph` with: `requested`, or for `auto` (nil) the one `auto` picks, `sfdp` when
    /// the graph is beyond every bound `auto` considers (what `choose` refuses unless forced).
    public static func resolve(_ requested: GraphLayout?, for graph: ModuleGraph, bounds: Bounds = .measured) -> GraphLayout {
        requested ?? auto(for: graph, bounds: bounds) ?? .sfdp
    }

    /// The engine to lay `graph` out with, as `resolve` picks it; throws `GraphError.beyondBound` when the graph
    /// is larger than that engine's bound (unless `force`), naming an engine that would lay it out (what
    /// `auto` picks, else any engine within its bound) or none.
    public static func choose(_ requested: GraphLayout?, for graph: ModuleGraph, bounds: Bounds = .measured, force: Bool = false)
        throws(GraphError) -> GraphLayout {
        let layout = resolve(requested, for: graph, bounds: bounds)
        let nodeCount = graph.nodes.count, edgeCount = graph.edges.count
        guard !force, !bounds[layout].admits(nodeCount: nodeCount, edgeCount: edgeCount) else { return layout }
        let alternative = auto(for: graph, bounds: bounds)
            ?? allCases.first { bounds[$0].admits(nodeCount: nodeCount, edgeCount: edgeCount) }
        throw .beyondBound(
            layout: layout, auto: requested == nil, nodeCount: nodeCount, edgeCount: edgeCount, bound: bounds[layout], alternative: alternative)
    }
}
