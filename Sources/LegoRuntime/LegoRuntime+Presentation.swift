import LegoModel
import LegoRuntimeCore

// UIKit's modal presentation, as far as `XFUIBus presentComponent:…` depends on it (docs/presentation.md):
// `presentingViewController`, the full-screen presentation context, one presented controller per context, and
// whether a view is in the window.

extension LegoRuntime {
    /// The screens UIKit shows that the framework pushed, presented or made the root, in the window's order (tab
    /// children are the root's sub-modules, not screens of their own).
    var screenIDs: [ObjectID] {
        let tabs = Set(window.tabs)
        return window.hierarchy.filter { !tabs.contains($0) }
    }

    /// Where `interface` sits: the controller of the window that is it, else the tab or screen whose view contains it
    /// (a sub-module); nil when no screen UIKit shows holds it (dismissed, popped, or never shown).
    func placement(of interface: LayerObject) -> ObjectID? {
        if window.holds(interface.id), window.isInHierarchy(interface.id) { return interface.id }
        if let tab = window.tabs.first(where: { window.controller($0).map { contains($0, interface) } ?? false }) { return tab }
        return screenIDs.reversed().first { window.controller($0).map { contains($0, interface) } ?? false }
    }

    /// `XFUIBus presentComponent:…`'s transition block, run after `putComponent:` returned: which controller presents
    /// `next` from `opener` (the opener itself when it is on screen and was not presented, else the window root, or
    /// its selected tab when the opener was presented by a tab-bar root), and what UIKit does with it. Returns the
    /// presentation context that now presents `next`, or why UIKit refused (it logs and shows nothing).
    func presentation(of next: String, from opener: LayerObject?) -> Result<ObjectID, AssemblyFailure> {
        guard let root = window.root, let rootInterface = window.controller(root) else {
            return .failure(AssemblyFailure(reason: "UIKit shows nothing: there is no window root to present \(next) on"))
        }
        let placed = opener.flatMap(placement(of:))
        let presenting = placed.flatMap(window.presentingController(of:))
        var presenter = opener
        var context = placed.flatMap(window.presentationContext(of:)) ?? root
        if presenting == nil, placed.map(window.isOnScreen) ?? false {
            // The opener presents; from the main hierarchy UIKit hands it to the window root.
        } else if presenting != root {
            presenter = rootInterface
            context = root
        } else if !window.tabs.isEmpty {
            guard window.tabs.indices.contains(window.selectedTab), let tab = window.controller(window.tabs[window.selectedTab]) else {
                return .failure(AssemblyFailure(reason: "UIKit shows nothing: the root's tab bar has no selected tab to present \(next) on"))
            }
            presenter = tab
            context = root
        }
        if let shown = window.presentedController(by: context).flatMap(window.controller) {
            let name = presenter?.name ?? "nil"
            let holder = window.controller(context)
            let on = holder == nil || holder === presenter ? "\(name) which" : "\(name), whose presentation context \(holder?.name ?? "")"
            return .failure(AssemblyFailure(reason: "Attempt to present \(next) on \(on) is already presenting \(shown.name): UIKit shows nothing"))
        }
        return .success(context)
    }

    /// Whether `target` is among `container`'s child interfaces, at any depth.
    func contains(_ container: LayerObject, _ target: LayerObject) -> Bool {
        guard let children = (container as? any UInterface)?.children else { return false }
        return children.contains { $0 === target || contains($0, target) }
    }
}
