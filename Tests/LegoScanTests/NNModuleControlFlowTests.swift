import Foundation
import LegoAnalysis
import LegoModel
import LegoTestSupport
import Testing
@testable import LegoScan

/// `scan` of NNModule-swift code shaped by control flow and by how real apps spell things: the arms of an `if`, a
/// removal before a registration, a swapped default router, a type's own alias, a module-qualified type, a generic
/// helper, the framework's whole repository vendored as a submodule. Each shape gave a false error or warning.
@Suite struct NNModuleControlFlowTests {
    static func findings(_ text: String) -> [String] {
        NNScannedApp(facts: NNModuleScanTests.swift(text)).analyze(configuration: .init(), pathPrefix: "", sourceFiles: 0).findings
            .map { "\($0.ruleID) \($0.location!.sourceLocation.line)" }
    }

    /// The findings of an app made of `files` (relative path → text), as `rule file:line`.
    static func findings(files: [String: String]) throws -> [String] {
        let directory = try TemporaryDirectory()
        try NNModuleScanTests.write(files, into: directory)
        return try AppScanner.scan(directory: directory.path, with: NNScanner()).app.analyze(configuration: .init(), pathPrefix: "", sourceFiles: 0)
            .findings.map { "\($0.ruleID) \($0.location!.sourceLocation.file):\($0.location!.sourceLocation.line)" }
    }

    /// Only one arm of an `if`, `switch`, `guard` or `?:` runs in one call: a route registered in each half of
    /// `if #available … else` is registered once, so the router never logs "already exist"
    /// (`YiHuaXie/NNModule@5d3e56e:NNModule/URLRouter/URLRouter.swift:73-86`), and a service registered in each is
    /// inserted once, with no priority compared (`ModuleServiceCenter.swift:105-107`). Each was a false warning.
    @Test func registrationsInTwoArmsOfOneBranchAreNotDuplicates() {
        let routes = Self.findings("""
            extension Module.Awake {
                @objc static func awakeCharts() {
                    if #available(iOS 16.0, *) {
                        Module.routeService.registerRoute("app://chart") { _, _ in true }
                    } else if Flags.legacy {
                        Module.routeService.registerRoute("app://chart") { _, _ in true }
                    } else {
                        Module.routeService.registerRoute("app://chart") { _, _ in true }
                    }
                    switch idiom {
                    case .pad: Module.routeService.registerRoute("app://detail") { _, _ in true }
                    default: Module.routeService.registerRoute("app://detail") { _, _ in true }
                    }
                    useLegacy
                        ? Module.routeService.registerRoute("app://feed") { _, _ in true }
                        : Module.routeService.registerRoute("app://feed") { _, _ in false }
                    guard !Flags.sandbox else {
                        Module.routeService.registerRoute("app://pay") { _, _ in true }
                        return
                    }
                    Module.routeService.registerRoute("app://pay") { _, _ in true }
                    // Still a duplicate: both run, the branch around the first one notwithstanding.
                    if Flags.extra { Module.routeService.registerRoute("app://more") { _, _ in true } }
                    Module.routeService.registerRoute("app://more") { _, _ in true }
                }
            }
            """)
        #expect(routes == ["nn-route-duplicate 24"])

        // In a loop, in a closure that may run many times, or across a `fallthrough`, both arms do run in one call.
        let repeated = Self.findings("""
            extension Module.Awake {
                @objc static func awakeLoop() {
                    for entry in entries {
                        switch entry {
                        case .home: Module.routeService.registerRoute("app://home") { _, _ in true }
                        case .legacyHome: Module.routeService.registerRoute("app://home") { _, _ in true }
                        }
                    }
                    ["a", "b"].forEach { name in
                        if name == "a" { Module.routeService.registerRoute("app://shared") { _, _ in true } }
                        else { Module.routeService.registerRoute("app://shared") { _, _ in true } }
                    }
                    switch build {
                    case .debug:
                        Module.routeService.registerRoute("app://menu") { _, _ in true }
                        fallthrough
                    case .release:
                        Module.routeService.registerRoute("app://menu") { _, _ in true }
                    }
                }
            }
            """)
        #expect(repeated == ["nn-route-duplicate 6", "nn-route-duplicate 11", "nn-route-duplicate 18"])

        let services = Self.findings("""
            protocol PayService: ModuleFunctionalService {}
            final class RealPay: NSObject, PayService {}
            final class SandboxPay: NSObject, PayService {}
            extension Module.RegisterService {
                @objc static func registerPay() {
                    if ProcessInfo.processInfo.environment["SANDBOX"] != nil {
                        Module.register(service: PayService.self, used: SandboxPay.self)
                    } else {
                        Module.register(service: PayService.self, used: RealPay.self)
                    }
                }
            }
            """)
        #expect(services == [])
    }

    /// `Module.removeService(of:)` drops the key (`ModuleServiceCenter.swift:146-147`) and `removeRoute` the route
    /// (`URLRouter.swift:104-108`): a registration after the same function removed it inserts anew (`:105-107`), and a
    /// route registered again on reload is not "already exist". Both were false warnings.
    @Test func aRegistrationAfterItsRemovalIsNotIgnored() {
        let findings = Self.findings("""
            protocol UserService: ModuleFunctionalService {}
            final class GuestUser: NSObject, UserService {}
            final class MemberUser: NSObject, UserService {}
            extension Module.RegisterService {
                @objc static func registerUser() { Module.register(service: UserService.self, used: GuestUser.self) }
            }
            final class Session {
                func didLogin() {
                    Module.removeService(of: UserService.self)
                    Module.register(service: UserService.self, used: MemberUser.self)
                    Module.routeService.removeRoute("app://account")
                    Module.routeService.registerRoute("app://account") { _, _ in true }
                }
                func setup() { Module.routeService.registerRoute("app://account") { _, _ in true } }
                // No removal in this function: the registration is compared as before.
                func again() { Module.register(service: UserService.self, used: MemberUser.self) }
                // A removal that may not run (in an arm, or in a closure run later) frees nothing for sure.
                func maybe(reset: Bool) {
                    if reset { Module.removeService(of: UserService.self) }
                    Module.register(service: UserService.self, used: MemberUser.self)
                    DispatchQueue.main.async { Module.removeService(of: UserService.self) }
                    Module.register(service: UserService.self, used: MemberUser.self)
                }
            }
            """)
        #expect(findings == ["nn-priority-ignored 16", "nn-priority-ignored 20", "nn-priority-ignored 22"])
    }

    /// `URLRouter.default` is an assignable static (`URLRouter.swift:41-42`) and the framework's example assigns it
    /// (`Example_URLRouter/RouteUtils.swift:22`): once `URLRouter.default = AppRouter.shared`, a sub-router made with
    /// `shared` as its upper router is registered on its own upper router there (`URLRouter.swift:88-102`). It was a false
    /// `nn-nested-wrong-upper` error; a default router made in place is one the scan cannot name (a note).
    @Test func aSwappedDefaultRouterMayBeTheUpperRouter() {
        let swapped = Self.findings("""
            enum AppRouter {
                static let shared = URLRouter(routeParser: URLRouteParser(defaultScheme: "shop"))
                static let cart = URLRouter(with: shared)
                static let orders = URLRouter(with: URLRouter.default)
            }
            extension Module.Awake {
                @objc static func awakeRouter() {
                    URLRouter.default = AppRouter.shared
                    URLRouter.default.registerRoute("cart", used: AppRouter.cart)
                    AppRouter.shared.registerRoute("orders", used: AppRouter.orders)
                }
            }
            """)
        #expect(swapped == [])

        let unknown = NNScannedApp(facts: NNModuleScanTests.swift("""
            enum AppRouter {
                static let shared = URLRouter()
                static let cart = URLRouter(with: shared)
            }
            extension Module.Awake {
                @objc static func awakeRouter() {
                    URLRouter.default = makeRouter()
                    URLRouter.default.registerRoute("cart", used: AppRouter.cart)
                }
            }
            """)).analyze(configuration: .init(), pathPrefix: "", sourceFiles: 0).findings
        #expect(unknown.map { "\($0.ruleID) \($0.severity)" } == ["nn-nested-wrong-upper note"])

        // Two routers each assigned to the default one (in two `#if` clauses) are still two routers.
        let twoDefaults = Self.findings("""
            enum Routers {
                static let admin = URLRouter()
                static let app = URLRouter()
                static let adminTools = URLRouter(with: admin)
            }
            extension Module.Awake {
                @objc static func awakeRouter() {
                    #if ADMIN
                    URLRouter.default = Routers.admin
                    #else
                    URLRouter.default = Routers.app
                    #endif
                    Routers.app.registerRoute("tools", used: Routers.adminTools)
                }
            }
            """)
        #expect(twoDefaults == ["nn-nested-wrong-upper 13"])

        // Without a swap the defect is found as before.
        let wrong = Self.findings("""
            enum AppRouter {
                static let shared = URLRouter()
                static let cart = URLRouter(with: shared)
            }
            extension Module.Awake {
                @objc static func awakeRouter() { URLRouter.default.registerRoute("cart", used: AppRouter.cart) }
            }
            """)
        #expect(wrong == ["nn-nested-wrong-upper 6"])
    }

    /// A type's own `typealias` names the service inside the type and inside types nested in it, for registrations as for
    /// lookups (`String(reflecting:)` sees through it, `ModuleServiceCenter.swift:161-163`): registered as `Service.self`
    /// inside `LoginModule` and looked up as `LoginService.self` is one key. It was a false `nn-service-missing` error.
    @Test func aTypesOwnAliasNamesTheServiceItRegisters() {
        let findings = Self.findings("""
            protocol LoginService: ModuleFunctionalService { func login() }
            final class LoginModule: NSObject {
                typealias Service = LoginService
                final class Impl: NSObject, Service {
                    static func registerAgain() { Module.register(service: Service.self, used: Impl.self) }
                }
                static func registerServices() { Module.register(service: Service.self, used: Impl.self) }
            }
            extension Module.RegisterService {
                @objc static func registerLogin() { LoginModule.registerServices() }
            }
            final class HomeVC { func go() { Module.service(of: LoginService.self).login() } }
            """)
        #expect(!findings.contains { $0.hasPrefix("nn-service-missing") })
        let app = NNScannedApp(facts: NNModuleScanTests.swift("""
            final class LoginModule { typealias Service = LoginService
                final class Impl { func go() { Module.register(service: Service.self, used: Impl.self) } } }
            """))
        #expect(app.facts.registrations.map(\.service.written) == ["LoginService"])
    }

    /// The event bus keys its sets by `"\(E.self)"` (`EventBus.swift:33-37`): `AppCore.Events.Login` and `Events.Login`
    /// are one type written with and without its module, not two sharing a set. Only a qualifier naming a type the
    /// scan read makes them two. It was a false `nn-event-name-collision` warning.
    @Test func aModuleQualifiedEventTypeIsTheSameType() {
        #expect(NNEventNameCollisionCheck.maySpellOneType("AppCore.Events.Login", "Events.Login", scannedTypes: ["Events"]))
        #expect(!NNEventNameCollisionCheck.maySpellOneType("Cart.Events.Login", "Events.Login", scannedTypes: ["Cart", "Events"]))
        #expect(!NNEventNameCollisionCheck.maySpellOneType("Cart.Login", "Events.Login", scannedTypes: []))
        let findings = Self.findings("""
            public enum Events { public protocol Login: AnyObject {} }
            final class ProfileVC { func load() { EventBus.default.register(Events.Login.self, target: self) } }
            final class ShopVC { func load() { EventBus.default.register(AppCore.Events.Login.self, target: self) } }
            enum Cart { enum Events { protocol Login: AnyObject {} } }
            final class CartVC { func load() { EventBus.default.register(Cart.Events.Login.self, target: self) } }
            """)
        #expect(findings == ["nn-event-name-collision 5"])
    }

    /// A `typealias` names the type it aliases: `Auth.Login` (`typealias Auth = AuthEvents`) is `AuthEvents.Login`, one
    /// type and so one set by intent (`EventBus.swift:33`), not two sharing it (a false `nn-event-name-collision`
    /// warning). Another type's `Login` still collides.
    @Test func anEventTypeWrittenThroughAnAliasIsTheSameType() {
        let findings = Self.findings("""
            enum AuthEvents { protocol Login: AnyObject { func didLogin() } }
            enum Shop { protocol Login: AnyObject {} }
            typealias Auth = AuthEvents
            final class MineVC { func load() { EventBus.default.register(AuthEvents.Login.self, target: self) } }
            final class CartVC { func load() { EventBus.default.register(Auth.Login.self, target: self) } }
            final class ShopVC { func load() { EventBus.default.register(Shop.Login.self, target: self) } }
            """)
        #expect(findings == ["nn-event-name-collision 6"])
    }

    /// A string literal's value has its escapes decoded (`"mine\u{2F}info"` is `mine/info`, `\#u{…}` in `#"…"#`),
    /// as the router receives it (`URLRouter.swift:73-86`): read as written, it gave a false `nn-route-unmatched` warning
    /// and false `nn-route-invalid` notes. A raw string's `\u{…}` stays as written.
    @Test func escapesInAStringLiteralAreDecoded() {
        let app = NNScannedApp(facts: NNModuleScanTests.swift(##"""
            extension Module.Awake {
                @objc static func awake() {
                    Module.routeService.registerRoute("mine\u{2F}info") { _, _ in true }
                    Module.routeService.registerRoute(#"sh\#u{6F}p/list"#) { _, _ in true }
                    Module.routeService.registerRoute(#"raw\u{2F}kept"#) { _, _ in true }
                    Module.routeService.registerRoute("say \"hi\"\t\\ok") { _, _ in true }
                }
            }
            final class VC { func tap() { Module.routeService.openRoute("mine/info"); Module.routeService.openRoute("shop/list") } }
            """##))
        #expect(app.facts.routes.map(\.route.written) == ["mine/info", "shop/list", #"raw\u{2F}kept"#, "say \"hi\"\t\\ok"])
        #expect(app.analyze(configuration: .init(), pathPrefix: "", sourceFiles: 0).findings.map(\.ruleID).allSatisfy { $0 == "nn-route-invalid" })
        #expect(!app.analyze(configuration: .init(), pathPrefix: "", sourceFiles: 0).findings.map(\.ruleID).contains("nn-route-unmatched"))
    }

    /// A generic helper's `Module.service(of: T.self)` looks up what its caller picks: `T` is no service, and no evidence
    /// of code the scan did not read (which softened a true unmatched open to a note).
    @Test func aGenericParameterIsNoService() {
        let app = NNScannedApp(facts: NNModuleScanTests.swift("""
            @propertyWrapper struct Injected<T> { var wrappedValue: T { Module.service(of: T.self) } }
            func resolve<S>(_ type: S.Type) -> S { Module.service(of: S.self) }
            final class HomeVC { func go() { URLRouter.default.openRoute("app://settings") } }
            """))
        #expect(app.facts.lookups.map(\.service) == [.dynamic(expression: "T.self"), .dynamic(expression: "S.self")])
        let findings = app.analyze(configuration: .init(), pathPrefix: "", sourceFiles: 0).findings
        #expect(findings.map { "\($0.ruleID) \($0.severity)" } == ["nn-route-unmatched warning"])
    }

    /// The framework's repository vendored whole (a git submodule at `ThirdParty/NNModule`, with its podspec at the
    /// top) is excluded whole: its example apps and demo modules registered services and routes the app never links.
    @Test func aVendoredRepositoryIsExcludedWhole() throws {
        let directory = try TemporaryDirectory()
        try NNModuleScanTests.write([
            "App/Login.swift": """
                import NNModule_swift
                protocol LoginService: ModuleFunctionalService {}
                final class LoginServiceImpl: NSObject, LoginService {}
                extension Module.RegisterService {
                    @objc static func registerLogin() { Module.register(service: LoginService.self, used: LoginServiceImpl.self) }
                }
                """,
            "ThirdParty/NNModule/NNModule-swift.podspec": "Pod::Spec.new do |s| end\n",
            "ThirdParty/NNModule/NNModule/ModuleManager/Core/ModuleServiceCenter.swift": "final class ModuleServiceCenter {}\n",
            "ThirdParty/NNModule/Modules/LoginModule/LoginManager.swift": """
                import NNModule_swift
                final class LoginManager: NSObject, LoginService {}
                extension Module.RegisterService {
                    @objc static func registerDemoLogin() { Module.register(service: LoginService.self, used: LoginManager.self) }
                }
                """,
        ], into: directory)
        let outcome = try AppScanner.scan(directory: directory.path, with: NNScanner())
        #expect(outcome.excluded.contains(AppScanner.Exclusion(path: "ThirdParty/NNModule", reason: .frameworkCopy(classes: ["ModuleServiceCenter"]),
                                                               fileCount: 2)))
        #expect(outcome.app.analyze(configuration: .init(), pathPrefix: "", sourceFiles: 0).findings.map(\.message) == [])

        // A folder of development pods holds the framework's podspec beside the app's own: only the copy goes.
        let pods = try TemporaryDirectory()
        try NNModuleScanTests.write([
            "LocalPods/NNModule-swift.podspec": "Pod::Spec.new do |s| end\n",
            "LocalPods/Login.podspec": "Pod::Spec.new do |s| end\n",
            "LocalPods/NNModule/ModuleManager/Core/ModuleServiceCenter.swift": "final class ModuleServiceCenter {}\n",
            "LocalPods/Login/Login.swift": "import NNModule_swift\nclass Home { func go() { Module.service(of: LoginService.self) } }\n",
        ], into: pods)
        let podsOutcome = try AppScanner.scan(directory: pods.path, with: NNScanner())
        #expect(podsOutcome.excluded.contains(AppScanner.Exclusion(path: "LocalPods/NNModule/ModuleManager/Core",
                                                                   reason: .frameworkCopy(classes: ["ModuleServiceCenter"]), fileCount: 1)))
        #expect(podsOutcome.fileCount == 1)
    }
}

extension NNModuleControlFlowTests {
    /// An `if` arm that ends in `return`, `throw`, `break` or `continue` leaves the rest of its block: its registrations
    /// and those after the `if` never both run (the early-return UI-test idiom), so the router never logs "already exist"
    /// (`URLRouter.swift:79-83`) and no priority is compared (`ModuleServiceCenter.swift:105-112`). A `do` body and its
    /// `catch` clauses are two arms when nothing after the registration in `do` may throw. Each was a false warning.
    @Test func anArmThatLeavesAndADoCatchAreExclusive() {
        let findings = Self.findings("""
            final class StubLogin: NSObject, LoginService {}
            final class LoginImpl: NSObject, LoginService {}
            extension Module.RegisterService {
                @objc static func loginRegister() {
                    if LaunchEnv.isUITesting {
                        Module.register(service: LoginService.self, used: StubLogin.self)
                        return
                    }
                    Module.register(service: LoginService.self, used: LoginImpl.self)
                }
            }
            extension Module.Awake {
                @objc static func loginAwake() {
                    if LaunchEnv.isUITesting { Module.routeService.registerRoute("login") { _, _ in true }; return }
                    Module.routeService.registerRoute("login") { _, _ in false }
                    switch LaunchEnv.mode {
                    case .demo:
                        if LaunchEnv.short { Module.routeService.registerRoute("demo") { _, _ in true }; break }
                        Module.routeService.registerRoute("demo") { _, _ in false }
                    default: break
                    }
                    do {
                        let config = try loadConfig()
                        Module.routeService.registerRoute("settings") { _, _ in config.on }
                    } catch is DecodingError {
                        Module.routeService.registerRoute("settings") { _, _ in false }
                    } catch {
                        Module.routeService.registerRoute("settings") { _, _ in true }
                    }
                    // Still duplicates: the arm does not leave; `try` after the registration in `do` may throw into `catch`.
                    if LaunchEnv.verbose { Module.routeService.registerRoute("logs") { _, _ in true } }
                    Module.routeService.registerRoute("logs") { _, _ in false }
                    do {
                        Module.routeService.registerRoute("sync") { _, _ in true }
                        try startSync()
                    } catch {
                        Module.routeService.registerRoute("sync") { _, _ in false }
                    }
                }
            }
            """)
        #expect(findings == ["nn-route-duplicate 32", "nn-route-duplicate 37"])
    }
}

/// NNModule-swift code whose names and values real apps scope: code under `#if false`, a token a function, getter or
/// closure returns, routers made in locals of two functions or two closures. Each gave false errors.
@Suite struct NNModuleScopeTests {
    /// `#if false` is never compiled: a redirect loop, a discarded observer, a lookup of a service nothing registers and
    /// a duplicate route written in it were three false errors and a false warning; a registration in it provides
    /// nothing, so the lookup outside it is now the error it is (`Module.swift:60` force-unwraps the missing service).
    @Test func codeUnderIfFalseDoesNothing() {
        let findings = NNModuleControlFlowTests.findings("""
            extension Module.Awake {
                @objc static func awakeShop() {
                    Module.routeService.registerRoute("app://shop") { _, _ in true }
            #if false
                    Module.routeService.registerRoute("app://shop") { _, _ in true }
                    Module.register(service: LegacyService.self, used: LegacyImpl.self)
                    _ = Module.service(of: OldService.self)
                    NotificationCenter.default.notificationService.addObserver(forName: .z) { _ in }
            #endif
                }
            }
            class Screen {
                func load() { _ = Module.service(of: LegacyService.self) }
            }
            """)
        #expect(findings == ["nn-service-missing 13"])
    }

    /// A token a single-expression function, getter or closure returns is kept by its caller, so the observer's `deinit`
    /// (`NotificationObserver.swift:33`) does not run: each was a false `nn-observer-discarded` error. A statement of
    /// its own in a longer body still discards it.
    @Test func aTokenReturnedWithoutReturnIsKept() {
        let findings = NNModuleControlFlowTests.findings("""
            class LoginEvents {
                func observeLogin() -> NotificationObserver {
                    NotificationCenter.default.notificationService.addObserver(forName: .didLogin) { _ in }
                }
                var logoutToken: NotificationObserver {
                    NotificationCenter.default.notificationService.addObserver(forName: .didLogout) { _ in }
                }
                lazy var tokens = names.map { NotificationCenter.default.notificationService.addObserver(forName: $0) { _ in } }
                func lost() {
                    print("start")
                    NotificationCenter.default.notificationService.addObserver(forName: .lost) { _ in }
                }
            }
            """)
        #expect(findings == ["nn-observer-discarded 11"])
    }

    /// Each branch of a Swift 5.9 `if` or `switch` expression is that expression's value (SE-0380): assigned, returned,
    /// bound with `let` or the implicit result of a single-expression body, the token is kept, so the observer's `deinit`
    /// (`NotificationObserver.swift:33`) does not run (four false `nn-observer-discarded` errors). An `if` or `switch`
    /// statement whose branches are single calls still discards them.
    @Test func aBranchOfAnIfOrSwitchExpressionIsItsValue() {
        let findings = NNModuleControlFlowTests.findings("""
            final class CartBadge: NSObject {
                private let token: NotificationObserver
                init(mode: Mode) {
                    token = switch mode {
                    case .live: Module.notificationService.addObserver(forName: .cartChanged) { _ in }
                    case .replay: try Module.notificationService.addObserver(forName: .cartChanged, isSticky: true) { _ in }
                    }
                    super.init()
                }
                func observe(sticky: Bool) -> NotificationObserver {
                    return if sticky {
                        Module.notificationService.addObserver(forName: .a, isSticky: true) { _ in }
                    } else if Flags.replay {
                        Module.notificationService.addObserver(forName: .b) { _ in }
                    } else {
                        Module.notificationService.addObserver(forName: .c) { _ in }
                    }
                }
                func bind(_ live: Bool) {
                    let kept = if live { Module.notificationService.addObserver(forName: .d) { _ in } } else { Module.notificationService.addObserver(forName: .e) { _ in } }
                    tokens.append(kept)
                    if live { Module.notificationService.addObserver(forName: .lost) { _ in } } else { Module.notificationService.addObserver(forName: .lost) { _ in } }
                    switch live { case true: Module.notificationService.addObserver(forName: .gone) { _ in }; default: break }
                    _ = if live { Module.notificationService.addObserver(forName: .dropped) { _ in } } else { Module.notificationService.addObserver(forName: .dropped) { _ in } }
                }
                var implicit: NotificationObserver {
                    if Flags.replay { Module.notificationService.addObserver(forName: .f) { _ in } } else { Module.notificationService.addObserver(forName: .g) { _ in } }
                }
            }
            """)
        #expect(findings == ["nn-observer-discarded 22", "nn-observer-discarded 22", "nn-observer-discarded 23", "nn-observer-discarded 24",
                             "nn-observer-discarded 24"])
    }

    /// In the body of a result builder each expression statement is handed to its `buildBlock` (SE-0289), which returns
    /// the tokens to the caller: RxSwift's `disposeBag.insert { … }` shape keeps them, so the observer's `deinit`
    /// (`NotificationObserver.swift:33`) does not run (false `nn-observer-discarded` errors). The builder is known by an
    /// attribute of the property or function, or of the parameter the closure is passed to, that names a
    /// `@resultBuilder` type the scan read (in any file) or ends in `Builder`; another closure or attribute discards.
    @Test func aResultBuilderBodyKeepsItsTokens() throws {
        let findings = try NNModuleControlFlowTests.findings(files: [
            "Core/ObserverBag.swift": """
                @resultBuilder
                enum ObserverCollector {
                    static func buildBlock(_ parts: NotificationObserver...) -> [NotificationObserver] { parts }
                }
                final class ObserverBag {
                    private var items: [NotificationObserver] = []
                    func insert(@ObserverCollector _ build: () -> [NotificationObserver]) { items += build() }
                    func add(@ObserverCollector tokens build: () -> [NotificationObserver]) { items += build() }
                    func run(_ work: () -> Void) { work() }
                }
                """,
            "Profile/ProfileViewModel.swift": """
                import NNModule_swift
                final class ProfileViewModel {
                    private let bag = ObserverBag()
                    init() {
                        bag.insert {
                            Module.notificationService.addObserver(forName: .a) { _ in }
                            Module.notificationService.addObserver(forName: .b) { _ in }
                        }
                        bag.add(tokens: {
                            Module.notificationService.addObserver(forName: .c) { _ in }
                            Module.notificationService.addObserver(forName: .d) { _ in }
                        })
                        bag.run {
                            Module.notificationService.addObserver(forName: .lost) { _ in }
                            print("ran")
                        }
                    }
                    @ObserverBuilder var observers: [NotificationObserver] {
                        Module.notificationService.addObserver(forName: .e) { _ in }
                        Module.notificationService.addObserver(forName: .f, isSticky: true) { _ in }
                    }
                    @ObserverCollector func more() -> [NotificationObserver] {
                        Module.notificationService.addObserver(forName: .g) { _ in }
                        Module.notificationService.addObserver(forName: .h) { _ in }
                    }
                    @MainActor func refresh() {
                        Module.notificationService.addObserver(forName: .gone) { _ in }
                        print("refreshed")
                    }
                }
                """,
        ])
        #expect(findings == ["nn-observer-discarded Profile/ProfileViewModel.swift:14", "nn-observer-discarded Profile/ProfileViewModel.swift:27"])
    }

    /// An app with a `Module` of its own writes NNModule's qualified, `NNModule_swift.Module`, or through an alias
    /// (`typealias NN = NNModule_swift.Module`): the same static methods and bootstrap classes (`Module.swift:14-28, 51-61`),
    /// and the framework keys the service by `String(reflecting:)` however the call is spelled
    /// (`ModuleServiceCenter.swift:161-163`). Read as other calls, the lookups were a false `nn-service-missing` error, the
    /// route service two routers of its own and a tab in an Awake method a false `nn-late-register` note.
    @Test func theFrameworksModuleWrittenQualifiedOrThroughAnAlias() throws {
        let findings = try NNModuleControlFlowTests.findings(files: [
            "App/Pay.swift": """
                import NNModule_swift
                struct Module { let name: String }
                typealias NN = NNModule_swift.Module
                public protocol PayService: ModuleFunctionalService { func pay() }
                final class PayImpl: NSObject, PayService { func pay() {} }
                final class PayTab: NSObject, RegisterTabItemService {}
                extension NNModule_swift.Module.RegisterService {
                    @objc static func payRegister() { NNModule_swift.Module.register(service: PayService.self, used: PayImpl.self) }
                }
                extension NN.Awake {
                    @objc static func payAwake() {
                        NN.routeService.registerRoute("pay") { _, _ in true }
                        NNModule_swift.Module.tabService.addRegister(PayTab.self)
                        NNModule_swift.URLRouter.default.registerRoute("pay/confirm") { _, _ in true }
                    }
                }
                final class PayVC {
                    func load() {
                        NN.service(of: PayService.self).pay()
                        NN.service(of: WalletService.self).pay()
                        NNModule_swift.Module.routeService.openRoute("pay/confirm")
                        NN.routeService.openRoute("pay")
                    }
                }
                """,
            "Packages/ShopKit/Sources/ShopKit/Shop.swift": """
                import NNModule_swift
                public protocol WalletService: ModuleFunctionalService {}
                final class ShopVC {
                    func load() {
                        Module.service(of: PayService.self).pay()
                        Module.routeService.openRoute("pay")
                    }
                }
                """,
        ])
        // Only the true one: nothing registers `WalletService`.
        #expect(findings == ["nn-service-missing App/Pay.swift:20"])
        let app = NNScannedApp(facts: NNModuleScanTests.swift("""
            typealias NN = NNModule_swift.Module
            extension NNModule_swift.Module.Awake { @objc static func a() { NN.routeService.registerRoute("a") { _, _ in true } } }
            """))
        #expect(app.facts.bootstrapMethods.map(\.name) == ["a"])
        #expect(app.routerNames == ["URLRouter.default", "Module.routeService"])
    }

    /// A type's name is scoped to its Swift module, and a `private` or `fileprivate` one to its file: two SPM packages'
    /// `enum Routes` (or two files' `private enum Router`) are two types, whose `static let router`s are two routers
    /// (`URLRouter.swift:25`). Merged under one name, one took the other's upper router, a false `nn-nested-wrong-upper`
    /// error (`URLRouter.swift:88-92`). Each use names the one its module or file declares; a true wrong upper stays.
    @Test func sameNamedRoutersOfTwoModulesOrFilesAreTwo() throws {
        let findings = try NNModuleControlFlowTests.findings(files: [
            "Packages/CheckoutKit/Sources/CheckoutKit/Checkout.swift": """
                public enum CheckoutRouter { public static let shared = URLRouter(with: Module.routeService) }
                extension Module.Awake { @objc static func checkoutAwake() { Module.routeService.registerRoute("checkout", used: CheckoutRouter.shared) } }
                """,
            "Packages/ShopKit/Sources/ShopKit/Shop.swift": """
                enum Routes { static let router = URLRouter(with: Module.routeService) }
                extension Module.Awake {
                    @objc static func shopAwake() {
                        Routes.router.registerRoute("shop/list") { _, _ in true }
                        Module.routeService.registerRoute("shop", used: Routes.router)
                    }
                }
                """,
            "Packages/OrderKit/Sources/OrderKit/Order.swift": """
                enum Routes { static let router = URLRouter(with: CheckoutRouter.shared) }
                extension Module.Awake {
                    @objc static func orderAwake() {
                        Routes.router.registerRoute("checkout/order") { _, _ in true }
                        CheckoutRouter.shared.registerRoute("order", used: Routes.router)
                        // Truly wrong: OrderKit's `Routes.router` was made with `CheckoutRouter.shared`.
                        Module.routeService.registerRoute("order", used: Routes.router)
                    }
                }
                """,
            "App/Mine.swift": """
                private enum Router { static let sub = URLRouter(with: Module.routeService) }
                extension Module.Awake { @objc static func mineAwake() { Module.routeService.registerRoute("mine", used: Router.sub) } }
                """,
            "App/Wallet.swift": """
                private enum Router { static let sub = URLRouter(with: CheckoutRouter.shared) }
                extension Module.Awake { @objc static func walletAwake() { CheckoutRouter.shared.registerRoute("wallet", used: Router.sub) } }
                """,
        ])
        #expect(findings == ["nn-nested-wrong-upper Packages/OrderKit/Sources/OrderKit/Order.swift:7"])
    }

    /// A router made in a local of one function is not one made in another's (`URLRouter.swift:25`: each instance has
    /// its own routes): merged under one name, a sub-router made with `URLRouter(with: Module.routeService)` took the other
    /// function's upper router (a false `nn-nested-wrong-upper` error, `URLRouter.swift:89`) and two locals' routes were
    /// false duplicates. A closure that makes a stored router (`static let router = { let r = URLRouter(…); …; return r }()`)
    /// still names it after the property.
    @Test func localsOfTwoFunctionsAreTwoRouters() {
        let findings = NNModuleControlFlowTests.findings("""
            extension Module.Awake {
                @objc static func awakeShop() {
                    let router = URLRouter(with: Module.routeService)
                    router.registerRoute("shop/detail") { _, _ in true }
                    Module.routeService.registerRoute("shop", used: router)
                }
                @objc static func awakeMall() {
                    let router = URLRouter(with: MallModule.root)
                    router.registerRoute("shop/detail") { _, _ in true }
                    MallModule.root.registerRoute("mall", used: router)
                }
            }
            enum AppRouters {
                static let a: URLRouter = {
                    let r = URLRouter(with: Module.routeService)
                    r.registerRoute("a/one") { _, _ in true }
                    return r
                }()
                static let b: URLRouter = {
                    let r = URLRouter(with: Module.routeService)
                    r.registerRoute("a/one") { _, _ in true }
                    return r
                }()
                static func wire() {
                    Module.routeService.registerRoute("a", used: AppRouters.a)
                    MallModule.root.registerRoute("b", used: AppRouters.b)
                }
            }
            """)
        // Only the really wrong upper router: `AppRouters.b` was made with `Module.routeService`.
        #expect(findings == ["nn-nested-wrong-upper 26"])
    }

    /// Inside `extension Module`, `register(service:used:)` is `Module.register` (`Module.swift:51`): an app's wrapper
    /// registers through it, computed, so a lookup of a service only the wrapper registers is a note, not an error.
    @Test func aWrapperInsideModuleRegistersAsModuleDoes() {
        let analyzed = NNScannedApp(facts: NNModuleScanTests.swift("""
            extension Module {
                static func bind<S>(_ service: S.Type, to impl: AnyClass) {
                    register(service: service, used: impl)
                }
            }
            extension Module.RegisterService {
                @objc static func registerCart() { Module.bind(CartService.self, to: CartImpl.self) }
            }
            final class Screen { func go() { _ = Module.service(of: CartService.self) } }
            """)).analyze(configuration: .init(), pathPrefix: "", sourceFiles: 0).findings
        #expect(analyzed.map { "\($0.ruleID) \($0.severity.rawValue)" } == ["nn-service-missing note"])
        let app = NNScannedApp(facts: NNModuleScanTests.swift("extension Module { static func bind() { register(service: A.self, used: AImpl.self) } }"))
        #expect(app.facts.registrations.map { "\($0.service.literal ?? "?") \($0.impl.literal ?? "?")" } == ["A AImpl"])
    }

    /// Each router follows its own redirector's map and opens the target on itself (`URLRouter.swift:51-58, 127-128`):
    /// two independent routers' maps that point at each other's routes form no loop (a false `nn-redirect-loop` error).
    /// A sub-router made with `URLRouter(with:)` shares its upper router's redirector (`:65-66`), so a cycle across the
    /// two is still one.
    @Test func redirectMapsBelongToTheirRoutersRedirector() {
        let findings = NNModuleControlFlowTests.findings("""
            enum Merchant { static let shared = URLRouter(routeParser: URLRouteParser(defaultScheme: "merchant")) }
            enum Sale { static let router = URLRouter(with: Module.routeService) }
            extension Module.Awake {
                @objc static func routesAwake() {
                    Module.routeService.registerRoute("orders") { _, _ in true }
                    Module.routeService.routeRedirector.updateRedirectRoutes(["orders/v1": "orders"])
                    Merchant.shared.registerRoute("orders/v1") { _, _ in true }
                    Merchant.shared.routeRedirector.updateRedirectRoutes(["orders": "orders/v1"])
                    Module.routeService.routeRedirector.updateRedirectRoutes(["sale": "promo"])
                    Sale.router.routeRedirector.updateRedirectRoutes(["promo": "sale"])
                }
            }
            """)
        #expect(findings == ["nn-redirect-loop 9"])
    }

    /// `removeAllRoutes()` empties the router's map (`URLRouter.swift:114-116`): a route registered again after it is
    /// inserted anew (a false `nn-route-duplicate` warning). A second registration after that one still finds it taken.
    @Test func aRouteRegisteredAfterRemoveAllRoutesIsNew() {
        let findings = NNModuleControlFlowTests.findings("""
            extension Module.Awake {
                @objc static func feedAwake() {
                    Module.routeService.registerRoute("feed") { _, _ in true }
                    Module.routeService.registerRoute("cart") { _, _ in true }
                    Module.routeService.removeAllRoutes()
                    Module.routeService.registerRoute("feed") { _, _ in false }
                    Module.routeService.registerRoute("cart") { _, _ in false }
                    Module.routeService.registerRoute("cart") { _, _ in true }
                }
            }
            """)
        #expect(findings == ["nn-route-duplicate 8"])
    }

    /// `ModuleManager` calls the application service's `applicationWillAwake()` before the Awake methods and the launch
    /// tasks, and its `application(_:didFinishLaunchingWithOptions:)` after `execute()` ran them
    /// (`NNModule/ModuleManager/Core/ModuleManager.swift:38-44, 49-54`): a tab item added in the first is in time (a false
    /// note before); a launch task added in the second never runs if it is a sync one (an async batch is read after
    /// launch returns, `ModuleLaunchTaskServiceImpl.swift:30-34`), so the note says which. A body that forwards the launch
    /// to ModuleManager itself orders it.
    @Test func theApplicationServicesHooksRunAtKnownTimes() {
        let findings = NNScannedApp(facts: NNModuleScanTests.swift("""
            final class AppService: NSObject, ModuleApplicationService {
                func applicationWillAwake() {
                    Module.tabService.addRegister(MineTab.self)
                    Module.launchTaskService.addRegister(EarlyTask.self)
                }
                func application(_ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                    Module.launchTaskService.addRegister(LateTask.self)
                    return true
                }
            }
            final class AppDelegate: UIResponder, UIApplicationDelegate {
                func application(_ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                    Module.launchTaskService.addRegister(ForwardedTask.self)
                    return ModuleManager.shared.application(application, willFinishLaunchingWithOptions: options)
                }
            }
            """)).analyze(configuration: .init(), pathPrefix: "", sourceFiles: 0).findings
        #expect(findings.map { "\($0.ruleID) \($0.location!.sourceLocation.line) \($0.severity.rawValue)" }
                == ["nn-late-register 7 note", "nn-late-register 13 note"])
        #expect(findings.first?.message.contains("(.syncOnMain), the task never runs") == true)
    }

    /// A redirect is found by the route's whole path only (`NNModule/URLRouter/URLRouteRedirector.swift:42-43`), never
    /// by its host as a handler is (`URLRouter.swift:168-178`): a redirect of `profile` does not handle `profile/v3`.
    /// Every `profile/…` open was taken as handled.
    @Test func aRedirectHandlesItsWholePathOnly() {
        let findings = NNModuleControlFlowTests.findings("""
            extension Module.Awake {
                @objc static func profileAwake() {
                    Module.routeService.registerRoute("profile/v2") { _, _ in true }
                    Module.routeService.routeRedirector.updateRedirectRoutes(["profile": "profile/v2"])
                }
            }
            final class Screen {
                func a() { Module.routeService.openRoute("profile") }
                func b() { Module.routeService.openRoute("profile/v3") }
            }
            """)
        #expect(findings == ["nn-route-unmatched 9"])
    }
}
