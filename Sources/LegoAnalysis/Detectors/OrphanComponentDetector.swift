import LegoModel
import LegoReplay

/// Finds components still registered at the end of the trace that cannot be reached from the root component
/// through next and sub-module edges.
///
/// Such a component is in the table (so it receives events and shows in logs) but belongs to no screen stack.
final class OrphanComponentDetector: Detector {
    static let rule = RuleDescription(
        id: "orphan-component",
        defaultSeverity: .warning,
        summary: "A component is still registered at the end of the trace but unreachable from the root through next and sub-module edges.",
        why: """
        Every live screen hangs off the root component: pushes and presents add next edges, sub-modules hang off \
        their parent. A component that is still in the component table but cannot be reached that way was cut \
        loose: its from/next links were broken or its parent went away while its table entry stayed. It still \
        receives directed and global events, still prints in the component trace log, and still holds memory, yet \
        no user action can bring its screen back or pop it.

        How to fix: make sure the component leaves the table when its screen goes (pop or dismiss it through the \
        framework instead of removing its view by hand), and that sub-modules are added through their parent. \
        Components that are meant to live outside the stack (a floating player, a cached screen) can be allowlisted: \
        `allow: {orphan-component: [FloatingPlayer]}`.
        """,
        drawing: .orphan,
        frameworks: [.xflegoViper])

    private let context: DetectorContext

    init(context: DetectorContext) {
        self.context = context
    }

    func finish(state: ReplayState) {
        guard let root = state.rootModule, state.modules[root] != nil else { return }
        let reachable = state.reachableModules(from: root)
        let lastMoment = state.lastMoment ?? ReplayState.Moment(seq: 0, time: 0)
        for (name, component) in state.componentTable.map.sorted(by: { $0.key < $1.key }) where state.isAlive(component) {
            let module = state.moduleID(of: component) ?? component
            guard !reachable.contains(module) else { continue }
            if context.isAllowed(Self.rule, module: name) { continue }
            let instance = state.describe(module)
            let className = state.modules[module]?.className ?? state.objects[component]?.className ?? ""
            let shown = state.modules[module]?.shownAt ?? state.objects[component]?.born ?? lastMoment
            let rootName = state.modules[root]?.name ?? "?"
            let message = "\(instance) (component \(name)) is still registered at the end of the trace but cannot be reached "
                + "from the root \(rootName) through next or sub-module edges"
            context.report(Self.rule, message: message, module: name, instance: instance, object: module, first: shown, last: lastMoment,
                           evidence: [Evidence(shown, kind: .componentAdd, note: "\(name) entered the component table")],
                           fingerprint: [name, className])
        }
    }
}
