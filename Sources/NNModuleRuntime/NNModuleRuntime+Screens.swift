import LegoModel

extension NNModuleRuntime {
    /// The live screen most recently made with `name`, if any.
    public func screen(named name: String) -> ObjectID? {
        screens.values.filter { $0.name == name }.map(\.id).max()
    }

    /// The window's root view controller.
    public var rootScreen: ObjectID? { windowRoot }

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
        let old = windowRoot
        guard old != screen else { return }
        windowRoot = screen
        screens[screen]?.heldByWindow = true
        record(TraceEvent(kind: .nnWindowRoot, object: screen, peer: old))
        record(TraceEvent(kind: .transitionBegin, name: screens[screen]?.name, object: old, peer: screen, operation: .show))
        record(TraceEvent(kind: .transitionEnd, name: screens[screen]?.name, object: old, peer: screen, operation: .show, ok: true))
        if let old {
            screens[old]?.heldByWindow = false
            releaseIfUnheld(old)
        }
    }

    /// The navigation controller `Navigator.push` would use: the top-most one from the window's root.
    var topNavigation: ObjectID? {
        guard var current = windowRoot, let root = screens[current] else { return nil }
        if current == tabController, let first = root.children.first { current = first }
        return screens[current]?.isNavigation == true ? current : nil
    }

    /// The top-most screen `Navigator.present` would present from.
    var topScreen: ObjectID? {
        guard var current = windowRoot else { return nil }
        if current == tabController, let first = screens[current]?.children.first { current = first }
        while let last = screens[current]?.children.last { current = last }
        return current
    }

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
            show(makeScreen(name), on: navigation, operation: .push)
            return "push \(name)"
        case .present:
            guard let top = topScreen else { return "no-op: present with no top view controller" }
            show(makeScreen(name), on: top, operation: .present)
            return "present \(name)"
        }
    }

    private func show(_ screen: ObjectID, on parent: ObjectID, operation: TraceEvent.Operation) {
        let target = parent
        screens[screen]?.parent = target
        screens[target]?.children.append(screen)
        let name = screens[screen]?.name
        record(TraceEvent(kind: .transitionBegin, name: name, object: target, peer: screen, operation: operation))
        record(TraceEvent(kind: .link, object: target, peer: screen, relation: .subComponent))
        record(TraceEvent(kind: .transitionEnd, name: name, object: target, peer: screen, operation: operation, ok: true))
    }

    /// Pops the top screen of the top navigation controller (or dismisses the top presented screen).
    @discardableResult
    public func goBack() -> Bool {
        guard let top = topScreen, let parent = screens[top]?.parent, top != windowRoot else { return false }
        let name = screens[top]?.name
        let operation: TraceEvent.Operation = screens[parent]?.isNavigation == true ? .pop : .dismiss
        record(TraceEvent(kind: .transitionBegin, name: name, object: top, peer: parent, operation: operation))
        screens[parent]?.children.removeAll { $0 == top }
        screens[top]?.parent = nil
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
        if screen.heldByWindow || screen.heldByTabService || userHolds[object] != nil { return }
        if let parent = screen.parent, screens[parent]?.children.contains(object) == true { return }
        screens[object] = nil
        // Observers disposed by this screen go with it (`NotificationObserver.swift:25-33`).
        for observer in observers where observer.owner == object {
            record(TraceEvent(kind: .nnObserverRemove, name: observer.name, object: observer.token, peer: object, value: "released"))
            record(TraceEvent(kind: .objectDeinit, name: observer.name, className: "NotificationObserver", object: observer.token))
        }
        observers.removeAll { $0.owner == object }
        record(TraceEvent(kind: .objectDeinit, name: screen.name, className: "\(screen.name)ViewController", object: object))
        for child in screen.children {
            screens[child]?.parent = nil
            releaseIfUnheld(child)
        }
    }
}
