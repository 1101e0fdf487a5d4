import LegoModel
import LegoReplay

/// Finds protocols with more than one live module instance at once, and where each was made.
final class QFModulePerCallDetector: Detector {
    static let rule = RuleDescription(
        id: "qf-module-per-call",
        defaultSeverity: .note,
        summary: "One protocol had several live module instances at once: every lookup makes a new one, and state set on one is invisible to the others.",
        why: """
        QFMoudle keeps no registry and no cache: interfaceForProtocol: (QFRouter.m:45-48) sends alloc/init on every \
        call, and each view controller a module makes holds that module. The demo resolves its home module for the \
        tab (AppDelegate.m:32) and again on each button tap (QFHomeViewController.m:34), so several home modules live \
        at once. That is by design, but a value set on one instance (a title, a coupon) is not seen by the others, \
        and a module that is meant to be a single service is not one.

        How to fix: pass the instance you already have instead of resolving again, or keep one instance per \
        protocol in the caller when the module carries shared state. Allowlist protocols that are meant to be \
        per-screen: `allow: {qf-module-per-call: [MoudleHome]}`.
        """,
        drawing: .duplicateName,
        frameworks: [.qfMoudle])

    static let didApplyKinds: Set<TraceEvent.Kind> = [.moduleResolve]

    private struct Peak {
        var instances: [ObjectID]
        var resolutions: [QFReplayState.Resolution]
        var at: ReplayState.Moment
    }

    private let context: DetectorContext
    @exclusivity(unchecked)
    private var peaks: [String: Peak] = [:]

    init(context: DetectorContext) { self.context = context }

    var retainedCount: Int { peaks.count }

    func didApply(_ event: TraceEvent, state: ReplayState) {
        guard event.ok != false, event.object != nil, let protocolName = event.name else { return }
        let liveCount = state.liveModuleCount(named: protocolName)
        guard liveCount > 1, liveCount > peaks[protocolName]?.instances.count ?? 0,
              !context.isAllowed(Self.rule, module: protocolName) else { return }
        let live = state.liveModules(named: protocolName)
        peaks[protocolName] = Peak(instances: live, resolutions: live.compactMap { state.qf.resolutions[$0] }, at: ReplayState.Moment(event))
    }

    func finish(state: ReplayState) {
        for (protocolName, peak) in peaks.sorted(by: { $0.value.at.seq < $1.value.at.seq }) {
            let made = zip(peak.instances, peak.resolutions).map { instance, resolution in
                "#\(instance) at seq \(resolution.resolved.seq)" + (resolution.caller.map { " by \($0)" } ?? "")
            }
            let message = "\(peak.instances.count) live instances of protocol \(protocolName) at once (every lookup makes a new one): "
                + made.joined(separator: ", ")
            let first = peak.resolutions.first?.resolved ?? peak.at
            let evidence = zip(peak.instances, peak.resolutions).map { instance, resolution in
                Evidence(resolution.resolved, kind: .moduleResolve,
                         note: "\(resolution.className)#\(instance) made" + (resolution.caller.map { " for \($0)" } ?? ""))
            }
            context.report(Self.rule, message: message, module: protocolName, instance: nil, first: first, last: peak.at,
                           evidence: evidence, fingerprint: [protocolName])
        }
    }
}
