import LegoModel
import LegoReplay

/// Watches the single replay and collects what the module graph needs: every module instance, the
/// transitions, containments and events between them, and the URLs that name them.
///
/// Registries, liveness and relations are read from `ReplayState`; the builder only remembers the
/// history the state forgets (released instances, which transition linked a pair, event counts).
public final class GraphBuilder: ReplayObserver {
    private struct Instance {
        var name: String
        var className: String
        var kind: TraceEvent.ModuleKind
        var gene: String?
        var classNames: Set<String>
        /// QFMoudle: the controllers that joined the module (its `classNames` keep only the module's class).
        var controllers: Set<String> = []
        var urls: Set<String> = []
        var eventsReceived: [String: Int] = [:]
    }

    private struct Pair: Hashable {
        var from: ObjectID
        var to: ObjectID
    }

    private struct PendingTransition {
        var operation: TraceEvent.Operation
        var from: ObjectID?
        var to: ObjectID?
        var name: String?
        var url: String?
    }

    private var instances: [ObjectID: Instance] = [:]
    /// push/present per instance pair; a transition's own operation wins over a bare `next` link.
    private var transitions: [Pair: TraceEvent.Operation] = [:]
    /// QFMoudle: the URL a shown module was looked up by (`interfaceForURL:`), per transition pair.
    private var lookupURLs: [Pair: String] = [:]
    /// QFMoudle: protocols a lookup found no class for (`module.resolve` `ok: false`).
    private var failedLookups: Set<String> = []
    private var subs: Set<Pair> = []
    private var events: [Pair: [String: Int]] = [:]
    private var registeredURLs: [String: Set<String>] = [:]
    private var openedURLs: [String: Set<String>] = [:]
    private var pending: PendingTransition?
    /// NNModule-swift's services, routers and routes (empty for other frameworks' traces).
    private var nn = NNGraphPart()
    private var state: ReplayState?
    private var lastSeq: UInt64?
    /// The trace's framework's URL rules: whether URLs cluster modules and name their parents.
    private let profile: FrameworkProfile

    /// Creates a builder for a trace of `profile`'s framework; attach it to a `Replayer` and call `graph(scope:marks:)`
    /// after the replay.
    public init(profile: FrameworkProfile = FrameworkProfile(.default)) { self.profile = profile }

    /// Replays `events` (stopping after seq `stopAfter`, like `--at`) and returns the graph of `scope`.
    public static func build(events: some Sequence<TraceEvent>, scope: GraphScope, stopAfter: UInt64? = nil,
                             marks: [GraphMark] = [], profile: FrameworkProfile = FrameworkProfile(.default)) -> ModuleGraph {
        let builder = GraphBuilder(profile: profile)
        Replayer(observers: [builder]).run(events, stopAfter: stopAfter)
        return builder.graph(scope: scope, marks: marks)
    }

    /// Records what `event` meant once the state has applied it.
    public func didApply(_ event: TraceEvent, state: ReplayState) {
        self.state = state
        lastSeq = event.seq
        nn.didApply(event, state: state)
        switch event.kind {
        // A QFMoudle lookup that made an instance starts a module as an assembly does; its controllers join it.
        case .moduleAssemble, .moduleResolve:
            if event.kind == .moduleResolve, event.ok == false, let name = event.name { failedLookups.insert(name) }
            guard let object = event.object, let module = state.modules[object] else { return }
            let classes = module.layers.compactMap { state.objects[$0]?.className }.filter { !$0.isEmpty }
            instances[object] = Instance(
                name: module.name, className: module.className, kind: module.kind, gene: module.gene,
                classNames: Set(classes + [module.className].filter { !$0.isEmpty }))
        case .objectAlloc:
            guard let object = event.object, let className = event.className, !className.isEmpty,
                  let module = state.moduleID(of: object) else { return }
            if instances[module]?.kind == .protocolModule, object != module {
                instances[module]?.controllers.insert(className)
            } else {
                instances[module]?.classNames.insert(className)
            }
        case .urlRegister:
            if let url = event.url, let name = event.name { registeredURLs[name, default: []].insert(ComponentURL(url).path) }
        case .urlOpen:
            if event.ok != false, let url = event.url, let name = event.name { openedURLs[name, default: []].insert(ComponentURL(url).path) }
        case .transitionBegin:
            guard let operation = event.operation else { return }
            pending = PendingTransition(
                operation: operation, from: event.object.flatMap(state.moduleID(of:)),
                to: event.peer.flatMap(state.moduleID(of:)), name: event.name, url: event.url)
        case .transitionEnd:
            defer { pending = nil }
            guard event.ok != false, let operation = event.operation ?? pending?.operation else { return }
            let to = event.peer.flatMap(state.moduleID(of:)) ?? pending?.to ?? (event.name ?? pending?.name).flatMap { resolve(name: $0, in: state) }
            let from = event.object.flatMap(state.moduleID(of:)) ?? pending?.from
            record(operation, from: from, to: to, url: event.url ?? pending?.url)
        case .link:
            guard let relation = event.relation, let object = event.object, let peer = event.peer,
                  let from = state.moduleID(of: object), let to = state.moduleID(of: peer), from != to else { return }
            switch relation {
            case .sub, .subComponent:
                subs.insert(Pair(from: from, to: to))
            case .routingNext, .componentNext:
                // Links are set inside the transition that made them; the transition's end may add the operation later.
                let operation = state.transitionInProgress?.operation
                let pair = Pair(from: from, to: to)
                if operation == .present || operation == .push { transitions[pair] = operation } else if transitions[pair] == nil { transitions[pair] = .push }
            case .sharedInteractor:
                break
            }
        case .eventSend:
            let sender = event.object.flatMap(state.moduleID(of:))
            for receiver in Set((event.objects ?? []).compactMap(state.moduleID(of:))) {
                instances[receiver]?.eventsReceived[event.value ?? "(unnamed)", default: 0] += 1
                if let sender, sender != receiver {
                    events[Pair(from: sender, to: receiver), default: [:]][event.value ?? "(unnamed)", default: 0] += 1
                }
            }
        default:
            break
        }
    }

    /// Keeps the final state and settles a transition that never completed (the replay stopped inside it).
    public func finish(state: ReplayState) {
        self.state = state
        if let pending {
            record(pending.operation, from: pending.from, to: pending.to ?? pending.name.flatMap { resolve(name: $0, in: state) }, url: pending.url)
            self.pending = nil
        }
    }

    private func resolve(name: String, in state: ReplayState) -> ObjectID? {
        (state.liveComponent(named: name) ?? state.liveRouting(named: name)).flatMap(state.moduleID(of:))
    }

    private func record(_ operation: TraceEvent.Operation, from: ObjectID?, to: ObjectID?, url: String?) {
        guard let to else { return }
        if let url, !url.isEmpty { instances[to]?.urls.insert(ComponentURL(url).path) }
        guard let from, from != to, operation == .push || operation == .present else { return }
        transitions[Pair(from: from, to: to)] = operation
        if let lookup = state?.qf.resolutions[to]?.url { lookupURLs[Pair(from: from, to: to)] = lookup }
    }

    /// The graph of `scope` with `marks` placed on the nodes they concern; the history also draws the modules the
    /// trace declares and never reaches, unless `unreached` is false.
    public func graph(scope: GraphScope, marks: [GraphMark] = [], unreached: Bool = true) -> ModuleGraph {
        let state = state ?? ReplayState()
        let (nodes, edges) = scope == .history ? historyGraph(state: state, unreached: unreached) : liveGraph(state: state)
        return Self.place(marks: marks, on: nodes, edges: edges, scope: scope, lastSeq: lastSeq)
    }

    // MARK: History

    private func historyGraph(state: ReplayState, unreached: Bool) -> ([ModuleGraph.Node], [ModuleGraph.Edge]) {
        var byName: [String: [ObjectID]] = [:]
        for (id, instance) in instances { byName[instance.name, default: []].append(id) }
        var nodes: [ModuleGraph.Node] = []
        for (name, ids) in byName {
            let sorted = ids.sorted()
            let members = sorted.map { instances[$0]! }
            // The kind of the newest instance: a name re-used with another kind shows what it became.
            let newest = members.last!
            let urls = Set(members.flatMap(\.urls)).union(registeredURLs[name] ?? []).union(openedURLs[name] ?? [])
            nodes.append(ModuleGraph.Node(
                id: name, name: name, kind: newest.kind, gene: members.compactMap(\.gene).last,
                classNames: Set(members.flatMap(\.classNames)).sorted(), urls: urls.sorted(),
                instances: zip(sorted, members).map { "\($1.className)#\($0)" },
                liveCount: sorted.filter { state.modules[$0]?.isAlive(in: state) ?? false }.count,
                eventsReceived: members.reduce([]) { Self.merge($0, $1.eventsReceived) },
                cluster: cluster(primaryURL(registered: registeredURLs[name] ?? [], other: urls)),
                controllers: Set(members.flatMap(\.controllers)).sorted()))
        }
        if unreached {
            var declared: [String: [ReplayState.Declaration]] = [:]
            for declaration in state.declarations where byName[declaration.name] == nil {
                declared[declaration.name, default: []].append(declaration)
            }
            for (name, declarations) in declared {
                let urls = registeredURLs[name] ?? []
                nodes.append(ModuleGraph.Node(
                    id: name, name: name, kind: declarations[0].kind, gene: declarations.compactMap(\.gene).first,
                    classNames: Set(declarations.map(\.className)).sorted(), urls: urls.sorted(),
                    cluster: cluster(primaryURL(registered: urls, other: [])), reached: false))
            }
            // QFMoudle's protocols no lookup made an instance of: with the class their name leads to, or none when a
            // lookup found none (a protocol without a class nobody looks up is a base protocol, not a module).
            for (name, info) in state.qf.protocols
            where byName[name] == nil && declared[name] == nil && (info.className != nil || failedLookups.contains(name)) {
                nodes.append(ModuleGraph.Node(
                    id: name, name: name, kind: .protocolModule, classNames: info.className.map { [$0] } ?? [],
                    cluster: [], reached: false))
            }
        }
        var edges: [EdgeKey: ModuleGraph.Edge] = [:]
        func add(_ pair: Pair, _ relation: ModuleGraph.Relation, events named: [String: Int] = [:]) {
            guard let from = instances[pair.from]?.name, let to = instances[pair.to]?.name else { return }
            let key = EdgeKey(from: from, to: to, relation: relation)
            var edge = edges[key] ?? ModuleGraph.Edge(from: from, to: to, relation: relation, count: 0)
            edge.count += named.isEmpty ? 1 : named.values.reduce(0, +)
            edge.events = Self.merge(edge.events, named)
            if let lookup = lookupURLs[pair] {
                edge.openedByURL += 1
                edge.urls = Array(Set(edge.urls).union([ComponentURL(lookup).path])).sorted()
            }
            edges[key] = edge
        }
        for (pair, operation) in transitions { add(pair, operation == .present ? .present : .push) }
        for pair in subs { add(pair, .sub) }
        for (pair, named) in events { add(pair, .event, events: named) }
        let (entities, entityEdges) = nn.graph(state: state, taken: Set(nodes.map(\.id))) { self.instances[$0]?.name }
        return (Self.placeURLlessNodes(nodes) + entities, Array(edges.values) + urlParentEdges(nodes) + entityEdges)
    }

    // MARK: Live

    private func liveGraph(state: ReplayState) -> ([ModuleGraph.Node], [ModuleGraph.Edge]) {
        let live = state.modules.values.filter { $0.isAlive(in: state) }
        var routesByName: [String: Set<String>] = [:]
        for (route, name) in state.routes { routesByName[name, default: []].insert(route) }
        var ids: [ObjectID: String] = [:]
        var nodes: [ModuleGraph.Node] = []
        var ordinals: [ObjectID: Int] = [:]
        for (_, instances) in Dictionary(grouping: live, by: \.name) where instances.count > 1 {
            for (index, module) in instances.sorted(by: { $0.id < $1.id }).enumerated() { ordinals[module.id] = index + 1 }
        }
        for module in live {
            let id = "\(module.name)#\(module.id)"
            ids[module.id] = id
            let record = instances[module.id]
            let classes = Set(module.layers.compactMap { state.objects[$0]?.className } + [module.className]).filter { !$0.isEmpty }
            let urls = (record?.urls ?? []).union(routesByName[module.name] ?? [])
            nodes.append(ModuleGraph.Node(
                id: id, name: module.name, kind: module.kind, gene: module.gene,
                classNames: classes.union(record?.classNames ?? []).sorted(), urls: urls.sorted(),
                instances: ["\(module.className)#\(module.id)"], liveCount: 1,
                eventsReceived: Self.merge([], record?.eventsReceived ?? [:]),
                cluster: cluster(primaryURL(registered: routesByName[module.name] ?? [], other: urls)),
                object: module.id, ordinal: ordinals[module.id]))
        }
        var edges: [EdgeKey: ModuleGraph.Edge] = [:]
        func add(_ from: ObjectID, _ to: ObjectID, _ relation: ModuleGraph.Relation, events named: [String: Int] = [:]) {
            guard from != to, let fromID = ids[from], let toID = ids[to] else { return }
            let key = EdgeKey(from: fromID, to: toID, relation: relation)
            var edge = edges[key] ?? ModuleGraph.Edge(from: fromID, to: toID, relation: relation, count: 0)
            if named.isEmpty { edge.count = 1 } else { edge.count += named.values.reduce(0, +) }
            edge.events = Self.merge(edge.events, named)
            edges[key] = edge
        }
        for module in live {
            for successor in state.successors(of: module.id) {
                switch successor.edge {
                case .next:
                    let relation: ModuleGraph.Relation = transitions[Pair(from: module.id, to: successor.module)] == .present ? .present : .push
                    add(module.id, successor.module, relation)
                case .sub:
                    add(module.id, successor.module, .sub)
                }
            }
        }
        for (pair, named) in events { add(pair.from, pair.to, .event, events: named) }
        let (entities, entityEdges) = nn.graph(state: state, taken: Set(nodes.map(\.id))) { ids[$0] }
        return (Self.placeURLlessNodes(nodes) + entities, Array(edges.values) + urlParentEdges(nodes) + entityEdges)
    }

    // MARK: Shared

    private struct EdgeKey: Hashable {
        var from: String
        var to: String
        var relation: ModuleGraph.Relation
    }

    private func primaryURL(registered: Set<String>, other: Set<String>) -> String? {
        let usable = { (urls: Set<String>) in urls.filter { !ComponentURL($0).isHTTP && !ComponentURL($0).segments.isEmpty }.sorted().first }
        return usable(registered) ?? usable(other)
    }

    /// `bdj://essence/post/postComment` → `["bdj://essence", "bdj://essence/post"]`; a host-only URL → its host.
    private func cluster(_ url: String?) -> [String] {
        guard profile.urlsNestModules, let url else { return [] }
        let parts = ComponentURL(url)
        guard let host = parts.segments.first else { return [] }
        var prefix = parts.scheme.isEmpty ? host : "\(parts.scheme)://\(host)"
        var clusters = [prefix]
        for segment in parts.segments.dropFirst().dropLast() {
            prefix += "/" + segment
            clusters.append(prefix)
        }
        return clusters
    }

    /// Puts a module without a URL into the cluster its name heads (`Essence` into `bdj://essence`), if one exists.
    private static func placeURLlessNodes(_ nodes: [ModuleGraph.Node]) -> [ModuleGraph.Node] {
        var clusterByName: [String: [String]] = [:]
        for node in nodes {
            for depth in node.cluster.indices {
                let path = Array(node.cluster[...depth])
                guard let last = path.last?.split(separator: "/").last else { continue }
                let name = Naming.capitalizedFirst(last)
                if let existing = clusterByName[name], existing.joined() <= path.joined() { continue }
                clusterByName[name] = path
            }
        }
        return nodes.map { node in
            guard node.cluster.isEmpty, node.urls.isEmpty, let cluster = clusterByName[node.name] else { return node }
            var placed = node
            placed.cluster = cluster
            return placed
        }
    }

    /// Edges from the module each node's URLs name as parent (the segment before the last) to the node.
    private func urlParentEdges(_ nodes: [ModuleGraph.Node]) -> [ModuleGraph.Edge] {
        var idsByName: [String: [String]] = [:]
        for node in nodes { idsByName[node.name, default: []].append(node.id) }
        var edges = Set<ModuleGraph.Edge>()
        for node in nodes {
            for url in node.urls {
                let chain = profile.claimedChain(forURL: url)
                guard chain.count >= 2 else { continue }
                let parent = chain[chain.count - 2]
                for parentID in idsByName[parent] ?? [] where parentID != node.id {
                    edges.insert(ModuleGraph.Edge(from: parentID, to: node.id, relation: .urlParent))
                }
            }
        }
        return Array(edges)
    }

    private static func merge(_ counts: [ModuleGraph.EventCount], _ more: [String: Int]) -> [ModuleGraph.EventCount] {
        guard !more.isEmpty else { return counts }
        var all: [String: Int] = Dictionary(uniqueKeysWithValues: counts.map { ($0.name, $0.count) })
        for (name, count) in more { all[name, default: 0] += count }
        return all.map { ModuleGraph.EventCount(name: $0.key, count: $0.value) }.sorted { $0.name < $1.name }
    }

    /// Puts each mark on the node of its instance (live scope) or on every node of its module name.
    private static func place(marks: [GraphMark], on nodes: [ModuleGraph.Node], edges: [ModuleGraph.Edge],
                              scope: GraphScope, lastSeq: UInt64?) -> ModuleGraph {
        var nodes = nodes
        var indexesByName: [String: [Int]] = [:]
        var indexByObject: [UInt64: Int] = [:]
        for (index, node) in nodes.enumerated() {
            indexesByName[node.name, default: []].append(index)
            if let object = node.object { indexByObject[object] = index }
        }
        var unplaced: [GraphMark] = []
        for mark in marks {
            if let object = mark.object, let index = indexByObject[object], nodes[index].name == mark.module {
                nodes[index].marks.append(mark)
            } else if let indexes = indexesByName[mark.module] {
                for index in indexes { nodes[index].marks.append(mark) }
            } else {
                unplaced.append(mark)
            }
        }
        for index in nodes.indices { nodes[index].marks = Array(Set(nodes[index].marks)).sorted() }
        return ModuleGraph(scope: scope, lastSeq: lastSeq, nodes: nodes, edges: edges, unplacedMarks: Array(Set(unplaced)))
    }
}
