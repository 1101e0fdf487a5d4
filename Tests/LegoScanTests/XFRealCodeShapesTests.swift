import Foundation
import LegoModel
import LegoTestSupport
import Testing
@testable import LegoScan

/// XFLegoVIPER code as real apps write it, each shape a false warning before: an event handler a base presenter
/// implements or that takes names by prefix, a URL route registered on `self` in a category, a class without a prefix,
/// a selector made at run time, an app macro wrapping the framework's, the event macro whose argument order changed.
/// Behaviour cited from `yizzuide/XFLegoVIPER@c95d757` unless a tag is named.
@Suite struct XFRealCodeShapesTests {
    static func findings(_ files: [String: String], rule: String) -> [String] {
        StaticAnalyzer.analyze(ScanFixtures.app(files)).findings.filter { $0.ruleID == rule }
            .map { "\($0.location!.sourceLocation.file):\($0.location!.sourceLocation.line) \($0.severity.rawValue)" }
    }

    /// A Swift VIPER module `XQ<name>` whose presenter's event handler has `body`.
    static func swiftModule(_ name: String, _ body: String) -> String {
        "class XQ\(name)Routing: XFRouting {}\nclass XQ\(name)Presenter: XFPresenter {\n"
            + "    override func receiveComponentEventName(_ eventName: String, intentData: Any?) {\n\(body)\n    }\n}\n"
    }

    static let modules: [String: String] = [
        "XQBasePresenter.m": """
            @interface XQBasePresenter : XFPresenter
            @end
            @implementation XQBasePresenter
            - (void)receiveComponentEventName:(NSString *)eventName intentData:(id)intentData { [self handle:eventName]; }
            @end
            """,
        "Feed.m": """
            @interface XQFeedRouting : XFRouting
            @end
            @interface XQFeedPresenter : XQBasePresenter
            @end
            @interface XQFeedActivity : XFActivity
            @end
            """,
        "Msg.m": """
            @interface XQMsgRouting : XFRouting
            @end
            @interface XQMsgPresenter : XFPresenter
            @end
            @implementation XQMsgPresenter
            - (void)receiveComponentEventName:(NSString *)name intentData:(id)intentData {
                if ([name hasPrefix:@"Event_Msg"]) { return; }
                if ([name isEqualToString:@"Event_Other"]) { }
            }
            @end
            """,
        "Cart.m": """
            @interface XQCartRouting : XFRouting
            @end
            @interface XQCartPresenter : XQBasePresenter
            @end
            @implementation XQCartPresenter
            - (void)receiveComponentEventName:(NSString *)eventName intentData:(id)intentData {
                if ([eventName isEqualToString:@"Event_A"]) { return; }
                [super receiveComponentEventName:eventName intentData:intentData];
            }
            @end
            """,
        "Shop.m": """
            @interface XQShopRouting : XFRouting
            @end
            @interface XQShopPresenter : XFPresenter
            @end
            @implementation XQShopPresenter
            - (void)receiveComponentEventName:(NSString *)eventName intentData:(id)intentData {
                if ([eventName isEqualToString:@"Event_C"]) { } else { [self reloadAll]; }
            }
            @end
            """,
        "Gone.m": """
            @interface XQGoneRouting : XFRouting
            @end
            @interface XQGonePresenter : XFPresenter
            @end
            @implementation XQGonePresenter
            - (void)receiveComponentEventName:(NSString *)eventName intentData:(id)intentData {
                if ([eventName isEqualToString:@"Event_G"]) { }
            }
            @end
            @interface XQPlainRouting : XFRouting
            @end
            @interface XQPlainPresenter : XFPresenter
            @end
            @interface XQChainRouting : XFRouting
            @end
            @interface XQChainPresenter : XFPresenter
            @end
            @implementation XQChainPresenter
            - (void)receiveComponentEventName:(NSString *)eventName intentData:(id)intentData {
                NSLog(@"%@", eventName);
                if ([eventName isEqualToString:@"Event_A"]) { } else if ([eventName isEqual:@"Event_B"]) { }
            }
            @end
            """,
    ]

    /// Delivery asks `respondsToSelector:` (`XFLegoVIPER/Core/Component/Manager/XFComponentManager.m:135-136`), so a
    /// handler the app's base presenter implements answers; and a handler that passes the name on (`hasPrefix:`, a
    /// helper, `super`) or has an `else` may take any name. The module with no handler at all, and the one whose
    /// handler only compares against another name, are still found.
    @Test func handlersInheritedOrOpenToOtherNamesReceiveTheEvent() {
        var files = Self.modules
        files["Sender.m"] = """
            @implementation XQSender
            - (void)fire {
                [XFComponentManager sendEventName:@"Event_Feed" intentData:nil forComponent:@"Feed"];
                [XFComponentManager sendEventName:@"Event_MsgNew" intentData:nil forComponent:@"Msg"];
                [XFComponentManager sendEventName:@"Event_Logout" intentData:nil forComponent:@"Cart"];
                [XFComponentManager sendEventName:@"Event_Other" intentData:nil forComponent:@"Shop"];
                [XFComponentManager sendEventName:@"Event_Other" intentData:nil forComponent:@"Gone"];
                [XFComponentManager sendEventName:@"Event_Other" intentData:nil forComponent:@"Plain"];
                [XFComponentManager sendEventName:@"Event_Typo" intentData:nil forComponent:@"Chain"];
            }
            @end
            """
        // A log of the name, `else if` and `isEqual:` are comparisons still: the typo is found.
        #expect(Self.findings(files, rule: "lost-event") == ["Sender.m:7 warning", "Sender.m:8 warning", "Sender.m:9 warning"])
    }

    /// `self` in a category of `XFURLRoute` is the route class (`XFLegoVIPER/Extension/Route/URLRoute/XFURLRoute.h:25`), so
    /// `[self register:]` there registers a URL: it was a false "no route is registered" warning.
    @Test func aRouteRegisteredOnSelfInACategoryOfXFURLRouteCounts() {
        let app = ScanFixtures.app(["XFURLRoute+App.m": """
            @implementation XFURLRoute (App)
            + (void)app_registerAll { [self initURLGroup:@[@"xq://home"]]; [self register:@"xq://home/profile"]; }
            @end
            @implementation Elsewhere
            - (void)go { [self register:@"xq://not/a/route"]; }
            @end
            """])
        #expect(app.routes.map(\.url) == ["xq://home", "xq://home/profile"])
    }

    /// A class with no prefix at all (its second letter lower-case) is found through the empty prefix and named without
    /// one (`XFLegoVIPER/Core/LEGOAbsModule/Recognizer/XFModuleReflect.m:111-114, 131-134`): the inferred prefix does
    /// not misname it. A class with another prefix still is, and one such class is no longer "and 0 other classes".
    @Test func anUnprefixedClassIsNamedAsMeantWhateverThePrefix() {
        var files = [
            "XQHomeRouting.m": "@interface XQHomeRouting : XFRouting\n@end\n@interface XQHomePresenter : XFPresenter\n@end\n"
                + "@interface XQHomeActivity : XFActivity\n@end\n@implementation XQHomeRouting\nXF_AutoAssemblyModule_Fast\n@end\n",
            "Setting.m": "@interface SettingViewController : UIViewController\n@end\n",
        ]
        #expect(Self.findings(files, rule: "naming-convention") == [])
        files["ZZ.m"] = "@interface ZZProfileRouting : XFRouting\n@end\nXF_PUSH_Component_Fast(@\"Profile\")\n"
        let messages = StaticAnalyzer.analyze(ScanFixtures.app(files)).findings.filter { $0.ruleID == "naming-convention" }.map(\.message)
        #expect(messages.contains { $0.contains("ZZProfileRouting does not start with it") })
    }

    /// Only an assembly macro's `+load` infers the class prefix (`[XFVIPERModuleReflect inspectModulePrefixFromClass:self]`,
    /// `XFLegoVIPER/Extension/Modules/VIPER/VIPERModule/Layer/XFRouting.h:27-31, 41-45, 54-58, 75-79`): an app's base
    /// routing without one, or a `DeepLinkRouting : NSObject` helper declared first, does not, and read as the source of
    /// the prefix they made every module unknown (ten false `unknown-component` errors on one app). A class is a component
    /// only once a name or URL looks it up or a macro assembles it (`XFLegoVIPER/Extension/Modules/MVC/Controller/
    /// XFControllerHandler.m:16-20`): a vendored view controller or a base routing nothing opens gets no
    /// `naming-convention` warning for its prefix.
    @Test func thePrefixComesFromAnAssembledRoutingAndUnusedClassesAreNamedByNothing() {
        let app = ScanFixtures.app([
            "A.m": """
                @interface CMBaseRouting : XFRouting
                @end
                @interface DeepLinkRouting : NSObject
                @end
                @interface MWPhotoBrowserViewController : UIViewController
                @end
                """,
            "B.m": """
                @interface NWSFeedRouting : CMBaseRouting
                @end
                @interface NWSFeedPresenter : XFPresenter
                @end
                @interface NWSFeedActivity : XFActivity
                @end
                @implementation NWSFeedRouting
                XF_AutoAssemblyModule_Fast
                @end
                @implementation AppDelegate
                - (void)start { [XFURLRoute initURLGroup:@[@"nws://feed"]]; XF_ShowURLComponent2Window_Fast(@"nws://feed") }
                @end
                """,
        ])
        #expect(app.prefixes == ["NWS"])
        let findings = StaticAnalyzer.analyze(app).findings
        #expect(findings.filter { $0.severity != .note }.map(\.ruleID) == [])
        // Opened by the name its author meant, a foreign-prefixed controller is still reported.
        let opened = ScanFixtures.app([
            "A.m": "@interface MWPhotoBrowserViewController : UIViewController\n@end\n",
            "B.m": "@interface NWSFeedRouting : XFRouting\n@end\n@implementation NWSFeedRouting\nXF_AutoAssemblyModule_Fast\n@end\n"
                + "@interface NWSFeedActivity : XFActivity\n@end\n@interface NWSFeedPresenter : XFPresenter\n@end\n"
                + "@implementation NWSFeedPresenter\n- (void)show { XF_PUSH_Component_Fast(@\"PhotoBrowser\") }\n@end\n",
        ])
        #expect(StaticAnalyzer.analyze(opened).findings.filter { $0.ruleID == "naming-convention" }.map { $0.location!.sourceLocation.file } == ["A.m", "B.m"])
    }

    /// `XF_AutoAssemblyModule_Fast` looks up `<prefix><Name>Activity` and `<prefix><Name>Presenter` with the routing's
    /// prefix (`XFLegoVIPER/Extension/Modules/VIPER/VIPERModule/Manager/XFVIPERModuleAssembly.m:69-71, 87`): with no
    /// Activity it asserts (`:105-108`), with no Presenter no component is made (`:181-188, 218-229`). A module missing
    /// either, or with the class's prefix mistyped, was found by nothing; an IB assembly needs no Activity class, a shared
    /// module's layers are another module's.
    @Test func anAutoAssembledModuleNeedsItsActivityAndPresenter() {
        func module(_ name: String, macro: String = "XF_AutoAssemblyModule_Fast", activity: String?, presenter: String?) -> String {
            "@interface NWS\(name)Routing : XFRouting\n@end\n@implementation NWS\(name)Routing\n\(macro)\n@end\n"
                + (activity.map { "@interface \($0) : XFActivity\n@end\n" } ?? "")
                + (presenter.map { "@interface \($0) : XFPresenter\n@end\n" } ?? "")
        }
        let app = ScanFixtures.app([
            "Feed.m": module("Feed", activity: "NWSFeedActivity", presenter: "NWSFeedPresenter"),
            "Detail.m": module("Detail", activity: "NSWDetailActivity", presenter: "NWSDetailPresenter"),
            "Cart.m": module("Cart", activity: "NWSCartActivity", presenter: nil),
            "Web.m": module("Web", macro: "XF_AutoAssemblyModuleFromIB(@\"x-Web\")", activity: nil, presenter: "NWSWebPresenter"),
        ])
        let findings = StaticAnalyzer.analyze(app).findings.filter { $0.ruleID == "naming-convention" }
        #expect(findings.map { "\($0.location!.sourceLocation.file):\($0.location!.sourceLocation.line) \($0.severity.rawValue)" }
                == ["Cart.m:4 warning", "Detail.m:4 warning"])
        #expect(findings.last?.message.contains("NWSDetailActivity") == true)
        #expect(findings.last?.message.contains("is NSWDetailActivity meant?") == true)
    }

    /// An http URL opens the HTTP handler component (`XFLegoVIPER/Extension/Route/URLRoute/XFURLRoute.m:79-86`): with
    /// none set the open asserts (`:81-83`), and a handler name no module has fails `existComponent` (`:97-101`). Both
    /// were found by nothing: http URLs were skipped by `unregistered-url` and, unregistered, by `unknown-component`.
    @Test func anHTTPURLNeedsAnHTTPHandlerComponentThatExists() {
        let opener = "@interface NWSFeedRouting : XFRouting\n@end\n@implementation NWSFeedRouting\n"
            + "- (void)source { XF_PUSH_URLComponent_Fast(@\"https://news.example.com/source/1\") }\n@end\n"
        let none = StaticAnalyzer.analyze(ScanFixtures.app(["Feed.m": opener])).findings
        #expect(none.map { "\($0.ruleID) \($0.severity.rawValue)" } == ["unregistered-url warning"])
        let unknown = StaticAnalyzer.analyze(ScanFixtures.app([
            "Feed.m": opener, "App.m": "void setUp(void) { [XFURLRoute setHTTPHandlerComponent:@\"WebView\"]; }\n",
            "Web.m": "@interface NWSWebViewController : UIViewController\n@end\n",
        ])).findings
        #expect(unknown.map { "\($0.ruleID) \($0.severity.rawValue)" } == ["unknown-component error"])
        let known = StaticAnalyzer.analyze(ScanFixtures.app([
            "Feed.m": opener, "App.m": "void setUp(void) { [XFURLRoute setHTTPHandlerComponent:@\"Web\"]; }\n",
            "Web.m": "@interface NWSWebViewController : UIViewController\n@end\n",
        ])).findings
        #expect(known.filter { $0.severity != .note }.isEmpty)
    }

    /// The framework names a module by the text after its routing's prefix's last occurrence, cut before `Routing`
    /// (`XFLegoVIPER/Extension/Modules/VIPER/VIPERModule/Recognizer/XFVIPERModuleReflect.m:18-29`): `TVLiveTVRouting` is
    /// named `""` and `TVPostTVShowRouting` `Show`. Found by nothing before; a name without the prefix inside is fine.
    @Test func aRoutingHoldingItsPrefixAgainIsNamedAfterTheLastOne() {
        func module(_ name: String) -> String {
            "@interface TV\(name)Routing : XFRouting\n@end\n@implementation TV\(name)Routing\nXF_AutoAssemblyModule_Fast\n@end\n"
                + "@interface TV\(name)Activity : XFActivity\n@end\n@interface TV\(name)Presenter : XFPresenter\n@end\n"
        }
        let app = ScanFixtures.app(["A.m": module("Home"), "B.m": module("LiveTV"), "C.m": module("PostTVShow")])
        let messages = StaticAnalyzer.analyze(app).findings.filter { $0.ruleID == "naming-convention" }.map(\.message)
        #expect(messages.count == 2)
        #expect(messages.first { $0.hasPrefix("TVLiveTVRouting") }?.contains("an empty name") == true)
        #expect(messages.first { $0.hasPrefix("TVPostTVShowRouting") }?.contains("before Routing, Show, so URLs") == true)
    }

    /// `register:` keys the table by the URL as written (`XFLegoVIPER/Extension/Route/URLRoute/XFURLRoute.m:59-62`) and
    /// `open:` looks up the text before `?` (`:75-78`, `XFURLParse.m:13-19`): a URL registered with a query is never
    /// found. It was read as its path, so the failing open was found by nothing.
    @Test func aURLRegisteredWithAQueryIsNeverFound() {
        let app = ScanFixtures.app([
            "App.m": "void setUp(void) { [XFURLRoute initURLGroup:@[@\"nws://feed\", @\"nws://feed/login?nav=UI\"]]; }\n",
            "Feed.m": "@interface NWSFeedRouting : XFRouting\n@end\n@implementation NWSFeedRouting\n"
                + "- (void)login { XF_PUSH_URLComponent_Fast(@\"nws://feed/login\") }\n@end\n",
        ])
        #expect(app.routes.map(\.path) == ["nws://feed", "nws://feed/login?nav=UI"])
        let findings = StaticAnalyzer.analyze(app).findings.filter { $0.ruleID == "unregistered-url" }
        #expect(findings.map { "\($0.location!.sourceLocation.file):\($0.location!.sourceLocation.line)" } == ["App.m:1", "Feed.m:4"])
    }

    /// A module that pushes another instance of itself has two live instances of one name: the component table keeps
    /// the newer (`XFLegoVIPER/Core/Component/Manager/XFComponentManager.m:43-48`) and popping it removes the name for
    /// both (`:57-63`). Found by nothing before; reported once per module, and a push of another module is not it.
    @Test func aModuleOpeningItselfHasTwoLiveInstancesOfOneName() {
        let app = ScanFixtures.app([
            "Detail.m": """
                @interface NWSDetailRouting : XFRouting
                @end
                @implementation NWSDetailRouting
                - (void)related { XF_PUSH_Component_Fast(@"Detail") }
                - (void)again { XF_PUSH_Component_Fast(@"Detail") }
                - (void)feed { XF_PUSH_Component_Fast(@"Feed") }
                @end
                @interface NWSFeedRouting : XFRouting
                @end
                """,
        ])
        let findings = StaticAnalyzer.analyze(app).findings.filter { $0.ruleID == "duplicate-module-name" }
        #expect(findings.map { "\($0.location!.sourceLocation.line) \($0.severity.rawValue)" } == ["4 warning"])
    }

    /// `nav=X` asks for `XNavigationController` and `navC=Class` for that class, made with `NSClassFromString`
    /// (`XFLegoVIPER/Extension/Modules/MVC/Controller/Manager/XFControllerFactory.m:29-41`): a missing class gives no
    /// navigator (`XFLegoVIPER/Core/Component/Bus/XFUIBus.m:323-338`). A warning for the app's own prefix, a note for
    /// another (a pod's class); `nav=UI` and classes the app declares are fine.
    @Test func aNavigationControllerAskedForByTheURLMustExist() {
        let app = ScanFixtures.app([
            "Tab.m": """
                @interface NWSFeedRouting : XFRouting
                @end
                @interface NWSMineRouting : XFRouting
                @end
                @interface NWSBaseNavigationController : UINavigationController
                @end
                @implementation NWSTabActivity
                - (void)setUp {
                    XF_SubUInterface_URL(@"nws://feed?nav=NWS")
                    XF_SubUInterface_URL(@"nws://mine?nav=UI")
                    XF_SubUInterface_URL(@"nws://feed/x?navC=NWSBaseNavigationController")
                    XF_SubUInterface_URL(@"nws://mine/y?nav=RT")
                }
                @end
                """,
        ])
        let findings = StaticAnalyzer.analyze(app).findings.filter { $0.message.contains("navigation controller") }
        #expect(findings.map { "\($0.location!.sourceLocation.line) \($0.severity.rawValue)" } == ["9 warning", "12 note"])
    }

    /// Shapes a review of the checks above found false: a transition a subclass inherits opens from its superclass's
    /// screen, so it is no self-open; a query-keyed registration beside the plain one is dead code, not a second
    /// instance; an app's own route plug (`setRoutePlug:`, every open goes through it, `XFLegoVIPER/Core/Component/Bus/
    /// XFUIBus.m:74-107`) makes the http and route verdicts uncertain; a Swift routing's `autoAssemblyModule()` infers no
    /// prefix (only the macros' `+load` does, `XFRouting.h:54-58`).
    @Test func reviewedShapesAreNotFalseFindings() {
        let inherited = ScanFixtures.app([
            "Post.m": """
                @interface NWSPostRouting : XFRouting
                @end
                @implementation NWSPostRouting
                XF_AutoAssemblyModule_Fast
                - (void)transition2PostComment { XF_PUSH_URLComponent_Fast(@"nws://post/postComment") }
                @end
                @interface NWSPostCommentRouting : NWSPostRouting
                @end
                @implementation NWSPostCommentRouting
                XF_AutoAssemblyModule_Fast
                @end
                """,
        ])
        #expect(!StaticAnalyzer.analyze(inherited).findings.contains { $0.message.contains("over itself") })
        let both = StaticAnalyzer.analyze(ScanFixtures.app([
            "App.m": "void setUp(void) { [XFURLRoute initURLGroup:@[@\"nws://feed\", @\"nws://feed/login\", @\"nws://feed/login?nav=UI\"]]; }\n",
            "Feed.m": "@interface NWSFeedRouting : XFRouting\n@end\n@interface NWSLoginRouting : XFRouting\n@end\n",
        ])).findings
        #expect(both.filter { $0.ruleID != "orphan-component" }.map { "\($0.ruleID) \($0.severity.rawValue)" } == ["unregistered-url note"])
        let plugged = StaticAnalyzer.analyze(ScanFixtures.app([
            "App.m": "void setUp(void) { [[XFLegoConfig defaultConfig] setRoutePlug:[NWSRoutePlug class]]; }\n",
            "Feed.m": "@interface NWSFeedRouting : XFRouting\n@end\n@implementation NWSFeedRouting\n"
                + "- (void)about { XF_PUSH_URLComponent_Fast(@\"https://news.example.com/about\") }\n@end\n",
        ])).findings
        #expect(plugged.map { "\($0.ruleID) \($0.severity.rawValue)" } == ["unregistered-url note"])
        let mixed = ScanFixtures.app([
            "About.swift": "class AboutRouting: XFRouting { override class func assemble() -> XFRouting { return assembly.autoAssemblyModule() } }\n",
            "Feed.m": "@interface NWSFeedRouting : XFRouting\n@end\n@implementation NWSFeedRouting\nXF_AutoAssemblyModule_Fast\n@end\n",
        ])
        #expect(mixed.prefixes == ["NWS"])
    }

    /// The HTTP handler's name is looked up like any component (`XFURLRoute.m:86, 99-101`): a foreign-prefixed class
    /// meant to be it is still reported. Under a prefix list of several entries the framework splits names on its one
    /// class prefix (`XFLegoConfig.m:119-127`): `TVLiveTVRouting` is `TVLiveTV` there, not an empty name.
    @Test func httpHandlersAreNamesInUseAndAPrefixListSplitsOnTheClassPrefix() {
        let http = ScanFixtures.app([
            "App.m": "void setUp(void) { [XFURLRoute setHTTPHandlerComponent:@\"Web\"]; }\n",
            "Feed.m": "@interface NWSFeedRouting : XFRouting\n@end\n@implementation NWSFeedRouting\nXF_AutoAssemblyModule_Fast\n@end\n"
                + "@interface NWSFeedActivity : XFActivity\n@end\n@interface NWSFeedPresenter : XFPresenter\n@end\n"
                + "@interface LGWebViewController : UIViewController\n@end\n",
        ])
        #expect(StaticAnalyzer.analyze(http).findings.contains { $0.message.contains("LGWebViewController does not start with the app prefix NWS") })
        let list = ScanFixtures.app([
            "App.m": "void setUp(void) { [[XFLegoConfig defaultConfig] setClassPrefixList:@[@\"CM\", @\"TV\"]]; }\n",
            "Home.m": "@interface CMHomeRouting : XFRouting\n@end\n@implementation CMHomeRouting\nXF_AutoAssemblyModule_Fast\n@end\n"
                + "@interface CMHomeActivity : XFActivity\n@end\n@interface CMHomePresenter : XFPresenter\n@end\n",
            "Live.m": "@interface TVLiveTVRouting : XFRouting\n@end\n@implementation TVLiveTVRouting\nXF_AutoAssemblyModule_Fast\n@end\n",
        ])
        #expect(!StaticAnalyzer.analyze(list).findings.contains { $0.message.contains("holds the prefix") })
    }

    /// `XF_SendEventForComponent_` is `(eventName, sendData, componentName)` since 3.2.0
    /// (`XFLegoVIPER/Core/Component/Manager/XFComponentManager.h:12`) and was `(componentName, eventName, sendData)` in
    /// 2.x (`XFEventBus.h:12` at 2.6.1): the reading whose component the app declares is taken, and with neither the
    /// target is not known. Read in the 2.x order, a 4.x app's event went to a component named after the event.
    @Test func theEventMacroIsReadInTheOrderOfTheAppsVersion() {
        let modules = "@interface XQFeedRouting : XFRouting\n@end\n@interface XQHomeRouting : XFRouting\n@end\n"
        let current = ScanFixtures.app(["M.m": modules, "S.m": "@implementation XQHomePresenter\n- (void)a { XF_SendEventForComponent_(@\"Event_Reload\", @\"pull\", @\"Feed\") }\n@end\n"])
        #expect(current.events.map { "\($0.fact.event.literal ?? "-") -> \($0.fact.components.compactMap(\.literal))" } == ["Event_Reload -> [\"Feed\"]"])
        let earlier = ScanFixtures.app(["M.m": modules, "S.m": "@implementation XQHomePresenter\n- (void)a { XF_SendEventForComponent_(@\"Feed\", @\"Event_Reload\", nil) }\n@end\n"])
        #expect(earlier.events.map { "\($0.fact.event.literal ?? "-") -> \($0.fact.components.compactMap(\.literal))" } == ["Event_Reload -> [\"Feed\"]"])
        let unknown = ScanFixtures.app(["M.m": modules, "S.m": "@implementation XQHomePresenter\n- (void)a { XF_SendEventForComponent_(@\"A\", @\"B\", @\"C\") }\n@end\n"])
        #expect(unknown.events.first?.fact.components.first?.literal == nil)
        #expect(StaticAnalyzer.analyze(unknown).findings.filter { $0.ruleID == "lost-event" }.isEmpty)
    }

    /// A selector made at run time (`NSSelectorFromString([NSString stringWithFormat:@"transition2%@", page])`) may
    /// name any routing method, so none is sure never to run; and an app macro wrapping an `XF_` one
    /// (`#define XQPushURL(url) XF_PUSH_URLComponent_Fast(url)`), which the scan does not expand, may open any module.
    /// Each made a literal "no code opens it" warning.
    @Test func computedSelectorsAndWrappedMacrosLeaveOpensUnknown() throws {
        let directory = try TemporaryDirectory()
        let files = [
            "AppDelegate.m": """
                @implementation AppDelegate
                - (BOOL)application:(id)a didFinishLaunchingWithOptions:(id)o {
                    [XFURLRoute initURLGroup:@[@"xq://home", @"xq://home/about"]];
                    XF_ShowURLComponent2Window_Fast(@"xq://home")
                    return YES;
                }
                @end
                """,
            "XQHomeRouting.h": "@interface XQHomeRouting : XFRouting\n- (void)transition2About;\n@end\n",
            "XQHomeRouting.m": "@implementation XQHomeRouting\n- (void)transition2About { XF_PUSH_URLComponent_Fast(@\"xq://home/about\") }\n@end\n",
            "XQHomePresenter.m": """
                @implementation XQHomePresenter
                - (void)select:(NSString *)page { [self.routing performSelector:NSSelectorFromString([@"transition2" stringByAppendingString:page])]; }
                @end
                """,
            "XQAboutRouting.m": "@interface XQAboutRouting : XFRouting\n@end\n@interface XQAboutPresenter : XFPresenter\n@end\n",
            // Called by its selector, a name other than its own: `perform(Selector(("transition2Help")))`.
            "XQHelpRouting.swift": """
                class XQHelpRouting: XFRouting {
                    @objc(transition2Help) private func openHelp() { uiBus.openURL(forPush: "xq://home/about", customCode: nil) }
                }
                class XQHelpPresenter: XFPresenter { func tap() { routing?.perform(Selector(("transition2Help"))) } }
                """,
        ]
        for (name, text) in files { try Data(text.utf8).write(to: URL(fileURLWithPath: directory.file(name))) }
        let app = try AppScanner.scan(directory: directory.path).app
        #expect(app.inactiveTransitions.filter { $0.reason == .neverCalled }.isEmpty)
        #expect(StaticAnalyzer.analyze(app).findings.filter { $0.ruleID == "orphan-component" }.isEmpty)
        #expect(NeverCalledMethods.computedSelectorPieces(Array("x = Selector(\"go\" + name); y = NSSelectorFromString([NSString stringWithFormat:@\"to%@\", p])".utf8)) == ["to", "go"])
        // A selector written out, or made from a variable alone (a model's KVC helper), points to no routing method.
        #expect(NeverCalledMethods.computedSelectorPieces(Array("x = NSSelectorFromString(@\"a\"); y = Selector((\"b\")); z = NSSelectorFromString(key); [self performSelector:@selector(c)]".utf8)) == [])

        let wrapped = ScanFixtures.app([
            "XQMacros.h": "#define XQPushURL(url) XF_PUSH_URLComponent_Fast(url)\n",
            "AppDelegate.m": "@implementation AppDelegate\n- (void)a { [XFURLRoute initURLGroup:@[@\"xq://home\", @\"xq://home/profile\"]]; XF_ShowURLComponent2Window_Fast(@\"xq://home\") }\n@end\n",
            "XQProfileRouting.m": "@interface XQProfileRouting : XFRouting\n@end\n@interface XQProfilePresenter : XFPresenter\n@end\n",
            "XQHomeRouting.m": "@interface XQHomeRouting : XFRouting\n@end\n@implementation XQHomeRouting\n- (void)next { XQPushURL(@\"xq://home/profile\") }\n@end\n",
        ])
        #expect(wrapped.facts.frameworkMacroWrappers.map(\.name) == ["XQPushURL"])
        // A flag whose name holds `XF_`, or a macro around one that opens nothing, wraps no open.
        let flags = ScanFixtures.objc("#define XQ_USE_XF_URL_ROUTE 1\n#define XQIsEvent(n) XF_EventIs_(n, {})\n")
        #expect(flags.frameworkMacroWrappers.isEmpty)
        #expect(StaticAnalyzer.analyze(wrapped).findings.filter { $0.ruleID == "orphan-component" }.map(\.severity) == [.note])
    }

    /// The same in Swift: a handler that gives the name to a helper or `hasPrefix`, compares it with a constant, calls
    /// `super` or acts in `default:` may take any name; one that only switches over literals (`default: break`) or logs
    /// the name still only compares against them.
    @Test func swiftHandlersOpenToOtherNamesReceiveTheEvent() {
        let files = [
            "Prefix.swift": Self.swiftModule("Prefix", "if eventName.hasPrefix(\"Event_P\") { reload() }"),
            "Constant.swift": Self.swiftModule("Constant", "if eventName == Events.reload { reload() }"),
            "Super.swift": Self.swiftModule("Super", "if eventName == \"Event_S\" { return }\nsuper.receiveComponentEventName(eventName, intentData: intentData)"),
            "Default.swift": Self.swiftModule("Default", "switch eventName {\ncase \"Event_D\": reload()\ndefault: reloadAll()\n}"),
            "Strict.swift": Self.swiftModule("Strict", "print(\"got \\(eventName)\")\nswitch eventName {\ncase \"Event_T\": reload()\ndefault: break\n}"),
            "Sender.m": """
                @implementation XQSender
                - (void)fire {
                    [XFComponentManager sendEventName:@"Event_Other" intentData:nil forComponent:@"Prefix"];
                    [XFComponentManager sendEventName:@"Event_Other" intentData:nil forComponent:@"Constant"];
                    [XFComponentManager sendEventName:@"Event_Other" intentData:nil forComponent:@"Super"];
                    [XFComponentManager sendEventName:@"Event_Other" intentData:nil forComponent:@"Default"];
                    [XFComponentManager sendEventName:@"Event_Other" intentData:nil forComponent:@"Strict"];
                }
                @end
                """,
        ]
        #expect(Self.findings(files, rule: "lost-event") == ["Sender.m:7 warning"])
    }

    /// Swift code as real apps write it: a URL registered in each clause of `#if DEBUG`; the same URL registered again
    /// for the same component, which loses nothing (`XFURLRoute.m:59-62` stores `URLRouteTable_[url] = componentName`);
    /// classes renamed with `@objc(Name)`, which `NSClassFromString` finds by that name (`XFModuleReflect.m:111-114`); a
    /// `var` assigned later and a parameter named like a constant, neither of which the first literal stands for.
    /// Each gave a false error or warning.
    @Test func swiftRegistrationsClassesAndValuesAreReadAsTheyRun() {
        let app = ScanFixtures.app([
            "AppDelegate.swift": """
                class AppDelegate {
                    func application() {
                        XFURLRoute.initURLGroup(["xf://home", "xf://home/detail"])
                        #if DEBUG
                        XFURLRoute.register("xf://home/env", forComponent: "DebugEnv")
                        #else
                        XFURLRoute.register("xf://home/env", forComponent: "Env")
                        #endif
                        if Flags.newDetail { XFURLRoute.register("xf://home/detail") }
                        XFUIBus().openURL("xf://home?nav=UI", on: window!, customCode: nil)
                    }
                }
                """,
            "Detail.swift": """
                @objc(XFDetailRouting) class DetailWireframe: XFRouting {}
                @objc(XFDetailPresenter) class DetailEventHandler: XFPresenter {}
                @objc(XFEnvRouting) class EnvWireframe: XFRouting {}
                @objc(XFDebugEnvRouting) class DebugEnvWireframe: XFRouting {}
                """,
            "Home.swift": """
                let url = "xf://legacy/none"
                class XFHomeRouting: XFRouting {
                    var next = "xf://home/placeholder"
                    func go(link: String?) {
                        var target = ""
                        if let link { target = link }
                        uiBus.openURL(forPush: target, customCode: nil)
                        uiBus.openURL(forPush: next, customCode: nil)
                    }
                    func transition(to url: String) { uiBus.openURL(forPush: url, customCode: nil) }
                    func detail() { uiBus.openURL(forPush: "xf://home/detail", customCode: nil) }
                    func env() { uiBus.openURL(forPush: "xf://home/env", customCode: nil) }
                }
                """,
        ])
        #expect(app.module(named: "Detail") != nil && app.module(named: "Env") != nil && app.module(named: "DebugEnv") != nil)
        let rules = ["duplicate-module-name", "unknown-component", "unregistered-url", "orphan-component"]
        // The detail URL registered again for Detail changes nothing: a note, for tidying up.
        #expect(StaticAnalyzer.analyze(app).findings.filter { rules.contains($0.ruleID) }
            .map { "\($0.ruleID) \($0.location!.sourceLocation.line) \($0.severity.rawValue)" } == ["duplicate-module-name 9 note"])
    }

    /// A Swift handler's `switch` over another value compares no event name, and a case that matches anything
    /// (`case _:`, `case let name:`) takes every name: "only compares against video" was false for both.
    @Test func swiftSwitchesOverOtherValuesOrWithCatchAllsAreNoEventFilter() {
        let files = [
            "Tab.swift": Self.swiftModule("Tab", "switch tab {\ncase \"video\": reload()\ndefault: break\n}"),
            "Any.swift": Self.swiftModule("Any", "switch eventName {\ncase \"Event_A\": reload()\ncase let name: handle(name)\n}"),
            "Suffix.swift": Self.swiftModule("Suffix", "switch eventName {\ncase \"Event_A\": reload()\ncase let name where name.hasSuffix(\"load\"): handle(name)\ndefault: break\n}"),
            "Sender.m": """
                @implementation XQSender
                - (void)fire {
                    [XFComponentManager sendEventName:@"Event_Other" intentData:nil forComponent:@"Tab"];
                    [XFComponentManager sendEventName:@"Event_Other" intentData:nil forComponent:@"Any"];
                    [XFComponentManager sendEventName:@"Event_Reload" intentData:nil forComponent:@"Suffix"];
                }
                @end
                """,
        ]
        #expect(Self.findings(files, rule: "lost-event") == [])
    }

    /// A subclass routing that implements an inherited transition method again runs its own body: the module's routing
    /// object is an instance of the subclass (`XFLegoVIPER/Extension/Modules/VIPER/VIPERModule/Manager/
    /// XFVIPERModuleAssembly.m:46`, the module named after the runtime class), so `[self.routing transition2Detail]`
    /// never reaches the superclass's push. VipHome was said to open Detail, a false illegal-url-hierarchy warning; an
    /// override that calls `super` still opens it.
    @Test func aRoutingMethodASubclassOverridesIsNotInherited() {
        func app(_ override: String) -> [String: String] {
            [
                "App.m": "void setUp(void) { [XFURLRoute initURLGroup:@[@\"bdj://home\", @\"bdj://home/detail\", @\"bdj://home/vipHome/vipDetail\"]]; }\n",
                "Home.m": """
                    @interface BDJHomeRouting : XFRouting
                    - (void)transition2Detail;
                    @end
                    @implementation BDJHomeRouting
                    XF_AutoAssemblyModule_Fast
                    - (void)transition2Detail { XF_PUSH_URLComponent_Fast(@"bdj://home/detail") }
                    @end
                    @interface BDJHomePresenter : XFPresenter
                    @end
                    @implementation BDJHomePresenter
                    - (void)didTapDetail { [self.routing transition2Detail]; }
                    @end
                    @interface BDJHomeActivity : XFActivity
                    @end
                    """,
                "Detail.m": "@interface BDJDetailRouting : XFRouting\n@end\n@interface BDJVipDetailRouting : XFRouting\n@end\n",
                "VipHome.m": """
                    @interface BDJVipHomeRouting : BDJHomeRouting
                    @end
                    @implementation BDJVipHomeRouting
                    XF_AutoAssemblyModule_Fast
                    - (void)transition2Detail { \(override) }
                    @end
                    @interface BDJVipHomePresenter : BDJHomePresenter
                    @end
                    @interface BDJVipHomeActivity : BDJHomeActivity
                    @end
                    """,
            ]
        }
        let replaced = ScanFixtures.app(app("XF_PUSH_URLComponent_Fast(@\"bdj://home/vipHome/vipDetail\")"))
        #expect(replaced.transitions.filter { $0.fromModule == "VipHome" }.compactMap(\.toModule) == ["VipDetail"])
        #expect(Self.findings(app("XF_PUSH_URLComponent_Fast(@\"bdj://home/vipHome/vipDetail\")"), rule: "illegal-url-hierarchy") == [])
        let kept = ScanFixtures.app(app("[super transition2Detail];"))
        #expect(kept.transitions.filter { $0.fromModule == "VipHome" }.compactMap(\.toModule) == ["Detail"])
    }

    /// An assembly macro's `+assembleRouting` is a class method its subclasses inherit, and it assembles the module of
    /// the routing object's runtime class (`XFLegoVIPER/Extension/Modules/VIPER/VIPERModule/Manager/
    /// XFVIPERModuleAssembly.m:46`, `Recognizer/XFVIPERModuleReflect.m:18-29`): a base routing that carries
    /// `XF_AutoAssemblyModule_Fast` for its subclasses, and that nothing opens, is never looked up by its own name, so
    /// its missing BaseActivity and BasePresenter were two false warnings; a subclass it assembles still needs its own.
    @Test func aBaseRoutingCarryingTheMacroForItsSubclassesNeedsNoLayersOfItsOwn() {
        func module(_ name: String, activity: Bool = true) -> String {
            "@interface BDJ\(name)Routing : BDJBaseRouting\n@end\n@interface BDJ\(name)Presenter : XFPresenter\n@end\n"
                + (activity ? "@interface BDJ\(name)Activity : XFActivity\n@end\n" : "")
        }
        let files = [
            "App.m": "void setUp(void) { [XFURLRoute initURLGroup:@[@\"bdj://home\", @\"bdj://home/detail\", @\"bdj://home/cart\"]]; }\n",
            "Base.m": """
                @interface BDJBaseRouting : XFRouting
                @end
                @implementation BDJBaseRouting
                XF_AutoAssemblyModule_Fast
                - (void)bdj_push:(NSString *)url { XF_PUSH_URLComponent_Fast(url) }
                @end
                """,
            "Home.m": module("Home") + "@implementation BDJHomeRouting\n- (void)transition2Detail { [self bdj_push:@\"bdj://home/detail\"]; }\n@end\n",
            "Detail.m": module("Detail"),
            "Cart.m": module("Cart", activity: false),
        ]
        #expect(Self.findings(files, rule: "naming-convention") == ["Cart.m:1 warning"])
        let messages = StaticAnalyzer.analyze(ScanFixtures.app(files)).findings.filter { $0.ruleID == "naming-convention" }.map(\.message)
        #expect(messages.first?.hasPrefix("BDJCartRouting inherits XF_AutoAssemblyModule_Fast from BDJBaseRouting") == true)
        #expect(messages.first?.contains("BDJCartActivity") == true)
        // Opened by its own name, the base is a module of its own and needs its layers.
        var opened = files
        opened["Open.m"] = "@implementation BDJHomePresenter\n- (void)a { XF_PUSH_Component_Fast(@\"Base\") }\n@end\n"
        #expect(Self.findings(opened, rule: "naming-convention").sorted() == ["Base.m:4 warning", "Base.m:4 warning", "Cart.m:1 warning"])
    }

    /// Delivery asks the component `respondsToSelector:` (`XFLegoVIPER/Core/Component/Manager/XFComponentManager.m:135`),
    /// and a method of a category on a superclass answers for every subclass: a receiver written in a category on
    /// `XFPresenter`, `UIViewController` or `NSObject` handles events for every presenter or controller component below
    /// it. Each send was a false "does not implement" warning; a category handler that dispatches on the name
    /// (`NSSelectorFromString` of a format of it) takes any name, one that compares only other names still ignores it.
    @Test func aReceiverInACategoryOnAFrameworkOrUIKitClassAnswersForItsComponents() {
        let dispatching = """
            - (void)receiveComponentEventName:(NSString *)eventName intentData:(id)intentData {
                SEL sel = NSSelectorFromString([NSString stringWithFormat:@"on%@:", eventName]);
                if ([self respondsToSelector:sel]) { [self performSelector:sel withObject:intentData]; }
            }
            """
        func app(_ base: String, handler: String = dispatching) -> [String: String] {
            [
                "Base.m": "@implementation \(base) (BDJEvent)\n\(handler)\n@end\n",
                "Cart.m": "@interface BDJCartRouting : XFRouting\n@end\n@interface BDJCartPresenter : XFPresenter\n@end\n",
                "Setting.m": "@interface BDJSettingViewController : UIViewController\n@end\n@implementation BDJSettingViewController\nXF_EXPORT_COMPONENT\n@end\n",
                "Home.m": "@implementation BDJHomePresenter\n- (void)a { XF_SendEventForComponents_(@\"Refresh\", nil, @\"Cart\", @\"Setting\") }\n@end\n",
            ]
        }
        #expect(Self.findings(app("XFPresenter"), rule: "lost-event") == ["Home.m:2 warning"])
        #expect(Self.findings(app("UIViewController"), rule: "lost-event") == ["Home.m:2 warning"])
        #expect(Self.findings(app("NSObject"), rule: "lost-event") == [])
        let other = "- (void)receiveComponentEventName:(NSString *)eventName intentData:(id)intentData { XF_EventIs_(@\"Other\", { }) }"
        let ignoring = StaticAnalyzer.analyze(ScanFixtures.app(app("NSObject", handler: other))).findings.filter { $0.ruleID == "lost-event" }
        #expect(ignoring.count == 2 && ignoring.allSatisfy { $0.message.contains("only compares against Other") })
    }

    /// `XF_InjectModuleWith_Act(A, P, I, D)` assembles the routing's module from the classes it is given
    /// (`XFLegoVIPER/Extension/Modules/VIPER/VIPERModule/Layer/XFRouting.h:27-37`, `buildModulesAssemblyWithActivityClass:…`),
    /// `XF_InjectModuleWith_IB(symbol, P, I, D)` with P (`:40-48`) and 3.x's `XF_InjectModuleWith_Nav(N, A, P, I, D)` with A
    /// and P (`XFRouting.h` at 3.5.0): P is the component, named after the routing. Main's events were said to reach
    /// no receiver while its injected BDJFeedPresenter handles them (a false lost-event warning).
    @Test func anInjectedPresenterIsTheModulesComponent() {
        let feed = """
            @interface BDJFeedRouting : XFRouting
            @end
            @interface BDJFeedPresenter : XFPresenter
            @end
            @implementation BDJFeedPresenter
            - (void)receiveComponentEventName:(NSString *)eventName intentData:(id)intentData { XF_EventIs_(@"Refresh", { }) }
            @end
            @interface BDJFeedActivity : XFActivity
            @end
            """
        func app(_ macro: String) -> [String: String] {
            [
                "Feed.m": feed,
                "Main.m": "@interface BDJMainRouting : XFRouting\n@end\n@implementation BDJMainRouting\n\(macro)\n@end\n",
                "Home.m": "@implementation BDJHomePresenter\n- (void)a { XF_SendEventForComponents_(@\"Refresh\", nil, @\"Main\") }\n@end\n",
            ]
        }
        for macro in ["XF_InjectModuleWith_Act(XF_Class_(BDJFeedActivity), XF_Class_(BDJFeedPresenter), nil, nil)",
                      "XF_InjectModuleWith_IB(@\"x-BDJFeedActivity\", [BDJFeedPresenter class], nil, nil)",
                      "XF_InjectModuleWith_Nav([UINavigationController class], BDJFeedActivity.class, NSClassFromString(@\"BDJFeedPresenter\"), nil, nil)"] {
            #expect(Self.findings(app(macro), rule: "lost-event") == [], "\(macro)")
            #expect(Self.findings(app(macro), rule: "naming-convention") == [], "\(macro)")
        }
        let main = ScanFixtures.app(app("XF_InjectModuleWith_Act(XF_Class_(BDJFeedActivity), XF_Class_(BDJFeedPresenter), nil, nil)")).module(named: "Main")
        #expect(main?.classes.map { "\($0.layer.rawValue) \($0.name)" } == ["routing BDJMainRouting", "presenter BDJFeedPresenter", "activity BDJFeedActivity"])
        // An injected class the scan did not read may implement the receiver.
        #expect(Self.findings(app("XF_InjectModuleWith_Act(XF_Class_(BDJPodActivity), XF_Class_(BDJPodPresenter), nil, nil)"), rule: "lost-event") == [])
    }

    /// `XF_AutoHandleKeyboardNotifaction` defines `receiveComponentEventName:intentData:`, which handles only
    /// `UIKeyboardWillChangeFrameNotification` (`XFLegoVIPER/Core/PlugInterface/XFComponentRoutable.h:30-37`, through
    /// `XF_HandleKeyboardNotifaction`, `:19-27`): the keyboard event reaches it, and another name is ignored by its handler,
    /// not sent to a component without one, as the finding said.
    @Test func theKeyboardMacroDefinesAReceiverOfTheKeyboardNotification() {
        let files = [
            "Chat.m": "@interface BDJChatRouting : XFRouting\n@end\n@interface BDJChatPresenter : XFPresenter\n@end\n"
                + "@implementation BDJChatPresenter\nXF_AutoHandleKeyboardNotifaction\n@end\n",
            "Home.m": """
                @implementation BDJHomePresenter
                - (void)a {
                    XF_SendEventForComponents_(UIKeyboardWillChangeFrameNotification, nil, @"Chat")
                    XF_SendEventForComponents_(@"Refresh", nil, @"Chat")
                }
                @end
                """,
        ]
        let lost = StaticAnalyzer.analyze(ScanFixtures.app(files)).findings.filter { $0.ruleID == "lost-event" }
        #expect(lost.map { "\($0.location!.sourceLocation.file):\($0.location!.sourceLocation.line) \($0.severity.rawValue)" } == ["Home.m:4 warning"])
        #expect(lost.first?.message.contains("only compares against UIKeyboardWillChangeFrameNotification") == true)
    }

    /// The variadic `sendEventName:intentData:,…` (what `XF_SendEventForComponents_` expands to since 3.0.0) reads each
    /// argument as a name and stops at the first that is not a string (`XFLegoVIPER/Core/Component/WorkBus/XFEventBus.m:64`):
    /// an array given there, written in place or through a local, sends the event to no one after it. The scan spread
    /// the array into targets and found nothing; 2.x's `XF_SendEventForComponents_(names, event, data)` took the array first.
    @Test func anArrayAmongTheVariadicComponentNamesSendsNothing() {
        let files = [
            "Cart.m": """
                @interface BDJCartRouting : XFRouting
                @end
                @interface BDJCartPresenter : XFPresenter
                @end
                @implementation BDJCartPresenter
                - (void)receiveComponentEventName:(NSString *)eventName intentData:(id)intentData { XF_EventIs_(@"Refresh", { }) }
                @end
                """,
            "Home.m": """
                @implementation BDJHomePresenter
                - (void)a {
                    XF_SendEventForComponents_(@"Refresh", nil, @[@"Cart"])
                    NSArray *targets = @[@"Cart"];
                    [self.eventBus sendEventName:@"Refresh" intentData:nil, @"Cart", targets, nil];
                    XF_SendEventForComponents_(@"Refresh", nil, @"Cart")
                    [self.eventBus sendEventName:@"Refresh" intentData:nil forComponents:@[@"Cart"]];
                }
                @end
                """,
        ]
        let app = ScanFixtures.app(files)
        #expect(app.events.map { $0.fact.components.compactMap(\.literal) } == [[], ["Cart"], ["Cart"], ["Cart"]])
        let lost = StaticAnalyzer.analyze(app).findings.filter { $0.ruleID == "lost-event" }
        #expect(lost.map { "\($0.location!.sourceLocation.file):\($0.location!.sourceLocation.line)" } == ["Home.m:3", "Home.m:5"])
        #expect(lost.allSatisfy { $0.message.contains("sendEventName:intentData:forComponents:") && $0.certainty == .literal })
    }

    /// A virtual component (`AllPost` of the gene Post) is a subclass of the gene's routing made at run time
    /// (`XFLegoVIPER/Core/LEGOAbsModule/Recognizer/XFModuleReflect.m:16-36`); `XF_AutoAssemblyModule_Fast` on the gene
    /// assembles the module of that runtime class, AllPost, and looks up BDJAllPostActivity (`Extension/Modules/VIPER/
    /// VIPERModule/Manager/XFVIPERModuleAssembly.m:46, 64-67`): with none it asserts "use
    /// `XF_AutoAssemblyModuleForShareShell_Fast`" (`:105-108`; 3.5.0 on; 3.0.0 makes no activity). Found by nothing;
    /// the share-shell macro, or AllPost's own layers, assemble it.
    @Test func aVirtualComponentNeedsItsGeneAssembledAsASharedShell() {
        func app(_ macro: String, own: String = "") -> [String: String] {
            [
                "Post.m": "@interface BDJPostRouting : XFRouting\n@end\n@implementation BDJPostRouting\n\(macro)\n@end\n"
                    + "@interface BDJPostPresenter : XFPresenter\n@end\n@interface BDJPostActivity : XFActivity\n@end\n" + own,
                "Essence.m": "@implementation BDJEssenceActivity\n- (void)viewDidLoad {\n    [self addChildViewController:XF_SubUInterface_(@\"AllPost\")];\n}\n@end\n",
            ]
        }
        let fast = StaticAnalyzer.analyze(ScanFixtures.app(app("XF_AutoAssemblyModule_Fast"))).findings.filter { $0.ruleID == "unknown-component" }
        #expect(fast.map { "\($0.location!.sourceLocation.file):\($0.location!.sourceLocation.line) \($0.severity.rawValue)" } == ["Essence.m:3 error"])
        #expect(fast.first?.message.contains("XF_AutoAssemblyModuleForShareShell_Fast") == true)
        #expect(fast.first?.message.contains("BDJAllPostActivity") == true)
        #expect(Self.findings(app("XF_AutoAssemblyModuleForShareShell_Fast"), rule: "unknown-component") == [])
        #expect(Self.findings(app("XF_AutoAssemblyModuleFromShareModuleName(@\"Post\")"), rule: "unknown-component") == [])
        let own = "@interface BDJAllPostPresenter : BDJPostPresenter\n@end\n@interface BDJAllPostActivity : BDJPostActivity\n@end\n"
        #expect(Self.findings(app("XF_AutoAssemblyModule_Fast", own: own), rule: "unknown-component") == [])
    }
}
