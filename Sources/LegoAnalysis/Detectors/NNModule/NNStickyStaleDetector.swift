import LegoModel
import LegoReplay

/// A sticky notification replayed to a new observer a value older than the notification's last post.
///
/// Framework source: `YiHuaXie/NNModule@5d3e56e` StickyNotification.swift:54-58; Example_StickyNotificationTests.swift:39-60.
final class NNStickyStaleDetector: Detector {
    static let rule = RuleDescription(
        id: "nn-sticky-stale",
        defaultSeverity: .note,
        summary: "A sticky notification replayed to a new observer a value older than the notification's last post.",
        why: "A sticky post stores its value; a later non-sticky post delivers but neither replaces nor clears it. An observer added afterwards gets the stored, older value replayed at once, as if it were current.\n\nHow to fix: post every update of a sticky notification as sticky, or remove the sticky value when it stops being true.",
        frameworks: [.nnModule])

    static let willApplyKinds: Set<TraceEvent.Kind> = [.nnObserverAdd]

    private let context: DetectorContext

    init(context: DetectorContext) { self.context = context }

    func willApply(_ event: TraceEvent, state: ReplayState) {
        guard event.kind == .nnObserverAdd, event.ok == true, let name = event.name,
              let stored = state.nn.sticky[name], let last = state.nn.lastPost[name], last.seq > stored.seq else { return }
        context.reportEvent(Self.rule, event, message: "a new observer of \(name) was replayed the sticky value posted at seq \(stored.seq), older than the post at seq \(last.seq)",
                            module: name, note: "observer of \(name) added", fingerprint: [name],
                            more: [Evidence(seq: stored.seq, time: stored.time, kind: TraceEvent.Kind.notification.rawValue, note: "sticky post of \(name)", line: stored.line)])
    }
}
