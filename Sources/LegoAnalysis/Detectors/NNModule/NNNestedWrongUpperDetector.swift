import LegoModel
import LegoReplay

/// A sub-router was registered on a router that is not its upper router: the framework logs it and registers nothing.
///
/// Framework source: `YiHuaXie/NNModule@5d3e56e` URLRouter.swift:88-102.
final class NNNestedWrongUpperDetector: Detector {
    static let rule = RuleDescription(
        id: "nn-nested-wrong-upper",
        defaultSeverity: .error,
        summary: "A sub-router was registered on a router that is not its upper router: the framework logs it and registers nothing.",
        why: "`registerRoute(_:used: sub)` requires `sub.upperRouter === self`; otherwise it logs `upper router for (…) is not …` in DEBUG and registers nothing, so every route of the sub-router is unreachable from this router.\n\nHow to fix: make the sub-router with `URLRouter(with: router)` of the router it is registered on.",
        frameworks: [.nnModule])

    static let didApplyKinds: Set<TraceEvent.Kind> = [.nnRouteRegister]

    private let context: DetectorContext

    init(context: DetectorContext) { self.context = context }

    func didApply(_ event: TraceEvent, state: ReplayState) {
        guard event.kind == .nnRouteRegister, event.value == "wrong-upper" else { return }
        // An imported console line names the routers by description only: no identities.
        let sub = event.peer.map { state.nnRouterName($0) } ?? "router \(event.peerName ?? "?")"
        let upper = event.peer.flatMap { state.nn.routers[$0]?.upper }.map { state.nnRouterName($0) } ?? "another router"
        let target = event.object.map { state.nnRouterName($0) } ?? "a router"
        context.reportEvent(Self.rule, event, message: "\(sub) was registered\(event.url.map { " for \($0)" } ?? "") on \(target) but its upper router is \(upper): nothing was registered",
                            module: nil, note: "registerRoute(used:)", fingerprint: [sub, target])
    }
}
