import Foundation
import LegoAnalysis
import LegoModel
import Testing
@testable import LegoReport

/// Parses a JSON object, failing the test when the text is not one.
func parseObject(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> [String: Any] {
    let value = try JSONSerialization.jsonObject(with: Data(text.utf8))
    return try #require(value as? [String: Any], sourceLocation: sourceLocation)
}

@Suite struct JSONReportTests {
    @Test func documentCarriesToolTraceSummaryAndRules() throws {
        let json = try parseObject(ReportFormat.json.render(result: ReportFixtures.faulty, context: ReportFixtures.context()))
        #expect(json["format"] as? String == "lego-trace.findings")
        #expect(json["version"] as? Int == 1)
        let tool = try #require(json["tool"] as? [String: Any])
        #expect(tool["name"] as? String == "lego-trace")
        #expect(tool["version"] as? String == "0.1.0")
        let trace = try #require(json["trace"] as? [String: Any])
        #expect(trace["path"] as? String == "out/lego-trace.jsonl")
        #expect(trace["events"] as? Int == 12345)
        #expect(trace["duration"] as? Double == 34.56)
        #expect(trace["imported"] as? Bool == false)
        let summary = try #require(json["summary"] as? [String: Any])
        #expect(summary["findings"] as? Int == 3)
        #expect(summary["errors"] as? Int == 1)
        #expect(summary["warnings"] as? Int == 1)
        #expect(summary["notes"] as? Int == 1)
        #expect(summary["worstSeverity"] as? String == "error")
        let rules = try #require(json["rules"] as? [[String: Any]])
        #expect(rules.map { $0["id"] as? String } == ReportFixtures.rules.map(\.id))
        #expect(rules.map { $0["findings"] as? Int } == [1, 1, 0, 1])
        #expect(rules[0]["severity"] as? String == "error")
        #expect(rules[0]["why"] as? String == ReportFixtures.rules[0].why)
        #expect(json["limitations"] as? [String] == ["URL hierarchy: the imported trace has no URLs"])
        #expect(json["warnings"] as? [String] == [])
        #expect(json["baseline"] is NSNull)
    }

    @Test func findingsCarryEveryField() throws {
        let json = try parseObject(ReportFormat.json.render(result: ReportFixtures.faulty, context: ReportFixtures.context()))
        let findings = try #require(json["findings"] as? [[String: Any]])
        #expect(findings.count == 3)
        let leak = findings[1]
        #expect(leak["ruleId"] as? String == "leaked-module")
        #expect(leak["severity"] as? String == "error")
        #expect(leak["message"] as? String == ReportFixtures.faulty.findings[1].message)
        #expect(leak["module"] as? String == "BDJPost")
        #expect(leak["instance"] as? String == "BDJPostRouting#17")
        #expect(leak["fingerprint"] as? String == "leaked-module|BDJPost|BDJPostRouting")
        let first = try #require(leak["first"] as? [String: Any])
        #expect(first["seq"] as? Int == 40)
        #expect(first["time"] as? Double == 1.2)
        #expect(first["traceLine"] as? Int == 41)
        #expect(first["logLine"] is NSNull)
        let last = try #require(leak["last"] as? [String: Any])
        #expect(last["seq"] as? Int == 1234)
        #expect(last["time"] as? Double == 12.345)
        let evidence = try #require(leak["evidence"] as? [[String: Any]])
        #expect(evidence.count == 2)
        #expect(evidence[0]["seq"] as? Int == 40)
        #expect(evidence[0]["kind"] as? String == "transition.begin")
        #expect(evidence[0]["note"] as? String == "pop of BDJPost")
        #expect(evidence[0]["traceLine"] as? Int == 41)
        let lost = findings[2]
        #expect(lost["module"] is NSNull)
        #expect(lost["instance"] is NSNull)
        #expect((lost["evidence"] as? [Any])?.isEmpty == true)
    }

    @Test func unknownTraceLinesAreNullAndImportedLogLinesKept() throws {
        var result = ReportFixtures.faulty
        result.imported = true
        result.findings[0].first.line = 77
        result.findings[0].evidence[0].line = 77
        let json = try parseObject(ReportFormat.json.render(result: result, context: ReportContext(tracePath: "t.jsonl")))
        #expect((json["trace"] as? [String: Any])?["imported"] as? Bool == true)
        let finding = try #require((json["findings"] as? [[String: Any]])?.first)
        let first = try #require(finding["first"] as? [String: Any])
        #expect(first["traceLine"] is NSNull)
        #expect(first["logLine"] as? Int == 77)
        #expect((finding["evidence"] as? [[String: Any]])?.first?["logLine"] as? Int == 77)
    }

    @Test func baselineAndWarningsAreReported() throws {
        let context = ReportFixtures.context(baseline: ReportFixtures.baseline, warnings: ["line 99: truncated last line ignored"])
        let json = try parseObject(ReportFormat.json.render(result: ReportFixtures.clean, context: context))
        let baseline = try #require(json["baseline"] as? [String: Any])
        #expect(baseline["path"] as? String == "lego-baseline.json")
        #expect(baseline["suppressed"] as? Int == 2)
        let stale = try #require(baseline["stale"] as? [[String: Any]])
        #expect(stale.count == 1)
        #expect(stale[0]["fingerprint"] as? String == "leaked-module|BDJOld|BDJOldRouting")
        #expect(stale[0]["rule"] as? String == "leaked-module")
        #expect(stale[0]["module"] as? String == "BDJOld")
        #expect(json["warnings"] as? [String] == ["line 99: truncated last line ignored"])
    }

    /// Findings the baseline or a `lego-trace:disable` comment hides stay in `suppressed`, each with why, as SARIF keeps
    /// them: with only a count, a script could not tell which ones were hidden.
    @Test func suppressedFindingsAreListedWithWhy() throws {
        var result = ReportFixtures.faulty
        let known = result.findings.removeFirst()
        let commented = result.findings.removeLast()
        result.suppressed = [SuppressedFinding(known, reason: .baseline(path: "b.json")),
                             SuppressedFinding(commented, reason: .inSource(LegoModel.SourceLocation(file: "Sources/帖子.m", line: 2, column: 4)))]
        let json = try parseObject(ReportFormat.json.render(result: result, context: ReportFixtures.context()))
        #expect((json["findings"] as? [[String: Any]])?.map { $0["ruleId"] as? String } == ["leaked-module"])
        #expect((json["summary"] as? [String: Any])?["findings"] as? Int == 1)
        let suppressed = try #require(json["suppressed"] as? [[String: Any]])
        #expect(suppressed.map { $0["ruleId"] as? String } == ["duplicate-module-name", "lost-event"])
        #expect(suppressed.map { $0["fingerprint"] as? String } == [known.fingerprint, commented.fingerprint])
        let baseline = try #require(suppressed[0]["suppression"] as? [String: Any])
        #expect(baseline["kind"] as? String == "baseline")
        #expect(baseline["path"] as? String == "b.json")
        #expect(baseline["comment"] is NSNull)
        let inSource = try #require(suppressed[1]["suppression"] as? [String: Any])
        #expect(inSource["kind"] as? String == "inSource")
        #expect(inSource["path"] is NSNull)
        let comment = try #require(inSource["comment"] as? [String: Any])
        #expect(comment["file"] as? String == "Sources/帖子.m")
        #expect(comment["line"] as? Int == 2)
        #expect(comment["column"] as? Int == 4)
    }

    @Test func emptyResultHasZeroCountsAndNoWorstSeverity() throws {
        let json = try parseObject(ReportFormat.json.render(result: ReportFixtures.clean, context: ReportFixtures.context()))
        let summary = try #require(json["summary"] as? [String: Any])
        #expect(summary["findings"] as? Int == 0)
        #expect(summary["worstSeverity"] is NSNull)
        #expect((json["findings"] as? [Any])?.isEmpty == true)
    }

    @Test func hostileTextRoundTripsExactlyAndStaysInert() throws {
        let text = ReportFormat.json.render(result: ReportFixtures.hostileResult,
                                            context: ReportFixtures.context(tracePath: ReportFixtures.hostile))
        #expect(!text.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{0}" || $0 == "\u{202E}" })
        #expect(text.contains("\\u001b[31m"))
        let json = try parseObject(text)
        #expect((json["trace"] as? [String: Any])?["path"] as? String == ReportFixtures.hostile)
        let findings = try #require(json["findings"] as? [[String: Any]])
        #expect(findings[0]["module"] as? String == ReportFixtures.hostile)
        #expect(findings[0]["message"] as? String == ReportFixtures.hostileResult.findings[0].message)
        #expect((findings[0]["evidence"] as? [[String: Any]])?.first?["kind"] as? String == ReportFixtures.hostile)
        #expect(findings[1]["message"] as? String == ReportFixtures.hostile)
        // A rule only a finding names still gets a rules entry.
        let rules = try #require(json["rules"] as? [[String: Any]])
        #expect(rules.last?["id"] as? String == "custom-rule")
        #expect(json["limitations"] as? [String] == [ReportFixtures.hostile])
    }

    @Test func outputIsDeterministicAndMatchesGolden() throws {
        let first = ReportFormat.json.render(result: ReportFixtures.faulty, context: ReportFixtures.context())
        let second = ReportFormat.json.render(result: ReportFixtures.faulty, context: ReportFixtures.context())
        #expect(first == second)
        try goldens.check(first, named: "faulty.json")
    }
}
