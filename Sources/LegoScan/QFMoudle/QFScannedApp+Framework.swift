import LegoAnalysis
import LegoGraph
import LegoModel

extension QFScannedApp: ScannedFrameworkApp {
    public var framework: Framework { .qfMoudle }

    public var moduleCount: Int { modules.count }

    public func analyze(configuration: AnalysisConfiguration, pathPrefix: String, sourceFiles: Int) -> AnalysisResult {
        QFStaticAnalyzer.analyze(self, configuration: configuration, pathPrefix: pathPrefix, sourceFiles: sourceFiles)
    }

    public func scenario(appName: String) -> String { QFScenarioWriter.scenario(for: self, appName: appName) }

    public func moduleGraph(findings: [Finding]) -> ModuleGraph { QFStaticGraph.graph(of: self, findings: findings) }

    public func summaryRows(at: (SourceLocation) -> String) -> [(label: String, text: String)] {
        var rows: [(label: String, text: String)] = []
        let routerText = router.className.map { "\($0) (\(router.location.map(at) ?? "?"))" } ?? "none found"
        let rule: String
        switch router.source {
        case .read(let site):
            let parts = QFStaticAnalyzer.ruleText(router)
            let defined = router.constants.map { "\($0.name) defined at \(at($0.location))" }
            rule = (parts.isEmpty ? "class = protocol name" : "class = protocol name with \(parts)") + " (read at \(([at(site)] + defined).joined(separator: "; ")))"
        case .dynamic(let expression, let site): rule = "computed by \(expression) (\(at(site))); QFMoudle's rule assumed: class = protocol name"
        case .assumed: rule = "class = protocol name (QFMoudle's rule)"
        case .conformance(let site): rule = "the first class adopting the protocol (the router walks every class, \(at(site)))"
        case .unread: rule = "not read (the router's methods build no class name and walk no classes); QFMoudle's rule assumed: class = protocol name"
        }
        var urlText = ""
        if let urlRule = router.urlRule {
            switch urlRule.part {
            case .scheme: break
            case .host: urlText = "; URL host = protocol (read at \(at(urlRule.location)))"
            case .other(let expression): urlText = "; URL → protocol by \(expression) (read at \(at(urlRule.location)))"
            case .none: urlText = "; interfaceForURL: looks up no protocol (no objc_getProtocol or NSProtocolFromString, read at \(at(urlRule.location)))"
            }
            if !urlRule.setsQueryOnModule { urlText += "; query items not set on the module as QFMoudle does" }
        }
        rows.append(("router", routerText + "; " + rule + urlText))
        let missing = modules.filter { !$0.classFound }.count
        let nonConforming = modules.filter { $0.adopts == false }.count
        let problems = [missing > 0 ? "\(missing) without a class" : nil, nonConforming > 0 ? "\(nonConforming) not adopting its protocol" : nil]
            .compactMap { $0 }
        rows.append(("protocols", "\(protocols.count) declared, \(modules.count) module\(modules.count == 1 ? "" : "s")"
            + (problems.isEmpty ? "" : " (" + problems.joined(separator: ", ") + ")")))
        let live = opens.filter(\.fact.reachable)
        let byURL = live.filter { if case .url = $0.fact.target { true } else { false } }.count
        let dynamic = live.filter(\.isDynamic).count
        let notRun = opens.count - live.count
        rows.append(("opens", "\(live.count): \(live.count - byURL) by protocol, \(byURL) by URL; \(live.count - dynamic) literal, \(dynamic) computed at run time"
            + (notRun > 0 ? "; \(notRun) in comments or #if 0 (not run)" : "")))
        return rows
    }
}

/// The module graph of a scanned QFMoudle app: a node per module protocol (its class named on it) or opening class,
/// an edge for each literal open its method pushes or presents.
enum QFStaticGraph {
    static func graph(of app: QFScannedApp, findings: [Finding]) -> ModuleGraph {
        let marks = GraphMark.marks(from: findings)
        var nodes = app.modules.map { module in
            let urls = app.opens.filter { $0.fact.reachable && $0.url != nil && $0.protocolName == module.protocolName }.compactMap { open -> String? in
                if case .url(.literal(let text, _)) = open.fact.target { return text }
                return nil
            }
            return ModuleGraph.Node(id: module.protocolName, name: module.protocolName, kind: .protocolModule,
                                    classNames: module.classFound ? [module.className] : [], urls: Set(urls).sorted(),
                                    marks: marks.filter { $0.module == module.protocolName }.sorted(), reached: module.classFound)
        }
        var counts: [ModuleGraph.Edge: Int] = [:]
        for open in app.opens where open.fact.reachable {
            guard let to = open.protocolName, nodes.contains(where: { $0.id == to }), let from = open.fromModule ?? open.fact.fromClass else { continue }
            let relation: ModuleGraph.Relation
            switch open.fact.show {
            case .push: relation = .push
            case .present: relation = .present
            case .none: continue
            }
            if !nodes.contains(where: { $0.id == from }) {
                nodes.append(ModuleGraph.Node(id: from, name: from, kind: .controller, classNames: [from]))
            }
            counts[ModuleGraph.Edge(from: from, to: to, relation: relation), default: 0] += 1
        }
        let edges = counts.map { ModuleGraph.Edge(from: $0.key.from, to: $0.key.to, relation: $0.key.relation, count: $0.value) }
            .sorted { ($0.from, $0.to, $0.relation) < ($1.from, $1.to, $1.relation) }
        let names = Set(nodes.map(\.id))
        return ModuleGraph(scope: .history, nodes: nodes, edges: edges, unplacedMarks: marks.filter { !names.contains($0.module) })
    }
}
