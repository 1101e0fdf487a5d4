import LegoAnalysis
import LegoModel

/// `illegal-url-hierarchy` (static): a literal URL opened from a module whose own place in the URL tree it does
/// not extend. The URL's host and path components name the chain; the component before the target must be the
/// module that opens it. `legacy` skips controller (MVC/MVVM) targets and single-component URLs, as the
/// framework's own `enableVerifyURLRoute` did; `strict` checks every push, present and sub-component.
///
/// The framework asserts on a URL only when the app turned its check on (`[XFURLRoute enableVerifyURLRoute]`, off by
/// default, and gone from the framework since a331d32): without that call in the scanned source, a URL whose path
/// does not match where it is opened is a warning (it no longer says where its screen opens), never an error.
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
            // A shared module answers to its gene's place in the URL tree (`XF_AutoAssemblyModuleFromShareModuleName`:
            // AllPost opens what Post's URLs name), as the trace rule and the framework's own check accept.
            if parent == opener || app.module(named: opener)?.gene == parent { continue }
            // The framework's own check stops at the first controller component of the chain (MVC or MVVM: a
            // `<P><Name>ViewController` exists) and calls the URL legal (XFURLRoute.m at a331d32^, see
            // docs/xflego-runtime.md); what only the strict rule rejects never asserts, so it is a warning.
            let frameworkSkips = chain.dropFirst().contains { app.module(named: $0).map { $0.pattern != .viper } ?? false }
            if mode == .legacy, frameworkSkips { continue }
            let checked = app.facts.urlVerifications.first
            let consequence: String
            if frameworkSkips {
                consequence = "the framework's own check skips it (a controller component is on the chain), only the strict rule rejects it"
            } else if let checked {
                consequence = "the framework's route check, turned on at \(checked.file):\(checked.line), fails unless \(parent) is the opener"
            } else {
                consequence = "the URL no longer says where its screen opens (the framework's own check, enableVerifyURLRoute, "
                    + "is not turned on in the scanned source, so nothing asserts)"
            }
            findings.report(rule, "\(url) is opened from \(opener), but the URL places its target under \(parent) (\(chain.joined(separator: " > "))); "
                            + consequence, module: chain.last, at: transition.fact.location, certainty: .literal,
                            ceiling: frameworkSkips || checked == nil ? .warning : nil, identity: [ComponentURL(url).path, opener])
        }
    }

    static func run(_ app: ScannedApp, _ findings: StaticFindings) {
        run(app, findings, mode: findings.urlCheck)
    }
}
