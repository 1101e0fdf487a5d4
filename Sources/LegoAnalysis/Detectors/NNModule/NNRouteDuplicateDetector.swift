import LegoModel
import LegoReplay

/// A route was registered on a router that already has its key: the first handler stays and the new one is dropped.
///
/// Framework source: `YiHuaXie/NNModule@5d3e56e` URLRouter.swift:73-86 and URLRouteParser.swift:107-117.
final class NNRouteDuplicateDetector: Detector {
    static let rule = RuleDescription(
        id: "nn-route-duplicate",
        defaultSeverity: .warning,
        summary: "A route was registered on a router that already has its key: the first handler stays and the new one is dropped.",
        why: "`registerRoute` logs `route for (X) already exist` (DEBUG only) and keeps the first handler. Keys are normalised first, so `nn://shop`, `shop`, `://shop` and `SHOP` are one key, and a `delayedRegisterRoute` only collides at the router's next open.\n\nHow to fix: register each key once per router; remove the old route first when replacing it is intended.",
        frameworks: [.nnModule])

    static let didApplyKinds: Set<TraceEvent.Kind> = [.nnRouteRegister]

    private let context: DetectorContext

    init(context: DetectorContext) { self.context = context }

    func didApply(_ event: TraceEvent, state: ReplayState) {
        guard event.kind == .nnRouteRegister, event.effect == .ignored, let key = event.name else { return }
        // An imported console line does not say which router logged it.
        let first = event.object.flatMap { state.nn.routes[$0]?[key] }
        let router = event.object.map { state.nnRouterName($0) } ?? "a router"
        let written = event.url ?? key
        var message = "route \(written) on \(router) is key \(key), already registered"
        if let first { message += " as \(first.written) (\(first.handler))" }
        message += ": the first handler stays, \(event.peerName ?? "the new one") is dropped"
        let more = first.map { [Evidence(seq: $0.registered.seq, time: $0.registered.time, kind: TraceEvent.Kind.nnRouteRegister.rawValue,
                                          note: "first registration of \(key)", line: $0.registered.line)] } ?? []
        context.reportEvent(Self.rule, event, message: message, module: key, note: "register \(written)",
                            fingerprint: [router, key], more: more)
    }
}
