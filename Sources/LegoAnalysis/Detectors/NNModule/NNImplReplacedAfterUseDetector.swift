import LegoModel
import LegoReplay

/// A service's impl was replaced after the old impl was instantiated: the old instance stays cached and alive beside the new one.
///
/// Framework source: `YiHuaXie/NNModule@5d3e56e` ModuleServiceCenter.swift:115-152.
final class NNImplReplacedAfterUseDetector: Detector {
    static let rule = RuleDescription(
        id: "nn-impl-replaced-after-use",
        defaultSeverity: .warning,
        summary: "A service's impl was replaced after the old impl was instantiated: the old instance stays cached and alive beside the new one.",
        why: "The instance cache is keyed by impl class, and `removeService` only reaches the class registered now, so an impl replaced after its first lookup keeps its instance forever. Code that looked the service up before the replacement keeps talking to the old instance, later lookups get the new one: two live implementations of one service.\n\nHow to fix: register the replacing impl in a `ModuleRegisterService` method (before any lookup), not later.",
        frameworks: [.nnModule])

    static let willApplyKinds: Set<TraceEvent.Kind> = [.nnServiceRegister]

    private let context: DetectorContext

    init(context: DetectorContext) { self.context = context }

    func willApply(_ event: TraceEvent, state: ReplayState) {
        guard event.kind == .nnServiceRegister, event.effect == .overwritten, let key = event.name,
              let old = state.nn.services[key], let instance = state.nn.instances[old.impl], state.isAlive(instance) else { return }
        let impl = event.className ?? "?"
        context.reportEvent(Self.rule, event, message: "service \(key) was replaced by \(impl) after \(old.impl)#\(instance) was created: both stay alive (the cache is per impl class)",
                            module: key, note: "\(impl) replaces \(old.impl)", fingerprint: [key, old.impl, impl])
    }
}
