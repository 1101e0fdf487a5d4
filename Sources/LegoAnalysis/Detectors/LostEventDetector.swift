import LegoModel
import LegoReplay

/// Finds directed events sent to a component name with no live receiver.
///
/// The framework drops such events silently, so the sender never learns its message went nowhere.
final class LostEventDetector: Detector {
    static let rule = RuleDescription(
        id: "lost-event",
        defaultSeverity: .warning,
        summary: "A directed event was sent to a component name with no live receiver and was dropped.",
        why: """
        Directed events look the name up in the event-receiver table first, then in the component table; an \
        unknown name is dropped without a word. So a refresh sent to a screen that was already popped, not yet \
        created, or misspelled is simply lost, and the UI shows stale data with nothing in the logs.

        How to fix: send to names that are live at that moment (check the spelling against the module name), \
        register an event receiver for components that must hear events while off screen, or use a global event \
        or notification when the receiver may not exist.
        """,
        frameworks: [.xflegoViper])

    static let willApplyKinds: Set<TraceEvent.Kind> = [.eventSend]

    private let context: DetectorContext

    init(context: DetectorContext) {
        self.context = context
        if context.imported { context.addLimitation(DetectorContext.importedEventsLimitation) }
    }

    func willApply(_ event: TraceEvent, state: ReplayState) {
        guard event.kind == .eventSend, let name = event.name else { return }
        if (event.count ?? 0) > 0 || !(event.objects?.isEmpty ?? true) { return }
        if let receiver = state.receiverTable.map[name], state.isAlive(receiver) { return }
        if state.liveComponent(named: name) != nil { return }
        if context.isAllowed(Self.rule, module: name) { return }
        let label = event.value ?? "?"
        let moment = ReplayState.Moment(event)
        let sender = event.object.flatMap { state.moduleName(of: $0) }
        let history = state.moduleKinds[name] == nil ? "no module of that name was ever created" : "no instance of \(name) was live"
        let message = "event '\(label)' sent to \(name) was dropped: \(history)" + (sender.map { " (sent by \($0))" } ?? "")
        context.report(Self.rule, message: message, module: name, instance: nil, first: moment, last: moment,
                       evidence: [Evidence(event, note: "event '\(label)' → \(name): no receiver")], fingerprint: [label, name])
    }
}
