import LegoAnalysis
import LegoGraph
import LegoModel

/// An NNModule-swift app as its source says: the merged facts, with route keys made by the framework's parser rules
/// (`NNRouteParser`), impl priorities resolved through classes, and the routers the code names.
public struct NNScannedApp: Sendable {
    /// The facts of every file, in file order.
    public var facts: NNFacts
    /// The parser route keys are made with: the default scheme a router's `URLRouteParser(defaultScheme:)` gives, else `nn`.
    public var parser: NNRouteParser
    /// Whether keys are certain: no replaced route service and at most one default scheme in the code. An app that
    /// registers its own `ModuleRouteService` (the framework's example does) may parse routes its own way.
    public var keysCertain: Bool
    /// The keys literal registrations register, for "does anything handle it".
    private var handledKeys: Set<String> = []
    /// The keys literal redirects redirect: matched by the whole path only (`URLRouteRedirector.swift:42-43`), never by
    /// the host alone as handlers are (`URLRouter.swift:168-178`).
    private var redirectedKeys: Set<String> = []
    /// Each class's first `implPriority` declaration (nil: not a literal), for `priority(of:)`.
    private var declaredPriorities: [String: Int?] = [:]
    /// Each declared class's first declared superclass (nil: none declared), for `priority(of:)`.
    private var superclasses: [String: String?] = [:]
    /// The protocols the scanned source declares, for `declares(service:)`.
    private var declaredProtocols: Set<String> = []

    /// The services `ModuleManager.init` registers before any app method, each with its impl, whose priority is 0
    /// (`YiHuaXie/NNModule@5d3e56e:NNModule/ModuleManager/Core/ModuleManager.swift:24-28`; none declares `implPriority`).
    public static let defaultServices: [(service: String, impl: String)] = [
        ("ModuleRouteService", "URLRouter"), ("ModuleTabService", "ModuleTabServiceImpl"),
        ("ModuleLaunchTaskService", "ModuleLaunchTaskServiceImpl"), ("ModuleNotificationService", "ModuleNotificationServiceImpl"),
        ("ModuleApplicationService", "ModuleApplicationServiceImpl"),
    ]

    /// Resolves `facts`.
    public init(facts: NNFacts) {
        self.facts = facts
        Self.resolveAliases(in: &self.facts)
        Self.resolveResultBuilders(in: &self.facts)
        Self.separateSameNamedRouters(in: &self.facts)
        // Every parser the app makes, wherever it is stored (a router's inline parser is one of them too):
        // `URLRouter.default = URLRouter(routeParser: parser)` on another line than `let parser = URLRouteParser(…)`
        // is the common spelling.
        let schemes = Set(facts.parsers.compactMap(\.defaultScheme))
        parser = NNRouteParser(defaultScheme: schemes.count == 1 ? schemes.first! : "nn")
        let replacedRouteService = facts.registrations.contains { $0.service.literal == "ModuleRouteService" }
        keysCertain = schemes.count <= 1 && !facts.parsers.contains { $0.defaultScheme == nil } && !replacedRouteService
        handledKeys = Set(literalRoutes.compactMap(\.key))
        redirectedKeys = Set(facts.redirects.compactMap { $0.from.literal.flatMap(parser.parse)?.fullPath })
        // Indexed once: each registration asks for its impl's priority, and an app has thousands of classes.
        for declared in facts.priorities where declaredPriorities[declared.className] == nil {
            declaredPriorities[declared.className] = .some(declared.value)
        }
        for declaration in facts.classes where superclasses[declaration.name] == nil || superclasses[declaration.name]! == nil {
            superclasses[declaration.name] = .some(declaration.superclass)
        }
        declaredProtocols = Set(facts.protocols)
    }

    /// Names every registered and looked-up service by the type its alias names: the framework keys a service by
    /// `String(reflecting: T.self)`, which sees through a `typealias` (`ModuleServiceCenter.swift:161-163`), so a service
    /// registered as `LoginService.self` (`typealias LoginService = LoginServiceProtocol`) is found as
    /// `LoginServiceProtocol.self`. Only file-level aliases count (a `private` one in its own file); one name given two
    /// targets (other than by a module prefix) is left as written.
    static func resolveAliases(in facts: inout NNFacts) {
        guard !facts.typeAliases.isEmpty || !facts.typeScopedAliases.isEmpty else { return }
        // One name given two targets (other than by a module prefix) maps to nil: which one a use sees is not known.
        func add(_ alias: NNFacts.TypeAlias, to table: inout [String: NNFacts.TypeAlias?]) {
            if let known = table[alias.name] {
                if let known, unqualifiedName(known.target) != unqualifiedName(alias.target) { table[alias.name] = .some(nil) }
            } else {
                table[alias.name] = .some(alias)
            }
        }
        var global: [String: NNFacts.TypeAlias?] = [:]
        var byFile: [String: [String: NNFacts.TypeAlias?]] = [:]
        for alias in facts.typeAliases {
            if alias.fileScoped { add(alias, to: &byFile[alias.location.file, default: [:]]) } else { add(alias, to: &global) }
        }
        // A type's own aliases, by `Type.Name`.
        var scoped: [String: NNFacts.TypeAlias?] = [:]
        for alias in facts.typeScopedAliases { add(alias, to: &scoped) }
        // A dotted name is resolved only through a module's name (`App.LoginService`), never through a scanned type's
        // (`Cart.Service` is Cart's own alias or member).
        let scannedTypes = Set(facts.classes.map(\.name) + facts.valueTypes + facts.protocols)
        func resolved(_ value: ScanValue, in file: String, inside owners: [String] = []) -> ScanValue {
            guard case .literal(let written) = value else { return value }
            let parts = written.split(separator: ".")
            // The type's own alias: inside it (or a type nested in it) by its name, elsewhere as `Type.Name`.
            let own = parts.count == 1 ? owners.reversed().lazy.map { "\($0).\(written)" }.first { scoped[$0] != nil }
                : parts.count == 2 ? written : nil
            if let own, let found = scoped[own] {
                guard let alias = found else { return value }
                if case .resolved(let values, let chain) = resolved(.literal(alias.target), in: file) {
                    return .resolved(values: values, chain: [alias.location] + chain)
                }
                return .resolved(values: [alias.target], chain: [alias.location])
            }
            if parts.count > 1, parts.dropLast().contains(where: { scannedTypes.contains(String($0)) }) { return value }
            var name = written
            var chain: [SourceLocation] = []
            // Bounded: an alias of an alias is rare, a cycle does not compile.
            while chain.count < 8 {
                let key = String(unqualifiedName(name))
                guard let found = byFile[file]?[key] ?? global[key], let alias = found, alias.target != name else { break }
                chain.append(alias.location)
                name = alias.target
            }
            return chain.isEmpty ? value : .resolved(values: [name], chain: chain)
        }
        for index in facts.registrations.indices {
            facts.registrations[index].service = resolved(facts.registrations[index].service, in: facts.registrations[index].location.file,
                                                          inside: facts.registrations[index].enclosingTypes)
        }
        for index in facts.lookups.indices {
            facts.lookups[index].service = resolved(facts.lookups[index].service, in: facts.lookups[index].location.file,
                                                    inside: facts.lookups[index].enclosingTypes)
        }
    }

    /// Names apart two routers made under one `Type.name` in two Swift modules (SPM targets), or in two files as a
    /// `private` type's: `Routes.router (ShopKit)`, `Router.sub (Shop.swift)`. Every use of that name goes to the one its
    /// own file or module declares (none found: the name stays as written).
    static func separateSameNamedRouters(in facts: inout NNFacts) {
        func scope(_ router: NNFacts.RouterCreation) -> String { router.fileScoped ? "file " + router.location.file : "module " + moduleKey(router.location.file) }
        let ambiguous = Dictionary(grouping: facts.routers, by: \.name).filter { Set($0.value.map(scope)).count > 1 }
        guard !ambiguous.isEmpty else { return }
        func named(_ name: String, from file: String) -> String {
            guard let made = ambiguous[name] else { return name }
            let module = moduleKey(file)
            // A file in no module of these (folders named `Sources/` that are one app target, as Tuist and XcodeGen lay
            // them out) sees the one router not private to a file, when there is one.
            let shared = made.filter { !$0.fileScoped }
            guard let seen = made.first(where: { $0.fileScoped && $0.location.file == file })
                    ?? made.first(where: { !$0.fileScoped && moduleKey($0.location.file) == module })
                    ?? (Set(shared.map { moduleKey($0.location.file) }).count == 1 ? shared.first : nil) else { return name }
            let place = seen.fileScoped ? seen.location.file : moduleKey(seen.location.file)
            return "\(name) (\(place.split(separator: "/").last.map(String.init) ?? "app"))"
        }
        func named(_ name: String?, from file: String) -> String? { name.map { named($0, from: file) } }
        for index in facts.routers.indices {
            let file = facts.routers[index].location.file
            facts.routers[index].name = named(facts.routers[index].name, from: file)
            facts.routers[index].upper = named(facts.routers[index].upper, from: file)
        }
        for index in facts.routes.indices {
            let file = facts.routes[index].location.file
            facts.routes[index].router = named(facts.routes[index].router, from: file)
            facts.routes[index].subRouter = named(facts.routes[index].subRouter, from: file)
        }
        for index in facts.opens.indices { facts.opens[index].router = named(facts.opens[index].router, from: facts.opens[index].location.file) }
        for index in facts.redirects.indices {
            facts.redirects[index].router = named(facts.redirects[index].router, from: facts.redirects[index].location.file)
        }
        for index in facts.defaultRouterAssignments.indices {
            facts.defaultRouterAssignments[index].router = named(facts.defaultRouterAssignments[index].router,
                                                                 from: facts.defaultRouterAssignments[index].location.file)
        }
    }

    /// The Swift module a file is compiled in, as far as its path tells: an SPM target's folder
    /// (`Packages/ShopKit/Sources/ShopKit`), else "" (the app's one target).
    static func moduleKey(_ file: String) -> String {
        let parts = file.split(separator: "/")
        guard let sources = parts.dropLast(2).lastIndex(of: "Sources") else { return "" }
        return parts[...(sources + 1)].joined(separator: "/")
    }

    /// Keeps the token of an observer written as a statement of a result builder's body: each such statement is handed to
    /// the builder's `buildBlock` (SE-0289), whose result the caller has. A builder is an attribute naming a type declared
    /// `@resultBuilder` in any file, or ending in `Builder` (SwiftUI's, RxSwift's, one the scan did not read).
    static func resolveResultBuilders(in facts: inout NNFacts) {
        guard facts.observers.contains(where: { $0.resultBuilder != nil }) else { return }
        let declared = Set(facts.resultBuilderTypes)
        func isBuilder(_ attribute: String) -> Bool { attribute.hasSuffix("Builder") || declared.contains(attribute) }
        for index in facts.observers.indices where facts.observers[index].token == .discarded {
            switch facts.observers[index].resultBuilder {
            case .attributes(let attributes) where attributes.contains(where: isBuilder):
                facts.observers[index].token = .kept
            case .argument(let function, let label)
                where facts.attributedParameters.contains { $0.function == function && (label == nil || $0.label == label) && $0.attributes.contains(where: isBuilder) }:
                facts.observers[index].token = .kept
            default:
                break
            }
        }
    }

    /// The impl's `implPriority` when the source says it: declared on the class or a superclass the scan read, 0 for
    /// a class that declares none and derives from a root (`?? 0`, `ModuleServiceCenter.swift:110`); nil when unknown.
    public func priority(of impl: String) -> Int? {
        var name = impl
        for _ in 0..<16 {
            if let declared = declaredPriorities[name] { return declared }
            if Self.defaultServices.contains(where: { $0.impl == name }) { return 0 }
            guard let declared = superclasses[name] else { return nil }
            guard let superclass = declared, !["NSObject", "URLRouter"].contains(superclass) else { return 0 }
            name = superclass
        }
        return nil
    }

    /// Every router the code names: the default router, the route service, the ones it makes and registers on.
    public var routerNames: [String] {
        var names: [String] = []
        var seen = Set<String>()
        for name in [NNSwiftReader.defaultRouter] + facts.routers.map(\.name) + facts.routes.map(\.router) + facts.opens.map(\.router)
        where seen.insert(name).inserted {
            names.append(name)
        }
        return names
    }

    /// Literal route registrations with the key each registers (nil: the parser rejects the route); a sub-router is
    /// registered by its host alone (`URLRouter.swift:88-102`).
    var literalRoutes: [(registration: NNFacts.RouteRegistration, route: String, key: String?)] {
        facts.routes.compactMap { registration in
            registration.route.literal.map { route in
                let parsed = parser.parse(route)
                return (registration, route, registration.kind == .subRouter ? parsed?.combinedRoute : parsed?.fullPath)
            }
        }
    }

    /// Whether any router in the code handles `route`: a registration of its full path, of its host when the path is
    /// not empty (`URLRouter.swift:168-178`), or, for a web link, of `weblink`; a redirect key counts too.
    func isHandled(_ route: NNRouteURL) -> Bool {
        if handledKeys.contains(route.fullPath) || handledKeys.contains(route.combinedRoute) || redirectedKeys.contains(route.fullPath) { return true }
        return route.isWebLink && parser.parse("weblink").map { handledKeys.contains($0.fullPath) } == true
    }

    /// Whether `service` (a looked-up or registered protocol's name, maybe module-qualified) is declared in the scanned
    /// source: `P.self` compiles only where `P` is declared, so one that is not comes from code the scan did not read.
    func declares(service: String) -> Bool {
        declaredProtocols.contains(String(Self.unqualifiedName(service)))
    }

    /// A type's name without its module: the framework keys services by `String(reflecting: P.self)` and event sets by
    /// the type's own name, qualified or not however the code spells it, so `P` and `App.P` name one service.
    static func unqualifiedName(_ name: String) -> Substring {
        name.split(separator: ".").last ?? Substring(name)
    }

    /// The first service the code looks up or registers that the scanned source does not declare, and where: proof that
    /// the app runs code the scan did not read (a pod, a framework), which may register services and routes too.
    var unreadCodeEvidence: (service: String, at: SourceLocation)? {
        let used = facts.lookups.compactMap { lookup in lookup.service.literal.map { ($0, lookup.location) } }
            + facts.registrations.compactMap { registration in registration.service.literal.map { ($0, registration.location) } }
        let defaults = Set(Self.defaultServices.map(\.service))
        return used.filter { !declares(service: $0.0) && !defaults.contains($0.0) }.min { $0.1 < $1.1 }.map { (service: $0.0, at: $0.1) }
    }

    /// Whether a registration or redirect somewhere is computed at run time (then "nothing handles it" is not sure).
    var hasDynamicRoutes: Bool {
        facts.routes.contains { $0.route.literal == nil } || facts.redirects.contains { $0.from.literal == nil }
    }
}

extension NNScannedApp: ScannedFrameworkApp {
    public var framework: Framework { .nnModule }

    /// Services and routers: what the graph draws.
    public var moduleCount: Int { moduleGraph(findings: []).nodes.count }

    public func analyze(configuration: AnalysisConfiguration, pathPrefix: String, sourceFiles: Int) -> AnalysisResult {
        NNStaticAnalyzer.analyze(self, configuration: configuration, pathPrefix: pathPrefix, sourceFiles: sourceFiles)
    }

    public func scenario(appName: String) -> String { NNScenarioWriter(app: self).scenario(appName: appName) }

    public func moduleGraph(findings: [Finding]) -> ModuleGraph { NNStaticGraph.graph(of: self, findings: findings) }

    public func summaryRows(at: (SourceLocation) -> String) -> [(label: String, text: String)] {
        func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
        var rows: [(label: String, text: String)] = []
        let register = facts.bootstrapMethods.filter { $0.kind == .registerService }.count
        let awake = facts.bootstrapMethods.filter { $0.kind == .awake }.count
        let odd = facts.bootstrapMethods.filter { $0.shape != .invoked }
        rows.append(("bootstrap", "\(count(register, "register method")), \(count(awake, "awake method"))"
            + (odd.isEmpty ? "" : "; \(odd.count) not invoked once with no arguments (\(odd.map { "\($0.name): \($0.shape.rawValue)" }.joined(separator: ", ")))")))
        let services = Set(facts.registrations.compactMap(\.service.literal))
        let objc = facts.registrations.filter { $0.api == .objectiveC }.count
        rows.append(("services", "\(count(facts.registrations.count, "registration")) of \(count(services.count, "service"))"
            + (objc > 0 ? " (\(objc) from Objective-C)" : "") + ", \(count(facts.lookups.count, "lookup"))"))
        rows.append(("routers", routerNames.joined(separator: ", ")
            + (parser.defaultScheme == "nn" ? "" : " (default scheme \(parser.defaultScheme))")))
        let delayed = facts.routes.filter { $0.kind == .delayed }.count
        let nested = facts.routes.filter { $0.kind == .subRouter }.count
        let dynamicRoutes = facts.routes.filter { $0.route.literal == nil }.count
        rows.append(("routes", "\(facts.routes.count) registered" + (delayed > 0 ? ", \(delayed) delayed" : "")
            + (nested > 0 ? ", \(nested) to sub-routers" : "") + (dynamicRoutes > 0 ? ", \(dynamicRoutes) computed at run time" : "")))
        let literalOpens = facts.opens.filter { $0.route.literal != nil }.count
        let fallbacks = facts.opens.filter { $0.fallback != nil }.count
        rows.append(("opens", "\(facts.opens.count): \(literalOpens) literal, \(facts.opens.count - literalOpens) computed at run time"
            + (fallbacks > 0 ? " (\(fallbacks) with a literal fallback)" : "")))
        let dynamicRedirects = facts.redirects.filter { $0.to == nil }.count
        rows.append(("redirects", "\(facts.redirects.count - dynamicRedirects) literal" + (dynamicRedirects > 0 ? ", \(dynamicRedirects) maps computed at run time" : "")))
        rows.append(("interceptors", count(facts.interceptors.count, "action")))
        let registrations = facts.events.filter { $0.kind == .register }.count
        let sends = facts.events.filter { $0.kind == .send }.count
        rows.append(("events", "\(count(registrations, "target registration")), \(count(sends, "send")) of \(count(Set(facts.events.map(\.type)).count, "event type"))"))
        let discarded = facts.observers.filter { $0.token == .discarded }.count
        rows.append(("notifications", "\(count(facts.observers.count, "observer"))" + (discarded > 0 ? " (\(discarded) discarded)" : "")
            + ", \(count(facts.posts.count, "post"))"))
        let tabs = facts.registered.filter { $0.kind == .tab }.count
        rows.append(("tabs, tasks", "\(count(tabs, "tab item")), \(count(facts.registered.count - tabs, "launch task"))"))
        return rows
    }
}
