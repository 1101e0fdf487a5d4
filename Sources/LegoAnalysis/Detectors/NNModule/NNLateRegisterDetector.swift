import LegoModel
import LegoReplay

/// A tab item was added after the tab bar was set up, or a launch task after the tasks ran: it waits for the next setup, or never runs.
///
/// Framework source: `YiHuaXie/NNModule@5d3e56e` ModuleTabServiceImpl.swift:35-39 and ModuleLaunchTaskServiceImpl.swift:20-40.
final class NNLateRegisterDetector: Detector {
    static let rule = RuleDescription(
        id: "nn-late-register",
        defaultSeverity: .warning,
        summary: "A tab item was added after the tab bar was set up, or a launch task after the tasks ran: it waits for the next setup, or never runs.",
        why: "The tab service appends items used at the next `setupTabBarController`, and the launch-task service runs its lists once in `execute()` during `willFinishLaunching`; the lists are never run again. Registrations belong in `ModuleAwake` methods.\n\nHow to fix: move the `addRegister` into a `ModuleAwake` class method.",
        frameworks: [.nnModule])

    static let didApplyKinds: Set<TraceEvent.Kind> = [.nnTabRegister, .nnTaskRegister]

    private let context: DetectorContext

    init(context: DetectorContext) { self.context = context }

    func didApply(_ event: TraceEvent, state: ReplayState) {
        guard event.kind == .nnTabRegister || event.kind == .nnTaskRegister, event.ok == false else { return }
        let what = event.kind == .nnTabRegister ? "tab item \(event.name ?? event.className ?? "?")" : "launch task \(event.className ?? "?")"
        let effect = event.kind == .nnTabRegister ? "the tab bar was already set up: it appears only after the next setup" : "execute() already ran: it never runs"
        context.reportEvent(Self.rule, event, message: "\(what) was added after \(effect)", module: event.name ?? event.className,
                            note: "addRegister", fingerprint: [event.kind.rawValue, event.className ?? ""])
    }
}
