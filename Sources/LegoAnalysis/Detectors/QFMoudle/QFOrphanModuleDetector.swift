import LegoModel
import LegoReplay

/// Finds QFMoudle modules alive at the end of the trace although no controller they made was ever shown.
final class QFOrphanModuleDetector: Detector {
    static let rule = RuleDescription(
        id: "qf-orphan-module",
        defaultSeverity: .warning,
        summary: "A module was resolved and is still alive at the end of the trace, but no view controller it made was ever shown.",
        why: """
        interfaceForProtocol: (QFRouter.m:45-48) makes a new module on every call, and nothing in QFMoudle keeps it: \
        it lives as long as its caller holds it. A module resolved in a button handler and kept in a property, whose \
        controller is never pushed or presented, is a wasted instance (and a second, diverging copy of the module's \
        state next to the one on screen), or a present that was forgotten.

        How to fix: resolve the module where its screen is shown and let the controller hold it, or drop the \
        property; allowlist modules that are services without a screen: `allow: {qf-orphan-module: [MoudleCart]}`.
        """,
        drawing: .leaked,
        frameworks: [.qfMoudle])

    private let context: DetectorContext

    init(context: DetectorContext) { self.context = context }

    func finish(state: ReplayState) {
        let last = state.lastMoment ?? ReplayState.Moment(seq: 0, time: 0)
        for (id, module) in state.modules.sorted(by: { $0.key < $1.key })
        where module.kind == .protocolModule && module.shownAt == nil && module.isAlive(in: state) {
            if context.isAllowed(Self.rule, module: module.name) { continue }
            let instance = state.describe(id)
            let caller = state.qf.resolutions[id]?.caller.map { " by \($0)" } ?? ""
            let holders = state.holds[id].map { " (held by \($0.joined(separator: ", ")))" } ?? ""
            let message = "\(instance) (protocol \(module.name)) was resolved at seq \(module.assembled.seq)\(caller) and is still "
                + "alive at the end of the trace\(holders), but no view controller it made was ever shown"
            context.report(Self.rule, message: message, module: module.name, instance: instance, object: id,
                           first: module.assembled, last: last,
                           evidence: [Evidence(module.assembled, kind: .moduleResolve, note: "\(instance) resolved\(caller)")],
                           fingerprint: [module.name, module.className])
        }
    }
}
