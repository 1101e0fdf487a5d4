import LegoModel
import LegoReplay

/// Finds URL query keys that name a weak property: only the query item owns the string, so the value is lost.
final class QFKVCWeakTargetDetector: Detector {
    static let rule = RuleDescription(
        id: "qf-kvc-weak-target",
        defaultSeverity: .warning,
        summary: "A URL query key names a weak property: the value is lost once the URL components are released.",
        why: """
        interfaceForURL: sets the query item's NSString with setValue:forKey: (QFRouter.m:52-55). A weak property does \
        not keep it, and nothing else holds that string but the autoreleased NSURLComponents, so the property reads \
        nil shortly after (a short string may be a tagged pointer that survives, which hides the bug in tests).

        How to fix: declare the property copy (or strong), as the protocol's other string properties are.
        """,
        frameworks: [.qfMoudle])

    static let didApplyKinds: Set<TraceEvent.Kind> = [.kvcSet]

    private let context: DetectorContext

    init(context: DetectorContext) { self.context = context }

    func didApply(_ event: TraceEvent, state: ReplayState) {
        guard QFKVCVerdict(traceValue: event.value) == .weakProperty else { return }
        QFFinding.reportKVC(Self.rule, event, state: state, context: context,
                            consequence: "the property is weak, so the value is lost once the URL components are released")
    }
}
