import LegoModel
import LegoReplay

/// Finds URL query values KVC stored into an object property of another type, or converted into a scalar they do not
/// spell: no error now, wrong data or a crash later.
final class QFKVCTypeMismatchDetector: Detector {
    static let rule = RuleDescription(
        id: "qf-kvc-type-mismatch",
        defaultSeverity: .warning,
        summary: "A URL query value was stored by key-value coding into a property of another type: an NSString in a view-controller or block property, or text a scalar cannot read.",
        why: """
        Every query value is an NSString, and KVC reads no property types: interfaceForURL: (QFRouter.m:52-55) stores \
        the string as is in an object property of any class (a UIViewController, a block), and converts it with \
        intValue, integerValue, boolValue or doubleValue for a scalar, where non-numeric text becomes 0 or NO without \
        a word. The wrong value surfaces later: pushing the "view controller" or calling the "block" raises \
        unrecognized selector. Unsigned and char scalars need a getter NSString lacks (inferred: an unrecognized \
        selector at once).

        How to fix: do not expose such properties to URLs (move them out of the protocol, or validate in \
        setValue:forKey:), and send numbers as digits.
        """,
        frameworks: [.qfMoudle])

    static let didApplyKinds: Set<TraceEvent.Kind> = [.kvcSet]

    private let context: DetectorContext

    init(context: DetectorContext) { self.context = context }

    func didApply(_ event: TraceEvent, state: ReplayState) {
        guard case .stringInto(let type)? = QFKVCVerdict(traceValue: event.value) else { return }
        QFFinding.reportKVC(Self.rule, event, state: state, context: context,
                            consequence: "the text is stored into a \(type) property; it breaks when the value is used")
    }
}
