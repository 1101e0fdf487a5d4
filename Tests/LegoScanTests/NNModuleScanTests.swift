import Foundation
import LegoAnalysis
import LegoModel
import LegoScenario
import LegoTestSupport
import LegoTraceIO
import Testing
@testable import LegoScan

/// `scan` of NNModule-swift apps: the two fixture apps (`Fixtures/NNShopApp`, clean; `Fixtures/NNFaultsApp`, each
/// scan-detectable fault once), written for these tests in the style of the framework's example app
/// (`YiHuaXie/NNModule@5d3e56e:Modules/…`), Swift and Objective-C.
@Suite struct NNModuleScanTests {
    static func scan(_ name: String) throws -> ScanOutcome<NNScannedApp> {
        try AppScanner.scan(directory: ScanFixtures.path(name), with: NNScanner())
    }

    static func findings(_ name: String) throws -> [Finding] {
        try scan(name).app.analyze(configuration: .init(), pathPrefix: "", sourceFiles: 0).findings
    }

    /// Facts of one Swift snippet.
    static func swift(_ text: String) -> NNFacts {
        AppScanner.read(bytes: Array(text.utf8), file: "Snippet.swift", language: .swift, with: NNScanner())
    }

    /// Writes `files` (relative path → text) into `directory`, making their folders.
    static func write(_ files: [String: String], into directory: TemporaryDirectory) throws {
        for (name, text) in files {
            let path = directory.file(name)
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        }
    }

    /// Facts of one Objective-C snippet.
    static func objc(_ text: String) -> NNFacts {
        AppScanner.read(bytes: Array(text.utf8), file: "Snippet.m", language: .objectiveC, with: NNScanner())
    }

    @Test func theCleanAppIsDetectedAsNNModuleAndHasNoFindings() throws {
        let outcome = try AppScanner.scan(directory: ScanFixtures.path("NNShopApp"), framework: nil)
        #expect(outcome.app.framework == .nnModule)
        #expect(outcome.detection?.framework == .nnModule)
        let app = try Self.scan("NNShopApp").app
        // The service registered from Objective-C is looked up from Swift under one key (`ModuleConfigServiceImpl.m:17`
        // and `ApplicationModuleImpl.swift:24` in the framework's example).
        #expect(app.facts.registrations.map { "\($0.service.written)=\($0.impl.written) \($0.api.rawValue) \($0.method ?? "-")" } == [
            "ModuleConfigService=ModuleConfigServiceImpl objc registerModuleConfigService",
            "LoginService=LoginServiceImpl swift registerLogin",
        ])
        #expect(app.facts.lookups.map(\.service.written) == ["ModuleConfigService"], "the commented-out Objective-C lookup is not code")
        #expect(app.facts.routes.map { "\($0.router) \($0.route.written) \($0.kind.rawValue)" } == [
            "Module.routeService login handler", "Module.routeService settings handler", "Module.routeService shop subRouter",
            "Module.routeService https://nnmodule.example handler", "ShopModule.router shop/list handler", "ShopModule.router shop/detail delayed",
        ])
        #expect(app.facts.routers.map { "\($0.name) <- \($0.upper ?? "-")" } == ["ShopModule.router <- Module.routeService"])
        #expect(app.facts.opens.map(\.route.written) == ["settings/about", "shop/detail?id=42", "https://nnmodule.example/about", "item.link"])
        #expect(app.facts.observers.map(\.token) == [.disposed, .kept])
        #expect(app.facts.bootstrapMethods.map { "\($0.kind.rawValue) \($0.name) \($0.shape.rawValue)" } == [
            "registerService registerModuleConfigService invoked", "registerService registerLogin invoked", "awake loginAwake invoked",
            "awake shopAwake invoked",
        ])
        let findings = app.analyze(configuration: .init(), pathPrefix: "", sourceFiles: 0).findings
        #expect(findings.map(\.message) == [])
    }

    /// Each seeded fault (marked FAULT in the fixture) is found once, at its line, with the severity its certainty allows.
    @Test func theFaultsAppShowsEachScanDetectableFaultOnce() throws {
        let found = try Self.findings("NNFaultsApp").map { "\($0.ruleID) \($0.severity.rawValue) \($0.location!.sourceLocation.file):\($0.location!.sourceLocation.line)" }
        #expect(found.sorted() == [
            "nn-event-name-collision warning ShopModule/ShopModule.swift:40",
            "nn-late-register note ShopModule/ShopModule.swift:61",
            "nn-nested-wrong-upper error ShopModule/ShopModule.swift:16",
            "nn-observer-discarded error ShopModule/ShopModule.swift:56",
            "nn-priority-ignored warning PayModule/PayModule.m:8",
            "nn-redirect-dangling warning ShopModule/ShopModule.swift:18",
            "nn-redirect-loop error ShopModule/ShopModule.swift:18",
            "nn-route-duplicate warning ShopModule/ShopModule.swift:13",
            "nn-route-invalid note ShopModule/ShopModule.swift:48",
            "nn-route-unmatched warning ShopModule/ShopModule.swift:50",
            "nn-service-missing error ShopModule/ShopModule.swift:45",
        ])
    }

    @Test func findingsSayWhatTheFrameworkDoes() throws {
        let messages = Dictionary(try Self.findings("NNFaultsApp").map { ($0.ruleID, $0.message) }, uniquingKeysWith: { first, _ in first })
        #expect(messages["nn-priority-ignored"]?.hasPrefix("DebugPayServiceImpl (priority 10) is ignored for PayService: PayServiceImpl (priority 10") == true)
        #expect(messages["nn-route-duplicate"]?.contains("SETTINGS is registered again on Module.routeService (SETTINGS and settings are one key)") == true)
        #expect(messages["nn-redirect-loop"]?.contains("://promo/a -> ://promo/b -> ://promo/a") == true)
        #expect(messages["nn-route-invalid"]?.hasPrefix("openRoute(item.link ?? \"\")") == true)
        #expect(messages["nn-nested-wrong-upper"]?.contains("made with ShopRouters.other") == true)
    }

    /// The same defect at another place is another finding. hekang1992/shinymoney opens `applyModel.deadly ?? ""` in two
    /// files, twice in one: folded into one finding, every place but the first stayed hidden until the first was fixed.
    /// The first place keeps the fingerprint it always had, so a baseline written before still matches it; each later
    /// place's names its file and how many places of the defect come before it there, so lines moving keep it.
    @Test func theSameDefectAtAnotherPlaceIsAnotherFinding() throws {
        let open = "URLRouter.default.openRoute(model.link ?? \"\")"
        let files = [
            "A.swift": "import NNModule\nclass A {\n    func go() {\n        \(open)\n    }\n}\n",
            "B.swift": "import NNModule\nclass B {\n    func go() {\n        \(open)\n        \(open)\n    }\n    func again() { \(open) }\n}\n",
        ]
        func scan(_ files: [String: String]) throws -> [Finding] {
            let directory = try TemporaryDirectory()
            for (name, text) in files { try Data(text.utf8).write(to: URL(fileURLWithPath: directory.file(name))) }
            return try AppScanner.scan(directory: directory.path, with: NNScanner()).app
                .analyze(configuration: .init(), pathPrefix: "", sourceFiles: 0).findings
        }
        let findings = try scan(files)
        #expect(findings.map { "\($0.ruleID) \($0.location!.sourceLocation.file):\($0.location!.sourceLocation.line)" } == [
            "nn-route-invalid A.swift:4", "nn-route-invalid B.swift:4", "nn-route-invalid B.swift:5", "nn-route-invalid B.swift:7",
        ])
        #expect(Set(findings.map(\.fingerprint)).count == 4)
        #expect(findings.first?.fingerprint == Fingerprint.make(["nn-route-invalid", "scan", "fallback", "model.link", ""]))
        // Two blank lines above every open: each place keeps its fingerprint.
        let moved = try scan(files.mapValues { $0.replacingOccurrences(of: "class", with: "\n\nclass") })
        #expect(moved.map(\.fingerprint) == findings.map(\.fingerprint))
        #expect(moved.map { $0.location!.sourceLocation.line } == [6, 6, 7, 9])
    }

    /// The framework keys a service by `String(reflecting: T.self)` (`YiHuaXie/NNModule@5d3e56e:NNModule/ModuleManager/Core/
    /// ModuleServiceCenter.swift:161-163`), which names the type an alias stands for: registered as `LoginService.self`
    /// (`typealias LoginService = LoginServiceProtocol`) and looked up as `LoginServiceProtocol.self` is one service.
    /// Read as written, the lookup was a false `nn-service-missing` error ("crashes in release").
    @Test func aServiceNamedThroughATypealiasIsTheAliasedProtocol() throws {
        let app = NNScannedApp(facts: Self.swift("""
            protocol LoginServiceProtocol: ModuleFunctionalService { func login() }
            typealias LoginService = LoginServiceProtocol
            typealias AuthService = LoginService
            typealias Either = LoginServiceProtocol & AnyObject
            class LoginImpl: NSObject, LoginServiceProtocol { func login() {} }
            extension Module.RegisterService {
                @objc static func registerLogin() { Module.register(service: LoginService.self, used: LoginImpl.self) }
            }
            class Home {
                func go() {
                    Module.service(of: LoginServiceProtocol.self).login()
                    Module.service(of: App.AuthService.self).login()
                    Module.service(of: Either.self).login()
                }
            }
            """))
        #expect(app.facts.typeAliases.map { "\($0.name)=\($0.target)@\($0.location.line)" } == ["LoginService=LoginServiceProtocol@2", "AuthService=LoginService@3"])
        #expect(app.facts.registrations.map(\.service) == [.resolved(values: ["LoginServiceProtocol"], chain: [app.facts.typeAliases[0].location])])
        #expect(app.facts.lookups.map(\.service.written) == ["LoginServiceProtocol", "LoginServiceProtocol", "Either"])
        #expect(app.facts.lookups[1].service == .resolved(values: ["LoginServiceProtocol"], chain: app.facts.typeAliases.reversed().map(\.location)))
        let findings = app.analyze(configuration: .init(), pathPrefix: "", sourceFiles: 0).findings
        // A composition is another type: its lookup finds nothing, as the framework's would.
        #expect(findings.map { "\($0.ruleID) \($0.location!.sourceLocation.line)" } == ["nn-service-missing 13"])

        // One alias name with two targets (two modules' `Service`): which one a file sees is not known, so it stays as written.
        let twice = NNScannedApp(facts: Self.swift("""
            typealias Service = LoginServiceProtocol
            typealias Service = PayServiceProtocol
            class Home { func go() { Module.service(of: Service.self) } }
            """))
        #expect(twice.facts.lookups.map(\.service) == [.literal("Service")])

        // An alias inside a type is that type's name (a SwiftUI view's `LoginService` for its API client): it neither
        // undoes the file-level alias nor renames the app's own `Service` protocol elsewhere.
        var scoped = Self.swift("""
            protocol LoginServiceProtocol: ModuleFunctionalService {}
            typealias LoginService = LoginServiceProtocol
            protocol Service: ModuleFunctionalService {}
            extension Module.RegisterService {
                @objc static func registerLogin() {
                    Module.register(service: LoginService.self, used: LoginImpl.self)
                    Module.register(service: Service.self, used: ServiceImpl.self)
                }
            }
            """)
        scoped.append(Self.swift("""
            struct LoginForm { typealias LoginService = LoginAPIClient }
            final class HomeViewModel { typealias Service = LoginServiceProtocol }
            class Home { func go() { Module.service(of: LoginServiceProtocol.self); Module.service(of: Service.self) } }
            """))
        let scopedApp = NNScannedApp(facts: scoped)
        #expect(scopedApp.facts.registrations.map(\.service.written) == ["LoginServiceProtocol", "Service"])
        #expect(scopedApp.facts.lookups.map(\.service.written) == ["LoginServiceProtocol", "Service"])
        #expect(scopedApp.analyze(configuration: .init(), pathPrefix: "", sourceFiles: 0).findings.map(\.message) == [])

        // A type's own alias is what the name means inside the type, and as `Type.Name` elsewhere: a file-level alias of
        // the same name does not apply there (it turned a true missing registration into a found one, or the reverse).
        var own = Self.swift("""
            protocol CartServiceProtocol: ModuleFunctionalService {}
            enum Cart { typealias Service = CartServiceProtocol }
            final class CartButton { func tap() { Module.service(of: Cart.Service.self) } }
            final class CartBadge {
                typealias Service = CartServiceProtocol
                func tap() { Module.service(of: Service.self) }
            }
            """)
        own.append(Self.swift("""
            protocol LoginServiceProtocol: ModuleFunctionalService {}
            typealias Service = any LoginServiceProtocol
            let defaultVisibility: Visibility = .private
            typealias AuthService = LoginServiceProtocol
            extension Module.RegisterService {
                @objc static func registerLogin() { Module.register(service: Service.self, used: LoginImpl.self) }
            }
            class Home { func go() { Module.service(of: AuthService.self) } }
            """))
        let ownApp = NNScannedApp(facts: own)
        #expect(ownApp.facts.registrations.map(\.service.written) == ["LoginServiceProtocol"], "`any P` is P's key")
        #expect(ownApp.facts.lookups.map(\.service.written) == ["CartServiceProtocol", "CartServiceProtocol", "LoginServiceProtocol"])
        #expect(ownApp.analyze(configuration: .init(), pathPrefix: "", sourceFiles: 0).findings.map { "\($0.ruleID) \($0.severity.rawValue) \($0.location!.sourceLocation.line)" }
                == ["nn-service-missing error 3", "nn-service-missing error 6"])

        // A type's own alias counts in an app with no file-level alias at all.
        let onlyOwn = NNScannedApp(facts: Self.swift("""
            final class CartBadge {
                typealias Service = CartServiceProtocol
                func tap() { Module.service(of: Service.self) }
            }
            """))
        #expect(onlyOwn.facts.lookups.map(\.service.written) == ["CartServiceProtocol"])

        // A `private` alias names its target in its own file only.
        var privateAlias = Self.swift("private typealias Hidden = LoginServiceProtocol\nclass A { func go() { Module.service(of: Hidden.self) } }\n")
        var other = Self.swift("class B { func go() { Module.service(of: Hidden.self) } }\n")
        for index in other.lookups.indices { other.lookups[index].location.file = "B.swift" }
        privateAlias.append(other)
        #expect(NNScannedApp(facts: privateAlias).facts.lookups.map(\.service.written) == ["LoginServiceProtocol", "Hidden"])

        // An alias in a file that names none of the API (read without a syntax tree) counts the same.
        let aliasOnly = Self.swift("typealias LoginService = LoginServiceProtocol\n")
        #expect(aliasOnly.typeAliases.map { "\($0.name)=\($0.target)" } == ["LoginService=LoginServiceProtocol"])
        #expect(!NNSwiftReader.mayCallTheFramework(Array("typealias LoginService = LoginServiceProtocol\n".utf8)))
    }

    /// NNModule-swift 1.0.1–1.0.6 keep `URLRouter/` beside `ModuleManager/`, and from 1.0.2 its parser is a struct
    /// (`YiHuaXie/NNModule@1.0.2:NNModule/URLRouter/URLRouteParser.swift:56`, a class in 1.0.0 at line 56): a copy
    /// vendored into an app is recognised by its structs and enums too, so the router's own code is not read as the
    /// app's (a copy of 1.0.2 or 1.0.4 left `URLRouter/` in, and its `URLRouter.default` among the app's routers).
    @Test func aVendoredCopyIsRecognisedByItsValueTypesToo() throws {
        let directory = try TemporaryDirectory()
        let files = [
            "App/Routes.swift": "import NNModule_swift\nclass Routes {\n    func setup() { URLRouter.default.registerRoute(\"home\") { _, _ in true } }\n}\n",
            "NNModule/ModuleManager/Core/ModuleServiceCenter.swift": "final class ModuleServiceCenter {}\n",
            "NNModule/URLRouter/URLRouteParser.swift": "public struct RouteURL {}\npublic struct URLRouteParser {}\n",
            // The framework's own code opening a route no app registers: read as the app's, it is a false finding.
            "NNModule/URLRouter/Navigator.swift": "public struct Navigator {\n    func go() { URLRouter.default.openRoute(\"vendored/only\") }\n}\n",
        ]
        try Self.write(files, into: directory)
        let outcome = try AppScanner.scan(directory: directory.path, with: NNScanner())
        #expect(outcome.excluded.contains(AppScanner.Exclusion(path: "NNModule", reason: .frameworkCopy(classes: ["ModuleServiceCenter", "URLRouteParser"]),
                                                               fileCount: 3)))
        #expect(outcome.fileCount == 1)
        #expect(outcome.app.facts.opens.isEmpty)
        #expect(outcome.app.analyze(configuration: .init(), pathPrefix: "", sourceFiles: 0).findings.map(\.message) == [])
        // The value types alone mark it: a copy of the router without `ModuleManager/` (1.0.1's layout).
        try FileManager.default.removeItem(atPath: directory.file("NNModule/ModuleManager"))
        let routerOnly = try AppScanner.scan(directory: directory.path, with: NNScanner())
        #expect(routerOnly.excluded.contains(AppScanner.Exclusion(path: "NNModule/URLRouter", reason: .frameworkCopy(classes: ["URLRouteParser"]),
                                                                  fileCount: 2)))

        // An app's own `NotificationObserver` (a common wrapper of an observer token, a class of the framework's too) is
        // no evidence: taken for one, it excluded the app's folder and hid a registration (a false `nn-service-missing`).
        let app = try TemporaryDirectory()
        let appFiles = [
            "App/Core/Observers.swift": "import NNModule_swift\nstruct NotificationObserver { let token: NSObjectProtocol }\n",
            "App/Core/Registrations.swift": """
                import NNModule_swift
                protocol LoginServiceProtocol: ModuleFunctionalService {}
                class LoginImpl: NSObject, LoginServiceProtocol {}
                extension Module.RegisterService {
                    @objc static func registerLogin() { Module.register(service: LoginServiceProtocol.self, used: LoginImpl.self) }
                }
                """,
            "App/Home/Home.swift": "import NNModule_swift\nclass Home { func go() { Module.service(of: LoginServiceProtocol.self) } }\n",
        ]
        try Self.write(appFiles, into: app)
        let appOutcome = try AppScanner.scan(directory: app.path, with: NNScanner())
        #expect(appOutcome.excluded.allSatisfy { if case .frameworkCopy = $0.reason { false } else { true } })
        #expect(appOutcome.app.analyze(configuration: .init(), pathPrefix: "", sourceFiles: 0).findings.map(\.message) == [])
    }

    /// NNModule-swift up to 1.0.5 defines `webLink` on the router instance (`URLRouterType.swift:66` there), so its
    /// example registers `router.registerRoute(router.webLink)`. Read as a computed route it gave a false "no router
    /// handles" note for web links and capped every literal unmatched open at note; another type's `webLink` stays
    /// computed.
    @Test func aRoutersOwnWebLinkIsTheWebLinkRoute() {
        let routes = """
            class Routes {
                func setup() {
                    let router = URLRouter.default
                    router.registerRoute(router.webLink) { url, navigator in true }
                    router.registerRoute("module/a") { url, navigator in true }
                }
                func open() {
                    URLRouter.default.openRoute("https://example.com/page")
                    URLRouter.default.openRoute("module/b")
                }
            }
            """
        let facts = Self.swift(routes + "\nfunc other(config: Config) { URLRouter.default.registerRoute(config.webLink) { _, _ in true } }\n")
        #expect(facts.routes.map(\.route.written) == ["weblink", "module/a", "config.webLink"])
        let findings = NNScannedApp(facts: Self.swift(routes)).analyze(configuration: .init(), pathPrefix: "", sourceFiles: 0).findings
        #expect(findings.map { "\($0.ruleID) \($0.severity.rawValue) \($0.location!.sourceLocation.line)" } == ["nn-route-unmatched warning 9"])
    }

    /// A parser made in a variable and given to the default router on another line (hekang1992/shinymoney's
    /// `SMRouterUtils`): its scheme is the default one, which `routeUrl(from:)` turns into "" (`URLRouteParser.swift:117`),
    /// so `word://hawa.li/…` opens the route registered as `hawa.li`. Before, the scan kept `nn` and reported a false
    /// nn-route-unmatched warning.
    @Test func aParserInAVariableSetsTheDefaultScheme() throws {
        let setup = """
            class Utils {
                private static let router = URLRouter.default
                static func setup() {
                    let routeParser = URLRouteParser(defaultScheme: "Word")
                    URLRouter.default = URLRouter(routeParser: routeParser)
                    router.registerRoute("hawa.li") { _, _ in true }
                }
                func go() { URLRouter.default.openRoute("word://hawa.li/exceptBosss") }
            }
            """
        let app = NNScannedApp(facts: Self.swift(setup))
        #expect(app.parser.defaultScheme == "word" && app.keysCertain)
        #expect(app.analyze(configuration: .init(), pathPrefix: "", sourceFiles: 0).findings.isEmpty)
        // A scheme computed at run time: route keys are uncertain, so what rests on them is a note.
        let computed = NNScannedApp(facts: Self.swift(setup.replacingOccurrences(of: "\"Word\"", with: "Config.scheme")))
        #expect(!computed.keysCertain)
        #expect(computed.analyze(configuration: .init(), pathPrefix: "", sourceFiles: 0).findings.allSatisfy { $0.severity == .note })
    }

    /// A replaced route service may parse routes its own way: findings that rest on key aliases become notes.
    @Test func aReplacedRouteServiceMakesAliasFindingsNotes() throws {
        let facts = Self.swift("""
            extension Module.RegisterService {
                @objc static func app() { Module.register(service: ModuleRouteService.self, used: Router.self) }
            }
            extension Module.Awake {
                @objc static func awake() {
                    Module.routeService.registerRoute("a") { _, _ in true }
                    Module.routeService.registerRoute("A") { _, _ in true }
                    Module.routeService.openRoute("zzz")
                }
            }
            class Router: URLRouter { static var implPriority: Int { 100 } }
            """)
        let app = NNScannedApp(facts: facts)
        #expect(!app.keysCertain)
        let findings = app.analyze(configuration: .init(), pathPrefix: "", sourceFiles: 0).findings
        #expect(findings.map { "\($0.ruleID) \($0.severity.rawValue)" }.sorted() == ["nn-route-duplicate note", "nn-route-unmatched note"])
    }

    /// `ModuleManager.init` registers the default services first (`ModuleManager.swift:24-28`), none with a priority:
    /// an app's impl of priority 0 for one of them is ignored; 100 replaces it, as the example's `Router` does.
    @Test func aDefaultServiceIsOnlyReplacedByAGreaterPriority() throws {
        let facts = Self.swift("""
            extension Module.RegisterService {
                @objc static func app() {
                    Module.register(service: ModuleTabService.self, used: MyTabs.self)
                    Module.register(service: ModuleRouteService.self, used: Router.self)
                }
            }
            class MyTabs: NSObject, ModuleTabService {}
            class Router: NSObject, ModuleRouteService { static var implPriority: Int { 100 } }
            """)
        let findings = NNScannedApp(facts: facts).analyze(configuration: .init(), pathPrefix: "", sourceFiles: 0).findings
        #expect(findings.map(\.message) == [
            "MyTabs (priority 0) is ignored for ModuleTabService: ModuleTabServiceImpl (priority 0, a default service ModuleManager registers first) "
                + "keeps the key; only a strictly greater priority replaces it",
        ])
    }

    /// Two methods tie: one is ignored for sure, which one depends on the runtime's method order; a lower priority in
    /// another method is an override (no finding).
    @Test func registrationsInTwoMethodsOnlyTieForSure() throws {
        let facts = Self.swift("""
            extension Module.RegisterService {
                @objc static func a() { Module.register(service: Pay.self, used: PayA.self) }
                @objc static func b() { Module.register(service: Pay.self, used: PayB.self) }
                @objc static func c() { Module.register(service: Log.self, used: LogA.self) }
                @objc static func d() { Module.register(service: Log.self, used: LogB.self) }
            }
            class PayA: NSObject, Pay {}
            class PayB: NSObject, Pay {}
            class LogA: NSObject, Log { static var implPriority: Int { 5 } }
            class LogB: NSObject, Log {}
            """)
        let findings = NNScannedApp(facts: facts).analyze(configuration: .init(), pathPrefix: "", sourceFiles: 0).findings
        #expect(findings.map(\.message) == ["PayA and PayB both register Pay with priority 0 (registered at Snippet.swift:2:29): the one whose method "
                                            + "the runtime lists first wins and the other is ignored"])
    }

    /// `Module.service(of: P.self)` compiles only where `P` is declared: a looked-up service the scanned source does not
    /// declare comes from a module the scan did not read (a pod, a framework), which most likely registers it, so its
    /// missing registration (an assert, then a force-unwrapped nil: `ModuleServiceCenter.swift:115-144`,
    /// `Module.swift:59-61`) is a note; a service declared in the scanned source and registered nowhere stays an error.
    /// An Objective-C `@protocol P;` only announces a protocol declared elsewhere.
    @Test func aServiceDeclaredOutsideTheScannedSourceIsOnlyANoteWhenNothingRegistersIt() throws {
        var facts = Self.swift("""
            import NNModule_swift
            import ShopModule
            protocol LocalService: AnyObject {}
            final class Home {
                func go() {
                    _ = Module.service(of: LocalService.self)
                    _ = Module.service(of: ShopService.self)
                    _ = Module.service(of: ShopModule.CartService.self)
                }
            }
            """)
        facts.append(Self.objc("""
            @protocol PayService;
            @protocol WalletService <NSObject>
            @end
            @implementation Pay
            - (void)go {
                id pay = [[ModuleManager sharedInstance] serivceOfProtocol:@protocol(PayService)];
                id wallet = [[ModuleManager sharedInstance] serivceOfProtocol:@protocol(WalletService)];
            }
            @end
            """))
        #expect(facts.protocols == ["LocalService", "WalletService"])
        let findings = NNScannedApp(facts: facts).analyze(configuration: .init(), pathPrefix: "", sourceFiles: 0).findings
        #expect(findings.map { "\($0.module ?? "") \($0.severity.rawValue)" } == [
            "PayService note", "WalletService error", "LocalService error", "ShopService note", "ShopModule.CartService note",
        ])
        #expect(findings.first { $0.module == "ShopService" }?.message.contains("nor declares it: it comes from code the scan did not read") == true)
        // The written scenario does not look them up, where the model would miss them and record a crash.
        let scenario = NNScannedApp(facts: facts).scenario(appName: "Home")
        #expect(scenario.contains("  - lookup: \"LocalService\"") && !scenario.contains("  - lookup: \"ShopService\""))
        #expect(scenario.contains("# note: skipped a lookup of ShopService at Snippet.swift:7:13: it is declared, and most likely registered, in code the scan did not read"))

        // That code may register routes too: a route no scanned router handles (`URLRouter.swift:118-178`) is a note then.
        let open = Self.swift(#"final class Cart { func go() { Module.routeService.openRoute("cart/detail") } }"#)
        var alone = facts
        alone.lookups = []
        alone.append(open)
        #expect(NNScannedApp(facts: alone).analyze(configuration: .init(), pathPrefix: "", sourceFiles: 0).findings.map(\.severity) == [.warning])
        var incomplete = facts
        incomplete.append(open)
        let unmatched = NNScannedApp(facts: incomplete).analyze(configuration: .init(), pathPrefix: "", sourceFiles: 0).findings
            .filter { $0.ruleID == "nn-route-unmatched" }
        #expect(unmatched.map(\.severity) == [.note])
        #expect(unmatched.first?.message.contains("unless code the scan did not read registers it: PayService, used at Snippet.m:6, is declared there") == true)
    }

    /// The service center keys a service by `String(reflecting: P.self)` (`ModuleServiceCenter.swift:155-164`): `P`,
    /// `(any P)` and `App.P` are one service, however registration and lookup spell it.
    @Test func aServiceIsOneKeyHoweverItsMetatypeIsSpelled() {
        let facts = Self.swift("""
            protocol ShopService: AnyObject {}
            protocol PayService: AnyObject {}
            extension Module.RegisterService {
                @objc static func registerShop() {
                    Module.register(service: (any ShopService).self, used: ShopImpl.self)
                    Module.register(service: PayService.self, used: PayImpl.self)
                }
            }
            final class Home {
                func go() {
                    _ = Module.service(of: ShopService.self)
                    _ = Module.service(of: (any PayService).self)
                    _ = Module.service(of: App.PayService.self)
                    _ = Module.service(of: App.CartService.self)
                }
            }
            """)
        #expect(facts.registrations.map(\.service) == [.literal("ShopService"), .literal("PayService")])
        let findings = NNScannedApp(facts: facts).analyze(configuration: .init(), pathPrefix: "", sourceFiles: 0).findings
        #expect(findings.map { "\($0.ruleID) \($0.module ?? "")" } == ["nn-service-missing App.CartService"])
    }

    /// One build compiles one clause of a `#if`: a debug impl and a release one of a service, or a route registered in
    /// both clauses, are never registered together, so neither the priority rule (`ModuleServiceCenter.swift:105-112`)
    /// nor the first-handler rule (`URLRouter.swift:73-86`) drops one; the same registrations outside the `#if`, or in
    /// one clause, still are.
    @Test func registrationsInTwoClausesOfOneIfAreNeverBothMade() {
        let facts = Self.swift("""
            protocol PayService: AnyObject {}
            extension Module.RegisterService {
                @objc static func registerPay() {
                    #if DEBUG
                    Module.register(service: PayService.self, used: MockPay.self)
                    #elseif STAGING
                    Module.register(service: PayService.self, used: StagingPay.self)
                    #else
                    Module.register(service: PayService.self, used: RealPay.self)
                    #endif
                }
            }
            extension Module.Awake {
                @objc static func awakePay() {
                    #if DEBUG
                    Module.routeService.registerRoute("pay") { _, _ in true }
                    #if MOCK
                    Module.routeService.registerRoute("mock") { _, _ in true }
                    #endif
                    Module.routeService.registerRoute("mock") { _, _ in true }
                    #else
                    Module.routeService.registerRoute("pay") { _, _ in false }
                    #endif
                    Module.routeService.registerRoute("pay") { _, _ in true }
                }
            }
            """)
        #expect(facts.registrations.map { $0.branches.map(\.clause) } == [[0], [1], [2]])
        let findings = NNScannedApp(facts: facts).analyze(configuration: .init(), pathPrefix: "", sourceFiles: 0).findings
        #expect(findings.map { "\($0.ruleID) \($0.location?.sourceLocation.line ?? 0)" } == ["nn-route-duplicate 20", "nn-route-duplicate 24"])

        // The same in Objective-C, `#if 0` … `#else` included.
        let objc = Self.objc("""
            @interface MockPay : NSObject <PayService>
            @end
            @interface RealPay : NSObject <PayService>
            @end
            @implementation ModuleRegisterService (Pay)
            + (void)registerPay {
            #ifdef DEBUG
                [Module registerServiceOfProtocol:@protocol(PayService) usedImplClass:MockPay.class];
            #else
                [Module registerServiceOfProtocol:@protocol(PayService) usedImplClass:RealPay.class];
            #endif
            #if 0
                [[Module routeService] registerRoute:@"pay" handleRouteFactory:nil];
            #else
                [[Module routeService] registerRoute:@"pay" handleRouteFactory:nil];
                [[Module routeService] registerRoute:@"pay" handleRouteFactory:nil];
            #endif
            }
            @end
            """)
        #expect(objc.registrations.map { $0.branches.map(\.clause) } == [[0], [1]])
        let objcFindings = NNScannedApp(facts: objc).analyze(configuration: .init(), pathPrefix: "", sourceFiles: 0).findings
        #expect(objcFindings.map { "\($0.ruleID) \($0.location?.sourceLocation.line ?? 0)" } == ["nn-route-duplicate 16"])
    }

    /// A router is named by the expression that reaches it, through local names and `self` (the framework's example
    /// registers `let subRouter = AModuleImpl.router` on the route service, `AModuleImpl.swift:18-19`).
    @Test func routersAreNamedThroughAliasesAndSelf() {
        let facts = Self.swift("""
            extension Module.Awake {
                @objc static func awake() {
                    let sub = ShopModule.router
                    Module.routeService.registerRoutes(["shop", URLRouter.webLink], used: sub)
                }
            }
            class MyRouter: URLRouter {
                func setUp() { self.registerRoute("a") { _, _ in true } }
            }
            """)
        #expect(facts.routes.map { "\($0.router) \($0.route.written) \($0.subRouter ?? "-")" } == [
            "Module.routeService shop ShopModule.router", "Module.routeService weblink ShopModule.router", "MyRouter a -",
        ])
        let objc = Self.objc("@implementation Router\n- (void)f {\n    [self openRoute:@\"a\" parameters:@{}];\n}\n@end\n")
        #expect(objc.opens.map(\.router) == ["Router"])
    }

    /// `self` in a router class and its shared instance may be one router: a sub-router made with one and registered
    /// on the other is a note, not an error (`URLRouter.swift:88-102` compares identities).
    @Test func aWrongUpperRouterIsAnErrorOnlyBetweenRoutersTheCodeMakes() {
        let facts = Self.swift("""
            class R: URLRouter {
                static let shared = R()
                func f() {
                    let sub = URLRouter(with: self)
                    R.shared.registerRoute("x", used: sub)
                }
            }
            """)
        let findings = NNScannedApp(facts: facts).analyze(configuration: .init(), pathPrefix: "", sourceFiles: 1).findings
        #expect(findings.map { "\($0.ruleID) \($0.severity.rawValue) \($0.certainty?.rawValue ?? "-")" } == ["nn-nested-wrong-upper note dynamic"])
    }

    /// The token `addObserver` returns removes the observer in its `deinit` (`NotificationObserver.swift:33`).
    @Test func anObserverTokenIsKeptDisposedOrDiscarded() {
        let facts = Self.swift("""
            class A {
                var token: NotificationObserver?
                func f() {
                    center.addObserver(forName: .a, isSticky: true) { _ in }
                    _ = center.addObserver(forName: Notification.Name("b"), isSticky: false) { _ in }
                    token = center.addObserver(forName: .c, isSticky: false) { _ in }
                    center.addObserver(forName: .d, isSticky: false) { _ in }.disposed(by: self)
                    Module.notificationService.addObserver(forName: .e) { _ in }
                    NotificationCenter.default.addObserver(forName: .f, object: nil, queue: nil) { _ in }
                }
            }
            """)
        #expect(facts.observers.map { "\($0.name.written) \($0.sticky) \($0.token.rawValue)" } == [
            ".a true discarded", "b false discarded", ".c false kept", ".d false disposed", ".e false discarded",
        ], "Foundation's own addObserver(forName:object:queue:using:) is not the framework's")
    }

    @Test func objectiveCBootstrapMethodsHaveTheShapeTheFrameworkCallsThemWith() {
        let facts = Self.objc("""
            @implementation ModuleAwake (Shop)
            + (void)shopAwake { [Module.tabService addRegister:ShopTab.class]; }
            + (void)setup:(int)x {}
            + (void)load {}
            - (void)instance {}
            @end
            """)
        #expect(facts.bootstrapMethods.map { "\($0.name) \($0.shape.rawValue)" } == [
            "shopAwake invoked", "setup hasParameters", "load runsTwice", "instance neverInvoked",
        ])
        #expect(facts.registered.map { "\($0.kind.rawValue) \($0.className.written) \($0.method ?? "-")" } == ["tab ShopTab shopAwake"])
    }

    @Test func objectiveCRoutesRedirectsAndObserversAreRead() {
        let facts = Self.objc("""
            #define kShop @"shop"
            @implementation ShopModule
            - (void)f {
                [self.router registerRoute:kShop handleRouteFactory:^BOOL(RouteURL *url, id<NavigatorType> nav) { return YES; }];
                [[Module routeService] openRoute:@"shop/list" parameters:@{}];
                [Module.routeService.routeRedirector updateRedirectRoutes:@{@"a": @"b", @"c": kShop}];
                [NSNotificationCenter.defaultCenter addObserverForName:@"x" isSticky:YES object:nil queue:nil usingBlock:^(NSNotification *n) {}];
                self.token = [NSNotificationCenter.defaultCenter addObserverForName:@"y" isSticky:NO object:nil queue:nil usingBlock:^(NSNotification *n) {}];
            }
            @end
            """)
        #expect(facts.routes.map { "\($0.router) \($0.route.written)" } == ["ShopModule.router shop"])
        #expect(facts.opens.map { "\($0.router) \($0.route.written)" } == ["Module.routeService shop/list"])
        #expect(facts.redirects.map { "\($0.from.written)->\($0.to?.written ?? "-")" } == ["a->b", "c->shop"])
        #expect(facts.observers.map { "\($0.name.written) \($0.sticky) \($0.token.rawValue)" } == ["x true discarded", "y false kept"])
    }

    /// The generated scenarios are ones `record` runs: no refused step, and the clean app's trace has no findings
    /// while the faults app's trace shows the faults the model reproduces.
    @Test func theGeneratedScenariosRecord() throws {
        for (name, expectsFindings) in [("NNShopApp", false), ("NNFaultsApp", true)] {
            let yaml = try Self.scan(name).app.scenario(appName: name)
            #expect(yaml.contains("framework: nnmodule\n"))
            let scenario = try ScenarioDocument.parse(yaml: yaml, file: "\(name).yml")
            #expect(scenario.framework == .nnModule)
            let buffer = TraceBuffer()
            let summary = scenario.run(sink: buffer, console: nil, logs: false)
            #expect(summary.failures.isEmpty, "\(name): \(summary.failures)")
            let header = TraceHeader(producer: "tests", start: "2026-01-01T00:00:00Z", app: name, framework: .nnModule)
            let rules = Set(Analyzer.analyze(header: header, events: buffer.events).findings.map(\.ruleID))
            if expectsFindings {
                #expect(rules.isSuperset(of: ["nn-service-missing", "nn-route-duplicate", "nn-redirect-loop", "nn-redirect-dangling", "nn-observer-discarded", "nn-route-unmatched",
                                         "nn-nested-wrong-upper"]),
                        "\(rules.sorted())")
            } else {
                #expect(rules.isEmpty, "\(rules.sorted())\n\(yaml)")
            }
        }
    }

    @Test func xfLegoVIPERAppsAreNeverDetectedAsNNModule() throws {
        var folders = [ScanFixtures.path("BDJApp"), ScanFixtures.path("SwiftApp")]
        if let corpus = ScanFixtures.corpusApp { folders.append(corpus) }
        for folder in folders {
            let outcome = try AppScanner.scan(directory: folder, framework: nil)
            #expect(outcome.app.framework == .xflegoViper, "\(folder)")
            #expect(outcome.detection?.counts[.nnModule, default: 0] == 0, "\(folder)")
        }
    }

    /// Every prefix of the fixture files reads without a crash (an editor's half-saved file, a truncated checkout).
    @Test func truncatedSourcesNeverCrashTheReaders() throws {
        for name in ["NNShopApp/ShopModule/ShopModule.swift", "NNFaultsApp/ShopModule/ShopModule.swift", "NNFaultsApp/PayModule/PayModule.m",
                     "NNShopApp/ConfigModule/ModuleConfigServiceImpl.m"] {
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: ScanFixtures.path(name))))
            let language: SourceTree.Language = name.hasSuffix(".swift") ? .swift : .objectiveC
            for cut in stride(from: 0, through: bytes.count, by: max(1, bytes.count / 40)) {
                let facts = AppScanner.read(bytes: Array(bytes[..<cut]), file: name, language: language, with: NNScanner())
                _ = NNScannedApp(facts: facts).analyze(configuration: .init(), pathPrefix: "", sourceFiles: 1)
            }
        }
    }

    /// Routes, services and notification names with quotes, backslashes, `</script>`, newlines, Chinese and emoji stay
    /// data: the model JSON parses back to the same text and the scenario parses as YAML with the same route.
    @Test func hostileNamesAreEscapedInTheModelAndTheScenario() throws {
        let hostile = #"a\"b\\c</script>\n购物🛒"#
        let facts = Self.swift("""
            extension Module.Awake {
                @objc static func awake() {
                    Module.routeService.registerRoute("\(hostile)") { _, _ in true }
                    Module.routeService.openRoute("\(hostile)")
                    _ = Module.notificationService.addObserver(forName: Notification.Name("\(hostile)")) { _ in }
                }
            }
            """)
        let app = NNScannedApp(facts: facts)
        let result = app.analyze(configuration: .init(), pathPrefix: "", sourceFiles: 1)
        let json = app.modelJSON(source: "src", findings: result.findings)
        let model = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let route = ((model["routes"] as? [[String: Any]])?.first?["route"] as? [String: Any])?["literal"] as? String
        // The literal's value, its escapes decoded (a quote, a backslash, a newline): the JSON must carry that text intact.
        #expect(route == "a\"b\\c</script>\n购物🛒")
        let yaml = app.scenario(appName: "购物 \"App\"\n</script>")
        let scenario = try ScenarioDocument.parse(yaml: yaml, file: "hostile.yml")
        #expect(scenario.appName == "购物 \"App\"\n</script>")
    }
}
