import LegoModel
import LegoReplay

/// Finds modules whose class, found by the protocol's name, does not adopt that protocol.
final class QFImplNotConformingDetector: Detector {
    static let rule = RuleDescription(
        id: "qf-impl-not-conforming",
        defaultSeverity: .warning,
        summary: "The class named after a protocol does not adopt it, and the router returns its instance anyway.",
        why: """
        interfaceForProtocol: (QFRouter.m:45-48) finds the class by name only and never checks conformsToProtocol:, \
        so a class that shares the protocol's name without adopting it is returned as that protocol's module. The \
        caller then sends it the protocol's messages; any it does not implement raises unrecognized selector, and \
        the compiler never warns because the name, not the type, links the two.

        How to fix: declare the class with the protocol (`@interface Cart : NSObject <Cart>`) and implement its \
        methods, or rename whichever of the two is not meant to be a module.
        """,
        frameworks: [.qfMoudle])

    static let didApplyKinds: Set<TraceEvent.Kind> = [.moduleResolve]

    private let context: DetectorContext

    init(context: DetectorContext) { self.context = context }

    func didApply(_ event: TraceEvent, state: ReplayState) {
        guard case let .doesNotAdopt(className, protocolName)? = QFResolveProblem(traceValue: event.value),
              !context.isAllowed(Self.rule, module: protocolName) else { return }
        let message = "\(className) was returned as the module of protocol \(protocolName) but does not adopt it: "
            + "any protocol method it lacks raises unrecognized selector when called"
        let moment = ReplayState.Moment(event)
        context.report(Self.rule, message: message, module: protocolName, instance: event.object.map { state.describe($0) },
                       object: event.object, first: moment, last: moment,
                       evidence: [Evidence(event, note: "\(className) is not <\(protocolName)>")], fingerprint: [protocolName, className])
    }
}
