import LegoModel
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
}
