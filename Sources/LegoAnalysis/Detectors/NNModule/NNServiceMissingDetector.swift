import LegoModel
import LegoReplay

/// A service was looked up that no registration provides: NNModule asserts in DEBUG and `Module.service` force-unwraps nil, a crash in release.
///
/// Framework source: `YiHuaXie/NNModule@5d3e56e` ModuleServiceCenter.swift:115-144 and Module.swift:59-61.
final class NNServiceMissingDetector: Detector {
    static let rule = RuleDescription(
        id: "nn-service-missing",
        defaultSeverity: .error,
        summary: "A service was looked up that no registration provides: NNModule asserts in DEBUG and `Module.service` force-unwraps nil, a crash in release.",
        why: "`ModuleServiceCenter.service(of:)` asserts `the impl class of K is nil, please register it first` and returns nil when the key has no impl class; `Module.service(of:)` force-unwraps it, so a release build crashes at the lookup. Common causes: the register method lives in a module that is not linked, a lookup runs before `ModuleManager.shared` registered the services, or the key string differs (a protocol declared in Objective-C reads with a `__C.` prefix from Swift).\n\nHow to fix: register the service in a `ModuleRegisterService` method of a linked module, or look it up later.",
        frameworks: [.nnModule])

    static let didApplyKinds: Set<TraceEvent.Kind> = [.nnServiceResolve]

    private let context: DetectorContext

    init(context: DetectorContext) { self.context = context }

    func didApply(_ event: TraceEvent, state: ReplayState) {
        guard event.kind == .nnServiceResolve, event.value == "not registered", let key = event.name else { return }
        context.reportEvent(Self.rule, event, message: "service \(key) was looked up but never registered: a crash in release (Module.service force-unwraps nil)",
                            module: key, note: "lookup of \(key)", fingerprint: [key])
    }
}
