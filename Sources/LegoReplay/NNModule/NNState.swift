import LegoModel

/// NNModule-swift's part of the replay: the service registry and instance cache, the routers and their routes, the
/// open in progress, event sets, observers and sticky notifications, the tab service's controller. It applies the
/// decisions the producer recorded (`effect`, `ok`, `value`) and never re-decides them.
public struct NNState: Sendable, Equatable {
    /// One service key's registered implementation.
    public struct Service: Sendable, Hashable {
        /// The impl class registered now.
        public var impl: String
        /// Its `implPriority`, when the producer knew it.
        public var priority: Int?
        /// When it became the key's impl.
        public var since: ReplayState.Moment
    }

    /// One router.
    public struct Router: Sendable, Hashable {
        /// Its identity.
        public var id: ObjectID
        /// Its label.
        public var name: String
        /// The router it was made with (`URLRouter(with:)`), if any.
        public var upper: ObjectID?
        /// Its parser's default scheme.
        public var defaultScheme: String?
    }

    /// One registered route of a router.
    public struct Route: Sendable, Hashable {
        /// The route as first written.
        public var written: String
        /// What handles it: a handler label or `router <name>`.
        public var handler: String
        /// The sub-router it forwards to, for a nested registration.
        public var sub: ObjectID?
        /// When it was registered.
        public var registered: ReplayState.Moment
    }

    /// What the open in progress did so far (the events before its `url.open`).
    public struct OpenInProgress: Sendable, Hashable {
        /// Redirects followed: from, to.
        public var redirects: [Redirect] = []
        /// Interceptor actions run, by class, with how many times.
        public var intercepts: [String: Int] = [:]
        /// Routers handed the open.
        public var forwards = 0
        /// Where the open's first event was.
        public var began: ReplayState.Moment?
    }

    /// One redirect an open followed.
    public struct Redirect: Sendable, Hashable {
        /// The route redirected.
        public var from: String
        /// Where it went.
        public var to: String
        /// Where it was.
        public var at: ReplayState.Moment
    }

    /// One target in an event set.
    public struct EventTarget: Sendable, Hashable {
        /// The target object (weak in the framework).
        public var object: ObjectID
        /// The event type it registered for, qualified as the producer wrote it.
        public var type: String
    }

    /// The tables, in one object: `ReplayState.nn` hands out copies (every NNModule detector reads it), and copying one
    /// reference costs one retain where copying eleven tables cost eleven (#22's profile of `check` on NNModule traces).
    /// A shared copy is copied on its first write, so the state keeps value semantics; that is also why sending it is safe.
    private final class Storage: @unchecked Sendable {
        @exclusivity(unchecked) var phase: String?
        @exclusivity(unchecked) var services: [String: Service] = [:]
        @exclusivity(unchecked) var instances: [String: ObjectID] = [:]
        @exclusivity(unchecked) var routers: [ObjectID: Router] = [:]
        @exclusivity(unchecked) var routes: [ObjectID: [String: Route]] = [:]
        @exclusivity(unchecked) var interceptors: [ObjectID: [String]] = [:]
        @exclusivity(unchecked) var openInProgress: OpenInProgress = OpenInProgress()
        @exclusivity(unchecked) var eventSets: [EventSetKey: [EventTarget]] = [:]
        @exclusivity(unchecked) var sticky: [String: ReplayState.Moment] = [:]
        @exclusivity(unchecked) var lastPost: [String: ReplayState.Moment] = [:]
        @exclusivity(unchecked) var tabBarController: ObjectID?

        init() {}

        init(copying other: Storage) {
            phase = other.phase
            services = other.services
            instances = other.instances
            routers = other.routers
            routes = other.routes
            interceptors = other.interceptors
            openInProgress = other.openInProgress
            eventSets = other.eventSets
            sticky = other.sticky
            lastPost = other.lastPost
            tabBarController = other.tabBarController
        }
    }

    private var storage = Storage()

    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(copying: storage) }
    }

    /// The bootstrap phase reached (`phase` events).
    public internal(set) var phase: String? {
        get { storage.phase }
        _modify {
            makeUnique()
            yield &storage.phase
        }
    }

    /// Service key → its registered impl.
    public internal(set) var services: [String: Service] {
        get { storage.services }
        _modify {
            makeUnique()
            yield &storage.services
        }
    }

    /// Impl class → its cached instance: the framework never drops a replaced impl's instance.
    public internal(set) var instances: [String: ObjectID] {
        get { storage.instances }
        _modify {
            makeUnique()
            yield &storage.instances
        }
    }

    /// Routers by identity.
    public internal(set) var routers: [ObjectID: Router] {
        get { storage.routers }
        _modify {
            makeUnique()
            yield &storage.routers
        }
    }

    /// Router → key → route.
    public internal(set) var routes: [ObjectID: [String: Route]] {
        get { storage.routes }
        _modify {
            makeUnique()
            yield &storage.routes
        }
    }

    /// Router → the interceptor actions installed on its chain (`interceptor.add` with `ok`), in order.
    public internal(set) var interceptors: [ObjectID: [String]] {
        get { storage.interceptors }
        _modify {
            makeUnique()
            yield &storage.interceptors
        }
    }

    /// The open in progress.
    public internal(set) var openInProgress: OpenInProgress {
        get { storage.openInProgress }
        _modify {
            makeUnique()
            yield &storage.openInProgress
        }
    }

    /// Event sets by bus and unqualified key: targets, dead ones included until the set is removed.
    public internal(set) var eventSets: [EventSetKey: [EventTarget]] {
        get { storage.eventSets }
        _modify {
            makeUnique()
            yield &storage.eventSets
        }
    }

    /// Sticky notifications stored, by name: when the stored value was posted.
    public internal(set) var sticky: [String: ReplayState.Moment] {
        get { storage.sticky }
        _modify {
            makeUnique()
            yield &storage.sticky
        }
    }

    /// The last post of each notification name, sticky or not.
    public internal(set) var lastPost: [String: ReplayState.Moment] {
        get { storage.lastPost }
        _modify {
            makeUnique()
            yield &storage.lastPost
        }
    }

    /// The tab bar controller the tab service holds, if any.
    public internal(set) var tabBarController: ObjectID? {
        get { storage.tabBarController }
        _modify {
            makeUnique()
            yield &storage.tabBarController
        }
    }

    /// An empty state.
    public init() {}

    /// Two states are equal when their tables are.
    public static func == (lhs: NNState, rhs: NNState) -> Bool {
        lhs.storage === rhs.storage || (lhs.phase == rhs.phase && lhs.services == rhs.services && lhs.instances == rhs.instances && lhs.routers == rhs.routers && lhs.routes == rhs.routes && lhs.interceptors == rhs.interceptors && lhs.openInProgress == rhs.openInProgress && lhs.eventSets == rhs.eventSets && lhs.sticky == rhs.sticky && lhs.lastPost == rhs.lastPost && lhs.tabBarController == rhs.tabBarController)
    }

    /// The registry a router's routes live in, for `ReplayState.Change`.
    public static func routeTable(_ router: ObjectID) -> RegistryID { RegistryID(rawValue: "routes#\(router)") }

    /// The key of one event set: its bus and the unqualified event name (two strings, never joined into a new one).
    public struct EventSetKey: Sendable, Hashable {
        /// The bus or set (`EventBus.default`).
        public var bus: String
        /// The unqualified event type name.
        public var name: String
    }

    /// The event-set key of a bus and an unqualified event name.
    public static func eventSetKey(bus: String, name: String) -> EventSetKey { EventSetKey(bus: bus, name: name) }

    /// Applies one NNModule event (or a shared kind NNModule traces use); returns what it changed beyond its fields.
    mutating func apply(_ event: TraceEvent) -> ReplayState.Change? {
        let moment = ReplayState.Moment(event)
        switch event.kind {
        case .nnPhase:
            if event.name == nil { phase = event.value }
        case .nnServiceRegister:
            guard let key = event.name, let impl = event.className else { return nil }
            switch event.effect {
            case .added, .overwritten:
                services[key] = Service(impl: impl, priority: event.count, since: moment)
            case .ignored:
                return .shadowed(table: .nnServices, name: key, kept: nil, ignored: nil)
            default:
                break
            }
        case .nnServiceResolve:
            if event.value == "created", let impl = event.className, let object = event.object { instances[impl] = object }
        case .nnServiceRemove:
            if let key = event.name { services[key] = nil }
            if let impl = event.className, event.object != nil { instances[impl] = nil }
        case .nnRouterCreate:
            if let id = event.object {
                routers[id] = Router(id: id, name: event.name ?? "router", upper: event.peer, defaultScheme: event.value)
            }
        case .nnRouteRegister:
            guard let router = event.object, let key = event.name else { return nil }
            switch event.effect {
            case .added:
                routes[router, default: [:]][key] = Route(written: event.url ?? key, handler: event.peerName ?? "handler",
                                                           sub: event.peer, registered: moment)
            case .ignored:
                return .shadowed(table: Self.routeTable(router), name: key, kept: nil, ignored: nil)
            default:
                break
            }
        case .nnRouteRedirect:
            if openInProgress.began == nil { openInProgress.began = moment }
            openInProgress.redirects.append(Redirect(from: event.url ?? "", to: event.value ?? "", at: moment))
        case .nnRouteForward:
            if openInProgress.began == nil { openInProgress.began = moment }
            openInProgress.forwards += 1
        case .urlIntercept:
            if openInProgress.began == nil { openInProgress.began = moment }
            if let action = event.value { openInProgress.intercepts[action, default: 0] += 1 }
        case .nnInterceptorAdd:
            if event.ok == true, let router = event.object, let action = event.className { interceptors[router, default: []].append(action) }
        case .urlOpen:
            openInProgress = OpenInProgress()
        case .nnEventRegister:
            guard let key = event.name, let target = event.object else { return nil }
            let setKey = Self.eventSetKey(bus: event.peerName ?? "", name: key)
            eventSets[setKey, default: []].removeAll { $0.object == target }
            eventSets[setKey, default: []].append(EventTarget(object: target, type: event.value ?? key))
        case .nnEventRemove:
            if let key = event.name { eventSets[Self.eventSetKey(bus: event.peerName ?? "", name: key)] = nil }
        case .notification:
            guard let name = event.name ?? event.value else { return nil }
            lastPost[name] = moment
            if event.ok == true { sticky[name] = moment }
        case .nnStickyRemove:
            if let name = event.name { sticky[name] = nil }
        case .nnTabSetup:
            tabBarController = event.object
        case .nnTabReload:
            tabBarController = nil
        default:
            break
        }
        return nil
    }
}

extension RegistryID {
    /// NNModule-swift's service registry (`ModuleServiceCenter.serviceTypeMap`).
    public static let nnServices = RegistryID(rawValue: "services")
}
