import LegoModel
import LegoReplay

/// An event set still holds targets that were deallocated: the set grows with every short-lived target.
///
/// Framework source: `YiHuaXie/NNModule@5d3e56e` EventSet.swift:41-65 and WeakTarget.swift:10-27.
final class NNEventDeadTargetsDetector: Detector {
    static let rule = RuleDescription(
        id: "nn-event-dead-targets",
        defaultSeverity: .note,
        summary: "An event set still holds targets that were deallocated: the set grows with every short-lived target.",
        why: "`EventSet` keeps weak targets keyed by object identity and never purges the dead ones on its own; a long-lived set fed by screens that come and go grows by one dead entry per screen, and every send walks them.\n\nHow to fix: remove the target when it goes (or purge the set), or register a long-lived object instead.",
        frameworks: [.nnModule])

    static let willApplyKinds: Set<TraceEvent.Kind> = [.eventSend]

    private let context: DetectorContext

    init(context: DetectorContext) { self.context = context }

    func willApply(_ event: TraceEvent, state: ReplayState) {
        guard event.kind == .eventSend, let key = event.name else { return }
        let setKey = NNState.eventSetKey(bus: event.peerName ?? "", name: key)
        let dead = (state.nn.eventSets[setKey] ?? []).filter { !state.isAlive($0.object) }.count
        guard dead > 0 else { return }
        context.reportEvent(Self.rule, event, message: "event set '\(key)' on \(event.peerName ?? "the bus") still holds \(dead) deallocated target\(dead == 1 ? "" : "s") when \(event.value ?? key) is sent",
                            module: key, note: "send \(event.value ?? key)", fingerprint: [event.peerName ?? "", key])
    }
}
