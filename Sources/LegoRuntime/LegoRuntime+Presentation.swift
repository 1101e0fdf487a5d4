import LegoModel

// UIKit's modal presentation, as far as `XFUIBus presentComponent:…` depends on it (docs/presentation.md):
// `presentingViewController`, the full-screen presentation context, one presented controller per context, and
// whether a view is in the window.

/// Where a view controller sits in the window's hierarchy.
enum Placement: Equatable {
    /// It is, or is inside, the screen at this index of `screens`.
    case screen(Int)
    /// It is, or is inside, the root's tab child at this index of `tabInterfaces`.
    case tab(Int)
    /// No screen UIKit shows holds it (dismissed, popped, or never shown).
    case nowhere
}

extension LegoRuntime {
    /// Where `interface` sits: its own screen, else the tab or screen whose view contains it (a sub-module).
    func placement(of interface: LayerObject) -> Placement {
        if let index = screens.lastIndex(where: { $0.interface === interface }) { return .screen(index) }
        if let index = tabInterfaces.firstIndex(where: { $0.object.map { $0 === interface || contains($0, interface) } ?? false }) {
            return .tab(index)
        }
        if let index = screens.lastIndex(where: { contains($0.interface, interface) }) { return .screen(index) }
        return .nowhere
    }

    /// The navigation stack at `placement`: its screen's, or its tab's.
    func stack(at placement: Placement) -> ObjectID? {
        switch placement {
        case .screen(let index): screens[index].stack
        case .tab(let index): tabInterfaces[index].id
        case .nowhere: nil
        }
    }

    /// `presentingViewController`: what presented the screen's navigation stack, for a controller presented itself
    /// or pushed inside a presented one; nil on the main hierarchy (the root, its tabs, what is pushed on them).
    func presentingController(at placement: Placement) -> ObjectID? {
        guard case .screen(let index) = placement else { return nil }
        let stack = screens[index].stack
        return screens.first { $0.stack == stack }?.presentedBy
    }

    /// The controller a full-screen present from `placement` is handed to: the presented stack it is on, else the
    /// window root (the controller covering the whole screen); nil without a window root.
    func presentationContext(at placement: Placement) -> ObjectID? {
        if case .screen(let index) = placement, let first = screens.first(where: { $0.stack == screens[index].stack }),
           first.style == .present {
            return first.stack
        }
        return screens.first?.stack
    }

    /// The screen `context` is presenting, if any (each controller presents one at a time).
    func presented(by context: ObjectID) -> ScreenEntry? {
        screens.first { $0.presentedBy == context }
    }

    /// `view.window != nil`: the visible top of its navigation stack, on the selected tab, not covered by a modal.
    func isInWindow(_ placement: Placement) -> Bool {
        guard let root = screens.first else { return false }
        let tabBarShown = !screens.dropFirst().contains { $0.stack == root.stack } && presented(by: root.stack) == nil
        switch placement {
        case .nowhere:
            return false
        case .tab(let index):
            return index == selectedTab && tabBarShown && !screens.contains { $0.stack == tabInterfaces[index].id }
        case .screen(let index):
            let entry = screens[index]
            guard !screens[(index + 1)...].contains(where: { $0.stack == entry.stack }) else { return false }
            if let tab = tabInterfaces.firstIndex(where: { $0.id == entry.stack }) {
                return tab == selectedTab && tabBarShown
            }
            return presentationContext(at: placement).map { presented(by: $0) == nil } ?? false
        }
    }

    /// `XFUIBus presentComponent:…`'s transition block, run after `putComponent:` returned: which controller presents
    /// `next` from `opener` (the opener itself when it is on screen and was not presented, else the window root, or
    /// its selected tab when the opener was presented by a tab-bar root), and what UIKit does with it. Returns the
    /// presentation context that now presents `next`, or why UIKit refused (it logs and shows nothing).
    func presentation(of next: String, from opener: LayerObject?) -> Result<ObjectID, AssemblyFailure> {
        guard let root = screens.first else {
            return .failure(AssemblyFailure(reason: "UIKit shows nothing: there is no window root to present \(next) on"))
        }
        let placement = opener.map(placement(of:)) ?? .nowhere
        let presenting = presentingController(at: placement)
        var presenter = opener
        var context = presentationContext(at: placement) ?? root.stack
        if presenting == nil, isInWindow(placement) {
            // The opener presents; from the main hierarchy UIKit hands it to the window root.
        } else if presenting != root.stack {
            presenter = root.interface
            context = root.stack
        } else if !tabInterfaces.isEmpty {
            guard tabInterfaces.indices.contains(selectedTab), let tab = tabInterfaces[selectedTab].object else {
                return .failure(AssemblyFailure(reason: "UIKit shows nothing: the root's tab bar has no selected tab to present \(next) on"))
            }
            presenter = tab
            context = root.stack
        }
        if let shown = presented(by: context) {
            let name = presenter?.name ?? "nil"
            let holder = screens.first { $0.stack == context }?.interface
            let on = holder == nil || holder === presenter ? "\(name) which" : "\(name), whose presentation context \(holder?.name ?? "")"
            return .failure(AssemblyFailure(reason: "Attempt to present \(next) on \(on) is already presenting \(shown.interface.name): UIKit shows nothing"))
        }
        return .success(context)
    }

    /// Whether `target` is among `container`'s child interfaces, at any depth.
    func contains(_ container: LayerObject, _ target: LayerObject) -> Bool {
        guard let children = (container as? any UInterface)?.children else { return false }
        return children.contains { $0 === target || contains($0, target) }
    }
}
