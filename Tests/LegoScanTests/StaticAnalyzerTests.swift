import LegoAnalysis
import LegoModel
import Testing
@testable import LegoScan

/// Static findings on the fixture app and on small snippets: each rule finds its defect, with a source location
/// and how sure it is, and stays quiet on code without it.
@Suite struct StaticAnalyzerTests {
    private func findings(_ app: ScannedApp, configuration: AnalysisConfiguration = .init()) -> [String] {
        StaticAnalyzer.analyze(app, configuration: configuration).findings.map {
            "\($0.ruleID) \($0.location?.sourceLocation.file ?? "?"):\($0.location?.sourceLocation.line ?? 0) \($0.certainty?.rawValue ?? "?")"
        }
    }

    private func app(_ files: [String: String]) -> ScannedApp { ScanFixtures.app(files) }

    @Test func theFixtureAppHasOneFindingPerPlantedDefect() throws {
        let app = try ScanFixtures.fixtureApp().app
        let essence = "Modules/精华 Essence/BDJEssenceRouting.m"
        let expected: Set<String> = [
            "duplicate-module-name App/BDJAppDelegate.m:13 literal",       // bdj://indexTab/essence registered twice
            "unknown-component App/BDJAppDelegate.m:15 literal",           // `Web` is registered but has no class …
            "unknown-component Swift/BDJSettingViewController.swift:6 literal", // … and opened from Setting
            "unknown-component \(essence):32 literal",                     // XF_PUSH_Component_Fast(@"Missing")
            "unregistered-url \(essence):33 literal",                      // bdj://indexTab/nowhere …
            "illegal-url-hierarchy \(essence):33 literal",                 // … which places itself under IndexTab, not Essence
            "lost-event Modules/Post/BDJPostRouting.m:17 literal",         // refresh → Nobody
            "lost-event Modules/Post/BDJPostRouting.m:18 literal",         // ping → Essence, which only handles refresh/reload
        ]
        let found = findings(app)
        #expect(Set(found) == expected)
        #expect(found.count == expected.count)
    }

    /// A defect reached again at the place it was reported (an inherited method, once per subclass) stays one finding;
    /// at another place it is another, with a fingerprint of its own.
    @Test func aDefectIsOneFindingPerPlace() {
        let findings = StaticFindings(configuration: .init(), pathPrefix: "")
        let here = SourceLocation(file: "A.m", line: 3, column: 5)
        for _ in 0..<3 {
            findings.report(.qfMissingImpl, "no class", module: "P", at: here, certainty: .literal, identity: ["resolve", "P"])
        }
        findings.report(.qfMissingImpl, "no class", module: "P", at: SourceLocation(file: "A.m", line: 9), certainty: .literal,
                        identity: ["resolve", "P"])
        findings.report(.qfMissingImpl, "no class", module: "Q", at: SourceLocation(file: "A.m", line: 5), certainty: .literal,
                        identity: ["resolve", "Q"])
        let result = findings.result(framework: .qfMoudle, suppressions: [], limitations: [], sourceFiles: 1).findings
        #expect(result.map { "\($0.module ?? "-") \($0.location?.sourceLocation.line ?? 0)" } == ["P 3", "Q 5", "P 9"])
        #expect(Set(result.map(\.fingerprint)).count == 3)
        #expect(result.first?.fingerprint == Fingerprint.make(["qf-missing-impl", "scan", "resolve", "P"]))
    }

    @Test func theCorpusAppHasOnlyItsRealDefect() throws {
        guard let path = ScanFixtures.corpusApp else { return }
        let app = try AppScanner.scan(directory: path).app
        // The one defect: LGSettingViewModel is opened as Setting (xf://search/setting, through the prefix list of
        // AppDelegate.m:41) but the framework names it LGSetting, its class prefix being XF from the routings'
        // +load (XFRouting.h:54-58) since a list of two never sets it (XFLegoConfig.m:119-126).
        #expect(findings(app) == ["naming-convention XFLegoVIPERExample/Classes/Application/Components/SearchPicture/Setting/LGSettingViewModel.h:11 literal"])
        #expect(app.runtimePrefix?.prefix == "XF")
        #expect(app.runtimePrefix?.inferredFrom?.hasPrefix("XF") == true)
    }

    /// A module whose routing header the app imports (`#import <BDJShopModule/BDJShopRouting.h>`) but the scan did not
    /// read is in a pod or framework: a component or event naming it is a note that says so; a component nothing
    /// imports stays an error (the framework finds no class `<Prefix><Name>Routing` for it, `XFModuleReflect.m`).
    @Test func aModuleWhoseRoutingHeaderIsImportedButNotScannedIsANote() {
        let app = app(["App/BDJHomeRouting.m": """
            #import "BDJHomeRouting.h"
            #import <BDJShopModule/BDJShopRouting.h>
            // #import "BDJCartRouting.h"
            @implementation BDJHomeRouting
            XF_AutoAssemblyModule_Fast
            - (void)openShop {
                XF_PUSH_Component_Fast(@"Shop")
                XF_PUSH_Component_Fast(@"Cart")
                XF_SendEventForComponents_(@"refresh", nil, @"Shop")
            }
            @end
            @interface BDJHomeActivity : XFActivity
            @end
            @interface BDJHomePresenter : XFPresenter
            @end
            """])
        #expect(app.facts.importedRoutings.map { "\($0.className) \($0.location.line)" } == ["BDJHomeRouting 1", "BDJShopRouting 2"])
        let result = StaticAnalyzer.analyze(app).findings
        #expect(result.map { "\($0.ruleID) \($0.location?.sourceLocation.line ?? 0) \($0.severity.rawValue)" } == [
            "unknown-component 7 note", "unknown-component 8 error", "lost-event 9 note",
        ])
        #expect(result.first?.message.contains("BDJShopRouting.h is imported at App/BDJHomeRouting.m:2, but the scan did not read it") == true)
    }

    @Test func aURLOpenedFromAModuleItDoesNotExtendIsIllegal() {
        let app = app(["A.m": """
        @interface XFAlphaRouting : XFRouting
        @end
        @interface XFBetaRouting : XFRouting
        @end
        [XFURLRoute initURLGroup:@[@"x://alpha", @"x://alpha/beta"]];
        @implementation XFAlphaRouting
        - (void)go { XF_PUSH_URLComponent_Fast(@"x://alpha/beta") }
        @end
        @implementation XFBetaRouting
        - (void)go { XF_PUSH_URLComponent_Fast(@"x://alpha/beta") }
        @end
        """])
        let found = StaticAnalyzer.analyze(app).findings.filter { $0.ruleID == "illegal-url-hierarchy" }
        #expect(found.map { $0.location?.sourceLocation.line } == [10])
        #expect(found.first?.message.contains("opened from Beta") == true)
    }

    /// A plain controller whose name is all its own prefix (`RWViewController` in an app of prefix RAC, as in
    /// iT-Boyer/RACPlayground): the framework names it RW either way, so nothing is named otherwise (the message once
    /// read "names its module RW, not ;").
    @Test func aControllerNamedOnlyByItsOwnPrefixIsNoNamingFinding() {
        let app = app(["A.m": """
        [[XFLegoConfig defaultConfig] setClassPrefix:@"RAC"];
        @interface RACLoginRouting : XFRouting
        @end
        @interface RWViewController : UIViewController
        @end
        @interface LGSettingViewController : UIViewController
        @end
        XF_PUSH_Component_Fast(@"Setting")
        """])
        let found = StaticAnalyzer.analyze(app).findings.filter { $0.ruleID == "naming-convention" }
        // LGSetting is still named LGSetting where the author meant Setting.
        #expect(found.map { $0.location?.sourceLocation.line } == [6])
        #expect(found.allSatisfy { !$0.message.contains("not ;") })
    }

    /// A shared module opens under its gene's place (yizzuide/BDJProjectExample: BDJAllPostRouting assembled from the
    /// shared module Post inherits `XF_PUSH_URLComponent_Fast(@"bdj://essence/post/postComment")`).
    @Test func aSharedModuleOpensUnderItsGenesPlace() {
        let app = app(["A.m": """
        @interface BDJPostRouting : XFRouting
        @end
        @interface BDJAllPostRouting : BDJPostRouting
        @end
        @interface BDJPostCommentRouting : XFRouting
        @end
        [XFURLRoute initURLGroup:@[@"bdj://essence", @"bdj://essence/post", @"bdj://essence/post/postComment"]];
        @implementation BDJAllPostRouting
        XF_AutoAssemblyModuleFromShareModuleName(@"Post")
        - (void)go { XF_PUSH_URLComponent_Fast(@"bdj://essence/post/postComment") }
        @end
        """])
        #expect(app.module(named: "AllPost")?.gene == "Post")
        #expect(StaticAnalyzer.analyze(app).findings.filter { $0.ruleID == "illegal-url-hierarchy" }.isEmpty)
    }

    /// A URL given to a name API that the gene rule still builds (iT-Boyer/RACPlayground's
    /// `XF_PUSH_Component_Fast(@"rac://Home/Set")`): opened as a virtual component of that URL-shaped name, a warning.
    @Test func aURLGivenToANameAPIThatAGeneBuildsIsANamingWarning() {
        let app = app(["A.m": """
        @interface RACHomeRouting : XFRouting
        @end
        @interface RACSetViewModel : XFViewModel
        @end
        @implementation RACHomeRouting
        - (void)go { XF_PUSH_Component_Fast(@"rac://Home/Set") }
        @end
        """])
        let found = StaticAnalyzer.analyze(app).findings.filter { $0.message.contains("is a URL given to a component-name API") }
        #expect(found.map { "\($0.ruleID) \($0.severity.rawValue) \($0.location?.sourceLocation.line ?? 0)" } == ["naming-convention warning 6"])
    }

    @Test func twoPrefixesForOneModuleAndAForeignPrefixAreReported() {
        let app = app(["A.m": """
        [[XFLegoConfig defaultConfig] setClassPrefixList:@[@"XF", @"LG"]];
        @interface XFPostRouting : XFRouting
        @end
        @interface LGPostRouting : XFRouting
        @end
        @interface QQChatViewController : UIViewController
        @end
        XF_PUSH_Component_Fast(@"Chat")
        """])
        #expect(findings(app).filter { !$0.hasPrefix("unknown-component") } == ["duplicate-module-name A.m:4 literal", "naming-convention A.m:6 literal"])
    }

    @Test func aPrefixInferredFromAnAcronymRoutingIsReported() {
        let app = app(["A.m": """
        @interface XFURLRouting : XFRouting
        @end
        @interface XFPostRouting : XFRouting
        @end
        XF_PUSH_Component_Fast(@"URL")
        XF_PUSH_Component_Fast(@"Post")
        """])
        #expect(app.prefixes == ["XFURL"])
        #expect(findings(app).contains("naming-convention A.m:1 literal"))
    }

    @Test func severityOverridesAllowlistsAndDisabledRulesApply() throws {
        let app = try ScanFixtures.fixtureApp().app
        var configuration = AnalysisConfiguration()
        configuration.disabled = ["unknown-component"]
        configuration.severities = ["lost-event": .error]
        configuration.allow = ["orphan-component": ["We*"]]
        let result = StaticAnalyzer.analyze(app, configuration: configuration)
        #expect(!result.findings.contains { $0.ruleID == "unknown-component" || $0.ruleID == "orphan-component" })
        #expect(result.findings.filter { $0.ruleID == "lost-event" }.allSatisfy { $0.severity == .error })
        #expect(!result.rules.contains { $0.id == "unknown-component" })
    }

    @Test func fingerprintsDoNotDependOnLinesOrThePathPrefix() throws {
        let app = try ScanFixtures.fixtureApp().app
        let plain = StaticAnalyzer.analyze(app).findings
        let prefixed = StaticAnalyzer.analyze(app, pathPrefix: "Sources/App").findings
        #expect(plain.map(\.fingerprint) == prefixed.map(\.fingerprint))
        #expect(prefixed.allSatisfy { $0.location?.sourceLocation.file.hasPrefix("Sources/App/") == true })
    }

    @Test func eventsReachOnlyTheComponentClassAndSharedShellsUseTheirGenes() {
        let app = app(["A.m": """
        @interface XFPostRouting : XFRouting
        @end
        @interface XFPostPresenter : XFPresenter
        @end
        @interface XFVideoPostRouting : XFRouting
        @end
        @interface XFChatRouting : XFRouting
        @end
        @interface XFChatPresenter : XFPresenter
        @end
        @interface XFChatActivity : XFActivity
        @end
        @implementation XFVideoPostRouting
        XF_AutoAssemblyModuleFromShareModuleName(@"Post")
        @end
        @implementation XFPostPresenter
        - (void)receiveComponentEventName:(NSString *)eventName intentData:(id)intentData {}
        @end
        @implementation XFChatActivity
        - (void)receiveComponentEventName:(NSString *)eventName intentData:(id)intentData {}
        - (void)go { XF_SendEventForComponents_(@"ping", nil, @"VideoPost", @"Chat") }
        @end
        """])
        let lost = StaticAnalyzer.analyze(app).findings.filter { $0.ruleID == "lost-event" }
        #expect(lost.map(\.module) == ["Chat"])
        #expect(lost.first?.message.contains("XFChatActivity does, but events reach XFChatPresenter only") == true)
    }

    @Test func aShareShellTakesTheModuleOfItsSuperclassAsItsGene() {
        let app = app(["A.m": """
        @interface XFPostRouting : XFRouting
        @end
        @interface XFHotPostRouting : XFPostRouting
        @end
        @implementation XFHotPostRouting
        XF_AutoAssemblyModuleForShareShell_Fast
        @end
        """])
        #expect(app.module(named: "HotPost")?.gene == "Post")
    }

    /// A share shell derived from XFRouting itself is the gene of the virtual components opened and sent events by
    /// name (yizzuide/BDJProjectExample's BDJPostRouting with AllPost, VideoPost …): they are found, not unknown
    /// components or lost events (the shell once took the gene "XF", from XFRouting).
    @Test func aShareShellOnXFRoutingIsTheGeneOfItsVirtualComponents() {
        let app = app(["A.m": """
        @interface BDJEssenceRouting : XFRouting
        @end
        @interface BDJPostRouting : XFRouting
        @end
        @interface BDJPostPresenter : XFPresenter
        @end
        @implementation BDJPostRouting
        XF_AutoAssemblyModuleForShareShell_Fast
        @end
        @implementation BDJPostPresenter
        - (void)receiveComponentEventName:(NSString *)eventName intentData:(id)intentData { XF_EventIs_(@"PageChange", { }) }
        @end
        @implementation BDJEssenceRouting
        - (void)go { [self addChildViewController:XF_SubUInterface_(@"AllPost")]; XF_SendEventForComponents_(@"PageChange", nil, @"AllPost") }
        @end
        """])
        #expect(app.module(named: "Post")?.gene == nil)
        #expect(app.module(named: "AllPost")?.gene == "Post")
        let rules = StaticAnalyzer.analyze(app).findings.map(\.ruleID)
        #expect(!rules.contains("unknown-component") && !rules.contains("lost-event"))
    }

    /// A Swift handler's `eventName == "x"` names an event it handles. The parser leaves operators unfolded, so the
    /// comparison is a sequence, not an infix expression, and was never read: yizzuide/Lego-swift's Login got a false
    /// lost-event warning for every event its `if eventName == …` handled, and none for a name it did not. Only a literal
    /// compared with the event name counts, as the parser would group the operators.
    @Test func aSwiftHandlersEqualityComparisonsNameItsEvents() {
        let app = app(["Home.m": """
        @interface XFHomeRouting : XFRouting
        @end
        @implementation XFHomeRouting
        - (void)tell {
            XF_SendEventForComponents_(@"Reload", nil, @"Login")
            XF_SendEventForComponents_(@"Refresh", nil, @"Login")
            XF_SendEventForComponents_(@"Typo", nil, @"Login")
            XF_SendEventForComponents_(@"Ternary", nil, @"Login")
        }
        @end
        """, "Login.swift": """
        class XFLoginRouting: XFRouting {}
        class XFLoginPresenter: XFPresenter {
            override func receiveComponentEventName(_ eventName: String, intentData: Any?) {
                switch eventName {
                case "Other": break
                default: break
                }
                if eventName == "Reload" || "Refresh" == eventName { reload() }
                let label = "x" + "Typo" == eventName ? 1 : 0
                if data?["type"] as? String == "video" { return }
                _ = items.filter { $0 == "zzz" }
                let flag = eventName == "Ternary" ? 1 : 2
            }
        }
        """])
        let lost = StaticAnalyzer.analyze(app).findings.filter { $0.ruleID == "lost-event" }
        #expect(lost.count == 1)
        #expect(lost.first?.message.contains("Typo") == true)
        // Only what is compared with the event name: not `video` (another value) nor `zzz` (a closure's).
        #expect(lost.allSatisfy { !$0.message.contains("video") && !$0.message.contains("zzz") })
    }

    /// An object registered as an event receiver under a name receives the events sent to that name, by the later API
    /// (`XFPipe subscribeEventOnReceiver:withRegisterCompName:`) or the one before it (4.7–4.9,
    /// `XFComponentManager addEventReceiver:componentName:`, 4.7.0 XFComponentManager.m:118-120, 154-163, looked up
    /// before the component table): the example app's XFEventCollector got a false lost-event warning.
    @Test(arguments: ["[XFComponentManager addEventReceiver:self componentName:@\"Collector\"];",
                      "[XFPipe subscribeEventOnReceiver:self withRegisterCompName:@\"Collector\"];"])
    func aReceiverRegisteredUnderANameReceivesItsEvents(_ registration: String) {
        let app = app(["A.m": """
        @interface XFHomeRouting : XFRouting
        @end
        @interface XFEventCollector : NSObject
        @end
        @implementation XFEventCollector
        - (instancetype)init {
            self = [super init];
            if (self) { \(registration) }
            return self;
        }
        - (void)receiveComponentEventName:(NSString *)eventName intentData:(id)intentData { }
        @end
        @implementation XFHomeRouting
        - (void)tell { XF_SendEventForComponents_(@"ping", nil, @"Collector") }
        @end
        """])
        #expect(StaticAnalyzer.analyze(app).findings.filter { $0.ruleID == "lost-event" }.map(\.message) == [])
    }
}
