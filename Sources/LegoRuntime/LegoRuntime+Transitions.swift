import LegoModel
import LegoRuntimeCore

extension LegoRuntime {
    // MARK: Public journey

    /// Shows a component as the window's root (`XF_ShowURLComponent2Window_Fast` by name).
    @discardableResult public func showRoot(_ name: String) -> LegoOutcome {
        defer { settle() }
        return show(name, params: [], url: nil)
    }

    /// Shows the component a URL names as the window's root.
    @discardableResult public func showRoot(url: String) -> LegoOutcome {
        defer { settle() }
        switch route(url, operation: .show, opener: nil) {
        case .failure(let failure): return .failure(failure.reason)
        case .success(let target):
            let outcome = show(target.name, params: target.params, url: url)
            opened(target, url: url, operation: .show, opener: nil)
            return outcome
        }
    }

    /// Opens a URL from a component (the top one when nil), pushing or presenting what it names.
    ///
    /// Behaviour parameters `nav`, `navC` and `navTitle` are consumed (they configure a navigation
    /// controller in the framework); the component receives the other query parameters.
    @discardableResult public func open(url: String, from: ModuleRef? = nil, as style: TransitionStyle = .push, intent: String? = nil) -> LegoOutcome {
        defer { settle() }
        return open(url, from: from, operation: style == .push ? .push : .present, intent: intent, thenDismissOpener: false)
    }

    /// Presents the component a URL names from a component (the top one when nil); with `thenDismissOpener`, user code
    /// dismisses the opener's own screen in the same run-loop turn, before UIKit runs the present (the guide's Publish flow).
    @discardableResult public func present(url: String, from: ModuleRef? = nil, intent: String? = nil, thenDismissOpener: Bool = false) -> LegoOutcome {
        defer { settle() }
        return open(url, from: from, operation: .present, intent: intent, thenDismissOpener: thenDismissOpener)
    }

    /// Pushes a component by name from `from` (the top component when nil), passing `intent` forward.
    @discardableResult public func push(_ name: String, from: ModuleRef? = nil, intent: String? = nil) -> LegoOutcome {
        defer { settle() }
        return transition(to: name, from: from, operation: .push, intent: intent, thenDismissOpener: false)
    }

    /// Presents a component by name from `from` (the top component when nil), passing `intent` forward; with
    /// `thenDismissOpener`, user code dismisses the opener's own screen in the same run-loop turn.
    @discardableResult public func present(_ name: String, from: ModuleRef? = nil, intent: String? = nil, thenDismissOpener: Bool = false) -> LegoOutcome {
        defer { settle() }
        return transition(to: name, from: from, operation: .present, intent: intent, thenDismissOpener: thenDismissOpener)
    }

    /// Pops `from` (the top component when nil), passing `intent` back to the component below.
    @discardableResult public func pop(from: ModuleRef? = nil, intent: String? = nil) -> LegoOutcome {
        defer { settle() }
        return remove(from, operation: .pop, intent: intent)
    }

    /// Dismisses `from` (the top component when nil), passing `intent` back.
    @discardableResult public func dismiss(from: ModuleRef? = nil, intent: String? = nil) -> LegoOutcome {
        defer { settle() }
        return remove(from, operation: .dismiss, intent: intent)
    }

    /// Pops every component above the component the table holds for `name` (only the newest of a name is reachable),
    /// on the navigation stack both are on.
    @discardableResult public func popTo(_ name: String, from: ModuleRef? = nil) -> LegoOutcome {
        defer { settle() }
        guard let target = componentRegistry.value(for: name) else {
            return .failure("no live component named \(name) is in the component table")
        }
        guard let targetScreen = screen(showing: target), let stack = window.navigationController(of: targetScreen) else {
            return .failure("\(name) is not on the navigation stack")
        }
        let top: ComponentObject
        switch origin(from) {
        case .failure(let failure): return .failure(failure.reason)
        case .success(let component): top = component
        }
        // On the target's own stack, only that stack unwinds (other tabs keep theirs); from a screen on top of
        // everything (a presented one), what the target's level presents goes too.
        let stackTop = window.stack(stack).last
        let sameStack = stackTop.flatMap(window.controller).flatMap(shownComponent(of:)) === top
        let context = window.presentationContext(of: targetScreen)
        let presentsAbove = !sameStack && context.flatMap(window.presentedController(by:)) != nil
        let isOnTop = sameStack || window.topController.flatMap(shownComponent(of:)) === top
        guard isOnTop, stackTop != targetScreen || presentsAbove else {
            return .failure("\(top.name) is not above \(name) on top of the stack")
        }
        emit(TraceEvent(kind: .transitionBegin, name: name, object: top.ownerID, peer: target.ownerID, operation: .popTo))
        emit(TraceEvent(kind: .focus, name: top.name, object: top.id, ok: false))
        var popped = sameStack ? [] : context.map { window.dismissPresented(by: $0) } ?? []
        popped += window.popTo(targetScreen, on: stack)
        let poppedComponents = popped.compactMap { shownComponent(of: $0) }
        after(0) { [unowned self] in
            // UIKit keeps the popped interfaces alive until its animation completes.
            _ = popped
            emit(TraceEvent(kind: .focus, name: target.name, object: target.id, ok: true))
            if let data = top.intentData {
                target.backIntents.append(data)
                emit(TraceEvent(kind: .intent, object: top.id, peer: target.id, value: "back"))
            }
            for component in poppedComponents { release(component) }
            emit(TraceEvent(kind: .transitionEnd, name: name, object: top.ownerID, peer: target.ownerID, operation: .popTo, ok: true))
        }
        return .success(moduleRef(of: target))
    }

    /// The user taps another tab: steps without `from` then act on that tab's navigation stack.
    @discardableResult public func selectTab(_ module: ModuleRef) -> LegoOutcome {
        guard let index = window.tabs.firstIndex(where: { window.controller($0).flatMap(shownComponent(of:)).flatMap(moduleRef(of:)) == module }) else {
            return .failure("\(module.name) is not a tab of the window's root")
        }
        window.selectTab(index)
        return .success(module)
    }

    /// Adds a sub-module by name to `parent` (`XF_SubUInterface_`), evicting any component and routing of that name first.
    @discardableResult public func addSub(_ name: String, to parent: ModuleRef) -> LegoOutcome {
        defer { settle() }
        return sub(name, to: parent, params: [], url: nil)
    }

    /// Adds a sub-module by URL to `parent` (`XF_SubUInterface_URL`).
    @discardableResult public func addSub(url: String, to parent: ModuleRef) -> LegoOutcome {
        defer { settle() }
        guard let parentComponent = record(of: parent)?.component else {
            return .failure("parent \(parent) is no longer alive")
        }
        switch route(url, operation: .sub, opener: parentComponent) {
        case .failure(let failure): return .failure(failure.reason)
        case .success(let target):
            // XFUInterfaceFactory createSubUInterfaceFromURLComponent:parentUInterface: opens the URL first
            // (`openURLForGetComponent:`, whose transition block assembles the component and dispatches the framework's
            // URL check) and only then binds the sub-routing to its parent (`setSubRouting:forParentRouting:`).
            var announced = false
            let outcome = sub(target.name, to: parent, params: target.params, url: url) {
                announced = true
                opened(target, url: url, operation: .sub, opener: parentComponent)
            }
            if !announced { opened(target, url: url, operation: .sub, opener: parentComponent) }
            return outcome
        }
    }

    /// User code in `parent`'s routing assembles a module and calls `addSubRouting:asChildViewController:YES`
    /// (`XFRouting`): the sub-routing is in the link table and bound to its parent, its view is a child of the
    /// parent's, but it never enters the component table (no `XFUInterfaceFactory`, so no delayed `addComponent:`).
    @discardableResult public func addSubRouting(_ name: String, to parent: ModuleRef) -> LegoOutcome {
        defer { settle() }
        guard let parentComponent = record(of: parent)?.component as? Presenter, let parentRouting = parentComponent.routing,
              let parentInterface = parentComponent.interface as? any UInterface else {
            return .failure("parent \(parent) is not a live VIPER module: only a routing has sub-routings")
        }
        emit(TraceEvent(kind: .transitionBegin, name: name, object: parent.id, operation: .sub))
        let made: AssembledModule
        switch assemble(name) {
        case .failure(let failure):
            emit(TraceEvent(kind: .transitionEnd, name: name, object: parent.id, operation: .sub, value: failure.reason, ok: false))
            return .failure(failure.reason)
        case .success(let module): made = module
        }
        guard let routing = made.routing, let component = made.component, let interface = made.interface else {
            let reason = "\(name) is not a VIPER module with a Presenter: it has no routing to add"
            emit(TraceEvent(kind: .transitionEnd, name: name, object: parent.id, operation: .sub, value: reason, ok: false))
            return .failure(reason)
        }
        bind(routing, to: parentRouting)
        parentInterface.children.append(interface)
        viewDidLoad(component)
        emit(TraceEvent(kind: .link, object: parentComponent.id, peer: component.id, relation: .subComponent))
        emit(TraceEvent(kind: .transitionEnd, name: name, object: parent.id, peer: made.record.ref.id, operation: .sub, ok: true))
        return .success(made.record.ref)
    }

    // MARK: Steps

    /// The component a step starts from: the given module's, or the one on top of the screen.
    func origin(_ module: ModuleRef?) -> Result<ComponentObject, AssemblyFailure> {
        if let module {
            guard let component = record(of: module)?.component else {
                return .failure(AssemblyFailure(reason: "\(module) is no longer alive"))
            }
            return .success(component)
        }
        guard let component = visibleComponent() else {
            return .failure(AssemblyFailure(reason: "nothing is on screen: show a root component first"))
        }
        return .success(component)
    }

    /// The component of the window's top view controller: the top of the last presented stack, else of the root's
    /// stack, else of the selected tab's stack (its tab child when nothing is pushed).
    func visibleComponent() -> ComponentObject? {
        window.topController.flatMap(shownComponent(of:))
    }

    /// The navigation stack `component` is on: its screen's, else that of the tab or screen whose view contains it
    /// (`thisInterface.navigationController` for a sub-module is its container's).
    func stack(of component: ComponentObject) -> ObjectID? {
        if let screen = screen(showing: component) { return window.navigationController(of: screen) }
        return component.interface.flatMap(placement(of:)).flatMap(window.navigationController(of:))
    }

    /// The newest screen UIKit shows for `component` (tab children are not screens).
    func screen(showing component: ComponentObject) -> ObjectID? {
        screenIDs.last { window.controller($0).flatMap(shownComponent(of:)) === component }
    }

    func shownComponent(of interface: LayerObject) -> ComponentObject? {
        (interface as? any UInterface)?.shownComponent
    }

    private func transition(to name: String, from: ModuleRef?, operation: TraceEvent.Operation, intent: String?, thenDismissOpener: Bool) -> LegoOutcome {
        switch origin(from) {
        case .failure(let failure): return .failure(failure.reason)
        case .success(let opener):
            if let intent { opener.intentData = intent }
            let outcome = put(name, from: opener, operation: operation, params: [], url: nil)
            return thenDismissOpener ? dismissing(opener, after: outcome) : outcome
        }
    }

    private func open(_ url: String, from: ModuleRef?, operation: TraceEvent.Operation, intent: String?, thenDismissOpener: Bool) -> LegoOutcome {
        let opener: ComponentObject
        switch origin(from) {
        case .failure(let failure): return .failure(failure.reason)
        case .success(let component): opener = component
        }
        let outcome: LegoOutcome
        switch route(url, operation: operation, opener: opener) {
        case .failure(let failure): outcome = .failure(failure.reason)
        case .success(let target):
            if let intent { opener.intentData = intent }
            outcome = put(target.name, from: opener, operation: operation, params: target.params, url: url)
            opened(target, url: url, operation: operation, opener: opener)
        }
        return thenDismissOpener ? dismissing(opener, after: outcome) : outcome
    }

    /// User code dismisses the opener right after asking for a transition (`[self dismissViewControllerAnimated:NO
    /// completion:nil]`), before the transition block runs; the framework notices in `xfLego_viewDidDisappear:`.
    private func dismissing(_ opener: ComponentObject, after outcome: LegoOutcome) -> LegoOutcome {
        guard let refusal = remove(opener, operation: .dismiss, intent: nil).reason else { return outcome }
        let reason = "then dismissing \(opener.name) was refused: \(refusal)"
        return LegoOutcome(module: outcome.module, reason: outcome.reason.map { "\($0); \(reason)" } ?? reason)
    }

    /// `XFUIBus showComponent:onWindow:`: the new component becomes the window's root.
    private func show(_ name: String, params: [Parameter], url: String?) -> LegoOutcome {
        emit(TraceEvent(kind: .transitionBegin, name: name, url: url, operation: .show))
        let made: AssembledModule
        switch assemble(name) {
        case .failure(let failure):
            emit(TraceEvent(kind: .transitionEnd, name: name, url: url, operation: .show, value: failure.reason, ok: false))
            return .failure(failure.reason)
        case .success(let module): made = module
        }
        guard let component = made.component, let interface = made.interface else {
            let reason = "\(name) has no Presenter: it is not a component"
            emit(TraceEvent(kind: .transitionEnd, name: name, url: url, operation: .show, value: reason, ok: false))
            return .failure(reason)
        }
        component.urlParams = Self.transmitted(params)
        // The window drops its old root; the framework does not release the old root's routing.
        let old = window.root
        window.setRoot(interface, navigation: true)
        if !made.tabs.isEmpty { window.setTabs(made.tabs, navigation: true, of: interface.id) }
        if let old { _ = window.discard(old) }
        viewDidLoad(component)
        addComponent(component, log: true)
        emit(TraceEvent(kind: .transitionEnd, name: name, peer: made.record.ref.id, url: url, operation: .show, ok: true))
        return .success(made.record.ref)
    }

    /// `XFUIBus putComponent:withTransitionBlock:…`: push or present.
    func put(_ name: String, from opener: ComponentObject, operation: TraceEvent.Operation, params: [Parameter], url: String?) -> LegoOutcome {
        let fromModule = opener.ownerID
        emit(TraceEvent(kind: .transitionBegin, name: name, object: fromModule, url: url, operation: operation))
        let made: AssembledModule
        switch createNext(name, from: opener) {
        case .failure(let failure):
            emit(TraceEvent(kind: .transitionEnd, name: name, object: fromModule, url: url, operation: operation, value: failure.reason, ok: false))
            return .failure(failure.reason)
        case .success(let module): made = module
        }
        guard let next = made.component, let interface = made.interface else {
            let reason = "\(name) has no Presenter: it is not a component"
            emit(TraceEvent(kind: .transitionEnd, name: name, object: fromModule, url: url, operation: operation, value: reason, ok: false))
            return .failure(reason)
        }
        opener.nextComponent = next
        next.fromComponent = opener
        emit(TraceEvent(kind: .link, object: opener.id, peer: next.id, relation: .componentNext))
        next.urlParams = Self.transmitted(params)
        if let data = opener.intentData {
            next.componentData = data
            emit(TraceEvent(kind: .intent, object: opener.id, peer: next.id, value: "forward"))
        }
        emit(TraceEvent(kind: .focus, name: opener.name, object: opener.id, ok: false))
        opener.intentData = nil
        let nextModule = made.record.ref.id
        // A push lands on the opener's navigation controller; a presented interface gets its own.
        let stack = operation == .push ? (self.stack(of: opener) ?? window.root) : nil
        // The block captures `thisInterface` when `putComponent:` runs, not when it runs.
        let thisInterface = opener.interface
        after(0) { [unowned self] in
            // dispatch_async: UIKit shows the interface (a present only where UIKit accepts it), then the new component
            // gains focus: `completionBlock()` runs whatever UIKit did.
            var presentedBy: ObjectID?
            var refusal: String?
            if operation == .present {
                switch presentation(of: name, from: thisInterface) {
                case .success(let context): presentedBy = context
                case .failure(let refused): refusal = refused.reason
                }
            }
            // A refused interface gets no screen and its view never loads: only what the framework holds keeps it.
            if refusal == nil {
                if let presentedBy {
                    window.present(interface, navigation: true, from: presentedBy)
                } else if let stack {
                    window.push(interface, on: stack)
                }
                viewDidLoad(next)
            }
            emit(TraceEvent(kind: .focus, name: next.name, object: next.id, ok: true))
            emit(TraceEvent(kind: .transitionEnd, name: name, object: fromModule, peer: nextModule, url: url, operation: operation,
                            value: refusal, ok: refusal == nil))
        }
        addComponent(next, log: true)
        return .success(made.record.ref)
    }

    /// `component:createNextComponentFromName:`: a new instance (no eviction), linked to a VIPER opener's routing.
    private func createNext(_ name: String, from opener: ComponentObject) -> Result<AssembledModule, AssemblyFailure> {
        let result = assemble(name)
        if let presenter = opener as? Presenter {
            if case .success(let made) = result, made.component != nil, let next = made.routing, let routing = presenter.routing {
                routing.next = next
                next.previous = routing
                emit(TraceEvent(kind: .link, object: routing.id, peer: next.id, relation: .routingNext))
            }
            // Tracks the routing that starts the transition, for shared-module URL matching.
            currentActionRouting = presenter.routing
            emit(TraceEvent(kind: .actionSet, name: presenter.name, object: presenter.routing?.id))
        }
        return result
    }

    /// `removeComponentWithTransitionBlock:`: pop or dismiss the top component.
    private func remove(_ module: ModuleRef?, operation: TraceEvent.Operation, intent: String?) -> LegoOutcome {
        switch origin(module) {
        case .failure(let failure): .failure(failure.reason)
        case .success(let component): remove(component, operation: operation, intent: intent)
        }
    }

    private func remove(_ component: ComponentObject, operation: TraceEvent.Operation, intent: String?) -> LegoOutcome {
        guard let screen = screen(showing: component) else {
            return .failure("\(component.name) is not on screen")
        }
        guard screen != window.root else {
            return .failure("\(component.name) is the root: nothing to \(operation.rawValue) to")
        }
        let stack = window.navigationController(of: screen)
        let isTopOfItsStack = stack.map { window.stack($0).last == screen } ?? true
        let isPresented = window.isPresented(screen)
        // A presented screen can be dismissed while screens it presented stay (the framework only releases the
        // dismissed component; docs/presentation.md, Limits); anything else leaves only from the top of its stack.
        guard isTopOfItsStack || (operation == .dismiss && isPresented) else {
            return .failure("\(component.name) is not on top of the stack")
        }
        let from = component.fromComponent
        emit(TraceEvent(kind: .transitionBegin, name: component.name, object: component.ownerID, peer: from?.ownerID, operation: operation))
        // `componentWillResignFocus` is where components set the data they pass back.
        if let intent { component.intentData = intent }
        emit(TraceEvent(kind: .focus, name: component.name, object: component.id, ok: false))
        let top = isPresented ? window.withdraw(screen) : stack.flatMap { window.pop($0) }.map { [$0] } ?? []
        after(0) { [unowned self] in
            // UIKit keeps the interface alive until its animation completes.
            _ = top
            if let from = component.fromComponent {
                emit(TraceEvent(kind: .focus, name: from.name, object: from.id, ok: true))
                if let data = component.intentData {
                    from.backIntents.append(data)
                    emit(TraceEvent(kind: .intent, object: component.id, peer: from.id, value: "back"))
                }
            }
            let fromModule = component.fromComponent?.ownerID
            release(component)
            emit(TraceEvent(kind: .transitionEnd, name: component.name, object: component.ownerID, peer: fromModule, operation: operation, ok: true))
        }
        return .success(from.flatMap(moduleRef(of:)))
    }

    /// The completion of a removal: release the routing, break from/next, leave the component table.
    private func release(_ component: ComponentObject) {
        if let routing = (component as? Presenter)?.routing {
            releaseRouting(routing)
        }
        if let from = component.fromComponent {
            // The framework clears the opener's `next` whatever it points to now.
            from.nextComponent = nil
            emit(TraceEvent(kind: .unlink, object: from.id, peer: component.id, relation: .componentNext))
        }
        component.fromComponent = nil
        removeComponent(component, effect: .removed)
    }

    /// `xfLego_bindView:`: once the view has loaded, the routing drops its strong reference to it.
    private func viewDidLoad(_ component: ComponentObject) {
        (component as? Presenter)?.routing?.currentInterface = nil
    }

    /// `xfLego_releaseRouting:`: break previous/next, release sub-routings recursively, leave the link table.
    func releaseRouting(_ routing: Routing) {
        if let previous = routing.previous {
            previous.next = nil
            routing.previous = nil
            emit(TraceEvent(kind: .unlink, object: previous.id, peer: routing.id, relation: .routingNext))
        }
        if let subs = routing.subRoutings {
            for sub in subs {
                releaseRouting(sub)
                // The framework removes whichever component holds the sub's name now (the newest).
                removeComponent(componentRegistry.value(for: sub.name), effect: .removed)
            }
            for sub in subs {
                emit(TraceEvent(kind: .unlink, object: routing.id, peer: sub.id, relation: .sub))
                if let parent = routing.presenter, let child = sub.presenter {
                    emit(TraceEvent(kind: .unlink, object: parent.id, peer: child.id, relation: .subComponent))
                }
            }
            routing.subRoutings = nil
        }
        removeRouting(routing)
        if !(routing.isSubRoute || routing.parent != nil) { printRoutingLog() }
        routing.releaseSucceeded = true
    }

    /// Adds a sub-module: evict, create, bind to the parent, add to the component table ~15 ms later.
    private func sub(_ name: String, to parent: ModuleRef, params: [Parameter], url: String?, assembled: () -> Void = {}) -> LegoOutcome {
        guard let parentRecord = record(of: parent), let parentComponent = parentRecord.component,
              let parentInterface = parentComponent.interface as? any UInterface else {
            return .failure("parent \(parent) is no longer alive")
        }
        emit(TraceEvent(kind: .transitionBegin, name: name, object: parent.id, url: url, operation: .sub))
        switch makeSub(name, parentInterface: parentInterface, parentComponent: parentComponent, params: params, assembled: assembled) {
        case .failure(let failure):
            emit(TraceEvent(kind: .transitionEnd, name: name, object: parent.id, url: url, operation: .sub, value: failure.reason, ok: false))
            return .failure(failure.reason)
        case .success(let made):
            emit(TraceEvent(kind: .transitionEnd, name: name, object: parent.id, peer: made.record.ref.id, url: url, operation: .sub, ok: true))
            return .success(made.record.ref)
        }
    }

    /// `XFUInterfaceFactory createSubUInterfaceFromComponentName:parentUInterface:`: evict, create, put the view in the
    /// parent's, bind the routing when the parent has an event handler, add to the component table ~15 ms later.
    /// `parentComponent` is nil while the parent is still initializing (tab children): they are bound later.
    /// `assembled` runs once the component exists, before it is bound (a sub opened by URL announces the open there).
    func makeSub(_ name: String, parentInterface: any UInterface, parentComponent: ComponentObject?, params: [Parameter],
                 assembled: () -> Void = {}) -> Result<AssembledModule, AssemblyFailure> {
        evict(name)
        let made: AssembledModule
        switch assemble(name) {
        case .failure(let failure): return .failure(failure)
        case .success(let module): made = module
        }
        guard let component = made.component, let interface = made.interface else {
            return .failure(AssemblyFailure(reason: "\(name) has no Presenter: it is not a component"))
        }
        component.urlParams = Self.transmitted(params)
        assembled()
        // XFVIPERModuleHandler `subUIterfaceFromSubComponent:parentUInterface:` binds (and flags) the sub-routing
        // only when the parent view has an event handler: under a controller the sub-module stays a root routing.
        if let subRouting = made.routing, let parentRouting = (parentComponent as? Presenter)?.routing {
            bind(subRouting, to: parentRouting)
        }
        parentInterface.children.append(interface)
        viewDidLoad(component)
        if let parentComponent {
            emit(TraceEvent(kind: .link, object: parentComponent.id, peer: component.id, relation: .subComponent))
        }
        after(Self.frameworkDelay) { [unowned self] in
            // Added late so the parent's trace log is not disturbed; no log for sub-components.
            addComponent(component, log: false)
        }
        return .success(made)
    }

    /// `XFRouting addSubRouting:asChildViewController:`: flag, append to the lazily created array, set the parent.
    func bind(_ subRouting: Routing, to parentRouting: Routing) {
        subRouting.isSubRoute = true
        if parentRouting.subRoutings == nil { parentRouting.subRoutings = [] }
        parentRouting.subRoutings?.append(subRouting)
        subRouting.parent = parentRouting
        emit(TraceEvent(kind: .link, object: parentRouting.id, peer: subRouting.id, relation: .sub))
    }

    /// `createRouingFromModuleName:`: clears any component and routing of that name before building a new one.
    private func evict(_ name: String) {
        if let component = componentRegistry.value(for: name) {
            (component as? Presenter)?.userInterface = nil
            removeComponent(component, effect: .evicted)
        }
        if let routing = routingRegistry.value(for: name) {
            removeRouting(routing)
        }
    }

    // MARK: Registries

    func addComponent(_ component: ComponentObject, log: Bool) {
        let result = componentRegistry.add(component, name: component.name)
        emit(TraceEvent(kind: .componentAdd, name: component.name, object: component.id, peer: result.peer, effect: result.effect))
        if log { printComponentLog() }
    }

    /// `XFComponentManager removeComponent:`: remove by name, purge dead entries, print the trace log.
    func removeComponent(_ component: ComponentObject?, effect: TraceEvent.RegistryEffect) {
        guard let component else { return }
        let removed = componentRegistry.remove(name: component.name)
        emit(TraceEvent(
            kind: .componentRemove, name: component.name, object: component.id, peer: removed.held,
            effect: effect, count: removed.copies))
        // `removeComponent:` leaves the event-receiver table alone: only `unSubscribeEventWithCompName:` empties it.
        for zombie in componentRegistry.zombieNames {
            let purged = componentRegistry.remove(name: zombie)
            emit(TraceEvent(kind: .componentRemove, name: zombie, peer: purged.held, effect: .removed, count: purged.copies))
        }
        printComponentLog()
    }

    func removeRouting(_ routing: Routing) {
        let removed = routingRegistry.remove(name: routing.name)
        emit(TraceEvent(kind: .routingRemove, name: routing.name, object: routing.id, peer: removed.held, count: removed.copies))
    }

    /// `_transmitURLParams:`: behaviour parameters are consumed when any is present.
    static func transmitted(_ params: [Parameter]) -> [Parameter] {
        let behaviour: Set<String> = ["nav", "navC", "navTitle"]
        return params.filter { !behaviour.contains($0.key) }
    }
}
