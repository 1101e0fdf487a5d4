import LegoAnalysis
import LegoModel

/// `illegal-url-hierarchy` (static): a literal URL opened from a module whose own place in the URL tree it does
/// not extend. The URL's host and path components name the chain; the component before the target must be the
/// module that opens it. `legacy` skips controller (MVC/MVVM) targets and single-component URLs, as the
/// framework's own `enableVerifyURLRoute` did; `strict` checks every push, present and sub-component.
enum IllegalURLHierarchyCheck: StaticCheck {
    static let rule = RuleDescription.illegalURLHierarchy

    static func run(_ app: ScannedApp, _ findings: StaticFindings, mode: URLCheckMode) {
        for transition in app.transitions {
            guard let url = transition.url, let opener = transition.fromModule,
                  [.push, .present, .custom, .sub].contains(transition.fact.kind) else { continue }
            // `http…` URLs open the HTTP handler, never checked against the routing chain (as the trace detector).
            let parts = ComponentURL(url)
            guard !parts.isHTTP else { continue }
            let chain = parts.modules
            guard chain.count >= 2 else { continue }
            let parent = chain[chain.count - 2]
            if parent == opener { continue }
            // The framework's own check stops at the first controller component of the chain (MVC or MVVM: a
            // `<P><Name>ViewController` exists) and calls the URL legal (XFURLRoute.m at a331d32^, see
            // docs/xflego-runtime.md); what only the strict rule rejects never asserts, so it is a warning.
            let frameworkSkips = chain.dropFirst().contains { app.module(named: $0).map { $0.pattern != .viper } ?? false }
            if mode == .legacy, frameworkSkips { continue }
            let consequence = frameworkSkips ? "the framework's own check skips it (a controller component is on the chain), only the strict rule rejects it"
                : "the framework's route check fails unless \(parent) is the opener"
            findings.report(rule, "\(url) is opened from \(opener), but the URL places its target under \(parent) (\(chain.joined(separator: " > "))); "
                            + consequence, module: chain.last, at: transition.fact.location, certainty: .literal,
                            ceiling: frameworkSkips ? .warning : nil, identity: [ComponentURL(url).path, opener])
        }
    }

    static func run(_ app: ScannedApp, _ findings: StaticFindings) {
        run(app, findings, mode: findings.urlCheck)
    }
}
