import LegoAnalysis
import LegoGraph
import LegoModel

extension ScannedApp {
    /// The static module graph: every module, the transitions and events the code can make between them, and the
    /// findings marked on the modules they concern (drawn by the same DOT writer and renderer as `graph`).
    public func moduleGraph(findings: [Finding]) -> ModuleGraph {
        let marks = GraphMark.marks(from: findings)
        var nodes: [ModuleGraph.Node] = []
        for module in modules {
            let kind: TraceEvent.ModuleKind
            switch module.pattern {
            case .viper: kind = module.gene != nil ? .virtual : .viper
            case .mvvm: kind = .viewModel
            case .mvc: kind = .controller
            }
            let urls = Set(routes.filter { $0.component == module.name }.map(\.path))
            nodes.append(ModuleGraph.Node(id: module.name, name: module.name, kind: kind, gene: module.gene,
                                          classNames: module.classes.map(\.name).sorted(), urls: urls.sorted(),
                                          marks: marks.filter { $0.module == module.name }.sorted()))
        }
        let names = Set(nodes.map(\.id))
        var counts: [ModuleGraph.Edge: Int] = [:]
        for transition in transitions {
            guard let from = transition.fromModule, let to = transition.toModule, names.contains(from), names.contains(to) else { continue }
            let relation: ModuleGraph.Relation
            switch transition.fact.kind {
            case .push: relation = .push
            case .present, .custom: relation = .present
            case .sub, .subRouting: relation = .sub
            case .root, .fetch, .pop, .dismiss: continue
            }
            counts[ModuleGraph.Edge(from: from, to: to, relation: relation), default: 0] += 1
        }
        var edges = counts.map { edge, count in
            var counted = edge
            counted.count = count
            return counted
        }
        var eventNames: [[String]: [String: Int]] = [:]
        for event in events where event.fact.scope == .directed {
            guard let from = event.fromModule, names.contains(from), let name = event.fact.event.literal else { continue }
            for target in event.fact.components.compactMap(\.literal) where names.contains(target) {
                eventNames[[from, target], default: [:]][name, default: 0] += 1
            }
        }
        for (pair, byName) in eventNames {
            let counted = byName.sorted { $0.key < $1.key }.map { ModuleGraph.EventCount(name: $0.key, count: $0.value) }
            edges.append(ModuleGraph.Edge(from: pair[0], to: pair[1], relation: .event, count: counted.reduce(0) { $0 + $1.count }, events: counted))
        }
        return ModuleGraph(scope: .history, nodes: nodes, edges: edges, unplacedMarks: marks.filter { !names.contains($0.module) })
    }
}
