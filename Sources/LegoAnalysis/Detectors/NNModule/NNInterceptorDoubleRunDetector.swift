import LegoModel
import LegoReplay

/// An interceptor action ran twice for one open, because the open was forwarded to a nested router that shares the chain.
///
/// Framework source: `YiHuaXie/NNModule@5d3e56e` URLRouter.swift:27-39 and :180-184.
final class NNInterceptorDoubleRunDetector: Detector {
    static let rule = RuleDescription(
        id: "nn-interceptor-double-run",
        defaultSeverity: .note,
        summary: "An interceptor action ran twice for one open, because the open was forwarded to a nested router that shares the chain.",
        why: "A nested router reads its interceptor chain through its upper router, and a forwarded open runs the chain once per router. An action with side effects (logging, analytics, a login check that shows a screen) acts twice.\n\nHow to fix: make actions idempotent per open, or give them `specifiedRoutes` that only one router's key matches.",
        frameworks: [.nnModule])

    static let willApplyKinds: Set<TraceEvent.Kind> = [.urlOpen]

    private let context: DetectorContext

    init(context: DetectorContext) { self.context = context }

    func willApply(_ event: TraceEvent, state: ReplayState) {
        // Most opens run each action once at most: no sorting then.
        guard event.kind == .urlOpen, state.nn.openInProgress.intercepts.values.contains(where: { $0 > 1 }) else { return }
        for (action, count) in state.nn.openInProgress.intercepts.sorted(by: { $0.key < $1.key }) where count > 1 {
            context.reportEvent(Self.rule, event, message: "interceptor \(action) ran \(count) times for one open of \(event.url ?? "") (forwarded through nested routers)",
                                module: nil, note: "open \(event.url ?? "")", fingerprint: [action], first: state.nn.openInProgress.began)
        }
    }
}
