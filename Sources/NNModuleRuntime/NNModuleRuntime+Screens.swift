import LegoModel
import LegoRuntimeCore

extension NNModuleRuntime {
    /// The live screen most recently made with `name`, if any.
    public func screen(named name: String) -> ObjectID? {
        screens.values.filter { $0.name == name }.map(\.id).max()
    }

    /// The window's root view controller.
    public var rootScreen: ObjectID? { window.root }

    /// Whether `object` (a screen, observer or impl instance) is alive in the model.
    public func isAlive(_ object: ObjectID) -> Bool { screens[object] != nil }

    /// Makes a view controller named `name`, recorded as a controller module.
    @discardableResult
    public func makeScreen(_ name: String, isNavigation: Bool = false, className: String? = nil) -> ObjectID {
        let id = recorder.nextID()
        let cls = className ?? "\(name)ViewController"
        screens[id] = Screen(id: id, name: name, isNavigation: isNavigation)
        record(TraceEvent(kind: .objectAlloc, name: name, className: cls, object: id, layer: .viewController))
        record(TraceEvent(kind: .moduleAssemble, name: name, className: cls, object: id, moduleKind: .controller, objects: [id]))
        return id
    }

    /// Makes `screen` the window's root; the old root is released unless something else holds it.
    public func setRoot(_ screen: ObjectID) {
        let old = window.root
        guard old != screen, let shown = screens[screen] else { return }
        window.setRoot(shown, navigation: shown.isNavigation)
        record(TraceEvent(kind: .nnWindowRoot, object: screen, peer: old))
        record(TraceEvent(kind: .transitionBegin, name: screens[screen]?.name, object: old, peer: screen, operation: .show))
        record(TraceEvent(kind: .transitionEnd, name: screens[screen]?.name, object: old, peer: screen, operation: .show, ok: true))
        if let old { releaseIfUnheld(old) }
    }

    /// The navigation controller `Navigator.push` uses: `UIApplication.topViewController?.navigationController`
    /// (`Navigator.swift:54`).
    var topNavigation: ObjectID? { window.topViewController.flatMap(window.navigationController(of:)) }

    /// What the navigator does for `handler`: the push or present, or why it silently did nothing
    /// (`NNModule/URLRouter/Navigator.swift:52-76`).
    func navigate(_ handler: Handler) -> String {
        guard let name = handler.screen else { return "no navigation" }
        switch handler.navigation {
        case .none:
            return "no navigation"
        case .pushNavigationController:
            // `push` ignores a `UINavigationController` (`Navigator.swift:52-60`).
            return "no-op: push of a UINavigationController"
        case .push:
            guard let navigation = topNavigation else { return "no-op: push with no navigation controller" }
            let screen = makeScreen(name)
            if let shown = screens[screen] { window.push(shown, on: navigation) }
            record(transition: .push, of: screen, on: navigation)
            return "push \(name)"
        case .present:
            // `Navigator.swift:66`: from `UIApplication.topViewController`; UIKit hands a full-screen present to the
            // controller covering the screen.
            guard let top = window.topViewController else { return "no-op: present with no top view controller" }
            let screen = makeScreen(name)
            guard let shown = screens[screen], case .presented(let context) = window.present(shown, navigation: false, from: top) else {
                return "no-op: present with no top view controller"
            }
            record(transition: .present, of: screen, on: context)
            return "present \(name)"
        }
    }

    /// Records a push on `target` (a navigation controller) or a present by `target` (the presentation context).
    private func record(transition operation: TraceEvent.Operation, of screen: ObjectID, on target: ObjectID) {
        let name = screens[screen]?.name
        record(TraceEvent(kind: .transitionBegin, name: name, object: target, peer: screen, operation: operation))
        record(TraceEvent(kind: .link, object: target, peer: screen, relation: .subComponent))
        record(TraceEvent(kind: .transitionEnd, name: name, object: target, peer: screen, operation: operation, ok: true))
    }

    /// Dismisses the top-most screen when it was presented, else pops it from its navigation controller; false
    /// when it is the root of its stack or of the window.
    @discardableResult
    public func goBack() -> Bool {
        guard let top = window.topViewController, top != window.root else { return false }
        let operation: TraceEvent.Operation
        let parent: ObjectID
        if let presenter = window.presentingController(of: top), window.isPresented(top) {
            (operation, parent) = (.dismiss, presenter)
        } else if let navigation = window.navigationController(of: top), navigation != top {
            (operation, parent) = (.pop, navigation)
        } else {
            return false
        }
        let name = screens[top]?.name
        record(TraceEvent(kind: .transitionBegin, name: name, object: top, peer: parent, operation: operation))
        _ = operation == .dismiss ? window.dismiss(top) : window.pop(parent).map { [$0] } ?? []
        record(TraceEvent(kind: .unlink, object: parent, peer: top, relation: .subComponent))
        record(TraceEvent(kind: .transitionEnd, name: name, object: top, peer: parent, operation: operation, ok: true))
        releaseIfUnheld(top)
        return true
    }

    /// User code keeps a strong reference to `object` under `label`.
    public func hold(_ object: ObjectID, label: String) {
        userHolds[object, default: []].append(label)
        record(TraceEvent(kind: .refHold, object: object, value: label))
    }

    /// User code drops the reference `label` to `object`; the object goes when nothing else holds it.
    public func release(_ object: ObjectID, label: String) {
        guard var labels = userHolds[object], let index = labels.firstIndex(of: label) else { return }
        labels.remove(at: index)
        userHolds[object] = labels.isEmpty ? nil : labels
        record(TraceEvent(kind: .refRelease, object: object, value: label))
        releaseIfUnheld(object)
    }

    func releaseIfUnheld(_ object: ObjectID) {
        guard let screen = screens[object] else { return }
        if window.holds(object) || object == tabController || userHolds[object] != nil { return }
        screens[object] = nil
        // Observers disposed by this screen go with it (`NotificationObserver.swift:25-33`).
        for observer in observers where observer.owner == object {
            record(TraceEvent(kind: .nnObserverRemove, name: observer.name, object: observer.token, peer: object, value: "released"))
            record(TraceEvent(kind: .objectDeinit, name: observer.name, className: "NotificationObserver", object: observer.token))
        }
        observers.removeAll { $0.owner == object }
        record(TraceEvent(kind: .objectDeinit, name: screen.name, className: "\(screen.name)ViewController", object: object))
        // What its stack, tabs and presentation held goes with it unless something else holds it.
        for child in window.discard(object) { releaseIfUnheld(child.id) }
    }
}
