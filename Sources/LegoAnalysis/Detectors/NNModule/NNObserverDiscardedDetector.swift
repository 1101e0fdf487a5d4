import LegoModel
import LegoReplay

/// A notification observer's token was discarded: its `deinit` removed the observer at once, so no post reaches it.
///
/// Framework source: `YiHuaXie/NNModule@5d3e56e` NotificationObserver.swift:25-33 and StickyNotification.swift:20-46.
final class NNObserverDiscardedDetector: Detector {
    static let rule = RuleDescription(
        id: "nn-observer-discarded",
        defaultSeverity: .error,
        summary: "A notification observer's token was discarded: its `deinit` removed the observer at once, so no post reaches it.",
        why: "`addObserver(forName:isSticky:…)` returns a `NotificationObserver` whose `deinit` removes the observer. A result that is neither kept nor `disposed(by:)` is released right away, so the block never runs for a post (only a sticky value replayed during `addObserver` reaches it).\n\nHow to fix: `.disposed(by: self)` or keep the token in a property.",
        frameworks: [.nnModule])

    static let didApplyKinds: Set<TraceEvent.Kind> = [.nnObserverRemove]

    private let context: DetectorContext

    init(context: DetectorContext) { self.context = context }

    func didApply(_ event: TraceEvent, state: ReplayState) {
        guard event.kind == .nnObserverRemove, event.value == "discarded", let name = event.name else { return }
        context.reportEvent(Self.rule, event, message: "the observer of \(name) was discarded and removed at once: no post of \(name) reaches it",
                            module: name, note: "observer of \(name) released", fingerprint: [name])
    }
}
