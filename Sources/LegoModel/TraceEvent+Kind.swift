extension TraceEvent {
    /// The closed set of event kinds of trace formats 1.x and 2.0; `docs/trace-format.md` documents each one.
    public enum Kind: String, Sendable, CaseIterable, Hashable {
        /// The app-wide class prefix was set (`value`: prefix, `ok`: true when inferred, `cls`: the class it was inferred from).
        case prefixSet = "prefix.set"
        /// A URL was registered for a component (`url`, `name`, `effect`: added/overwritten, `peerName`: the name it overwrote).
        case urlRegister = "url.register"
        /// A dictionary URL group replaced the whole route table (`n`: routes dropped).
        case urlReplaceAll = "url.replaceAll"
        /// A URL route was removed (`url`, `name`).
        case urlRemove = "url.remove"
        /// The HTTP handler component was registered (`name`).
        case urlHandler = "url.handler"
        /// An interceptor ran for an open (`url`, `value`: interceptor, `ok`: true when it blocked).
        case urlIntercept = "url.intercept"
        /// A URL open was requested (`url`, `op`, `obj`: the opener's component, `name`: resolved component, `params`, `ok`, `value`: failure reason).
        case urlOpen = "url.open"
        /// A class could not be assembled or named as intended (`cls`, `name`: the name it got, `value`: reason).
        case namingProblem = "naming.problem"
        /// An object of a module layer came alive (`obj`, `cls`, `layer`, `name`, `peer`: owning routing/component).
        case objectAlloc = "object.alloc"
        /// An object was deinitialized (`obj`, `cls`, `layer`, `name`).
        case objectDeinit = "object.deinit"
        /// The app has a module's classes (`name`: the component name the framework gives it, `cls`: its entry class,
        /// `mk`, `gene`), whether or not any journey reaches it; written when the module is declared.
        case moduleDeclare = "module.declare"
        /// A module or controller component was assembled (`obj`: its routing or controller, `name`, `cls`, `mk`, `gene`, `objs`: its layer objects).
        case moduleAssemble = "module.assemble"
        /// A routing entered the routing link table (`name`, `obj`, `effect`, `peer`: the instance it overwrote).
        case routingAdd = "routing.add"
        /// A name left the routing link table (`name`, `obj`: the routing released, `peer`: the entry the map held, `n`: copies removed).
        case routingRemove = "routing.remove"
        /// A component entered the component table (`name`, `obj`, `effect`, `peer`: the instance it overwrote).
        case componentAdd = "component.add"
        /// A name left the component table (`name`, `obj`, `peer`, `n`, `effect`: removed/evicted).
        case componentRemove = "component.remove"
        /// An event receiver registered (`name`, `obj`, `effect`, `peer`).
        case receiverAdd = "receiver.add"
        /// An event receiver was removed (`name`, `obj`).
        case receiverRemove = "receiver.remove"
        /// A routing became the live instance of a gene in the shared-module table (`gene`, `obj`, `name`).
        case sharedAdd = "shared.add"
        /// A relation was set (`rel`, `obj` → `peer`).
        case link = "link"
        /// A relation was broken (`rel`, `obj` → `peer`).
        case unlink = "unlink"
        /// The routing that started the transition in progress changed (`obj`, or absent when cleared).
        case actionSet = "action.set"
        /// A transition started (`op`, `obj`: from, `peer`: to, `name`: target name, `url`).
        case transitionBegin = "transition.begin"
        /// A transition completed (`op`, `obj`, `peer`, `name`, `url`, `ok`).
        case transitionEnd = "transition.end"
        /// A component gained (`ok`: true) or resigned (`ok`: false) focus (`obj`, `name`).
        case focus = "focus"
        /// Intent data passed between components (`obj` → `peer`, `value`: forward/back).
        case intent = "intent"
        /// A component event was sent (`value`: event name, `name`: target or absent when global, `objs`: receivers reached, `n`).
        case eventSend = "event.send"
        /// A notification was bridged to components (`value`: notification name, `objs`, `n`).
        case notification = "notification"
        /// User code took a strong reference to an object (`obj`, `value`: label).
        case refHold = "ref.hold"
        /// User code dropped a strong reference it held (`obj`, `value`: label).
        case refRelease = "ref.release"
        /// The scenario clock advanced (`value`: seconds, as text).
        case clockAdvance = "clock.advance"
        /// An imported console-log snapshot was applied (`line`: first line, `n`: last line, `value`: which log).
        case snapshot = "snapshot"
        /// The recording ended cleanly: written once, last, when the writer is closed (`n`: events before it).
        /// A trace without it stopped early (a crash, a kill, a writer never closed), so what it shows last is unconfirmed.
        case traceEnd = "trace.end"

        // MARK: QFMoudle (format 2.0)
        /// The router looked a protocol up by class name and, when a class exists, made a new instance (`name`: protocol,
        /// `cls`: the class tried, `obj`: the instance, `ok`, `value`: the reason when not plain, `peerName`: the
        /// caller's class, `url`: the URL when `interfaceForURL:` made the call).
        case moduleResolve = "module.resolve"
        /// The router set one URL query item on a module by key-value coding (`obj`: module, `cls`, `name`: key,
        /// `params`: `{key: text}`, absent for a nil value, `ok`: false when it raised, `value`: the verdict when not plain).
        case kvcSet = "kvc.set"
        /// User code set a module's `callbackBlock` (`obj`: module, `objs`: the objects the block captures strongly,
        /// `peerName`: the setter's class).
        case callbackSet = "callback.set"
        // MARK: NNModule-swift (format 2.0)
        /// NNModule: a bootstrap phase began, or one of its class methods ran (`value`: phase, `cls`: the method's class, `name`: the method).
        case nnPhase = "phase"
        /// NNModule: a service registration and what the service center decided (`name`: key, `cls`: impl, `n`: priority,
        /// `effect`: added/overwritten/ignored, `peerName`: the impl kept or replaced, `value`: why ignored or dropped, `ok`: false when dropped).
        case nnServiceRegister = "service.register"
        /// NNModule: a service lookup (`name`: key, `cls`: impl, `obj`: instance, `ok`, `value`: created/cached/not registered/loop: A -> B -> A).
        case nnServiceResolve = "service.resolve"
        /// NNModule: a service key was removed (`name`, `cls`: its impl, `obj`: the instance dropped from the cache, `ok`: whether one was).
        case nnServiceRemove = "service.remove"
        /// NNModule: a router was made (`obj`, `name`: its label, `peer`: its upper router, `value`: its parser's default scheme).
        case nnRouterCreate = "router.create"
        /// NNModule: a route registration and its outcome (`obj`: router, `url`: as written, `name`: key, `effect`: added/ignored,
        /// `value`: duplicate/invalid/delayed/wrong-upper, `peer`: the sub-router it forwards to, `peerName`: the handler).
        case nnRouteRegister = "route.register"
        /// NNModule: an open was redirected (`obj`: router, `url`: from, `value`: to, `n`: depth, `ok`: false when the model stopped a loop).
        case nnRouteRedirect = "route.redirect"
        /// NNModule: an open went to another router (`obj`: from, `peer`: to, `url`, `value`: sub/upper, `ok`: false when the model stopped a loop).
        case nnRouteForward = "route.forward"
        /// NNModule: a route handler ran (`obj`: router, `name`: key, `url`, `ok`: what it returned, `value`: what the navigator did).
        case nnRouteHandle = "route.handle"
        /// NNModule: an interceptor action was appended (`obj`: router, `cls`: action, `ok`: installed, `value`: why not).
        case nnInterceptorAdd = "interceptor.add"
        /// NNModule: a target was added to an event set or the event bus (`name`: key, `value`: the event type, `obj`: target, `peerName`: set or bus, `ok`).
        case nnEventRegister = "event.register"
        /// NNModule: an event type's set was removed from the bus, or a target from a set (`name`, `peerName`, `obj`, `n`: targets dropped).
        case nnEventRemove = "event.remove"
        /// NNModule: a notification observer was added (`name`: notification, `obj`: observer token, `ok`: a sticky value was replayed to it).
        case nnObserverAdd = "observer.add"
        /// NNModule: a notification observer was removed (`name`, `obj`, `value`: discarded/disposed/released).
        case nnObserverRemove = "observer.remove"
        /// NNModule: a sticky notification's stored value was removed (`name`).
        case nnStickyRemove = "sticky.remove"
        /// NNModule: a launch task was added (`cls`, `value`: run mode, `n`: priority, `ok`: false when `execute()` already ran).
        case nnTaskRegister = "task.register"
        /// NNModule: a launch task ran (`cls`, `value`: run mode, `n`: priority).
        case nnTaskRun = "task.run"
        /// NNModule: a tab item was added (`cls`, `name`: screen, `n`: index, `ok`: false when the tab bar was already set up).
        case nnTabRegister = "tab.register"
        /// NNModule: the tab bar controller took its items (`obj`: controller, `n`: item count).
        case nnTabSetup = "tab.setup"
        /// NNModule: the tab service dropped its items and controller (`obj`: the controller it held).
        case nnTabReload = "tab.reload"
        /// NNModule: the window's root view controller changed (`obj`: new root, `peer`: old root).
        case nnWindowRoot = "window.root"
    }
}

extension TraceEvent {
    /// VIPER layers and component flavours.
    public enum Layer: String, Sendable, CaseIterable, Hashable {
        case routing, presenter, activity, interactor, dataManager, viewController, viewModel
        /// The class-name suffix the framework expects for this layer.
        public var suffix: String {
            switch self {
            case .routing: "Routing"
            case .presenter: "Presenter"
            case .activity: "Activity"
            case .interactor: "Interactor"
            case .dataManager: "DataManager"
            case .viewController: "ViewController"
            case .viewModel: "ViewModel"
            }
        }
    }

    /// Relations between objects.
    public enum Relation: String, Sendable, CaseIterable, Hashable {
        /// Routing `next` (strong, the reverse `previous` is implied and also strong).
        case routingNext = "routing.next"
        /// Component `next` (weak, the reverse `from` is implied).
        case componentNext = "component.next"
        /// Routing `subRoutings` containment: `obj` is the parent, `peer` the sub-routing.
        case sub = "sub"
        /// Component containment for sub-components: `obj` is the parent component, `peer` the child.
        case subComponent = "sub.component"
        /// The shared Interactor (`peer`) a virtual module's routing (`obj`) uses.
        case sharedInteractor = "shared.interactor"
    }

    /// What a registry change did, as the framework decided it; the replay applies it and never re-decides.
    public enum RegistryEffect: String, Sendable, CaseIterable, Hashable {
        /// A new entry.
        case added
        /// The entry replaced the one of the same key (XFLegoVIPER's tables; NNModule's strictly higher priority).
        case overwritten
        /// A removal.
        case removed
        /// A removal the framework made to make room (XFLegoVIPER evicts a component when its name is reused).
        case evicted
        /// The registration was silently dropped and the existing entry kept (NNModule: the first route wins, a tie
        /// or lower priority keeps the registered service). Format 2.0 and later.
        case ignored
    }

    /// Transitions.
    public enum Operation: String, Sendable, CaseIterable, Hashable {
        case show, push, present, pop, popTo, dismiss, sub
    }

    /// What kind of module was assembled.
    public enum ModuleKind: String, Sendable, CaseIterable, Hashable {
        /// A VIPER module (routing + layers).
        case viper
        /// A VIPER module assembled from a gene module under its own name.
        case virtual
        /// An MVC controller component.
        case controller
        /// An MVVM component.
        case viewModel
        /// A QFMoudle module: an instance of the class named after a protocol. Format 2.0 and later.
        case protocolModule = "protocol"
    }
}
