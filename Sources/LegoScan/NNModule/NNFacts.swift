import LegoModel

/// What NNModule-swift source says, in source order, merged over the files of an app: the raw facts before router
/// names and route keys are resolved (`NNScannedApp`).
public struct NNFacts: Sendable, Hashable {
    /// Which of the framework's two APIs a call went through.
    public enum API: String, Sendable, Hashable {
        /// `Module.register(service:used:)`, `Module.service(of:)` (Swift generics).
        case swift
        /// `registerServiceOfProtocol:usedImplClass:`, `serivceOfProtocol:` (Objective-C).
        case objectiveC = "objc"
    }

    /// A class (or an extension's class) the file declares, with what the framework reads from it.
    public struct ClassDeclaration: Sendable, Hashable {
        /// The class name.
        public var name: String
        /// Its superclass (the first inherited type written), if any.
        public var superclass: String?
        /// Where it is declared.
        public var location: SourceLocation
    }

    /// A file-level `typealias Name = Target` naming another type: the framework keys a service by
    /// `String(reflecting: T.self)`, which names the aliased type, never the alias
    /// (`YiHuaXie/NNModule@5d3e56e:NNModule/ModuleManager/Core/ModuleServiceCenter.swift:161-163`). An alias inside a type
    /// or function names something else outside it, so only file-level ones are kept.
    public struct TypeAlias: Sendable, Hashable {
        /// The alias.
        public var name: String
        /// The type it names, as written (`P`, `Module.P`); only a plain or dotted name is kept.
        public var target: String
        /// Whether it is `private` or `fileprivate`: it names its target in its own file only.
        public var fileScoped: Bool
        /// Where.
        public var location: SourceLocation
    }

    /// `static var implPriority: Int { N }` (Swift) or `+ (NSInteger)implPriority { return N; }` (Objective-C).
    public struct Priority: Sendable, Hashable {
        /// The class it is declared on.
        public var className: String
        /// The value, nil when computed.
        public var value: Int?
        /// Where.
        public var location: SourceLocation
    }

    /// A class method of `Module.RegisterService` / `ModuleRegisterService` or `Module.Awake` / `ModuleAwake`, which
    /// `ModuleManager` invokes with no arguments (`ModuleManager.swift:76-92`).
    public struct BootstrapMethod: Sendable, Hashable {
        /// Which class it extends.
        public enum Kind: String, Sendable, Hashable { case registerService, awake }
        /// How the framework will call it.
        public enum Shape: String, Sendable, Hashable {
            /// `@objc static func f()` or `+ (void)f`: invoked once.
            case invoked
            /// Has parameters: invoked with none (undefined behaviour).
            case hasParameters
            /// Not an `@objc static`/class method: never invoked.
            case neverInvoked
            /// `load` or `initialize`: invoked by the runtime and again by the framework.
            case runsTwice
        }
        /// Which class.
        public var kind: Kind
        /// The method name.
        public var name: String
        /// Its shape.
        public var shape: Shape
        /// Where.
        public var location: SourceLocation
    }

    /// A `#if` clause or an arm of an `if`, `switch`, `guard` or `?:` a fact is written in.
    public typealias Branch = SourceBranch

    /// `Module.register(service: P.self, used: Impl.self)` or its Objective-C spelling.
    public struct ServiceRegistration: Sendable, Hashable {
        /// The protocol (key), or its expression when not written as `P.self` / `@protocol(P)`.
        public var service: ScanValue
        /// The impl class, or its expression.
        public var impl: ScanValue
        /// The API used.
        public var api: API
        /// The bootstrap method it is written in, if any (its order against other methods is the runtime's).
        public var method: String?
        /// Where.
        public var location: SourceLocation
        /// The `#if` clauses and the arms of `if`, `switch`, `guard` and `?:` it is written in.
        public var branches: [Branch] = []
        /// The types it is written in, innermost last: inside them their own `typealias`es name the service.
        public var enclosingTypes: [String] = []
        /// Whether the same function removed the service before it (`Module.removeService(of:)`): the key is free again, so
        /// this registration is not compared with earlier ones (`ModuleServiceCenter.swift:105-107, 146-147`).
        public var afterRemoval = false
    }

    /// `Module.service(of: P.self)`, a default service accessor, or `[Module serivceOfProtocol:@protocol(P)]`.
    public struct ServiceLookup: Sendable, Hashable {
        /// The protocol (key), or its expression.
        public var service: ScanValue
        /// The API used.
        public var api: API
        /// The class it is written in.
        public var fromClass: String?
        /// Where.
        public var location: SourceLocation
        /// The types it is written in, innermost last (their own `typealias`es name the service there).
        public var enclosingTypes: [String] = []
    }

    /// A router made in code: `URLRouter(with: upper)` or `URLRouter(routeParser: URLRouteParser(defaultScheme: "x"))`.
    public struct RouterCreation: Sendable, Hashable {
        /// The router's name: the variable or property it is stored in, qualified by its class (`ShopModule.router`).
        public var name: String
        /// The upper router's name for a nested router.
        public var upper: String?
        /// A literal default scheme given to its parser.
        public var defaultScheme: String?
        /// Where.
        public var location: SourceLocation
        /// Whether its name is its file's only: declared in a `private` or `fileprivate` type, or `private` itself.
        public var fileScoped = false
    }

    /// `URLRouteParser(defaultScheme: …)` anywhere (a parser is often made in a variable and given to a router on
    /// another line: `URLRouter.default = URLRouter(routeParser: parser)`).
    public struct ParserCreation: Sendable, Hashable {
        /// The default scheme, lower-cased as the parser keeps it (`URLRouteParser.swift:81-83`); nil when computed.
        public var defaultScheme: String?
        /// Where.
        public var location: SourceLocation
    }

    /// `registerRoute`, `delayedRegisterRoute`, `registerRoute(_:used:)` or `registerRoutes(_:used:)` on a router.
    public struct RouteRegistration: Sendable, Hashable {
        /// How the route is served.
        public enum Kind: String, Sendable, Hashable { case handler, delayed, subRouter }
        /// The router's name (see `RouterCreation.name`).
        public var router: String
        /// The route as written.
        public var route: ScanValue
        /// How.
        public var kind: Kind
        /// For `.subRouter`: the sub-router's name.
        public var subRouter: String?
        /// Where.
        public var location: SourceLocation
        /// The `#if` clauses and the arms of `if`, `switch`, `guard` and `?:` it is written in.
        public var branches: [Branch] = []
        /// Whether the same function removed the route before it (`removeRoute`, `URLRouter.swift:104-108`): a
        /// re-registration, which is not compared with the others (which runs first is not known).
        public var afterRemoval = false
    }

    /// `URLRouter.default = router`: the static is assignable (`URLRouter.swift:41-42`), and the framework's example
    /// assigns it (`Example_URLRouter/RouteUtils.swift:22`), so `URLRouter.default` may then be that router.
    public struct DefaultRouterAssignment: Sendable, Hashable {
        /// The router assigned, by name; nil when it is made or computed in place.
        public var router: String?
        /// Where.
        public var location: SourceLocation
    }

    /// `openRoute(…)` on a router.
    public struct RouteOpen: Sendable, Hashable {
        /// The router's name.
        public var router: String
        /// The route as written; for `x ?? "…"`, the expression `x`.
        public var route: ScanValue
        /// The literal after `??` when the route is `x ?? "…"`: what is opened when `x` is nil.
        public var fallback: String?
        /// The class it is written in.
        public var fromClass: String?
        /// Where.
        public var location: SourceLocation
    }

    /// One pair of `updateRedirectRoutes` / `resetRedirectRoutes` (a dynamic map is one entry with no pairs).
    public struct Redirect: Sendable, Hashable {
        /// The route redirected, or the map's expression when it is not a literal dictionary.
        public var from: ScanValue
        /// Where it goes (nil for a dynamic map).
        public var to: ScanValue?
        /// Whether the map replaces every earlier one (`resetRedirectRoutes`).
        public var resets: Bool
        /// Where.
        public var location: SourceLocation
        /// The router whose `routeRedirector` holds the map (see `RouterCreation.name`); nil when not written so.
        public var router: String? = nil
    }

    /// `routeInterceptor.append(…)` / `insert(…, at:)` with an action's specified routes when written inline.
    public struct Interceptor: Sendable, Hashable {
        /// The action class (`URLRouteInterceptor.Action` for an inline action), or its expression.
        public var action: String
        /// The specified routes when written as literals (empty: every route, or not known).
        public var routes: [ScanValue]
        /// Where.
        public var location: SourceLocation
    }

    /// `EventBus…register(E.self, target:)`, `.send(E.self)`, `.remove(E.self)`, or an `EventSet<E>`'s `addTarget` / `send`.
    public struct Event: Sendable, Hashable {
        /// What the call does.
        public enum Kind: String, Sendable, Hashable { case register, send, remove }
        /// The event type as written (`LoginModule.LoginEvent`).
        public var type: String
        /// The bus or set it goes through, as written (`EventBus.default`).
        public var bus: String
        /// What.
        public var kind: Kind
        /// The class it is written in.
        public var fromClass: String?
        /// Where.
        public var location: SourceLocation
    }

    /// `addObserver(forName:isSticky:…)` of the framework's sticky notifications (`StickyNotification.swift:20-46`).
    public struct Observer: Sendable, Hashable {
        /// What happens to the returned `NotificationObserver`.
        public enum Token: String, Sendable, Hashable {
            /// Stored in a variable or property, or returned.
            case kept
            /// `.disposed(by: pool)`.
            case disposed
            /// Neither: its `deinit` removes the observer at once (`NotificationObserver.swift:33`).
            case discarded
        }
        /// The notification name as written (`.didLogin`, `Notification.Name("x")`).
        public var name: ScanValue
        /// `isSticky: true`.
        public var sticky: Bool
        /// The token's fate.
        public var token: Token
        /// The class it is written in.
        public var fromClass: String?
        /// Where.
        public var location: SourceLocation
        /// For a statement of its own: the result builder that may collect it, to be told once every file is read.
        public var resultBuilder: ResultBuilderUse? = nil
    }

    /// What may make a body a result builder's (SE-0289), whose expression statements are handed to its `buildBlock`.
    public enum ResultBuilderUse: Sendable, Hashable {
        /// The attributes (last name parts) of the property, getter or function whose body it is.
        case attributes([String])
        /// The closure is an argument of a call of `function`, with `label` (nil: unlabelled or trailing).
        case argument(function: String, label: String?)
    }

    /// A parameter of a function or initializer with attributes, one of which may be a result builder (`@B _ build: …`).
    public struct AttributedParameter: Sendable, Hashable {
        /// The function's base name (a type's name for an initializer).
        public var function: String
        /// The argument label (nil for `_`).
        public var label: String?
        /// The attributes' names (last name parts).
        public var attributes: [String]
    }

    /// `post(name:isSticky:…)`.
    public struct Post: Sendable, Hashable {
        /// The notification name as written.
        public var name: ScanValue
        /// `isSticky: true`.
        public var sticky: Bool
        /// Where.
        public var location: SourceLocation
    }

    /// `Module.tabService.addRegister(X.self)` or `Module.launchTaskService.addRegister(X.self)`.
    public struct Registered: Sendable, Hashable {
        /// Which service.
        public enum Kind: String, Sendable, Hashable { case tab, launchTask }
        /// Which.
        public var kind: Kind
        /// The class registered, or its expression.
        public var className: ScanValue
        /// The bootstrap method it is written in, if any.
        public var method: String?
        /// Where.
        public var location: SourceLocation
        /// The function it is written in, as `name(label:…)` (`applicationWillAwake()`,
        /// `application(_:didFinishLaunchingWithOptions:)`); nil outside a function or in Objective-C.
        public var function: String? = nil
    }

    /// Classes declared.
    public var classes: [ClassDeclaration] = []
    /// The names of the structs and enums declared: the framework's own parser is a class in one version and a struct in
    /// the next (`URLRouteParser`, 1.0.0 and 1.0.2), and both mark a vendored copy.
    public var valueTypes: [String] = []
    /// The names of the protocols declared (Swift `protocol P`, Objective-C `@protocol P` with a body): a service the
    /// scanned source looks up but does not declare comes from code the scan did not read.
    public var protocols: [String] = []
    /// File-level type aliases naming a plain or dotted type.
    public var typeAliases: [TypeAlias] = []
    /// Aliases declared inside a type, named `Type.Name`: inside that type (or written `Type.Name`) the name is the
    /// type's own alias, not a file-level one.
    public var typeScopedAliases: [TypeAlias] = []
    /// `implPriority` declarations.
    public var priorities: [Priority] = []
    /// Bootstrap methods.
    public var bootstrapMethods: [BootstrapMethod] = []
    /// Service registrations.
    public var registrations: [ServiceRegistration] = []
    /// Services a vendored file registers (a business pod under `Pods/`), by unqualified name, with the file: the
    /// framework runs every register method of every image (`ModuleManager.swift:31, 76-92`), pods included.
    public var vendoredRegistrations: [String: String] = [:]
    /// Service lookups.
    public var lookups: [ServiceLookup] = []
    /// Routers made in code.
    public var routers: [RouterCreation] = []
    /// Assignments to `URLRouter.default`.
    public var defaultRouterAssignments: [DefaultRouterAssignment] = []
    /// Route parsers made in code.
    public var parsers: [ParserCreation] = []
    /// Route registrations.
    public var routes: [RouteRegistration] = []
    /// Route opens.
    public var opens: [RouteOpen] = []
    /// Redirects.
    public var redirects: [Redirect] = []
    /// Interceptor actions added.
    public var interceptors: [Interceptor] = []
    /// Event-bus and event-set calls.
    public var events: [Event] = []
    /// Sticky-notification observers.
    public var observers: [Observer] = []
    /// Notification posts.
    public var posts: [Post] = []
    /// Tab items and launch tasks registered.
    public var registered: [Registered] = []
    /// Types declared `@resultBuilder`.
    public var resultBuilderTypes: [String] = []
    /// Function and initializer parameters with attributes (`@B _ build: () -> [T]`).
    public var attributedParameters: [AttributedParameter] = []
    /// Problems reading the source.
    public var warnings: [ScanFacts.Warning] = []
    /// `lego-trace:disable` comments.
    public var suppressions: [InlineSuppression] = []

    /// No facts.
    public init() {}
}

extension NNFacts: FrameworkFacts {
    public var declaredTypeNames: [String] { classes.map(\.name) + valueTypes }

    /// Whether anything the framework would see was found (declarations and warnings aside).
    public var hasFrameworkCode: Bool {
        !(bootstrapMethods.isEmpty && registrations.isEmpty && lookups.isEmpty && routers.isEmpty && routes.isEmpty && opens.isEmpty
            && redirects.isEmpty && interceptors.isEmpty && events.isEmpty && observers.isEmpty && registered.isEmpty)
    }

    public mutating func append(_ other: NNFacts) {
        classes += other.classes
        valueTypes += other.valueTypes
        protocols += other.protocols
        typeAliases += other.typeAliases
        typeScopedAliases += other.typeScopedAliases
        priorities += other.priorities
        bootstrapMethods += other.bootstrapMethods
        registrations += other.registrations
        lookups += other.lookups
        routers += other.routers
        defaultRouterAssignments += other.defaultRouterAssignments
        parsers += other.parsers
        routes += other.routes
        opens += other.opens
        redirects += other.redirects
        interceptors += other.interceptors
        events += other.events
        observers += other.observers
        posts += other.posts
        registered += other.registered
        resultBuilderTypes += other.resultBuilderTypes
        attributedParameters += other.attributedParameters
        warnings += other.warnings
        suppressions += other.suppressions
    }
}

extension ScanValue {
    /// The value as the source writes it: the literal, the resolved values, or the expression.
    var written: String {
        switch self {
        case .literal(let text): text
        case .resolved(let values, _): values.joined(separator: " | ")
        case .dynamic(let expression): expression
        }
    }
}
