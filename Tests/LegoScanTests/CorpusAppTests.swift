import Foundation
import LegoAnalysis
import LegoModel
import Testing
@testable import LegoScan

/// The framework's own example app (`../shared/corpora/XFLegoVIPERExample`), checked against a table written by
/// reading its code: `XFAppURLRegister.m`, `AppDelegate.m`, the routings, presenters and activities named below.
/// Skipped with a message when `../shared` is absent (a user's clone of this repository).
@Suite(.enabled(if: ScanFixtures.corpusApp != nil, "../shared/corpora/XFLegoVIPERExample is absent; corpus tests skipped"))
struct CorpusAppTests {
    private static let components = "XFLegoVIPERExample/Classes/Application/Components/"

    private func app() throws -> ScannedApp {
        try AppScanner.scan(directory: try #require(ScanFixtures.corpusApp)).app
    }

    @Test func prefixListComesFromTheAppDelegate() throws {
        let app = try app()
        // AppDelegate.m:41 `setClassPrefixList:@[@"XF",@"LG"]`.
        #expect(app.prefixes == ["XF", "LG"])
        #expect(app.prefixSource == .explicit(SourceLocation(file: "XFLegoVIPERExample/Classes/Launcher/Main/AppDelegate.m", line: 41, column: 7)))
    }

    @Test func everyModuleHasItsPattern() throws {
        let table: [String: ScannedApp.Pattern] = [
            // VIPER: a <P><Name>Routing exists.
            "Search": .viper, "PictureResults": .viper, "Details": .viper, "SubControl": .viper, "SubControl2": .viper,
            "Collect": .viper, "Works": .viper, "PageControl": .viper, "Movie": .viper, "Music": .viper, "Book": .viper,
            "Weibo": .viper,
            // MVVM: XFAboutViewModel and LGSettingViewModel (the LG prefix of the prefix list).
            "About": .mvvm, "Setting": .mvvm,
            // MVC: XFMessageViewController (XF_EXPORT_COMPONENT).
            "Message": .mvc,
        ]
        let app = try app()
        #expect(Dictionary(uniqueKeysWithValues: app.modules.map { ($0.name, $0.pattern) }) == table)
        #expect(app.module(named: "Message")?.export?.line == 19)
        #expect(app.module(named: "Search")?.assembly?.macro == "XF_AutoAssemblyModule_ShareDM")
        #expect(app.module(named: "Search")?.assembly?.sharedDataManager == .literal("PictureResults"))
    }

    @Test func everyRegisteredURLWithItsComponent() throws {
        // XFAppURLRegister.m:21-33, one `initURLGroup:@[…]` (array: added).
        let table: [(String, String)] = [
            ("xf://search", "Search"), ("xf://search/message", "Message"), ("xf://search/setting", "Setting"),
            ("xf://search/about", "About"), ("xf://search/pictureResults", "PictureResults"),
            ("xf://search/pictureResults/details", "Details"), ("xf://search/pictureResults/subControl", "SubControl"),
            ("xf://search/pictureResults/subControl2", "SubControl2"), ("xf://search/pictureResults/pageControl", "PageControl"),
            ("xf://search/pictureResults/pageControl/movie", "Movie"), ("xf://search/pictureResults/pageControl/Music", "Music"),
            ("xf://search/pictureResults/pageControl/Book", "Book"), ("xf://search/pictureResults/weibo", "Weibo"),
        ]
        let app = try app()
        #expect(app.routes.map(\.url) == table.map(\.0))
        #expect(app.routes.map(\.component) == table.map(\.1))
        #expect(app.routes.map(\.location.line) == Array(21...33))
        #expect(Set(app.routes.map(\.location.file)) == ["XFLegoVIPERExample/Classes/Launcher/Config/XFAppURLRegister.m"])
        #expect(app.routes.allSatisfy { $0.form == .group })
    }

    @Test func theRootIsSearchShownFromTheAppDelegate() throws {
        let root = try #require(try app().root)
        // AppDelegate.m:47 `XF_ShowURLComponent2Window_(@"xf://search?nav=UI", {…})`.
        #expect(root.toModule == "Search")
        #expect(root.fromModule == nil)
        #expect(root.fact.location == SourceLocation(file: "XFLegoVIPERExample/Classes/Launcher/Main/AppDelegate.m", line: 47, column: 5))
    }

    @Test func everyLiteralTransitionWithItsSourceModuleAndLine() throws {
        let routing = Self.components + "SearchPicture/PictureResults/User Interface/WireFrame/XFPictureResultsRouting.m"
        let search = Self.components + "SearchPicture/Search/User Interface/WireFrame/XFSearchRouting.m"
        let pageControl = Self.components + "Example/ControllerLayer/PageControl/User Interface/View/XFPageControlActivity.m"
        let subControl = Self.components + "Example/ControllerLayer/SubControl/User Interface/WireFrame/XFSubControlRouting.m"
        let subControl2 = Self.components + "Example/ControllerLayer/SubControl/User Interface/WireFrame/XFSubControl2Routing.m"
        let weibo = Self.components + "Example/Weibo/User Interface/Wireframe/XFWeiboRouting.m"
        let table: Set<String> = [
            "root - -> Search @XFLegoVIPERExample/Classes/Launcher/Main/AppDelegate.m:47",
            "push Search -> PictureResults @\(search):30",
            "present Search -> Message @\(search):56",
            "custom Search -> Setting @\(search):62",
            "present Search -> About @\(search):80",
            "push PictureResults -> Details @\(routing):23",
            "push PictureResults -> SubControl @\(routing):28",
            "push PictureResults -> SubControl2 @\(routing):33",
            "push PictureResults -> PageControl @\(routing):38",
            "push PictureResults -> Weibo @\(routing):43",
            "sub PageControl -> Movie @\(pageControl):41",
            "sub PageControl -> Music @\(pageControl):42",
            "sub PageControl -> Book @\(pageControl):43",
            "sub-routing SubControl -> Collect @\(subControl):26",
            "sub-routing SubControl -> Works @\(subControl):28",
            "sub-routing SubControl2 -> Works @\(subControl2):29",
            "sub-routing SubControl2 -> Collect @\(subControl2):31",
            "pop Weibo -> Search @\(weibo):21",
            // UIKit's own dismiss of the presented MVC/MVVM components (`[self dismissViewControllerAnimated:…]`);
            // XFSearchRouting.m:96 dismisses a Flutter controller it holds, not Search, and is no transition.
            "dismiss Message -> - @\(Self.components)SearchPicture/Message/XFMessageViewController.m:34",
            "dismiss Setting -> - @\(Self.components)SearchPicture/Setting/LGSettingViewController.m:42",
            "dismiss About -> - @\(Self.components)SearchPicture/About/View/XFAboutViewController.m:45",
        ]
        let app = try app()
        let found = app.transitions.map { "\($0.fact.kind.rawValue) \($0.fromModule ?? "-") -> \($0.toModule ?? "-") @\($0.fact.location.file):\($0.fact.location.line)" }
        #expect(Set(found) == table)
        #expect(found.count == table.count)
        #expect(app.transitions.allSatisfy { !$0.isDynamic })
    }

    @Test func commentedOutTransitionsAreNotTransitions() throws {
        // XFSearchRouting.m:54 and :61 are `//` comments; :21-25 and the MVVM connector in :69-73 are `/* */` blocks.
        let app = try app()
        #expect(!app.transitions.contains { $0.url == "xf://search/message?nav=UI" })
        #expect(!app.transitions.contains { $0.fact.kind == .present && $0.toModule == "Setting" })
        #expect(!app.facts.assemblies.contains { $0.macro.hasPrefix("XF_InjectModuleWith_") })
    }

    @Test func itsCommentedOutTransitionsAreNotesNotEdges() throws {
        // XFSearchRouting.m:54 and :61 are `//` comments; the `/* */` blocks at :21-25 and :69-73 hold no transition.
        let app = try app()
        let search = Self.components + "SearchPicture/Search/User Interface/WireFrame/XFSearchRouting.m"
        #expect(app.inactiveTransitions.map { "\($0.transition.fact.location.file):\($0.transition.fact.location.line) \($0.reason.rawValue)" }
                == ["\(search):54 commented out", "\(search):61 commented out"])
        let notes = StaticAnalyzer.analyze(app).limitations.filter { $0.hasPrefix("never runs") }
        #expect(notes.count == 2)
        #expect(notes.first?.contains("present Search -> xf://search/message?nav=UI") == true)
    }

    @Test func theSummarySaysWhereThePrefixListIsWrittenAndWhichPrefixNamesComponents() throws {
        let outcome = try AppScanner.scan(directory: try #require(ScanFixtures.corpusApp))
        let row = ScanSummary.lines(outcome, source: "corpus").first { $0.hasPrefix("  prefix") }
        #expect(row?.contains("XF, LG (list written at XFLegoVIPERExample/Classes/Launcher/Main/AppDelegate.m:41:7; live components are named with XF, inferred by +load from XFBookRouting)") == true)
    }

    @Test func eventsAndTheirReceivers() throws {
        let app = try app()
        let sends = app.events.map { "\($0.fromModule ?? "-"):\($0.fact.event.literal ?? "?")->\($0.fact.components.compactMap(\.literal).joined(separator: ","))" }
        // The three page presenters tell PageControl to show their page; PictureResults asks Search to load data;
        // the About view model sends `xxxx` to the EventCollector receiver.
        #expect(Set(sends) == ["Book:showSubPage->PageControl", "Movie:showSubPage->PageControl", "Music:showSubPage->PageControl",
                               "PictureResults:loadData->Search", "About:xxxx->EventCollector"])
        #expect(sends.count == 5)
        let receivers = Dictionary(uniqueKeysWithValues: app.receivers.map { ($0.className, $0) })
        #expect(receivers["XFPageControlPresenter"]?.events == [.literal("showSubPage")])
        #expect(receivers["XFSearchPresenter"]?.events.compactMap(\.literal) == ["Event_AFNetworkReachabilityStatus", "loadData"])
        #expect(receivers["XFPictureResultsPresenter"]?.events == [.literal("StartSearchNotification")])
        #expect(receivers["XFEventCollector"]?.subscribedNames == [.literal("EventCollector")])
        #expect(receivers["XFEventCollector"]?.module == nil)
        #expect(Set(receivers.keys) == ["XFPageControlPresenter", "XFWeiboPresenter", "XFAboutViewModel", "XFPictureResultsPresenter",
                                        "XFSearchPresenter", "XFEventCollector"])
    }

    @Test func itsCategoriesAreNoClassesAndNothingOfItIsExcluded() throws {
        let outcome = try AppScanner.scan(directory: try #require(ScanFixtures.corpusApp))
        // NSString+Tools.m:11 `@implementation NSString (Tools)`, NSArray+HOM.m:27 `@implementation NSArray (HOM)`.
        #expect(!outcome.app.facts.classes.contains { $0.name == "NSString" || $0.name == "NSArray" })
        // The corpus keeps no Pods and no copy of the framework (corpora/README.md); its two test targets (XCTest) are not
        // the app.
        #expect(outcome.excluded == [ScanExclusion(path: "XFLegoVIPERExampleTests", reason: .testCode(framework: "XCTest"), fileCount: 1),
                                     ScanExclusion(path: "XFLegoVIPERExampleUITests", reason: .testCode(framework: "XCTest"), fileCount: 1)])
        #expect(outcome.fileCount == 161)
    }

    @Test func theLGSettingNameFollowsTheFrameworksPrefixOrder() throws {
        let app = try app()
        // Routings' +load infers XF (XFRouting.h:54-58) before AppDelegate.m:41's list of two, which never sets it
        // (XFLegoConfig.m:119-126): the URL opens Setting, the live component is named LGSetting.
        #expect(app.runtimePrefix?.prefix == "XF")
        #expect(app.module(named: "Setting")?.pattern == .mvvm)
        let finding = StaticAnalyzer.analyze(app).findings.first { $0.ruleID == "naming-convention" }
        #expect(finding?.message.contains("names the live component LGSetting") == true)
        #expect(finding?.severity == .warning)
    }

    @Test func theCorpusReadsWithoutWarnings() throws {
        let outcome = try AppScanner.scan(directory: try #require(ScanFixtures.corpusApp))
        #expect(outcome.warnings.map { "\($0.location): \($0.message)" } == [])
    }
}
