import LegoModel
import LegoReplay

/// Two event types with one unqualified name share one set on the event bus: `remove` of one drops the other's targets.
///
/// Framework source: `YiHuaXie/NNModule@5d3e56e` EventBus.swift:33-37 and :53-56.
final class NNEventNameCollisionDetector: Detector {
    static let rule = RuleDescription(
        id: "nn-event-name-collision",
        defaultSeverity: .warning,
        summary: "Two event types with one unqualified name share one set on the event bus: `remove` of one drops the other's targets.",
        why: "`EventBus` keys its sets by the unqualified type name, so `Shop.LoginEvent` and `Cart.LoginEvent` land in one set. A send only reaches targets of its own type, but `remove(E.self)` drops the whole shared set.\n\nHow to fix: give event protocols module-unique names.",
        frameworks: [.nnModule])

    static let willApplyKinds: Set<TraceEvent.Kind> = [.nnEventRegister]

    private let context: DetectorContext

    init(context: DetectorContext) { self.context = context }

    func willApply(_ event: TraceEvent, state: ReplayState) {
        guard event.kind == .nnEventRegister, let key = event.name, let type = event.value else { return }
        let setKey = NNState.eventSetKey(bus: event.peerName ?? "", name: key)
        guard let other = state.nn.eventSets[setKey]?.first(where: { $0.type != type })?.type else { return }
        context.reportEvent(Self.rule, event, message: "event types \(other) and \(type) share the set '\(key)' on \(event.peerName ?? "the bus"): removing one drops both",
                            module: key, note: "register for \(type)", fingerprint: [event.peerName ?? "", key])
    }
}
