import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import LegoAnalysis
import LegoModel
import Testing
@testable import LegoReport

@Suite struct JUnitReportTests {
    /// Parses the report with a real XML parser and returns its single test suite.
    private func suite(_ result: AnalysisResult, _ context: ReportContext = ReportFixtures.context()) throws -> XMLElement {
        let document = try XMLDocument(xmlString: ReportFormat.junit.render(result: result, context: context))
        let root = try #require(document.rootElement())
        #expect(root.name == "testsuites")
        let suites = root.elements(forName: "testsuite")
        try #require(suites.count == 1)
        #expect(suites[0].attribute(forName: "name")?.stringValue == "lego-trace")
        return suites[0]
    }

    private func attribute(_ element: XMLElement, _ name: String) -> String? { element.attribute(forName: name)?.stringValue }

    @Test func oneTestCasePerFindingNamedByRuleAndModuleAndOnePassingCasePerQuietRule() throws {
        var context = ReportFixtures.context()
        context.failOn = .note
        let suite = try suite(ReportFixtures.faulty, context)
        let cases = suite.elements(forName: "testcase")
        // Rule order, then the rule's findings in order; a rule without findings is one passing case.
        #expect(cases.map { attribute($0, "name") } == [
            "leaked-module BDJPost", "duplicate-module-name BDJIndex", "illegal-url-hierarchy", "lost-event (no module)",
        ])
        #expect(cases.map { attribute($0, "classname") } == [
            "lego-trace.leaked-module", "lego-trace.duplicate-module-name", "lego-trace.illegal-url-hierarchy", "lego-trace.lost-event",
        ])
        // Jenkins and Azure show only a case's first <failure>: never more than one per case.
        #expect(cases.map { $0.elements(forName: "failure").count } == [1, 1, 0, 1])
        #expect(attribute(suite, "tests") == "4")
        #expect(attribute(suite, "failures") == "3")
        #expect(attribute(suite, "errors") == "0")
        let leak = try #require(cases[0].elements(forName: "failure").first)
        #expect(attribute(leak, "type") == "error")
        // The whole message, on one line (issue #21: it kept only the first).
        #expect(attribute(leak, "message") == "BDJPost was popped but BDJPostRouting#17 was never deinitialized.\\nHeld by: the next link of BDJIndexRouting#9.")
        let body = try #require(leak.stringValue)
        #expect(body.contains("Held by: the next link of BDJIndexRouting#9."))
        #expect(body.contains("module: BDJPost"))
        #expect(body.contains("instance: BDJPostRouting#17"))
        #expect(body.contains("first: seq 40 at 1.200 s (trace line 41)"))
        #expect(body.contains("fingerprint: leaked-module|BDJPost|BDJPostRouting"))
        #expect(body.contains("seq 1234 at 12.345 s (trace line 1235) link: next link still set"))
        let properties = suite.elements(forName: "properties").first?.elements(forName: "property") ?? []
        let values = Dictionary(uniqueKeysWithValues: properties.map { (attribute($0, "name") ?? "", attribute($0, "value") ?? "") })
        #expect(values["trace"] == "out/lego-trace.jsonl")
        #expect(values["findings"] == "3")
        #expect(values["toolVersion"] == "0.1.0")
    }

    @Test func baselineWarningsAndLimitationsGoToSystemOut() throws {
        let context = ReportFixtures.context(baseline: ReportFixtures.baseline, warnings: ["truncated last line"])
        let out = try #require(try suite(ReportFixtures.faulty, context).elements(forName: "system-out").first?.stringValue)
        #expect(out.split(separator: "\n") == [
            "not checked: URL hierarchy: the imported trace has no URLs",
            "warning: truncated last line",
            "baseline lego-baseline.json: 2 known findings suppressed, 1 entry no longer occurring",
            "  stale: leaked-module BDJOld leaked-module|BDJOld|BDJOldRouting",
        ])
    }

    @Test func severalFindingsOfOneRuleAreSeveralCasesEachWithOneFailureAndAUniqueName() throws {
        var result = ReportFixtures.faulty
        result.findings.append(result.findings[1])
        result.findings.append(result.findings[1])
        let suite = try suite(result)
        let leaks = suite.elements(forName: "testcase").filter { attribute($0, "classname") == "lego-trace.leaked-module" }
        #expect(leaks.map { attribute($0, "name") } == ["leaked-module BDJPost", "leaked-module BDJPost #2", "leaked-module BDJPost #3"])
        #expect(leaks.allSatisfy { $0.elements(forName: "failure").count == 1 })
        #expect(attribute(suite, "tests") == "6")
        #expect(attribute(suite, "failures") == "5")
    }

    @Test func emptyResultPassesEveryRule() throws {
        let suite = try suite(ReportFixtures.clean)
        #expect(attribute(suite, "tests") == "4")
        #expect(attribute(suite, "failures") == "0")
        #expect(suite.elements(forName: "testcase").allSatisfy { $0.elements(forName: "failure").isEmpty })
        #expect(suite.elements(forName: "system-out").isEmpty)
    }

    @Test func hostileTextParsesAndKeepsEverythingButIllegalCharacters() throws {
        let context = ReportFixtures.context(tracePath: ReportFixtures.hostile, baseline: ReportFixtures.baseline)
        let suite = try suite(ReportFixtures.hostileResult, context)
        let cases = suite.elements(forName: "testcase")
        #expect(cases.count == 5)
        #expect(attribute(cases[4], "name") == "custom-rule (no module)")
        let failure = try #require(cases[4].elements(forName: "failure").first)
        // Attributes keep the whole text, with characters illegal in XML 1.0 spelled out; a failure's message is the whole
        // message on one line, as the text report shows it.
        let expected = ReportFixtures.hostile
            .replacingOccurrences(of: "\u{1B}", with: "\\u{1B}").replacingOccurrences(of: "\u{0}", with: "\\u{0}")
            .replacingOccurrences(of: "\u{7}", with: "\\u{7}").replacingOccurrences(of: "\u{7F}", with: "\\u{7F}")
            .replacingOccurrences(of: "\u{202E}", with: "\\u{202E}")
        #expect(attribute(failure, "message") == Escaping.text(ReportFixtures.hostile))
        let property = suite.elements(forName: "properties").first?.elements(forName: "property").first
        #expect(property.map { attribute($0, "value") } == expected)
        let body = try #require(cases[0].elements(forName: "failure").first?.stringValue)
        #expect(body.contains("<script>alert(1)</script>&amp; 😀中文"))
        #expect(suite.elements(forName: "system-out").first?.stringValue?.contains("not checked: Q\"uo") == true)
    }

    @Test func xmlEscapingCoversMarkupAndIllegalCharacters() {
        #expect(Escaping.xml("a<b>&\"'", attribute: true) == "a&lt;b&gt;&amp;&quot;&apos;")
        #expect(Escaping.xml("a<b>&\"'", attribute: false) == "a&lt;b&gt;&amp;\"'")
        #expect(Escaping.xml("x\ny\tz\r", attribute: true) == "x&#10;y&#9;z&#13;")
        #expect(Escaping.xml("\u{1B}[0m\u{0}\u{FFFE}", attribute: false) == "\\u{1B}[0m\\u{0}\\u{FFFE}")
    }

    @Test func matchesGolden() throws {
        let context = ReportFixtures.context(baseline: ReportFixtures.baseline)
        try goldens.check(ReportFormat.junit.render(result: ReportFixtures.faulty, context: context), named: "faulty.junit.xml")
    }

    /// A JUnit failure means what the exit status means: findings below `--fail-on` are passing cases that still
    /// carry the finding, and every finding's case names the file and line it points at.
    @Test func failuresFollowFailOnAndEveryFindingHasItsFileAndLine() throws {
        for (threshold, failing) in [(FailThreshold.error, ["leaked-module BDJPost"]),
                                     (.warning, ["leaked-module BDJPost", "duplicate-module-name BDJIndex"]),
                                     (.never, [])] {
            var context = ReportFixtures.context()
            context.failOn = threshold
            let suite = try suite(ReportFixtures.faulty, context)
            let cases = suite.elements(forName: "testcase")
            let failed = cases.filter { !$0.elements(forName: "failure").isEmpty }.compactMap { attribute($0, "name") }
            #expect(failed == failing, "--fail-on \(threshold)")
            #expect(attribute(suite, "failures") == String(failing.count))
            let findings = cases.filter { attribute($0, "name") != "illegal-url-hierarchy" }
            #expect(findings.count == 3)
            for testcase in findings where testcase.elements(forName: "failure").isEmpty {
                let out = try #require(testcase.elements(forName: "system-out").first?.stringValue)
                #expect(out.contains("fingerprint: "), "a finding below --fail-on is still reported")
            }
        }
        let cases = try suite(ReportFixtures.faulty).elements(forName: "testcase")
        #expect(cases.map { attribute($0, "file") } == ["out/lego-trace.jsonl", "out/lego-trace.jsonl", nil, "out/lego-trace.jsonl"])
        #expect(cases.map { attribute($0, "line") } == ["41", "13", nil, "2001"])
        var located = ReportFixtures.faulty
        located.findings[1].location = .scenario(SourceLocation(file: "samples/app.yml", line: 106))
        let scenario = try suite(located).elements(forName: "testcase")[0]
        #expect(attribute(scenario, "file") == "samples/app.yml")
        #expect(attribute(scenario, "line") == "106")
    }
}
