import LegoAnalysis
import LegoModel
import Testing
@testable import LegoScan

/// Severity follows consequence: an error is what the framework asserts on, crashes on or silently loses; what
/// only the strict rule or a value-dependent risk flags is at most a warning.
@Suite struct ScanSeverityTests {
    private func findings(_ files: [String: String], urlCheck: URLCheckMode = .strict) -> [String] {
        StaticAnalyzer.analyze(ScanFixtures.app(files), configuration: AnalysisConfiguration(urlCheck: urlCheck)).findings
            .map { "\($0.ruleID) \($0.severity.rawValue) \($0.location?.sourceLocation.file ?? "?"):\($0.location?.sourceLocation.line ?? 0)" }
    }

    private static let modules = """
    @interface XFAlphaRouting : XFRouting
    @end
    @interface XFAlphaPresenter : XFPresenter
    @end
    @interface XFBetaViewController : UIViewController
    @end
    @interface XFGammaRouting : XFRouting
    @end
    [XFURLRoute initURLGroup:@[@"x://alpha", @"x://alpha/beta", @"x://alpha/gamma"]];
    """

    // XFURLRoute.m at a331d32^ (docs/xflego-runtime.md, "URL hierarchy verification"): `open:` returns before the
    // check when the target is a controller component, so x://alpha/beta (Beta is MVC) from Gamma never asserts.
    @Test func aURLOnlyTheStrictRuleRejectsIsAWarningInObjectiveC() {
        let files = ["M.m": Self.modules, "A.m": """
        @implementation XFGammaRouting
        - (void)a { XF_PUSH_URLComponent_Fast(@"x://alpha/beta") }
        @end
        """]
        let found = findings(files)
        #expect(found.contains("illegal-url-hierarchy warning A.m:2"))
        #expect(findings(files, urlCheck: .legacy).allSatisfy { !$0.hasPrefix("illegal-url-hierarchy") })
    }

    @Test func aURLOnlyTheStrictRuleRejectsIsAWarningInSwift() {
        let files = ["M.m": Self.modules, "A.swift": """
        extension XFGammaRouting {
            func a() { uiBus.openURL(forPush: "x://alpha/beta", customCode: nil) }
        }
        """]
        #expect(findings(files).contains("illegal-url-hierarchy warning A.swift:2"))
    }

    // The check runs only once the app calls `[XFURLRoute enableVerifyURLRoute]` (XFURLRoute.h at a331d32^; off by
    // default, removed since): with it, a URL the check rejects is an error, in either language's call.
    @Test(arguments: ["[XFURLRoute enableVerifyURLRoute];", "// [XFURLRoute enableVerifyURLRoute];", ""])
    func aURLTheFrameworkRejectsIsAnErrorOnlyWhenItsCheckIsOn(_ setup: String) {
        let files = ["M.m": Self.modules + "\n" + setup + "\n", "G.m": """
        @implementation XFGammaRouting
        - (void)a { XF_PUSH_URLComponent_Fast(@"x://alpha/gamma") }
        @end
        """]
        let on = setup.hasPrefix("[")
        #expect(findings(files).contains("illegal-url-hierarchy \(on ? "error" : "warning") G.m:2"))
        let message = StaticAnalyzer.analyze(ScanFixtures.app(files)).findings.first { $0.ruleID == "illegal-url-hierarchy" }?.message ?? ""
        #expect(message.contains(on ? "turned on at M.m:10" : "enableVerifyURLRoute, is not turned on in the scanned source"))
    }

    @Test func aSwiftCallTurnsTheCheckOn() {
        let files = ["M.m": Self.modules, "Setup.swift": "func setup() {\n    XFURLRoute.enableVerifyURLRoute()\n}\n", "G.m": """
        @implementation XFGammaRouting
        - (void)a { XF_PUSH_URLComponent_Fast(@"x://alpha/gamma") }
        @end
        """]
        #expect(findings(files).contains("illegal-url-hierarchy error G.m:2"))
    }

    @Test func twoURLsOfOneComponentAreARiskNotAnError() {
        let found = findings(["R.m": """
        @interface XFAlphaRouting : XFRouting
        @end
        [XFURLRoute initURLGroup:@[@"x://alpha", @"x://other/alpha"]];
        """])
        #expect(found.contains("duplicate-module-name warning R.m:3"))
        #expect(!found.contains { $0.hasPrefix("duplicate-module-name error") })
    }
}
