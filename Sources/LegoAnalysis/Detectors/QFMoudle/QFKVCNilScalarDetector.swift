import LegoModel
import LegoReplay

/// Finds URL query keys written without `=` that name a scalar property: KVC sets nil, `setNilValueForKey:` raises.
final class QFKVCNilScalarDetector: Detector {
    static let rule = RuleDescription(
        id: "qf-kvc-nil-scalar",
        defaultSeverity: .error,
        summary: "A URL query key without `=` names a scalar property: key-value coding sets nil and setNilValueForKey: raises NSInvalidArgumentException.",
        why: """
        NSURLComponents gives a query item written `?count` (no `=`) a nil value, and interfaceForURL: passes it to \
        setValue:forKey: (QFRouter.m:52-55). On an object property that stores nil; on a scalar (NSInteger, BOOL, \
        double) KVC calls setNilValueForKey:, whose default implementation raises NSInvalidArgumentException: a crash \
        inside the router.

        How to fix: write the key with a value (`?count=0`), or override setNilValueForKey: in the module class.
        """,
        frameworks: [.qfMoudle])

    static let didApplyKinds: Set<TraceEvent.Kind> = [.kvcSet]

    private let context: DetectorContext

    init(context: DetectorContext) { self.context = context }

    func didApply(_ event: TraceEvent, state: ReplayState) {
        guard QFKVCVerdict(traceValue: event.value) == .nilIntoScalar else { return }
        QFFinding.reportKVC(Self.rule, event, state: state, context: context,
                            consequence: "nil into a scalar property, so setNilValueForKey: raises NSInvalidArgumentException inside interfaceForURL:")
    }
}
