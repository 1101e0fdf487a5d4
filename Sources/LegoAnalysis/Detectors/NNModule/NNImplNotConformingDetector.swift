import LegoModel
import LegoReplay

/// A service was registered with an impl that does not conform to it or to `ModuleFunctionalService`: DEBUG asserts, release drops the registration silently.
///
/// Framework source: `YiHuaXie/NNModule@5d3e56e` ModuleServiceCenter.swift:25-41 and :98-113.
final class NNImplNotConformingDetector: Detector {
    static let rule = RuleDescription(
        id: "nn-impl-not-conforming",
        defaultSeverity: .error,
        summary: "A service was registered with an impl that does not conform to it or to `ModuleFunctionalService`: DEBUG asserts, release drops the registration silently.",
        why: "`register(service:used:)` checks that the impl class conforms to the service (`is` from Swift, `conforms(to:)` from Objective-C) and is a `ModuleFunctionalService.Type`. A failed check is an `assertionFailure` in DEBUG and a silent return in release: the registration is lost, and the first lookup of the service then crashes as a missing service.\n\nHow to fix: make the impl class adopt the service protocol and `ModuleFunctionalService`.",
        frameworks: [.nnModule])

    static let didApplyKinds: Set<TraceEvent.Kind> = [.nnServiceRegister]

    private let context: DetectorContext

    init(context: DetectorContext) { self.context = context }

    func didApply(_ event: TraceEvent, state: ReplayState) {
        guard event.kind == .nnServiceRegister, event.value == "not-conforming", let key = event.name else { return }
        let impl = event.className ?? "?"
        context.reportEvent(Self.rule, event, message: "\(impl) does not conform to service \(key) or to ModuleFunctionalService: the registration is dropped in release (DEBUG asserts)",
                            module: key, note: "register \(impl) for \(key)", fingerprint: [key, impl])
    }
}
