import LegoModel

/// The modules of a trace and how they relate, ready for the DOT and JSON writers.
///
/// Nodes are sorted by id and edges by (from, to, relation), so every writer's output is deterministic.
public struct ModuleGraph: Sendable, Hashable {
    /// A module (history scope) or a live module instance (live scope).
    public struct Node: Sendable, Hashable, Identifiable {
        /// Stable key: the module name (history) or `name#object` (live).
        public var id: String
        /// The module (component) name.
        public var name: String
        /// VIPER, virtual, controller or view-model.
        public var kind: TraceEvent.ModuleKind
        /// The gene module a virtual (shared) module reuses.
        public var gene: String?
        /// Class names of its layers, sorted (for a QFMoudle protocol: the class its lookup found; empty when none).
        public var classNames: [String]
        /// QFMoudle: the view controllers its instances' getters made, which hold the module, sorted.
        public var controllers: [String]
        /// URL routes (text before `?`) that name it or opened it, sorted.
        public var urls: [String]
        /// Its instances as `Class#object`, in object order (one for a live node).
        public var instances: [String]
        /// How many of those instances were alive when the replay stopped.
        public var liveCount: Int
        /// Component events its instances received, by event name (sorted), whoever sent them.
        public var eventsReceived: [EventCount]
        /// The URL cluster it is drawn in, outermost first (`["bdj://essence", "bdj://essence/post"]`); empty for none.
        public var cluster: [String]
        /// Findings drawn on it, sorted.
        public var marks: [GraphMark]
        /// Live scope: the instance's object id (history nodes stand for every instance of a name and have none).
        public var object: ObjectID?
        /// Live scope, when several live instances share the name: this one's number among them (1, 2, …, in
        /// object order), so the picture meant to show a duplicate tells them apart (`Post #1`, `Post #2`).
        public var ordinal: Int?
        /// False for a module the trace declares (`module.declare`) that nothing in it assembled: drawn as never reached.
        public var reached: Bool
        /// NNModule-swift: the registry entry the node stands for (a service, a router, a route…); nil for a module,
        /// whose `kind` then says what it is.
        public var entity: Entity?
        /// Lines drawn under the title and listed in the tooltip: an entity's facts (`priority 100`, `push ShopList`).
        public var details: [String]

        /// Creates a node.
        public init(id: String, name: String, kind: TraceEvent.ModuleKind, gene: String? = nil, classNames: [String] = [],
                    urls: [String] = [], instances: [String] = [], liveCount: Int = 0, eventsReceived: [EventCount] = [],
                    cluster: [String] = [], marks: [GraphMark] = [], object: ObjectID? = nil, ordinal: Int? = nil,
                    reached: Bool = true, controllers: [String] = [], entity: Entity? = nil, details: [String] = []) {
            self.id = id
            self.name = name
            self.kind = kind
            self.gene = gene
            self.classNames = classNames
            self.urls = urls
            self.instances = instances
            self.liveCount = liveCount
            self.eventsReceived = eventsReceived
            self.cluster = cluster
            self.marks = marks
            self.object = object
            self.ordinal = ordinal
            self.reached = reached
            self.controllers = controllers
            self.entity = entity
            self.details = details
        }

        /// The name a person reads: the module name, numbered when live instances share it.
        public var title: String { ordinal.map { "\(name) #\($0)" } ?? name }

        /// How many instances the node stands for.
        public var instanceCount: Int { instances.count }
    }

    /// An NNModule-swift registry entry drawn beside the screens (`ModuleServiceCenter`, `URLRouter`).
    public enum Entity: String, Sendable, Hashable, CaseIterable, Comparable {
        /// A service key (`Module.register(service:used:)`).
        case service
        /// An impl class registered for a service.
        case implementation
        /// A `URLRouter`; its routes are drawn in its cluster.
        case router
        /// A route registered on a router, by its key.
        case route
        /// A route that only a redirect names (no router registered it).
        case redirect
        /// An interceptor action installed on a router's chain.
        case interceptor

        private var rank: Int { Self.allCases.firstIndex(of: self)! }
        /// Orders entities in declaration order.
        public static func < (lhs: Entity, rhs: Entity) -> Bool { lhs.rank < rhs.rank }
    }

    /// How two modules relate.
    public enum Relation: String, Sendable, Hashable, CaseIterable, Comparable {
        /// `from` pushed `to`.
        case push
        /// `from` presented `to`.
        case present
        /// `to` is a sub-module (or sub-component) of `from`.
        case sub
        /// `from` sent component events to `to`.
        case event
        /// `from` is the module the URL of `to` names as its parent (the segment before the last).
        case urlParent
        /// NNModule-swift: service `from` is implemented by impl `to` (a registration the framework kept).
        case implements
        /// NNModule-swift: a registration of impl `to` for service `from` that the framework ignored (`reason` says why).
        case ignored
        /// NNModule-swift: route `from` forwards to sub-router `to` (`registerRoute(_:used:)`).
        case subRouter
        /// NNModule-swift: an open of route `from` was redirected to `to`.
        case redirect
        /// NNModule-swift: interceptor `from` runs in router `to`'s chain.
        case intercepts

        private var rank: Int { Self.allCases.firstIndex(of: self)! }
        /// Orders relations in declaration order.
        public static func < (lhs: Relation, rhs: Relation) -> Bool { lhs.rank < rhs.rank }
    }

    /// A directed relation between two nodes.
    public struct Edge: Sendable, Hashable {
        /// The source node's id.
        public var from: String
        /// The target node's id.
        public var to: String
        /// What the edge means.
        public var relation: Relation
        /// How many times it happened (instance pairs, or events sent).
        public var count: Int
        /// For `.event` edges: each event name with how often it was sent, sorted by name.
        public var events: [EventCount]
        /// QFMoudle push and present edges: the URLs (text before `?`) the shown modules were looked up by
        /// (`interfaceForURL:`), sorted; the other `count - openedByURL` were looked up by protocol.
        public var urls: [String]
        /// How many of `count` showed a module looked up by URL.
        public var openedByURL: Int
        /// NNModule-swift registrations: the impl's priority (`implPriority`), when the trace records it.
        public var priority: Int?
        /// Why the framework ignored the registration (`.ignored`), or what the edge otherwise needs said, as recorded.
        public var reason: String?

        /// Creates an edge.
        public init(from: String, to: String, relation: Relation, count: Int = 1, events: [EventCount] = [],
                    urls: [String] = [], openedByURL: Int = 0, priority: Int? = nil, reason: String? = nil) {
            self.from = from
            self.to = to
            self.relation = relation
            self.count = count
            self.events = events
            self.urls = urls
            self.openedByURL = openedByURL
            self.priority = priority
            self.reason = reason
        }
    }

    /// One component event name and how often it went along an edge.
    public struct EventCount: Sendable, Hashable {
        /// The event name.
        public var name: String
        /// Times sent.
        public var count: Int
        /// Creates a count.
        public init(name: String, count: Int) { self.name = name; self.count = count }
    }

    /// Whether this is the whole history or the live state.
    public var scope: GraphScope
    /// The seq of the last event replayed, if any.
    public var lastSeq: UInt64?
    /// Nodes, sorted by id.
    public var nodes: [Node]
    /// Edges, sorted by from, to, relation.
    public var edges: [Edge]
    /// Marks whose module is not drawn in this graph, sorted.
    public var unplacedMarks: [GraphMark]

    /// Creates a graph, sorting nodes and edges.
    public init(scope: GraphScope, lastSeq: UInt64? = nil, nodes: [Node], edges: [Edge], unplacedMarks: [GraphMark] = []) {
        self.scope = scope
        self.lastSeq = lastSeq
        self.nodes = nodes.sorted { $0.id < $1.id }
        self.edges = edges.sorted(by: Self.edgeOrder)
        self.unplacedMarks = unplacedMarks.sorted()
    }

    /// Every mark, placed or not, sorted.
    public var marks: [GraphMark] { (nodes.flatMap(\.marks) + unplacedMarks).sorted() }

    /// How many nodes are NNModule-swift registry entries (services, impls, routers, routes, redirects, interceptors);
    /// the other nodes are modules.
    public var entryCount: Int { nodes.count { $0.entity != nil } }

    /// Whether any node sits in a URL cluster.
    public var hasClusters: Bool { nodes.contains { !$0.cluster.isEmpty } }

    /// Whether no directed cycle runs through its edges (self-loops aside): `dot` lays such graphs out fast.
    public var isAcyclic: Bool {
        // Kahn's algorithm: the graph is acyclic when repeatedly removing nodes without incoming edges removes them all.
        var incoming: [String: Int] = [:]
        var outgoing: [String: [String]] = [:]
        for edge in edges where edge.from != edge.to {
            incoming[edge.to, default: 0] += 1
            outgoing[edge.from, default: []].append(edge.to)
        }
        var ready = nodes.map(\.id).filter { incoming[$0] == nil }
        var removed = 0
        while let id = ready.popLast() {
            removed += 1
            for target in outgoing[id] ?? [] {
                incoming[target]! -= 1
                if incoming[target] == 0 { ready.append(target) }
            }
        }
        return removed == nodes.count
    }

    private static func edgeOrder(_ lhs: Edge, _ rhs: Edge) -> Bool {
        if lhs.from != rhs.from { return lhs.from < rhs.from }
        if lhs.to != rhs.to { return lhs.to < rhs.to }
        return lhs.relation < rhs.relation
    }
}
