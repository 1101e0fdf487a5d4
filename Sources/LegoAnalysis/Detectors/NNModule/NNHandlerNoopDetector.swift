import LegoModel
import LegoReplay

/// A route handler returned true but the navigator did nothing: the open counts as handled and no screen appears.
///
/// Framework source: `YiHuaXie/NNModule@5d3e56e` Navigator.swift:52-99.
final class NNHandlerNoopDetector: Detector {
    static let rule = RuleDescription(
        id: "nn-handler-noop",
        defaultSeverity: .warning,
        summary: "A route handler returned true but the navigator did nothing: the open counts as handled and no screen appears.",
        why: "`Navigator.push` ignores a `UINavigationController` and does nothing without a navigation controller; `present` does nothing without a top view controller. Both return `Void`, so the handler's `true` still reports the open as handled.\n\nHow to fix: push the view controller itself, and open routes only once a navigation controller is on screen.",
        frameworks: [.nnModule])

    static let didApplyKinds: Set<TraceEvent.Kind> = [.nnRouteHandle]

    private let context: DetectorContext

    init(context: DetectorContext) { self.context = context }

    func didApply(_ event: TraceEvent, state: ReplayState) {
        guard event.kind == .nnRouteHandle, event.ok == true, let value = event.value, value.hasPrefix("no-op") else { return }
        let key = event.name ?? ""
        context.reportEvent(Self.rule, event, message: "the handler of \(key) returned true but the navigator did nothing (\(value.dropFirst(7)))",
                            module: key, note: "handler of \(key)", fingerprint: [key, value])
    }
}
