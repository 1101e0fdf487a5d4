import LegoModel
import LegoReplay

/// Finds URL opens with no route, and http URLs opened while no HTTP handler component is registered.
///
/// The framework asserts in debug builds and silently fails the open in release builds.
final class UnregisteredURLDetector: Detector {
    static let rule = RuleDescription(
        id: "unregistered-url",
        defaultSeverity: .warning,
        summary: "A URL was opened that no route is registered for, or an http URL with no HTTP handler component.",
        why: """
        `open:` looks up the URL's path (the text before `?`, exact and case-sensitive) in the route table; http \
        and https URLs go to the registered HTTP handler component instead. When nothing matches, the framework \
        only asserts in debug builds: in release the tap simply does nothing. Common causes are a typo or a case \
        difference in the URL, a route registered later than it is first used, a dictionary `initURLGroup:` that \
        replaced the whole table, or a web link opened before `registerHttpHandler` ran.

        How to fix: register the route (or the HTTP handler) before the first open, and compare the opened path \
        with the registered one character by character.
        """,
        frameworks: [.xflegoViper])

    static let willApplyKinds: Set<TraceEvent.Kind> = [.urlOpen]

    private let context: DetectorContext

    init(context: DetectorContext) {
        self.context = context
        if context.imported { context.addLimitation(DetectorContext.importedEventsLimitation) }
    }

    func willApply(_ event: TraceEvent, state: ReplayState) {
        guard event.kind == .urlOpen, let url = event.url else { return }
        let isHTTP = URLText.isHTTP(url)
        if isHTTP ? state.httpHandler != nil : state.routes[ComponentURL.routeKey(url)] != nil { return }
        let route = ComponentURL.routeKey(url)
        let message: String
        let kind: String
        if isHTTP {
            message = "http URL \(route) was opened but no HTTP handler component is registered"
            kind = "http-no-handler"
        } else {
            message = "no route is registered for \(route)" + Self.closeRoute(route, in: state)
            kind = "no-route"
        }
        let module = Naming.componentName(forURL: url)
        if context.isAllowed(Self.rule, module: module) { return }
        let moment = ReplayState.Moment(event)
        let opener = event.object.flatMap { state.moduleName(of: $0) }
        context.report(Self.rule, message: message + (opener.map { " (opened from \($0))" } ?? ""), module: module, instance: nil,
                       first: moment, last: moment, evidence: [Evidence(event, note: "open \(route)")],
                       fingerprint: [kind, isHTTP ? "http" : route])
    }

    /// ` (a route differs only in case: X)` when one does.
    private static func closeRoute(_ route: String, in state: ReplayState) -> String {
        let lowered = route.lowercased()
        guard let match = state.routes.keys.first(where: { $0.lowercased() == lowered }) else { return "" }
        return " (a route differs only in case: \(match))"
    }
}
