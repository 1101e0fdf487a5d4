import LegoModel
import LegoReplay

/// NNModule-swift's part of the module graph: services → the impl classes registered for them (ignored registrations
/// apart, with the framework's reason), routers with their routes, nested routers, redirects and interceptors, and the
/// screens each route showed.
///
/// Registries are read from `ReplayState.nn`; this part remembers only the history the state forgets: registrations
/// that were replaced or ignored, lookups of keys never registered, which screens an open showed, redirects followed
/// and interceptor runs.
struct NNGraphPart {
    private struct Registration: Hashable {
        var service: String
        var impl: String
    }

    /// A route key on one router.
    private struct RouteRef: Hashable {
        var router: ObjectID
        var key: String
    }

    private struct Shown: Hashable {
        var route: RouteRef
        var screen: ObjectID
        var operation: TraceEvent.Operation
    }

    private struct RedirectStep: Hashable {
        var router: ObjectID
        var from: String
        var to: String
    }

    private struct Intercept: Hashable {
        var router: ObjectID
        var action: String
    }

    /// Registrations the framework kept (`added` or `overwritten`), with the priority recorded.
    private var kept: [Registration: Int?] = [:]
    /// Registrations the framework ignored or dropped: the priority and the recorded reason.
    private var ignored: [Registration: (priority: Int?, reason: String)] = [:]
    /// Service keys a lookup found unregistered (`service.resolve` `not registered`).
    private var missing: Set<String> = []
    /// Impl classes a lookup instantiated.
    private var instantiated: Set<String> = []
    /// Screens shown (pushed or presented) since the open in progress began, before its route's handler reported.
    private var shownInOpen: [(screen: ObjectID, operation: TraceEvent.Operation)] = []
    private var shown: [Shown: Int] = [:]
    private var handled: [RouteRef: Int] = [:]
    private var redirects: [RedirectStep: Int] = [:]
    private var intercepts: [Intercept: (runs: Int, rejected: Int)] = [:]

    /// Records what `event` meant once `state` has applied it.
    mutating func didApply(_ event: TraceEvent, state: ReplayState) {
        switch event.kind {
        case .nnServiceRegister:
            guard let service = event.name, let impl = event.className else { return }
            let registration = Registration(service: service, impl: impl)
            if event.effect == .ignored || event.ok == false {
                ignored[registration] = (event.count, event.value ?? (event.effect == .ignored ? "ignored" : "dropped"))
            } else if event.effect == .added || event.effect == .overwritten {
                kept[registration] = event.count
            }
        case .nnServiceResolve:
            if event.ok == false, event.className == nil, let service = event.name, state.nn.services[service] == nil {
                missing.insert(service)
            }
            if event.value == "created", let impl = event.className { instantiated.insert(impl) }
        case .transitionEnd:
            // Only a trace with routers opens routes; other traces' transitions are none of this part's business.
            guard !state.nn.routers.isEmpty, event.ok != false, let operation = event.operation, operation == .push || operation == .present,
                  let screen = event.peer.flatMap(state.moduleID(of:)) else { return }
            shownInOpen.append((screen, operation))
        case .nnRouteHandle:
            defer { shownInOpen = [] }
            guard event.ok == true, let router = event.object, let key = event.name else { return }
            let route = RouteRef(router: router, key: key)
            handled[route, default: 0] += 1
            for (screen, operation) in shownInOpen { shown[Shown(route: route, screen: screen, operation: operation), default: 0] += 1 }
        case .nnRouteRedirect:
            guard let router = event.object, let step = state.nn.openInProgress.redirects.last else { return }
            redirects[RedirectStep(router: router, from: step.from, to: step.to), default: 0] += 1
        case .urlIntercept:
            guard let router = event.object, let action = event.value else { return }
            var counts = intercepts[Intercept(router: router, action: action)] ?? (0, 0)
            counts.runs += 1
            if event.ok == true { counts.rejected += 1 }
            intercepts[Intercept(router: router, action: action)] = counts
        case .urlOpen:
            shownInOpen = []
        default:
            break
        }
    }

    /// The entity nodes and their edges; `screenID` gives the node id of a shown screen's module, nil when not drawn.
    /// Ids never collide with `taken` (the module nodes' ids).
    func graph(state: ReplayState, taken: Set<String>, screenID: (ObjectID) -> String?) -> ([ModuleGraph.Node], [ModuleGraph.Edge]) {
        var nodes: [ModuleGraph.Node] = []
        var edges: [ModuleGraph.Edge] = []
        var used = taken
        func unique(_ id: String) -> String {
            var id = id
            while used.contains(id) { id += "'" }
            used.insert(id)
            return id
        }

        // Services and impls.
        let services = Set(kept.keys.map(\.service)).union(ignored.keys.map(\.service)).union(missing).union(state.nn.services.keys)
        var serviceIDs: [String: String] = [:]
        for service in services.sorted() {
            let id = unique("service:" + service)
            serviceIDs[service] = id
            let details = state.nn.services[service] == nil ? [missing.contains(service) ? "not registered" : "removed"] : []
            nodes.append(ModuleGraph.Node(id: id, name: service, kind: .controller, entity: .service, details: details))
        }
        let impls = Set(kept.keys.map(\.impl)).union(ignored.keys.map(\.impl)).union(state.nn.services.values.map(\.impl))
        var implIDs: [String: String] = [:]
        for impl in impls.sorted() {
            let id = unique("impl:" + impl)
            implIDs[impl] = id
            let details = state.nn.instances[impl] != nil ? ["instance cached"] : instantiated.contains(impl) ? ["instantiated"] : []
            nodes.append(ModuleGraph.Node(id: id, name: impl, kind: .controller, classNames: [impl], entity: .implementation, details: details))
        }
        var registrations = kept
        for (service, current) in state.nn.services where registrations[Registration(service: service, impl: current.impl)] == nil {
            registrations[Registration(service: service, impl: current.impl)] = current.priority
        }
        for (registration, priority) in registrations {
            let current = state.nn.services[registration.service]?.impl == registration.impl
            edges.append(ModuleGraph.Edge(from: serviceIDs[registration.service]!, to: implIDs[registration.impl]!, relation: .implements,
                                          priority: priority, reason: current ? nil : "replaced"))
        }
        for (registration, why) in ignored {
            edges.append(ModuleGraph.Edge(from: serviceIDs[registration.service]!, to: implIDs[registration.impl]!, relation: .ignored,
                                          priority: why.priority, reason: why.reason))
        }

        // Routers, each a cluster with its routes, redirects and interceptors.
        var routerIDs: [ObjectID: String] = [:]
        var clusters: [ObjectID: [String]] = [:]
        for router in state.nn.routers.values.sorted(by: { $0.id < $1.id }) {
            let id = unique("router#\(router.id)")
            routerIDs[router.id] = id
            clusters[router.id] = ["router " + router.name]
            let upper = router.upper.flatMap { state.nn.routers[$0]?.name }.map { ["upper router " + $0] } ?? []
            nodes.append(ModuleGraph.Node(id: id, name: router.name, kind: .controller, cluster: clusters[router.id]!,
                                          entity: .router, details: upper))
        }
        var routeIDs: [RouteRef: String] = [:]
        for (router, routes) in state.nn.routes where routerIDs[router] != nil {
            for (key, route) in routes {
                let ref = RouteRef(router: router, key: key)
                let id = unique("route#\(router):\(key)")
                routeIDs[ref] = id
                var details = [route.handler]
                if let count = handled[ref] { details.append("handled ×\(count)") }
                nodes.append(ModuleGraph.Node(id: id, name: key, kind: .controller, cluster: clusters[router]!, entity: .route, details: details))
                if let sub = route.sub, let subID = routerIDs[sub] { edges.append(ModuleGraph.Edge(from: id, to: subID, relation: .subRouter)) }
            }
        }
        var redirectCounts: [ModuleGraph.Edge: Int] = [:]
        for (step, count) in redirects.sorted(by: { ($0.key.router, $0.key.from, $0.key.to) < ($1.key.router, $1.key.from, $1.key.to) }) {
            guard routerIDs[step.router] != nil else { continue }
            let parser = NNRouteParser(defaultScheme: state.nn.routers[step.router]?.defaultScheme ?? "nn")
            func endpoint(_ written: String) -> String {
                let key = parser.parse(written)?.fullPath ?? written
                let ref = RouteRef(router: step.router, key: key)
                if let id = routeIDs[ref] { return id }
                let id = unique("redirect#\(step.router):\(key)")
                routeIDs[ref] = id
                nodes.append(ModuleGraph.Node(id: id, name: key, kind: .controller, cluster: clusters[step.router]!, entity: .redirect,
                                              details: ["no route registered"]))
                return id
            }
            redirectCounts[ModuleGraph.Edge(from: endpoint(step.from), to: endpoint(step.to), relation: .redirect, count: 0), default: 0] += count
        }
        edges += Self.counted(redirectCounts)
        for (router, actions) in state.nn.interceptors where routerIDs[router] != nil {
            for action in Set(actions).sorted() {
                let id = unique("interceptor#\(router):\(action)")
                let counts = intercepts[Intercept(router: router, action: action)]
                let details = counts.map { ["ran ×\($0.runs)" + ($0.rejected > 0 ? ", rejected ×\($0.rejected)" : "")] } ?? []
                nodes.append(ModuleGraph.Node(id: id, name: action, kind: .controller, cluster: clusters[router]!, entity: .interceptor,
                                              details: details))
                edges.append(ModuleGraph.Edge(from: id, to: routerIDs[router]!, relation: .intercepts, count: counts?.runs ?? 0))
            }
        }

        // Routes → the screens their handlers showed.
        var toScreens: [ModuleGraph.Edge: Int] = [:]
        for (entry, count) in shown {
            guard let from = routeIDs[entry.route], let to = screenID(entry.screen) else { continue }
            toScreens[ModuleGraph.Edge(from: from, to: to, relation: entry.operation == .present ? .present : .push, count: 0), default: 0] += count
        }
        return (nodes, edges + Self.counted(toScreens))
    }

    /// Edges merged by their ends and relation, each with the sum of its counts.
    private static func counted(_ counts: [ModuleGraph.Edge: Int]) -> [ModuleGraph.Edge] {
        counts.map { edge, count in
            var edge = edge
            edge.count = count
            return edge
        }
    }
}
