import LegoModel
import LegoReplay

/// An open bounced between a router and its sub-router: in the app the two call each other until the stack overflows.
///
/// Framework source: `YiHuaXie/NNModule@5d3e56e` URLRouter.swift:60-67 and :88-102.
final class NNNestedLoopDetector: Detector {
    static let rule = RuleDescription(
        id: "nn-nested-loop",
        defaultSeverity: .error,
        summary: "An open bounced between a router and its sub-router: in the app the two call each other until the stack overflows.",
        why: "A nested registration forwards the whole host to the sub-router; a sub-router with no handler for the path hands the open back to its upper router, which forwards it again. The framework has no guard, so the app crashes with a stack overflow; the model stops at the first repeat.\n\nHow to fix: register the path on the sub-router, or a host-level handler there that declines unknown paths.",
        frameworks: [.nnModule])

    static let didApplyKinds: Set<TraceEvent.Kind> = [.nnRouteForward]

    private let context: DetectorContext

    init(context: DetectorContext) { self.context = context }

    func didApply(_ event: TraceEvent, state: ReplayState) {
        guard event.kind == .nnRouteForward, event.ok == false else { return }
        let url = event.url ?? ""
        context.reportEvent(Self.rule, event, message: "opening \(url) loops between \(state.nnRouterName(event.object)) and \(state.nnRouterName(event.peer)): a stack overflow in the app",
                            module: nil, note: event.value ?? "forward loop", fingerprint: [state.nnRouterName(event.object), url])
    }
}
