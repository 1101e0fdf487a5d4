import LegoModel
import LegoReplay

/// Finds URL query keys no setter or ivar of the module's class answers: KVC raises `NSUndefinedKeyException`.
final class QFKVCUnknownKeyDetector: Detector {
    static let rule = RuleDescription(
        id: "qf-kvc-unknown-key",
        defaultSeverity: .error,
        summary: "A URL query key is not a property (nor an ivar) of the module's class: key-value coding raises NSUndefinedKeyException.",
        why: """
        QFMoudle's interfaceForURL: sets every query item on the new module with setValue:forKey: (QFRouter.m:52-55). \
        KVC looks for set<Key>:, _set<Key>:, then the ivars _key, _isKey, key, isKey, case-sensitively; when none \
        exists it calls setValue:forUndefinedKey:, which raises NSUndefinedKeyException inside the router: the app \
        crashes on a link someone typed, shared or mistyped. A readonly computed property (no ivar) is the same.

        How to fix: correct the key in the URL (the finding names the class), add the property to the module's \
        protocol, or override setValue:forUndefinedKey: in the module class to ignore unknown keys.
        """,
        frameworks: [.qfMoudle])

    static let didApplyKinds: Set<TraceEvent.Kind> = [.kvcSet]

    private let context: DetectorContext

    init(context: DetectorContext) { self.context = context }

    func didApply(_ event: TraceEvent, state: ReplayState) {
        guard QFKVCVerdict(traceValue: event.value) == .undefinedKey else { return }
        QFFinding.reportKVC(Self.rule, event, state: state, context: context,
                            consequence: "no setter or ivar answers the key, so NSUndefinedKeyException is raised inside interfaceForURL:")
    }
}
