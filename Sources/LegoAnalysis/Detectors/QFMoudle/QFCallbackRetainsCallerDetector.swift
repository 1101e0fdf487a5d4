import LegoModel
import LegoReplay

/// Finds callback blocks that capture the view controller (or module) that holds their module: a retain cycle.
final class QFCallbackRetainsCallerDetector: Detector {
    static let rule = RuleDescription(
        id: "qf-callback-retains-caller",
        defaultSeverity: .warning,
        summary: "A module's callbackBlock captures the view controller that holds the module (the one that calls it back): VC → module → block → VC is a retain cycle.",
        why: """
        QFMoudle's base protocol declares callbackBlock copy (QFMoudleProtocol.h:20), and a module's view controller \
        holds its module strongly (`interface`, QFDetailViewController.h:14) and calls the block from its back action \
        (QFDetailViewController.m:41-45). A block copies what it captures, so a block that captures that view \
        controller (or the module itself) closes the cycle controller → module → block → controller: after the pop \
        neither is released. A block that captures only the opener is fine: it keeps the opener alive only while the \
        shown controller lives.

        How to fix: capture a weak reference (`__weak typeof(vc) weakVC = vc;`) or pass what the block needs as its \
        argument; set callbackBlock to nil after calling it when the cycle is wanted until then.
        """,
        frameworks: [.qfMoudle])

    static let didApplyKinds: Set<TraceEvent.Kind> = [.callbackSet]

    private let context: DetectorContext

    init(context: DetectorContext) { self.context = context }

    func didApply(_ event: TraceEvent, state: ReplayState) {
        guard let module = event.object else { return }
        for captured in event.objects ?? [] where captured == module || state.moduleID(of: captured) == module {
            let protocolName = state.modules.read(module) { $0.name }
            if context.isAllowed(Self.rule, module: protocolName) { return }
            let moduleText = state.describe(module)
            let capturedText = state.describe(captured)
            let cycle = captured == module ? "\(moduleText) → block → \(moduleText)" : "\(capturedText) → \(moduleText) → block → \(capturedText)"
            let setter = event.peerName.map { " (set by \($0))" } ?? ""
            let message = "the callbackBlock of \(moduleText)\(setter) captures \(capturedText), which holds the module: "
                + "\(cycle) is a retain cycle, so neither is released after its screen goes"
            let moment = ReplayState.Moment(event)
            context.report(Self.rule, message: message, module: protocolName, instance: moduleText, object: module,
                           first: moment, last: moment, evidence: [Evidence(event, note: "block captures \(capturedText) strongly")],
                           fingerprint: [protocolName ?? "", state.modules.read(module) { $0.className } ?? "", state.objects[captured]?.className ?? ""])
        }
    }
}
