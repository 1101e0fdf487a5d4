import LegoModel
import LegoReplay

/// Finds transitions and URL opens that target a component name no module claims.
///
/// The route or call names a component, but no class with that name exists, so nothing opens.
final class UnknownComponentDetector: Detector {
    static let rule = RuleDescription(
        id: "unknown-component",
        defaultSeverity: .error,
        summary: "A URL route or transition names a component that no module claims.",
        why: """
        A URL's component name is its last path component with the first letter upper-cased \
        (`bdj://essence/post/postComment` → `PostComment`), or the name given to `register:forComponent:`; \
        transitions by name use the name directly. The framework then looks for the class \
        `<Prefix><Name>Routing` (or the controller/view-model class). If no class claims that name, the open fails \
        with an assertion in debug builds and silently in release builds. Usual causes: a class renamed without \
        its URL, a wrong prefix, a URL whose last segment is spelled differently from the module.

        How to fix: make the URL's last path component (or the explicit component name) match the module's class \
        name without prefix and suffix, or register the URL with `register:forComponent:` and the right name.
        """,
        frameworks: [.xflegoViper])

    static let willApplyKinds: Set<TraceEvent.Kind> = [.urlOpen, .transitionEnd]

    private let context: DetectorContext

    init(context: DetectorContext) {
        self.context = context
        if context.imported { context.addLimitation(DetectorContext.importedEventsLimitation) }
    }

    func willApply(_ event: TraceEvent, state: ReplayState) {
        switch event.kind {
        case .urlOpen:
            guard event.ok == false, let url = event.url else { return }
            let route = ComponentURL.routeKey(url)
            guard !URLText.isHTTP(url), let name = event.name ?? state.routes[route] else { return }
            if Self.isInterception(event.value) { return }
            guard state.moduleKinds[name] == nil else { return }
            report(name: name, event: event, what: "URL \(route) routes to component \(name)", state: state)
        case .transitionEnd:
            // Opens by URL were judged at their url.open already; only transitions by name are left.
            guard event.ok == false, event.url == nil, event.peer == nil, let name = event.name, state.moduleKinds[name] == nil else { return }
            guard [.push, .present, .show, .sub].contains(event.operation) else { return }
            if Self.isInterception(event.value) { return }
            report(name: name, event: event, what: "\(event.operation?.rawValue ?? "transition") to component \(name)", state: state)
        default:
            return
        }
    }

    private static func isInterception(_ reason: String?) -> Bool {
        guard let reason else { return false }
        return reason.lowercased().contains("intercept")
    }

    private func report(name: String, event: TraceEvent, what: String, state: ReplayState) {
        if context.isAllowed(Self.rule, module: name) { return }
        let moment = ReplayState.Moment(event)
        let reason = event.value.map { " (\($0))" } ?? ""
        let prefix = state.prefix ?? ""
        let message = "\(what), but no module claims that name: no class \(prefix)\(name)Routing, \(prefix)\(name)ViewController "
            + "or \(prefix)\(name)ViewModel was assembled\(reason)"
        context.report(Self.rule, message: message, module: name, instance: nil, first: moment, last: moment,
                       evidence: [Evidence(event, note: "\(name) could not be created")], fingerprint: [name])
    }
}
