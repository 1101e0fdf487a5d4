import LegoModel

extension NNModuleRuntime {
    /// An implementation class the app has: what its `implPriority` says and which services its `init` looks up.
    public struct ImplClass: Sendable, Hashable {
        /// The class name.
        public var name: String
        /// Its `implPriority` (nil: not overridden, read as 0).
        public var priority: Int?
        /// Whether it conforms to the service it is registered for and to `ModuleFunctionalService`.
        public var conforms: Bool
        /// Service keys its `init` looks up, in order.
        public var lookups: [String]
        /// Creates an impl class.
        public init(name: String, priority: Int? = nil, conforms: Bool = true, lookups: [String] = []) {
            self.name = name; self.priority = priority; self.conforms = conforms; self.lookups = lookups
        }
    }

    /// What a route handler does when it runs.
    public struct Handler: Sendable, Hashable {
        /// How the handler navigates.
        public enum Navigation: String, Sendable, Hashable, CaseIterable {
            /// `navigator.push(vc)`.
            case push
            /// `navigator.present(vc)`.
            case present
            /// `navigator.push(UINavigationController(rootViewController: vc))`: the navigator ignores it.
            case pushNavigationController
            /// Nothing: the handler only returns.
            case none
        }
        /// The screen it makes, if any.
        public var screen: String?
        /// How it shows it.
        public var navigation: Navigation
        /// What the handler returns (a `switch` default returns false).
        public var returns: Bool
        /// Paths (case kept) a host-level handler accepts; empty: every path.
        public var paths: [String]
        /// Creates a handler.
        public init(screen: String? = nil, navigation: Navigation = .push, returns: Bool = true, paths: [String] = []) {
            self.screen = screen; self.navigation = navigation; self.returns = returns; self.paths = paths
        }
        /// The handler's label in traces.
        var label: String { screen.map { "\(navigation.rawValue) \($0)" } ?? "handler" }
    }

    /// An interceptor action.
    public struct Interceptor: Sendable, Hashable {
        /// The action's class.
        public var className: String
        /// The routes it applies to (`specifiedRoutes`); empty: every route.
        public var routes: [String]
        /// Whether it rejects what it matches.
        public var rejects: Bool
        /// Creates an action.
        public init(className: String, routes: [String] = [], rejects: Bool = false) {
            self.className = className; self.routes = routes; self.rejects = rejects
        }
    }

    /// How a launch task runs (`runMode`).
    public enum RunMode: String, Sendable, Hashable, CaseIterable {
        case syncOnMain, asynOnMain, asynOnGlobal
    }

    /// What one open did, as the framework returns it.
    public struct OpenResult: Sendable, Hashable {
        /// `openRoute`'s result.
        public var handled: Bool
        /// Why it was not handled, or what the handler did.
        public var reason: String?
    }

    struct Router {
        let id: ObjectID
        let name: String
        let upper: String?
        let parser: NNRouteParser
        var routes: [String: Route] = [:]
        var delayed: [(route: String, handler: Handler)] = []
    }

    enum Route {
        case handler(Handler)
        case forward(sub: String)
    }

    struct EventSetState {
        var targets: [(object: ObjectID, type: String)] = []
    }

    struct ObserverState {
        let token: ObjectID
        let name: String
        let owner: ObjectID?
    }

    struct TabItem {
        let screen: String
    }

    struct LaunchTask {
        let className: String
        let mode: RunMode
        let priority: Int
    }

    /// A view controller the model made; where it sits is the window's business.
    struct Screen: Identifiable {
        let id: ObjectID
        let name: String
        /// Whether it is a `UINavigationController` (its stack starts with it).
        let isNavigation: Bool
    }
}
