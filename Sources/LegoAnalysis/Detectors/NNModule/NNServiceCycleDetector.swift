import LegoModel
import LegoReplay

/// Service impls look each other up while being created: DEBUG asserts and crashes; release recurses until the stack overflows.
///
/// Framework source: `YiHuaXie/NNModule@5d3e56e` ModuleServiceCenter.swift:124-140.
final class NNServiceCycleDetector: Detector {
    static let rule = RuleDescription(
        id: "nn-service-cycle",
        defaultSeverity: .error,
        summary: "Service impls look each other up while being created: DEBUG asserts and crashes; release recurses until the stack overflows.",
        why: "Impls are created lazily at their first lookup, and an `init` may look up other services. When the creation comes back to a class still being created, DEBUG's creation stack asserts and the force-unwrap crashes; release has no check and recurses forever. The stack is cleared after every successful creation, so DEBUG may report the loop a round late, from mid-cycle.\n\nHow to fix: look the other service up lazily (at first use, not in `init`).",
        frameworks: [.nnModule])

    static let didApplyKinds: Set<TraceEvent.Kind> = [.nnServiceResolve]

    private let context: DetectorContext

    init(context: DetectorContext) { self.context = context }

    func didApply(_ event: TraceEvent, state: ReplayState) {
        guard event.kind == .nnServiceResolve, let value = event.value, value.hasPrefix("loop:"), let key = event.name else { return }
        context.reportEvent(Self.rule, event, message: "creating service \(key) looped (\(value.dropFirst(6))): DEBUG asserts and crashes, release overflows the stack",
                            module: key, note: "lookup of \(key) during its own creation", fingerprint: [key])
    }
}
