import LegoModel
import LegoReplay

/// Finds protocols resolved while no class carries the name the router's naming rule gives: the module is nil.
final class QFMissingImplDetector: Detector {
    static let rule = RuleDescription(
        id: "qf-missing-impl",
        defaultSeverity: .error,
        summary: "A protocol was resolved and no class has the name the router's naming rule gives it: the module is nil, silently.",
        why: """
        QFMoudle's interfaceForProtocol: (QFRouter.m:45-48) looks the class up with NSClassFromString(prefix + \
        protocol + suffix), exact and case-sensitive, and sends it alloc/init: with no class that is a message to \
        nil, so the caller gets nil with no log and no exception. Every later message to the module does nothing, \
        and pushing or presenting its (nil) view controller raises NSInvalidArgumentException. The usual causes: the \
        class was renamed, not linked into this target, or the router's prefix/suffix rule was not followed.

        How to fix: name the class exactly after the protocol (with the router's prefix or suffix), make sure its \
        file is in the target, or call the router's assertForMoudleWithProtocol: in debug builds.
        """,
        frameworks: [.qfMoudle])

    static let didApplyKinds: Set<TraceEvent.Kind> = [.moduleResolve]

    private let context: DetectorContext

    init(context: DetectorContext) { self.context = context }

    func didApply(_ event: TraceEvent, state: ReplayState) {
        guard event.ok == false, case .noClass(let className)? = QFResolveProblem(traceValue: event.value),
              let protocolName = event.name, !context.isAllowed(Self.rule, module: protocolName) else { return }
        let caller = event.peerName.map { " by \($0)" } ?? ""
        let through = event.url.map { " (through the URL \($0))" } ?? ""
        let message = "protocol \(protocolName) was resolved\(caller)\(through) but no class \(className) exists: "
            + "interfaceForProtocol: returns nil without a word"
        let moment = ReplayState.Moment(event)
        context.report(Self.rule, message: message, module: protocolName, instance: nil, first: moment, last: moment,
                       evidence: [Evidence(event, note: "NSClassFromString(@\"\(className)\") is Nil")],
                       fingerprint: [protocolName, className])
    }
}
