import LegoAnalysis
import LegoModel

/// `orphan-component` from source: a module that is registered under a URL and has classes to assemble it, but
/// that no code opens (no transition names it, it is not the root).
enum OrphanComponentCheck: StaticCheck {
    static let rule = RuleDescription.orphanComponent

    static func run(_ app: ScannedApp, _ findings: StaticFindings) {
        let opened = Set(app.transitions.compactMap(\.toModule))
        // An open of a URL opens whichever component its path is registered for in the build: each clause of a `#if`
        // registering one URL for two components (a debug one and a release one) is opened by it.
        let openedPaths = Set(app.transitions.compactMap { $0.url.map { ComponentURL($0).path } })
        // With computed targets somewhere, or an app macro wrapping the framework's (which the scan does not expand), a
        // module not opened literally may still be opened at run time.
        let certainty: Finding.Certainty = app.transitions.contains(where: \.isDynamic) || !app.facts.frameworkMacroWrappers.isEmpty
            ? .dynamic : .literal
        var reported: Set<String> = []
        for route in app.routes where !opened.contains(route.component) && !openedPaths.contains(route.path)
            && reported.insert(route.component).inserted {
            guard let module = app.module(named: route.component), !module.derived else { continue }
            findings.report(rule, "\(module.name) is registered as \(route.url) and can be assembled, but no code opens it",
                            module: module.name, at: route.location, certainty: certainty,
                            evidence: [(module.location, "declared here")], identity: [module.name])
        }
    }
}
