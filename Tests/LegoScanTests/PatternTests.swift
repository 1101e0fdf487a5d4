import Foundation
import LegoModel
import LegoTestSupport
import Testing
@testable import LegoScan

/// Virtual components of every pattern, inheritance, and pops and dismisses of every form, in Objective-C and Swift.
@Suite struct PatternTests {
    private func app(_ files: [String: String]) -> ScannedApp { ScanFixtures.app(files) }

    // XFModuleReflect.m (createDynamicSubModuleClassFromName) builds a class from a gene for Routing, ViewModel and
    // ViewController suffixes alike: `NewAbout` is a virtual MVVM component of gene `About`.
    @Test func virtualComponentsOfViewModelsAndControllersAreDerived() {
        let app = app(["A.m": """
        @interface XFHomeRouting : XFRouting
        @end
        @interface XFAboutViewModel : LEViewModel
        @end
        @implementation XFHomeRouting
        - (void)a { XF_PUSH_Component_Fast(@"NewAbout") }
        @end
        """, "B.swift": """
        class XFHelpViewController: UIViewController {}
        extension XFHomeRouting {
            func b() { uiBus.pushComponent("OldHelp", params: nil, intent: nil, customCode: nil) }
        }
        """])
        #expect(app.module(named: "NewAbout").map { "\($0.pattern.rawValue) \($0.gene ?? "-") \($0.derived)" } == "MVVM About true")
        #expect(app.module(named: "OldHelp").map { "\($0.pattern.rawValue) \($0.gene ?? "-")" } == "MVC Help")
        #expect(StaticAnalyzer.analyze(app).findings.allSatisfy { $0.ruleID != "unknown-component" })
    }

    /// An inherited routing method is run in the subclass's module only if the module's code still calls it: when its
    /// one caller is a superclass presenter method the subclass presenter overrides without `[super …]`, the edge is
    /// not the subclass module's (yizzuide/BDJProjectExample: BDJNewPresenter's `initCommand` replaces
    /// BDJEssencePresenter's, the only sender of `transition2RecommendTag`). With `[super initCommand]` it is.
    @Test(arguments: [false, true])
    func anInheritedTransitionWhoseCallerIsOverriddenIsNotTheSubclasss(_ callsSuper: Bool) throws {
        let directory = try TemporaryDirectory()
        let files = [
            "Routings.h": """
            @interface BDJEssenceRouting : XFRouting
            - (void)transition2RecommendTag;
            @end
            @interface BDJNewRouting : BDJEssenceRouting
            @end
            @interface BDJRecommendTagRouting : XFRouting
            @end
            @interface BDJEssencePresenter : XFPresenter
            @end
            @interface BDJNewPresenter : BDJEssencePresenter
            @end
            """,
            "Essence.m": """
            @implementation BDJEssenceRouting
            - (void)transition2RecommendTag { XF_PUSH_Component_Fast(@"RecommendTag") }
            @end
            @implementation BDJEssencePresenter
            - (void)initCommand { XF_CEXE_(self.tagCommand, { [Routing transition2RecommendTag]; }) }
            @end
            """,
            "New.m": """
            @implementation BDJNewPresenter
            - (void)initCommand { \(callsSuper ? "[super initCommand];" : "") self.other = nil; }
            @end
            """,
        ]
        for (name, text) in files { try Data(text.utf8).write(to: URL(fileURLWithPath: directory.file(name))) }
        let app = try AppScanner.scan(directory: directory.path).app
        #expect(app.edges(.push).sorted() == (callsSuper ? ["Essence -> RecommendTag", "New -> RecommendTag"] : ["Essence -> RecommendTag"]))
    }

    /// An inherited transition is the subclass module's only if the module runs the inherited method that sends it.
    /// yizzuide/BDJProjectExample: BDJPostCommentPresenter inherits BDJPostPresenter's row action, which sends
    /// `transition2PostComment`, but only BDJPostActivity (Post's view) calls that action, so PostComment never opens
    /// PostComment; the scan said it did and warned that `bdj://indexTab/essence/post/postComment` was opened from the
    /// wrong module. A call from PostComment's own view, or from a view of no module (a cell both modules show), keeps it.
    @Test(arguments: [
        ("", ["Post -> PostComment"]),
        ("BDJPostCommentActivity", ["Post -> PostComment", "PostComment -> PostComment"]),
        ("BDJPostCell", ["Post -> PostComment", "PostComment -> PostComment"]),
        // Swift writes the call by the importer's name, `didSelectPost(at:)`.
        ("swift", ["Post -> PostComment", "PostComment -> PostComment"]),
    ])
    func anInheritedTransitionOnlyAnotherModulesViewReachesIsNotTheSubclasss(_ alsoCalledBy: String, _ edges: [String]) throws {
        let directory = try TemporaryDirectory()
        var files = [
            "Classes.h": """
            @interface BDJPostRouting : XFRouting
            - (void)transition2PostComment;
            @end
            @interface BDJPostCommentRouting : BDJPostRouting
            @end
            @interface BDJPostPresenter : XFPresenter
            - (void)didSelectPostAtIndex:(NSInteger)index;
            @end
            @interface BDJPostCommentPresenter : BDJPostPresenter
            @end
            @interface BDJPostActivity : XFActivity
            @end
            @interface BDJPostCommentActivity : XFActivity
            @end
            """,
            "Post.m": """
            @implementation BDJPostRouting
            - (void)transition2PostComment { XF_PUSH_Component_Fast(@"PostComment") }
            @end
            @implementation BDJPostPresenter
            - (void)didSelectPostAtIndex:(NSInteger)index {
                [Routing transition2PostComment];
            }
            @end
            @implementation BDJPostActivity
            - (void)tableView:(UITableView *)tableView didSelectRowAtIndexPath:(NSIndexPath *)indexPath {
                [EventHandler didSelectPostAtIndex:indexPath.row];
            }
            @end
            """,
        ]
        if alsoCalledBy == "swift" {
            files["Caller.swift"] = """
                extension BDJPostCommentActivity {
                    @objc func tap() { (eventHandler as! BDJPostPresenter).didSelectPost(at: 0) }
                }
                """
        } else if !alsoCalledBy.isEmpty {
            files["Caller.m"] = """
                @implementation \(alsoCalledBy)
                - (void)tap { [EventHandler didSelectPostAtIndex:0]; }
                @end
                """
        }
        for (name, text) in files { try Data(text.utf8).write(to: URL(fileURLWithPath: directory.file(name))) }
        let app = try AppScanner.scan(directory: directory.path).app
        #expect(app.edges(.push).sorted() == edges)
    }

    /// A method UIKit sends without its name being written (`loadView`) is taken as run, even where the only other place
    /// its name is written is another module's own `loadView`: reading that as its one caller dropped New's inherited
    /// sub-module, and a send to it became a false lost-event warning.
    @Test func anInheritedLifecycleMethodIsTakenAsRun() throws {
        let directory = try TemporaryDirectory()
        let files = [
            "Classes.h": """
            @interface BDJEssenceRouting : XFRouting
            @end
            @interface BDJNewRouting : BDJEssenceRouting
            @end
            @interface BDJMineRouting : XFRouting
            @end
            @interface BDJAllPostRouting : XFRouting
            @end
            @interface BDJEssenceActivity : XFActivity
            @end
            @interface BDJNewActivity : BDJEssenceActivity
            @end
            @interface BDJMineActivity : XFActivity
            @end
            """,
            "Essence.m": """
            @implementation BDJEssenceActivity
            - (void)loadView {
                self.view = [[UIView alloc] init];
                [self setupSubviews];
            }
            - (void)setupSubviews { [self.view addSubview:XF_SubUInterface_(@"AllPost")]; }
            @end
            """,
            "Mine.m": """
            @implementation BDJMineActivity
            - (void)loadView { }
            @end
            """,
        ]
        for (name, text) in files { try Data(text.utf8).write(to: URL(fileURLWithPath: directory.file(name))) }
        let app = try AppScanner.scan(directory: directory.path).app
        #expect(app.edges(.sub).sorted() == ["Essence -> AllPost", "New -> AllPost"])
    }

    @Test func aSubclassInheritsItsSuperclassModulesTransitionsAndSends() {
        let app = app(["A.m": """
        @interface XFBaseListRouting : XFRouting
        @end
        @interface XFNewsRouting : XFBaseListRouting
        @end
        @interface XFDetailRouting : XFRouting
        @end
        @implementation XFBaseListRouting
        - (void)open { XF_PUSH_Component_Fast(@"Detail") }
        - (void)tell { XF_SendEventForComponents_(@"reload", nil, @"Detail") }
        @end
        """, "B.swift": """
        class XFSportsRouting: XFBaseListRouting {}
        """])
        #expect(app.edges(.push).sorted() == ["BaseList -> Detail", "News -> Detail", "Sports -> Detail"])
        #expect(app.transitions.first { $0.fromModule == "News" }?.inheritedFrom == "XFBaseListRouting")
        #expect(app.events.map { $0.fromModule ?? "-" }.sorted() == ["BaseList", "News", "Sports"])
    }

    @Test func uikitPopsAndDismissesAreTransitions() {
        let app = app(["A.m": """
        @interface XFHomeRouting : XFRouting
        @end
        @implementation XFHomeRouting
        - (void)a { [self.navigationController popViewControllerAnimated:YES]; }
        - (void)b { [self.realInterface dismissViewControllerAnimated:YES completion:nil]; }
        @end
        @implementation UIViewController (Back)
        - (void)c { [self.navigationController popToRootViewControllerAnimated:YES]; }
        @end
        """, "B.swift": """
        extension XFHomeRouting {
            func d() { navigationController?.popViewController(animated: true) }
            func e() { realInterface.dismiss(animated: true) { } }
        }
        """])
        #expect(app.edges(.pop) == ["Home -> -", "- -> -", "Home -> -"])
        #expect(app.edges(.dismiss) == ["Home -> -", "Home -> -"])
        // The category's code belongs to no module.
        #expect(app.module(named: "UI") == nil)
    }

    @Test func aURLGivenToANameAPIAndANameToAURLAPIAreReported() {
        let app = app(["A.m": """
        @interface XFHomeRouting : XFRouting
        @end
        @interface XFDetailRouting : XFRouting
        @end
        [XFURLRoute initURLGroup:@[@"x://home", @"x://home/detail"]];
        @implementation XFHomeRouting
        - (void)a { XF_PUSH_Component_Fast(@"x://home/detail") }
        - (void)b { XF_PUSH_URLComponent_Fast(@"Detail") }
        @end
        """])
        let messages = StaticAnalyzer.analyze(app).findings.map { "\($0.ruleID) \($0.location?.sourceLocation.line ?? 0) \($0.message)" }
        #expect(messages.contains { $0.hasPrefix("unknown-component 7 ") && $0.contains("is a URL given to a component-name API") })
        #expect(messages.contains { $0.hasPrefix("unregistered-url 8 ") && $0.contains("is a component name given to a URL API") })
    }

    @Test func aModuleTwoTabsCanBothOpenIsANote() {
        let app = app(["A.m": """
        @interface XFTabRouting : XFRouting
        @end
        @interface XFHomeRouting : XFRouting
        @end
        @interface XFMineRouting : XFRouting
        @end
        @interface XFDetailRouting : XFRouting
        @end
        @implementation XFTabRouting
        - (void)load { XF_SubUInterface_(@"Home") XF_SubUInterface_(@"Mine") }
        @end
        @implementation XFHomeRouting
        - (void)a { XF_PUSH_Component_Fast(@"Detail") }
        @end
        """, "B.swift": """
        extension XFMineRouting {
            func b() { uiBus.pushComponent("Detail", params: nil, intent: nil, customCode: nil) }
        }
        """])
        let found = StaticAnalyzer.analyze(app).findings.filter { $0.ruleID == "duplicate-module-name" }
        #expect(found.map { "\($0.severity.rawValue) \($0.location?.sourceLocation.line ?? 0)" } == ["note 13"])
        #expect(found.first?.message.contains("Home and Mine") == true)
    }

    /// Essence makes its pages from `[self moduleNames]`; New's activity overrides the list, Old's does not; the
    /// presenters of New (Objective-C) and Hot (Swift, own pages) inherit Essence's send to its pages.
    private static let inheritedPages: [String: String] = ["A.m": """
        @interface XFPostRouting : XFRouting
        @end
        @interface XFPostPresenter : XFPresenter
        @end
        @interface XFEssenceRouting : XFRouting
        @end
        @interface XFEssencePresenter : XFPresenter
        @end
        @interface XFEssenceActivity : XFActivity
        @end
        @interface XFNewRouting : XFEssenceRouting
        @end
        @interface XFNewPresenter : XFEssencePresenter
        @end
        @interface XFNewActivity : XFEssenceActivity
        @end
        @interface XFOldRouting : XFEssenceRouting
        @end
        @interface XFOldPresenter : XFEssencePresenter
        @end
        @interface XFOldActivity : XFEssenceActivity
        @end
        @implementation XFEssenceActivity
        - (NSArray *)moduleNames { return @[@"AllPost", @"VideoPost"]; }
        - (void)viewDidLoad { for (NSString *name in [self moduleNames]) { XF_SubUInterface_(name); } }
        @end
        @implementation XFNewActivity
        - (NSArray *)moduleNames { return @[@"NewAllPost", @"NewVideoPost"]; }
        @end
        @implementation XFEssencePresenter
        - (void)didScroll { XF_SendEventForComponents_(@"pageChange", nil, @"AllPost", @"VideoPost") }
        @end
        @implementation XFPostPresenter
        - (void)receiveComponentEventName:(NSString *)eventName intentData:(id)intentData {}
        @end
        """, "B.swift": """
        class XFHotRouting: XFRouting {}
        class XFHotPresenter: XFEssencePresenter {}
        class XFHotActivity: XFActivity {
            func load() { uiBus.createSubUInterface(fromComponentName: "HotAllPost", parentUInterface: self) }
        }
        """]

    // BDJNewActivity.m overrides `moduleNames` of BDJEssenceActivity: the inherited loop makes New's own pages.
    @Test func anInheritedLoopOverASelfMethodTakesTheSubclassOverride() {
        let app = app(Self.inheritedPages)
        #expect(app.edges(.sub).sorted() == ["Essence -> AllPost", "Essence -> VideoPost", "Hot -> HotAllPost", "New -> NewAllPost",
                                             "New -> NewVideoPost", "Old -> AllPost", "Old -> VideoPost"])
        #expect(app.module(named: "NewAllPost")?.gene == "Post")
    }

    // A directed event reaches only the named holder in the component table and is dropped silently without one
    // (XFLegoVIPER XFEventBus: sendEventName:intentData:forComponentNames: looks each name up; docs xflego-runtime
    // "Events"): New's and Hot's pages never get the send they inherit; Old makes Essence's pages itself.
    @Test func anInheritedSendToTheSuperclassModulesSubModulesIsLost() {
        let findings = StaticAnalyzer.analyze(app(Self.inheritedPages)).findings.filter { $0.ruleID == "lost-event" }
        #expect(findings.map { "\($0.severity.rawValue) \($0.module ?? "-") \($0.location?.sourceLocation.line ?? 0)" }.sorted()
                == ["warning Hot 31", "warning Hot 31", "warning New 31", "warning New 31"])
        #expect(findings.contains { $0.message.hasPrefix("New inherits from XFEssencePresenter the send of event pageChange to AllPost, a sub-module of Essence that New never creates (its own are NewAllPost, NewVideoPost)") })
        #expect(findings.contains { $0.message.contains("to VideoPost") && $0.module == "Hot" && $0.message.contains("(its own are HotAllPost)") })
    }

    // A UITabBarController's children each keep a navigation stack and live side by side (docs/scenario-format.md
    // `tabs`; the guides' BDJIndexTabActivity): Detail pushed in both tabs is two live Detail, one name.
    @Test func aModulePushedInTwoTabsOfATabBarIsAWarning() {
        let objc = app(["A.m": """
        @interface XFTabRouting : XFRouting
        @end
        @interface XFTabActivity : UITabBarController
        @end
        @interface XFHomeRouting : XFRouting
        @end
        @interface XFMineRouting : XFRouting
        @end
        @interface XFDetailRouting : XFRouting
        @end
        @implementation XFTabActivity
        - (void)viewDidLoad { self.viewControllers = @[XF_SubUInterface_(@"Home"), XF_SubUInterface_(@"Mine")]; }
        @end
        @implementation XFHomeRouting
        - (void)a { XF_PUSH_Component_Fast(@"Detail") }
        @end
        @implementation XFMineRouting
        - (void)b { XF_PUSH_Component_Fast(@"Detail") }
        @end
        """])
        let swift = app(["B.swift": """
        class XFTabRouting: XFRouting {}
        class XFBaseTabBar: UITabBarController {}
        class XFTabActivity: XFBaseTabBar {
            override func viewDidLoad() {
                viewControllers = [uiBus.createSubUInterface(fromComponentName: "Home", parentUInterface: self),
                                   uiBus.createSubUInterface(fromComponentName: "Mine", parentUInterface: self)]
            }
        }
        class XFHomeRouting: XFRouting { func a() { uiBus.pushComponent("Detail", params: nil, intent: nil, customCode: nil) } }
        class XFMineRouting: XFRouting { func b() { uiBus.pushComponent("Detail", params: nil, intent: nil, customCode: nil) } }
        class XFDetailRouting: XFRouting {}
        """])
        for (app, line) in [(objc, 15), (swift, 9)] {
            #expect(app.module(named: "Tab")?.isTabBar == true)
            let found = StaticAnalyzer.analyze(app).findings.filter { $0.ruleID == "duplicate-module-name" }
            #expect(found.map { "\($0.severity.rawValue) \($0.location?.sourceLocation.line ?? 0)" } == ["warning \(line)"])
            #expect(found.first?.message.contains("tabs of Tab, which keep their own navigation stacks side by side") == true)
        }
    }
}
