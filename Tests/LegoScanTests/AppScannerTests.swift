import Foundation
import LegoModel
import LegoTestSupport
import Testing
@testable import LegoScan

/// The always-run fixture app in `Fixtures/BDJApp` (Objective-C and Swift, a folder with a space and Chinese
/// characters, commented-out and `#if 0` code, a vendored `Pods` folder that must be skipped).
@Suite struct AppScannerTests {
    @Test func prefixComesFromSetClassPrefixWithItsLocation() throws {
        let app = try ScanFixtures.fixtureApp().app
        #expect(app.prefixes == ["BDJ"])
        guard case .explicit(let site) = app.prefixSource else { Issue.record("prefix not explicit"); return }
        #expect(site.file == "App/BDJAppDelegate.m")
        #expect(site.line == 7)
    }

    @Test func modulesHaveTheirPatternAndSharedShellsTheirGene() throws {
        let app = try ScanFixtures.fixtureApp().app
        let table = app.modules.map { "\($0.name):\($0.pattern.rawValue):\($0.gene ?? "-")" }
        #expect(table == ["Essence:VIPER:-", "IndexTab:VIPER:-", "Post:VIPER:-", "PostComment:VIPER:-", "Setting:MVC:-", "VideoPost:VIPER:Post"])
        #expect(app.module(named: "Essence")?.location.file == "Modules/精华 Essence/BDJEssenceRouting.m")
        #expect(app.module(named: "Setting")?.location == SourceLocation(file: "Swift/BDJSettingViewController.swift", line: 4, column: 7))
        // Pods/ holds vendored code, not the app's.
        #expect(app.module(named: "Vendored") == nil)
    }

    @Test func routesKeepEveryRegistrationWithItsOwnLine() throws {
        let app = try ScanFixtures.fixtureApp().app
        #expect(app.routes.map(\.url) == ["bdj://indexTab", "bdj://indexTab/essence", "bdj://indexTab/essence/post",
                                          "bdj://indexTab/setting", "bdj://indexTab/essence", "bdj://web"])
        #expect(app.routes.map(\.location.line) == [9, 10, 11, 12, 13, 15])
        #expect(app.routes.last?.component == "Web")
        #expect(app.routes.last?.explicitComponent == true)
        #expect(app.routes.map(\.component).prefix(3) == ["IndexTab", "Essence", "Post"])
    }

    @Test func transitionsNameTheirSourceModuleAndTarget() throws {
        let app = try ScanFixtures.fixtureApp().app
        #expect(app.root?.toModule == "IndexTab")
        #expect(app.root?.fact.location.line == 16)
        #expect(app.edges(.push) == ["Essence -> Post", "Essence -> -", "Essence -> Missing", "Essence -> VideoPost", "Setting -> Web"])
        #expect(app.edges(.present) == ["Essence -> Setting", "Essence -> Nowhere"])
        #expect(app.edges(.sub) == ["IndexTab -> Essence"])
        #expect(app.edges(.pop) == ["Post -> -"])
        #expect(app.edges(.dismiss) == ["Setting -> -"])
        let push = try #require(app.transitions.first { $0.toModule == "Post" })
        #expect(push.url == "bdj://indexTab/essence/post?id=1")
        #expect(push.fact.location == SourceLocation(file: "Modules/精华 Essence/BDJEssenceRouting.m", line: 15, column: 5))
    }

    @Test func nonLiteralTargetsAreDynamicWithTheirExpression() throws {
        let app = try ScanFixtures.fixtureApp().app
        let dynamic = app.transitions.filter(\.isDynamic)
        #expect(dynamic.count == 1)
        #expect(dynamic.first?.fact.target == .url(.dynamic(expression: "url")))
        #expect(dynamic.first?.toModule == nil)
    }

    @Test func commentsDisabledBlocksAndStringsAreNotCode() throws {
        let app = try ScanFixtures.fixtureApp().app
        let targets = app.transitions.map { "\($0.fact.target)" }.joined(separator: " ")
        for hidden in ["InLineComment", "commented", "BlockCommented", "Disabled", "NestedDisabled", "InString", "InSwiftString"] {
            #expect(!targets.contains(hidden), "\(hidden) was taken for code")
        }
    }

    @Test func eventsAndReceiversAreFoundInBothLanguages() throws {
        let app = try ScanFixtures.fixtureApp().app
        let events = app.events.map { "\($0.fromModule ?? "-"):\($0.fact.event.literal ?? "?")->\($0.fact.components.compactMap(\.literal))" }
        #expect(events == ["Post:refresh->[\"Essence\"]", "Post:refresh->[\"Nobody\"]", "Post:ping->[\"Essence\"]",
                           "Setting:refresh->[\"Essence\"]"])
        let receivers = app.receivers.map { "\($0.module ?? "-"):\($0.events.compactMap(\.literal))" }
        #expect(receivers == ["Essence:[\"refresh\", \"reload\"]", "Setting:[\"settingChanged\"]"])
    }

    @Test func theFixtureAppReadsWithoutWarnings() throws {
        let outcome = try ScanFixtures.fixtureApp()
        #expect(outcome.warnings.isEmpty)
        #expect(outcome.fileCount == 5)
    }

    @Test func selectorTernariesAndCastsDoNotConfuseArguments() {
        let facts = ScanFixtures.objc("""
        @implementation XFARouting
        - (void)go { [self.uiBus openURLForPush:(NSString *)(flag ? @"a://x" : @"a://y") customCode:nil];
                     [self.uiBus openURLForPush:(@"a://" @"joined") customCode:nil]; }
        @end
        """)
        #expect(facts.transitions.map(\.target) == [.url(.dynamic(expression: "(NSString *)(flag ? @\"a://x\" : @\"a://y\")")),
                                                    .url(.literal("a://joined"))])
    }

    @Test func dictionaryGroupsReplaceAndArrayGroupsAdd() {
        let facts = ScanFixtures.objc("""
        [XFURLRoute initURLGroup:@{@"a://one": @"One", @"a://two": name}];
        [XFURLRoute initURLGroup:@[@"a://three"]];
        """)
        #expect(facts.routes.map(\.form) == [.replacingGroup, .replacingGroup, .group])
        #expect(facts.routes.map(\.component) == [.literal("One"), .dynamic(expression: "name"), nil])
    }

    /// Xcode file templates are not the app (yizzuide/XFLegoVIPER's tags 2.6–4.0 ship `Template/*.xctemplate` beside the
    /// example app): their `___FILEBASENAMEASIDENTIFIER___Routing`, read first, hid the app's prefix and gave some twenty
    /// false errors. The folder is skipped and listed as excluded.
    @Test func anXcodeTemplateFolderIsNotTheApp() throws {
        let directory = try TemporaryDirectory()
        let template = "Template/VIPER.xctemplate/___FILEBASENAME___"
        try FileManager.default.createDirectory(atPath: directory.file(template), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: directory.file("ZApp"), withIntermediateDirectories: true)
        let files = [
            "\(template)/___FILEBASENAME___Routing.h": "@interface ___FILEBASENAMEASIDENTIFIER___Routing : XFRouting\n@end\n",
            "ZApp/Routings.m": """
                @interface XFSearchRouting : XFRouting
                @end
                @interface XFDetailRouting : XFRouting
                @end
                @implementation XFSearchRouting
                XF_AutoAssemblyModule_Fast
                - (void)go { XF_PUSH_Component_Fast(@"Detail") }
                @end
                @implementation XFDetailRouting
                XF_AutoAssemblyModule_Fast
                @end
                @interface XFSearchActivity : XFActivity
                @end
                @interface XFSearchPresenter : XFPresenter
                @end
                @interface XFDetailActivity : XFActivity
                @end
                @interface XFDetailPresenter : XFPresenter
                @end
                """,
        ]
        for (name, text) in files { try Data(text.utf8).write(to: URL(fileURLWithPath: directory.file(name))) }
        let outcome = try AppScanner.scan(directory: directory.path)
        #expect(outcome.app.modules.map(\.name).sorted() == ["Detail", "Search"])
        #expect(outcome.app.edges(.push) == ["Search -> Detail"])
        #expect(outcome.excluded.map(\.path) == ["Template/VIPER.xctemplate"])
        #expect(StaticAnalyzer.analyze(outcome.app).findings.isEmpty)
    }
}
