import Foundation
import LegoAnalysis
import LegoGraph
import LegoModel

/// What the static module graph is drawn from: modules, literal transitions and events between them, and finding
/// marks. Built from a scan (`scan --graph`) or read back from its model JSON (`graph app.json out.svg`).
public struct StaticGraph: Sendable, Hashable {
    /// One module to draw.
    public struct Module: Sendable, Hashable {
        var name: String
        var kind: TraceEvent.ModuleKind
        var gene: String?
        var classNames: [String]
        var urls: [String]
    }

    /// One literal edge between modules.
    public struct Link: Sendable, Hashable {
        var from: String
        var to: String
        var relation: ModuleGraph.Relation
        var event: String?
    }

    /// The `schema` value that names a scan model (`scan --model`).
    public static let schema = "lego-trace-scan"

    var modules: [Module]
    var links: [Link]
    var marks: [GraphMark]

    /// The graph of a scanned app with `findings` marked.
    public init(app: ScannedApp, findings: [Finding]) {
        modules = app.modules.map { module in
            Module(name: module.name, kind: Self.kind(module.pattern, gene: module.gene), gene: module.gene,
                   classNames: module.classes.map(\.name), urls: app.routes.filter { $0.component == module.name }.map(\.path))
        }
        links = app.transitions.compactMap { transition in
            guard let from = transition.fromModule, let to = transition.toModule,
                  let relation = Self.relation(transition.fact.kind) else { return nil }
            return Link(from: from, to: to, relation: relation)
        }
        for event in app.events where event.fact.scope == .directed {
            guard let from = event.fromModule, let name = event.fact.event.literal else { continue }
            links += event.fact.components.compactMap(\.literal).map { Link(from: from, to: $0, relation: .event, event: name) }
        }
        marks = GraphMark.marks(from: findings)
    }

    /// Reads a scan model (`scan --model`, `docs/scan.md`); nil when `data` is not one.
    public init?(modelJSON data: Data) {
        guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              root["schema"] as? String == Self.schema, let modules = root["modules"] as? [[String: Any]] else { return nil }
        let routes = root["routes"] as? [[String: Any]] ?? []
        // `scan --model` names each module once; an edited file may not, and a graph keys its nodes by name.
        var named = Set<String>()
        self.modules = modules.compactMap { module in
            guard let name = module["name"] as? String, let pattern = (module["pattern"] as? String).flatMap(ScannedApp.Pattern.init),
                  named.insert(name).inserted else { return nil }
            let gene = module["gene"] as? String
            let classes = (module["classes"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
            let urls = routes.filter { $0["component"] as? String == name }.compactMap { $0["path"] as? String }
            return Module(name: name, kind: Self.kind(pattern, gene: gene), gene: gene, classNames: classes, urls: urls)
        }
        links = (root["transitions"] as? [[String: Any]] ?? []).compactMap { transition in
            guard let from = transition["fromModule"] as? String, let to = transition["toModule"] as? String,
                  let kind = (transition["kind"] as? String).flatMap(ScanFacts.Transition.Kind.init), let relation = Self.relation(kind)
            else { return nil }
            return Link(from: from, to: to, relation: relation)
        }
        for event in root["events"] as? [[String: Any]] ?? [] where event["scope"] as? String == "directed" {
            guard let from = event["fromModule"] as? String, let name = (event["event"] as? [String: Any])?["literal"] as? String else { continue }
            let targets = (event["to"] as? [[String: Any]] ?? []).compactMap { $0["literal"] as? String }
            links += targets.map { Link(from: from, to: $0, relation: .event, event: name) }
        }
        let drawing = Dictionary(DetectorRegistry.rules.map { ($0.id, $0.drawing) }, uniquingKeysWith: { first, _ in first })
        marks = (root["findings"] as? [[String: Any]] ?? []).compactMap { finding -> GraphMark? in
            guard let module = finding["module"] as? String, let rule = finding["ruleId"] as? String else { return nil }
            let message = (finding["message"] as? String ?? "").split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            return GraphMark(module: module, kind: drawing[rule] ?? .other, message: String(message))
        }
    }

    /// The module graph the DOT writer draws: edges between drawn modules, counted; marks on their modules.
    public var moduleGraph: ModuleGraph {
        let names = Set(modules.map(\.name))
        let nodes = modules.map { module in
            ModuleGraph.Node(id: module.name, name: module.name, kind: module.kind, gene: module.gene, classNames: module.classNames.sorted(),
                             urls: Set(module.urls).sorted(), marks: marks.filter { $0.module == module.name }.sorted())
        }
        var counts: [ModuleGraph.Edge: Int] = [:]
        var eventCounts: [ModuleGraph.Edge: [String: Int]] = [:]
        for link in links where names.contains(link.from) && names.contains(link.to) {
            let key = ModuleGraph.Edge(from: link.from, to: link.to, relation: link.relation)
            counts[key, default: 0] += 1
            if let event = link.event { eventCounts[key, default: [:]][event, default: 0] += 1 }
        }
        let edges = counts.map { key, count in
            let events = (eventCounts[key] ?? [:]).sorted { $0.key < $1.key }.map { ModuleGraph.EventCount(name: $0.key, count: $0.value) }
            return ModuleGraph.Edge(from: key.from, to: key.to, relation: key.relation, count: count, events: events)
        }
        return ModuleGraph(scope: .history, nodes: nodes, edges: edges, unplacedMarks: marks.filter { !names.contains($0.module) })
    }

    private static func kind(_ pattern: ScannedApp.Pattern, gene: String?) -> TraceEvent.ModuleKind {
        switch pattern {
        case .viper: gene != nil ? .virtual : .viper
        case .mvvm: .viewModel
        case .mvc: .controller
        }
    }

    private static func relation(_ kind: ScanFacts.Transition.Kind) -> ModuleGraph.Relation? {
        switch kind {
        case .push: .push
        case .present, .custom: .present
        case .sub, .subRouting: .sub
        case .root, .fetch, .pop, .dismiss: nil
        }
    }
}
