import Foundation
import LegoAnalysis
import LegoModel
import LegoReplay
import Testing
@testable import LegoScan

/// A recorded app's findings placed on the source scan found: classes for module findings, call sites for URLs and
/// events, the trace moment kept as evidence, and no guess where several sites could be meant.
@Suite struct SourceJoinTests {
    private static let app = ScanFixtures.app(["A.h": """
        @interface XFHomeRouting : XFRouting
        @end
        @interface XFDetailRouting : XFRouting
        @end
        """, "A.m": """
        @implementation XFHomeRouting
        - (void)a { XF_PUSH_URLComponent_Fast(@"x://home/detail") }
        - (void)b { XF_SendEventForComponents_(@"reload", nil, @"Detail") }
        - (void)c { XF_SendEventForComponents_(@"reload", nil, @"Gone") }
        @end
        @implementation XFDetailRouting
        - (void)d { XF_SendEventForComponents_(@"ping", nil, @"Gone") }
        @end
        """])

    private func traceFinding(_ rule: RuleDescription, module: String, seq: UInt64) -> Finding {
        let moment = ReplayState.Moment(seq: seq, time: 1.5)
        // Drawn as its rule draws it: `drawing` nil, the rule in the result says how.
        return Finding(ruleID: rule.id, severity: .error, message: "m", module: module, first: moment, last: moment, fingerprint: rule.id)
    }

    @Test func eachFindingLandsOnItsClassOrCallSite() throws {
        let rules = Dictionary(uniqueKeysWithValues: DetectorRegistry.rules.map { ($0.id, $0) })
        let leaked = try #require(rules["leaked-module"]), illegal = try #require(rules["illegal-url-hierarchy"])
        let result = AnalysisResult(findings: [
            traceFinding(leaked, module: "Detail", seq: 7),
            traceFinding(illegal, module: "Detail", seq: 8),
            traceFinding(.lostEvent, module: "Gone", seq: 9),
            traceFinding(.lostEvent, module: "Nobody", seq: 10),
        ], rules: [leaked, illegal, .lostEvent], eventCount: 10, duration: 2)
        let joined = XFSourceJoin(app: Self.app).join(result, pathPrefix: "Src").findings
        // The @implementation (A.m), not the @interface (A.h).
        #expect(joined[0].location == .source(SourceLocation(file: "Src/A.m", line: 6, column: 17)))
        #expect(joined[0].evidence.first.map { "\($0.kind) \($0.seq)" } == "trace 7")
        #expect(joined[1].location == .source(SourceLocation(file: "Src/A.m", line: 2, column: 13)))
        // Two sends to Gone: no guess, both listed.
        #expect(joined[2].location == nil)
        #expect(joined[2].evidence.compactMap(\.location?.sourceLocation.line) == [4, 7])
        // Nothing in the source sends to Nobody: unchanged.
        #expect(joined[3] == result.findings[3])
    }
}

/// A model whose `version` is text (a newline in it included) is refused in one line that does not echo it.
@Test func aModelWithATextVersionIsRefusedInOneLine() {
    let data = Data(#"{"schema": "lego-trace-scan", "version": "2\nfake: line"}"#.utf8)
    #expect(throws: XFSourceJoin.ModelError.notAModel(path: "app.json", reason: "no integer \"version\"")) {
        try XFSourceJoin(modelJSON: data, path: "app.json")
    }
}
