import LegoAnalysis
import LegoModel

/// `unregistered-url` from source: a literal URL opened that no registration matches (the path before `?`,
/// exact and case-sensitive, as the framework's `open:` looks it up).
enum UnregisteredURLCheck: StaticCheck {
    static let rule = RuleDescription.unregisteredURL

    static func run(_ app: ScannedApp, _ findings: StaticFindings) {
        let paths = Set(app.routes.map(\.path))
        // A registration with a computed URL may be the one that matches: such findings are only as sure as that.
        // An app's own route plug (`setRoutePlug:`) takes every open instead of XFURLRoute (`XFUIBus.m:74-107`): what it
        // does with a URL is its code's, so no verdict here is sure.
        let plugged = !app.facts.routePlugs.isEmpty
        let certainty: Finding.Certainty = app.dynamicRoutes.isEmpty && !plugged ? .literal : .dynamic
        // A registration with a query keeps it in its key (XFURLRoute.m:61), and `open:` looks up the text before `?`
        // (`:77-78`): no open ever finds it.
        for route in app.routes where route.url.contains("?") {
            let path = ComponentURL(route.url).path
            // With the path registered too, opens find that one: this registration is only dead code.
            let plain = paths.contains(path)
            findings.report(rule, "\(route.url) is registered with its query: the route table's key is the whole string, but an open looks up "
                            + "only the text before `?`, so " + (plain ? "this registration is never used (opens of \(path) find its plain registration)"
                                : "no open of \(path) finds it; register the URL without the query"),
                            module: route.component, at: route.location, certainty: plugged ? .dynamic : .literal, ceiling: plain ? .note : nil,
                            identity: ["query-in-route", route.url])
        }
        for transition in app.transitions {
            guard let url = transition.url else { continue }
            let parts = ComponentURL(url)
            // http URLs go to the HTTP handler component (`setHTTPHandlerComponent:`): with none set anywhere, the open
            // asserts and returns NO (XFURLRoute.m:80-84). A handler set is checked as a component by unknown-component.
            if parts.isHTTP {
                guard app.facts.httpHandlers.isEmpty else { continue }
                findings.report(rule, "\(url) is an http URL, and no HTTP handler component is set (XFURLRoute's setHTTPHandlerComponent:): "
                                + "the open asserts and returns NO", module: nil, at: transition.fact.location, certainty: plugged ? .dynamic : .literal,
                                identity: ["no-http-handler", transition.fromModule ?? "-"])
                continue
            }
            if paths.contains(parts.path) { continue }
            if !url.contains("://"), app.module(named: url) != nil {
                findings.report(rule, "\(url) is a component name given to a URL API (\(transition.fact.via)); no route is registered for it: "
                                + "use the component-name form or its URL", module: url, at: transition.fact.location, certainty: certainty,
                                identity: ["name-as-url", url, transition.fromModule ?? "-"])
                continue
            }
            let close = paths.first { $0.lowercased() == parts.path.lowercased() }.map { " (a route differs only in case: \($0))" } ?? ""
            let opener = transition.fromModule.map { " (opened from \($0))" } ?? ""
            findings.report(rule, "no route is registered for \(parts.path)\(close)\(opener)", module: transition.toModule,
                            at: transition.fact.location, certainty: certainty, identity: ["no-route", parts.path, transition.fromModule ?? "-"])
        }
    }
}
