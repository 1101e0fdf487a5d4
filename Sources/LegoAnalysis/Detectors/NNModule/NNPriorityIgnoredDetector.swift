import LegoModel
import LegoReplay

/// A service registration was silently ignored because its priority tied with or was lower than the registered impl's.
///
/// Framework source: `YiHuaXie/NNModule@5d3e56e` ModuleServiceCenter.swift:25-41.
final class NNPriorityIgnoredDetector: Detector {
    static let rule = RuleDescription(
        id: "nn-priority-ignored",
        defaultSeverity: .warning,
        summary: "A service registration was silently ignored because its priority tied with or was lower than the registered impl's.",
        why: "`register(service:used:)` replaces the registered impl only when the new `implPriority` is strictly greater; an equal or lower one is dropped without a word. With a tie the winner is whichever `ModuleRegisterService` method the runtime happened to list first, which changes with link order and categories.\n\nHow to fix: give the impl meant to win a strictly higher `implPriority`, or register only one impl per service.",
        frameworks: [.nnModule])

    static let didApplyKinds: Set<TraceEvent.Kind> = [.nnServiceRegister]

    private let context: DetectorContext

    init(context: DetectorContext) { self.context = context }

    func didApply(_ event: TraceEvent, state: ReplayState) {
        guard event.kind == .nnServiceRegister, event.effect == .ignored, let key = event.name, let impl = event.className else { return }
        let kept = event.peerName ?? "the registered impl"
        context.reportEvent(Self.rule, event, message: "\(impl) was ignored for service \(key), which keeps \(kept) (\(event.value ?? "priority not higher"))",
                            module: key, note: "register \(impl) for \(key)", fingerprint: [key, impl])
    }
}
