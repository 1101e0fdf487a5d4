import LegoAnalysis
import LegoModel

/// `nn-redirect-loop` and `nn-redirect-dangling` from source: literal redirect maps followed as the router follows
/// them, with no cycle check (`YiHuaXie/NNModule@5d3e56e:NNModule/URLRouter/URLRouter.swift:127-129`,
/// `URLRouteRedirector.swift:42-51`): a cycle overflows the stack, a target nobody handles is `not exist`.
enum NNRedirectCheck: NNStaticCheck {
    static func run(_ app: NNScannedApp, _ findings: StaticFindings) {
        // Each router follows its own redirector's map and opens the target on itself (`URLRouter.swift:51-58, 127-128`);
        // a sub-router made with `URLRouter(with:)` shares its upper router's (`:65-66`). A map whose router is not
        // written (`redirector.updateRedirectRoutes`) is taken for the default router's.
        let uppers = Dictionary(app.facts.routers.map { ($0.name, $0.upper) }, uniquingKeysWith: { first, _ in first })
        func redirector(_ router: String?) -> String {
            var current = router ?? NNSwiftReader.defaultRouter
            var seen: Set<String> = []
            while seen.insert(current).inserted, let upper = uppers[current] ?? nil { current = upper }
            return current == NNSwiftReader.routeService ? NNSwiftReader.defaultRouter : current
        }
        let groups = Dictionary(grouping: app.facts.redirects) { redirector($0.router) }
        var reported = Set<String>()
        for key in groups.keys.sorted() {
            follow(groups[key] ?? [], app, findings, &reported)
        }
    }

    /// Follows the redirects of one redirector.
    private static func follow(_ redirects: [NNFacts.Redirect], _ app: NNScannedApp, _ findings: StaticFindings, _ reported: inout Set<String>) {
        var next: [String: (to: String, target: NNRouteURL, location: SourceLocation)] = [:]
        var order: [String] = []
        for redirect in redirects {
            guard let from = redirect.from.literal.flatMap(app.parser.parse), let to = redirect.to?.literal,
                  let target = app.parser.parse(to), next[from.fullPath] == nil else { continue }
            next[from.fullPath] = (to, target, redirect.location)
            order.append(from.fullPath)
        }
        // Several maps may replace one another (`resetRedirectRoutes`): a cycle across them is only as sure as their order.
        let maps = Set(redirects.map { "\($0.location.file):\($0.resets)" }).count
        for start in order {
            var path = [start]
            var key = start
            while let step = next[key] {
                key = step.target.fullPath
                if let loopStart = path.firstIndex(of: key) {
                    let cycle = Array(path[loopStart...])
                    if reported.insert(cycle.sorted().joined(separator: " ")).inserted {
                        let first = next[cycle[0]]!
                        findings.report(.nnRedirectLoop, "redirects loop: \((cycle + [cycle[0]]).joined(separator: " -> ")); an open of any of them "
                                        + "recurses until the stack overflows", module: cycle[0], at: first.location,
                                        certainty: maps > 1 ? .dynamic : .literal, identity: ["loop"] + cycle.sorted())
                    }
                    break
                }
                path.append(key)
            }
            if let step = next[start], next[step.target.fullPath] == nil, !app.isHandled(step.target) {
                findings.report(.nnRedirectDangling, "\(start) redirects to \(step.to), which no router handles: the open logs `is not exist`",
                                module: step.target.fullPath, at: step.location,
                                certainty: app.hasDynamicRoutes || !app.keysCertain ? .dynamic : .literal, identity: ["dangling", start, step.target.fullPath])
            }
        }
    }
}
