import LegoAnalysis
import LegoGraph
import LegoModel

/// The graph `scan --graph` draws for an NNModule-swift app: each service with its impl classes, each router with the
/// route keys registered on it, an edge from a router to each sub-router it forwards to, and the findings marked on
/// the service or router they name.
enum NNStaticGraph {
    /// The graph of `app` with `findings` marked.
    static func graph(of app: NNScannedApp, findings: [Finding]) -> ModuleGraph {
        let marks = GraphMark.marks(from: findings)
        var nodes: [ModuleGraph.Node] = []
        var services: [String: [String]] = [:]
        for registration in app.facts.registrations {
            guard let service = registration.service.literal else { continue }
            services[service, default: []] += registration.impl.literal.map { [$0] } ?? []
        }
        for (service, impls) in services {
            nodes.append(ModuleGraph.Node(id: service, name: service, kind: .protocolModule, classNames: Set(impls).sorted(),
                                          marks: marks.filter { $0.module == service }.sorted()))
        }
        for router in app.routerNames where services[router] == nil {
            let keys = app.facts.routes.filter { $0.router == router }.compactMap { $0.route.literal.flatMap(app.parser.parse)?.fullPath }
            nodes.append(ModuleGraph.Node(id: router, name: router, kind: .controller, urls: Set(keys).sorted(),
                                          marks: marks.filter { $0.module == router }.sorted()))
        }
        var edges = Set<ModuleGraph.Edge>()
        for registration in app.facts.routes where registration.kind == .subRouter {
            guard let sub = registration.subRouter else { continue }
            edges.insert(ModuleGraph.Edge(from: registration.router, to: sub, relation: .sub))
        }
        let ids = Set(nodes.map(\.id))
        return ModuleGraph(scope: .history, nodes: nodes, edges: edges.filter { ids.contains($0.from) && ids.contains($0.to) }.map { $0 },
                           unplacedMarks: marks.filter { !ids.contains($0.module) })
    }
}
