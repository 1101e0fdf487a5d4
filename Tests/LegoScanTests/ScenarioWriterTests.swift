import LegoAnalysis
import LegoModel
import LegoScenario
import LegoTraceIO
import Testing
@testable import LegoScan

/// The scenario `scan --scenario` writes loads with the scenario parser and runs on the runtime without a refused step.
@Suite struct ScenarioWriterTests {
    private func written(_ outcome: AppScanner.Outcome, name: String) throws -> (text: String, scenario: Scenario) {
        let text = ScenarioWriter.scenario(for: outcome.app, appName: name)
        return (text, try Scenario.parse(yaml: text, file: "\(name).yml"))
    }

    @Test func theFixtureAppScenarioDeclaresItsModulesAndWalksFromTheRoot() throws {
        let (text, scenario) = try written(try ScanFixtures.fixtureApp(), name: "BDJ \"app\"")
        #expect(scenario.app.modules.map(\.name) == ["Essence", "IndexTab", "Post", "PostComment", "Setting", "VideoPost"])
        #expect(text.contains("  - showRoot: \"IndexTab\""))
        #expect(text.contains("  - addSub: \"bdj://indexTab/essence\"\n    to: \"IndexTab\""))
        #expect(text.contains("  - push: \"bdj://indexTab/essence/post?id=1\"\n    from: \"Essence\""))
        // What it cannot say is a comment, with where it comes from.
        #expect(text.contains("# - URL bdj://web names component Web, which no class declares; not registered (App/BDJAppDelegate.m:15:17)"))
        #expect(text.contains("# - not walked: a push to a target computed at run time (url) from Essence"))
        let summary = ScenarioRunner.run(scenario, sink: nil, console: nil)
        #expect(summary.failures.map(\.reason) == [])
    }

    @Test func theCorpusScenarioRunsWithoutRefusedSteps() throws {
        guard let path = ScanFixtures.corpusApp else { return }
        let (text, scenario) = try written(try AppScanner.scan(directory: path), name: "XFLegoVIPERExample")
        #expect(scenario.app.modules.count == 15)
        #expect(text.contains("# - setClassPrefixList: XF, LG"))
        // Both sub-routings of both SubControl modules are walked: every transition at least once.
        for (sub, parent) in [("Collect", "SubControl"), ("Works", "SubControl"), ("Works", "SubControl2"), ("Collect", "SubControl2")] {
            #expect(text.contains("  - addSubRouting: \"\(sub)\"\n    to: \"\(parent)\""))
        }
        // XFWeiboRouting.m:21 pops to Search: walked last among PictureResults' pushes, it takes PictureResults too.
        #expect(text.contains("  - popTo: \"Search\"\n    from: \"Weibo\""))
        #expect(text.contains("  - sendEvent: \"showSubPage\"\n    from: \"Movie\"\n    to: [\"PageControl\"]"))
        #expect(text.contains("  - subscribeEvents: \"EventCollector\"\n    receiver: \"XFEventCollector\""))
        let summary = ScenarioRunner.run(scenario, sink: nil, console: nil)
        #expect(summary.failures.map { "\($0.action): \($0.reason)" } == [])
        #expect(summary.modules >= 15)
    }

    /// The framework's own check (`XFURLRoute open:transitionBlock:` at a331d32^, docs xflego-runtime "URL hierarchy
    /// verification") on every URL the corpus scenario opens. Legal: the chain is the live routing chain (push edges
    /// from Search), or the target is a controller component (Message is MVC; About and Setting are MVVM, whose
    /// ViewControllers count). A race: PageControl's pages, opened by `XF_SubUInterface_URL`, which
    /// `XFUInterfaceFactory createSubUInterfaceFromURLComponent:parentUInterface:` opens (`openURLForGetComponent:`,
    /// dispatching the check to a background queue) before it binds them to PageControl (`setSubRouting:
    /// forParentRouting:`): the check fails if it runs at once. The strict rule judges them once bound: legal.
    @Test func theCorpusScenarioRecordsAndGivesTheFrameworksVerdictPerURL() throws {
        guard let path = ScanFixtures.corpusApp else { return }
        let (_, scenario) = try written(try AppScanner.scan(directory: path), name: "XFLegoVIPERExample")
        let buffer = TraceBuffer()
        let summary = ScenarioRunner.run(scenario, sink: buffer, console: nil)
        #expect(summary.failures.isEmpty)
        let verdicts: [String: String] = [
            "xf://search?nav=UI": "legal (one component)",
            "xf://search/pictureResults": "legal (Search.next)",
            "xf://search/pictureResults/details?usrid=123": "legal (PictureResults.next)",
            "xf://search/pictureResults/subControl": "legal (PictureResults.next)",
            "xf://search/pictureResults/subControl2": "legal (PictureResults.next)",
            "xf://search/pictureResults/pageControl": "legal (PictureResults.next)",
            "xf://search/pictureResults/pageControl/movie": "race",
            "xf://search/pictureResults/pageControl/Music": "race",
            "xf://search/pictureResults/pageControl/Book": "race",
            "xf://search/pictureResults/weibo": "legal (PictureResults.next)",
            "xf://search/message?nav=XF": "legal (Message is a controller component)",
            "xf://search/setting?nav=XF": "legal (Setting's ViewController is a controller component)",
            "xf://search/about?nav=UI": "legal (About's ViewController is a controller component)",
        ]
        let opened = buffer.events.filter { $0.kind == .urlOpen }.compactMap(\.url)
        #expect(Set(opened) == Set(verdicts.keys))
        let header = TraceHeader(producer: "lego-trace-tests", start: "2026-01-01T00:00:00Z", app: "XFLegoVIPERExample")
        for mode in [URLCheckMode.legacy, .strict] {
            var configuration = AnalysisConfiguration()
            configuration.urlCheck = mode
            let result = Analyzer.analyze(header: header, events: buffer.events, configuration: configuration)
            let found = result.findings.filter { $0.ruleID == "illegal-url-hierarchy" }
            let races = Set(verdicts.filter { $0.value == "race" }.keys)
            #expect(Set(found.compactMap { finding in races.first { finding.message.hasPrefix($0 + " (legacy check): race") } }) == (mode == .legacy ? races : []), "\(mode)")
            #expect(found.count == (mode == .legacy ? races.count : 0))
            #expect(found.allSatisfy { $0.severity == .warning })
        }
    }

    /// A tab bar root (Objective-C) whose tabs (one by URL, one Swift) both push Detail; Mine presents Publish, which
    /// presents an `http…` URL and dismisses itself at once (the guides' Publish flow).
    private static let tabApp: [String: String] = ["App.m": """
        @interface XFTabRouting : XFRouting
        @end
        @interface XFTabPresenter : XFPresenter
        @end
        @interface XFTabActivity : UITabBarController
        @end
        @interface XFHomeRouting : XFRouting
        @end
        @interface XFHomePresenter : XFPresenter
        @end
        @interface XFHomeActivity : XFActivity
        @end
        @interface XFDetailRouting : XFRouting
        @end
        @interface XFDetailPresenter : XFPresenter
        @end
        @interface XFDetailActivity : XFActivity
        @end
        @implementation XFAppDelegate
        - (void)launch {
            [XFURLRoute initURLGroup:@[@"x://tab", @"x://tab/home", @"x://home/detail", @"x://mine/detail"]];
            [XFURLRoute setHTTPHandlerComponent:@"Web"];
            XF_ShowURLComponent2Window_Fast(@"x://tab")
        }
        @end
        @implementation XFTabActivity
        - (void)viewDidLoad { self.viewControllers = @[XF_SubUInterface_URL(@"x://tab/home"), XF_SubUInterface_(@"Mine")]; }
        @end
        @implementation XFHomeRouting
        - (void)detail { XF_PUSH_URLComponent_Fast(@"x://home/detail") }
        @end
        @implementation XFPublishViewController
        - (void)web {
            XF_Present_URLComponent_Fast(@"https://example.com/help")
            [self dismissViewControllerAnimated:NO completion:nil];
        }
        @end
        """, "Mine.swift": """
        class XFMineRouting: XFRouting {
            func detail() { uiBus.openURL(forPush: "x://mine/detail", customCode: nil) }
            func publish() { uiBus.presentComponent("Publish", params: nil, intent: nil, customCode: nil) }
        }
        class XFMinePresenter: XFPresenter {}
        class XFMineActivity: XFActivity {}
        class XFWebViewController: UIViewController {}
        """]

    @Test func aTabBarAppIsWalkedTabByTabWithItsStacksKeptAndItsPublishFlow() throws {
        let app = ScanFixtures.app(Self.tabApp)
        // The https URL opens the HTTP handler: no route, no hierarchy to check.
        #expect(StaticAnalyzer.analyze(app).findings.map(\.ruleID).sorted() == ["duplicate-module-name", "duplicate-module-name"])
        let text = ScenarioWriter.scenario(for: app, appName: "Tabs")
        #expect(text.contains("    - {name: \"Tab\", layers: [routing, presenter, activity], tabs: [\"x://tab/home\", \"Mine\"]}"))
        #expect(text.contains("  httpHandler: \"Web\"\n  urls:"))
        #expect(text.contains("  - selectTab: \"Home\"\n  - advanceClock: 0.5\n  - push: \"x://home/detail\"\n    from: \"Home\"\n  - advanceClock: 0.5\n  - selectTab: \"Mine\""))
        #expect(text.contains("  - present: \"https://example.com/help\"\n    from: \"Publish\"\n    thenDismiss: true"))
        #expect(!text.contains("addSub:"))
        let scenario = try Scenario.parse(yaml: text, file: "tabs.yml")
        let buffer = TraceBuffer()
        let summary = ScenarioRunner.run(scenario, sink: buffer, console: nil)
        #expect(summary.failures.map { "\($0.action): \($0.reason)" } == [])
        // Home's stack still holds its Detail when Mine pushes its own: two live Detail, as a user leaves them.
        let header = TraceHeader(producer: "lego-trace-tests", start: "2026-01-01T00:00:00Z", app: "Tabs")
        let result = Analyzer.analyze(header: header, events: buffer.events)
        #expect(result.findings.contains { $0.ruleID == "duplicate-module-name" && $0.module == "Detail" })
        #expect(buffer.events.contains { $0.kind == .urlOpen && $0.url == "https://example.com/help" && $0.name == "Web" })
    }

    // XFModuleReflect createDynamicSubModuleClassFromName: NewDetail's routing is a dynamic subclass of
    // XFDetailRouting, so what Detail's code opens, NewDetail opens.
    @Test func aVirtualComponentWalksItsGenesTransitions() throws {
        var files: [String: String] = ["App.m": "@implementation XFAppDelegate\n- (void)a { XF_ShowRootComponent2Window_Fast(@\"Home\") }\n@end\n"]
        for name in ["Home", "Detail", "Help"] {
            files["\(name).m"] = ["Routing", "Presenter", "Activity"].map { "@interface XF\(name)\($0) : XF\($0)\n@end\n" }.joined()
        }
        files["Home.m", default: ""] += "@implementation XFHomeRouting\n- (void)b { XF_PUSH_Component_Fast(@\"NewDetail\") }\n@end\n"
        files["Detail.m", default: ""] += "@implementation XFDetailRouting\n- (void)c { XF_PUSH_Component_Fast(@\"Help\") }\n@end\n"
        let text = ScenarioWriter.scenario(for: ScanFixtures.app(files), appName: "Genes")
        #expect(text.contains("  - push: \"NewDetail\"\n    from: \"Home\""))
        #expect(text.contains("  - push: \"Help\"\n    from: \"NewDetail\""))
        let summary = ScenarioRunner.run(try Scenario.parse(yaml: text, file: "genes.yml"), sink: nil, console: nil)
        #expect(summary.failures.map { "\($0.action): \($0.reason)" } == [])
    }
}
