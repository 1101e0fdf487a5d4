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
            let chain = ComponentURL(url).modules
            guard chain.count >= 2 else { continue }
            if mode == .legacy, let target = chain.last.flatMap(app.module(named:)), target.pattern != .viper { continue }
            let parent = chain[chain.count - 2]
            if parent == opener { continue }
            findings.report(rule, "\(url) is opened from \(opener), but the URL places its target under \(parent) (\(chain.joined(separator: " > "))); "
                            + "the framework's route check fails unless \(parent) is the opener", module: chain.last,
                            at: transition.fact.location, certainty: .literal, identity: [ComponentURL(url).path, opener])
        }
    }

    static func run(_ app: ScannedApp, _ findings: StaticFindings) {
        run(app, findings, mode: findings.urlCheck)
    }
}
