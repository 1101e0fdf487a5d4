import LegoModel
import LegoReplay

/// Finds screen objects alive at the end of the trace that belong to no screen: an XFLegoVIPER component still
/// registered but unreachable from the root through next and sub-module edges, or a QFMoudle module instance none of
/// whose view controllers was ever shown.
///
/// Both are the same defect in each framework's terms: something made for a screen outlives any way to reach that
/// screen, so it holds memory (and, for XFLegoVIPER, still receives events) with nothing a user can do to end it.
final class OrphanComponentDetector: Detector {
    static let rule = RuleDescription(
        id: "orphan-component",
        defaultSeverity: .warning,
        summary: "A component or module is alive at the end of the trace but belongs to no screen: unreachable from the root (XFLegoVIPER) or never shown (QFMoudle).",
        why: """
        XFLegoVIPER: every live screen hangs off the root component: pushes and presents add next edges, sub-modules \
        hang off their parent. A component that is still in the component table but cannot be reached that way was \
        cut loose: its from/next links were broken or its parent went away while its table entry stayed. It still \
        receives directed and global events, still prints in the component trace log, and still holds memory, yet \
        no user action can bring its screen back or pop it.

        QFMoudle: interfaceForProtocol: (QFRouter.m:45-48) makes a new module on every call, and nothing in QFMoudle \
        keeps it: it lives as long as its caller holds it. A module resolved in a button handler and kept in a \
        property, whose controller is never pushed or presented, is the same orphan: a wasted instance (and a \
        second, diverging copy of the module's state next to the one on screen), or a present that was forgotten.

        How to fix: make sure the component leaves the table when its screen goes (pop or dismiss it through the \
        framework instead of removing its view by hand), and that sub-modules are added through their parent; for \
        QFMoudle, resolve the module where its screen is shown and let the controller hold it, or drop the property. \
        Components and modules that are meant to live outside the stack (a floating player, a cached screen, a \
        service without a screen) can be allowlisted: `allow: {orphan-component: [FloatingPlayer]}`.
        """,
        drawing: .orphan,
        frameworks: [.xflegoViper, .qfMoudle])

    private let context: DetectorContext

    init(context: DetectorContext) {
        self.context = context
    }

    func finish(state: ReplayState) {
        let lastMoment = state.lastMoment ?? ReplayState.Moment(seq: 0, time: 0)
        switch context.header.framework {
        case .qfMoudle: reportUnshownModules(state: state, last: lastMoment)
        default: reportUnreachableComponents(state: state, last: lastMoment)
        }
    }

    private func reportUnreachableComponents(state: ReplayState, last lastMoment: ReplayState.Moment) {
        guard let root = state.rootModule, state.modules[root] != nil else { return }
        let reachable = state.reachableModules(from: root)
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

    /// QFMoudle has no component table: a module belongs to a screen once a controller it made is shown.
    private func reportUnshownModules(state: ReplayState, last: ReplayState.Moment) {
        for (id, module) in state.modules.sorted(by: { $0.key < $1.key })
        where module.kind == .protocolModule && module.shownAt == nil && module.isAlive(in: state) {
            if context.isAllowed(Self.rule, module: module.name) { continue }
            let instance = state.describe(id)
            let caller = state.qf.resolutions[id]?.caller.map { " by \($0)" } ?? ""
            let holders = state.holds[id].map { " (held by \($0.joined(separator: ", ")))" } ?? ""
            let message = "\(instance) (protocol \(module.name)) was resolved at seq \(module.assembled.seq)\(caller) and is still "
                + "alive at the end of the trace\(holders), but no view controller it made was ever shown"
            context.report(Self.rule, message: message, module: module.name, instance: instance, object: id,
                           first: module.assembled, last: last,
                           evidence: [Evidence(module.assembled, kind: .moduleResolve, note: "\(instance) resolved\(caller)")],
                           fingerprint: [module.name, module.className])
        }
    }
}
