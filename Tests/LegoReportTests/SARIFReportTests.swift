import Foundation
import LegoAnalysis
import LegoTestSupport
import LegoModel
import Testing
@testable import LegoReport

@Suite struct SARIFReportTests {
    private func run(_ result: AnalysisResult, _ context: ReportContext = ReportFixtures.context()) throws -> [String: Any] {
        let log = try parseObject(ReportFormat.sarif.render(result: result, context: context))
        #expect(log["version"] as? String == "2.1.0")
        #expect(log["$schema"] as? String == "https://json.schemastore.org/sarif-2.1.0.json")
        let runs = try #require(log["runs"] as? [[String: Any]])
        try #require(runs.count == 1)
        return runs[0]
    }

    @Test func driverListsEveryRuleWithHelpAndLevel() throws {
        let run = try run(ReportFixtures.faulty)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "lego-trace")
        #expect(driver["version"] as? String == "0.1.0")
        #expect(driver["informationUri"] == nil)
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.map { $0["id"] as? String } == ReportFixtures.rules.map(\.id))
        let leak = rules[0]
        #expect(leak["name"] as? String == "LeakedModule")
        #expect((leak["shortDescription"] as? [String: Any])?["text"] as? String == ReportFixtures.rules[0].summary)
        #expect((leak["fullDescription"] as? [String: Any])?["text"] as? String == ReportFixtures.rules[0].why)
        let help = try #require(leak["help"] as? [String: Any])
        #expect((help["text"] as? String)?.contains("Break the retain cycle") == true)
        #expect((help["markdown"] as? String)?.contains("lego-trace rules --explain leaked-module") == true)
        #expect((leak["defaultConfiguration"] as? [String: Any])?["level"] as? String == "error")
        #expect((rules[3]["defaultConfiguration"] as? [String: Any])?["level"] as? String == "note")
        #expect(((leak["properties"] as? [String: Any])?["tags"] as? [String])?.contains("lego-trace") == true)
    }

    @Test func informationURIAndEachRulesHelpURIAreWrittenWhenGivenAndTheVersionIsSemantic() throws {
        var context = ReportFixtures.context()
        context.informationURI = "https://example.org/lego-trace"
        context.rulesDocumentationURI = "https://example.org/lego-trace/docs/check.md"
        let run = try run(ReportFixtures.faulty, context)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["informationUri"] as? String == "https://example.org/lego-trace")
        #expect(driver["semanticVersion"] as? String == "0.1.0")
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.map { $0["helpUri"] as? String } == ReportFixtures.rules.map { "https://example.org/lego-trace/docs/check.md#\($0.id)" })
    }

    @Test func withoutADocumentationURIRulesHaveNoHelpURI() throws {
        let run = try run(ReportFixtures.faulty)
        let rules = try #require(((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
        #expect(rules.allSatisfy { $0["helpUri"] == nil })
    }

    @Test func resultsPointAtTheRuleTheTraceLineAndCarryFingerprints() throws {
        let run = try run(ReportFixtures.faulty)
        let rules = try #require((((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"]) as? [[String: Any]])
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == 3)
        for (result, finding) in zip(results, ReportFixtures.faulty.findings) {
            #expect(result["ruleId"] as? String == finding.ruleID)
            let index = try #require(result["ruleIndex"] as? Int)
            #expect(rules[index]["id"] as? String == finding.ruleID)
            #expect((result["message"] as? [String: Any])?["text"] as? String == finding.message)
            #expect((result["partialFingerprints"] as? [String: Any])?["legoTrace/v1"] as? String == finding.fingerprint)
            let locations = try #require(result["locations"] as? [[String: Any]])
            #expect(locations.count == 1)
            let physical = try #require(locations[0]["physicalLocation"] as? [String: Any])
            #expect((physical["artifactLocation"] as? [String: Any])?["uri"] as? String == "out/lego-trace.jsonl")
            #expect((physical["region"] as? [String: Any])?["startLine"] as? Int == Int(finding.first.seq) + 1)
            let related = try #require(result["relatedLocations"] as? [[String: Any]])
            #expect(related.count == finding.evidence.count)
            for (location, evidence) in zip(related, finding.evidence) {
                let region = (location["physicalLocation"] as? [String: Any])?["region"] as? [String: Any]
                #expect(region?["startLine"] as? Int == Int(evidence.seq) + 1)
                #expect(((location["message"] as? [String: Any])?["text"] as? String)?.contains(evidence.note) == true)
            }
            let properties = try #require(result["properties"] as? [String: Any])
            #expect(properties["seq"] as? Int == Int(finding.first.seq))
            #expect(properties["time"] as? Double == finding.first.time)
            #expect(properties["module"] as? String == finding.module)
            #expect(properties["instance"] as? String == finding.instance)
        }
        #expect(results.map { $0["level"] as? String } == ["warning", "error", "note"])
        let leakLocation = try #require((results[1]["locations"] as? [[String: Any]])?.first)
        #expect((leakLocation["logicalLocations"] as? [[String: Any]])?.first?["name"] as? String == "BDJPost")
    }

    @Test func unknownTraceLineFallsBackToLineOne() throws {
        let run = try run(ReportFixtures.faulty, ReportContext(tracePath: "t.jsonl", traceLine: { _ in 0 }))
        let results = try #require(run["results"] as? [[String: Any]])
        for result in results {
            let location = (result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
            #expect((location?["region"] as? [String: Any])?["startLine"] as? Int == 1)
        }
        let noMapping = try self.run(ReportFixtures.faulty, ReportContext(tracePath: "t.jsonl"))
        let location = ((noMapping["results"] as? [[String: Any]])?.first?["locations"] as? [[String: Any]])?.first
        #expect(((location?["physicalLocation"] as? [String: Any])?["region"] as? [String: Any])?["startLine"] as? Int == 1)
    }

    @Test func tracePathsBecomeURIReferences() {
        #expect(SARIFReport.uri(forPath: "./out/lego trace.jsonl") == "out/lego%20trace.jsonl")
        #expect(SARIFReport.uri(forPath: "/tmp/a#b?.jsonl") == "file:///tmp/a%23b%3F.jsonl")
        #expect(SARIFReport.uri(forPath: "跟踪.jsonl") == "%E8%B7%9F%E8%B8%AA.jsonl")
    }

    @Test func warningsLimitationsAndBaselineAreRunLevelFacts() throws {
        let context = ReportFixtures.context(baseline: ReportFixtures.baseline, warnings: ["truncated last line"])
        let run = try run(ReportFixtures.faulty, context)
        let invocation = try #require((run["invocations"] as? [[String: Any]])?.first)
        #expect(invocation["executionSuccessful"] as? Bool == true)
        let notifications = try #require(invocation["toolExecutionNotifications"] as? [[String: Any]])
        #expect(notifications.map { $0["level"] as? String } == ["warning", "note"])
        #expect((notifications[0]["message"] as? [String: Any])?["text"] as? String == "truncated last line")
        let baseline = try #require((run["properties"] as? [String: Any])?["baseline"] as? [String: Any])
        #expect(baseline["suppressed"] as? Int == 2)
        #expect((baseline["stale"] as? [[String: Any]])?.count == 1)
    }

    @Test func emptyResultHasRulesAndNoResults() throws {
        let run = try run(ReportFixtures.clean)
        #expect((run["results"] as? [Any])?.isEmpty == true)
        let rules = (((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"]) as? [Any]
        #expect(rules?.count == 4)
    }

    @Test func hostileTextRoundTripsAndUnknownRulesGetAnIndex() throws {
        let text = ReportFormat.sarif.render(result: ReportFixtures.hostileResult, context: ReportFixtures.context())
        #expect(!text.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{0}" })
        let run = try parseObject(text)["runs"] as? [[String: Any]]
        let results = try #require(run?.first?["results"] as? [[String: Any]])
        let rules = try #require(((run?.first?["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
        #expect((results[0]["message"] as? [String: Any])?["text"] as? String == ReportFixtures.hostileResult.findings[0].message)
        #expect((results[0]["properties"] as? [String: Any])?["module"] as? String == ReportFixtures.hostile)
        #expect((results[0]["partialFingerprints"] as? [String: Any])?["legoTrace/v1"] as? String == "leaked-module|" + ReportFixtures.hostile)
        let customIndex = try #require(results[1]["ruleIndex"] as? Int)
        #expect(rules[customIndex]["id"] as? String == "custom-rule")
        #expect(rules.count == 5)
    }

    @Test func matchesGolden() throws {
        let context = ReportFixtures.context(baseline: ReportFixtures.baseline, warnings: ["truncated last line"])
        try goldens.check(ReportFormat.sarif.render(result: ReportFixtures.faulty, context: context), named: "faulty.sarif")
    }

    /// GitHub code scanning: UTF-16 columns, one category per command, suppressed findings kept as suppressions,
    /// and locations relative to `%SRCROOT%` even for an absolute path inside it.
    @Test func codeScanningFieldsColumnsCategoriesSuppressionsAndSourceRoot() throws {
        var result = ReportFixtures.faulty
        let known = result.findings.removeFirst()
        var commented = result.findings.removeLast()
        commented.location = .source(SourceLocation(file: "/work/app/Sources/帖子.m", line: 3, column: 9))
        result.suppressed = [SuppressedFinding(known, reason: .baseline(path: "b.json")),
                             SuppressedFinding(commented, reason: .inSource(SourceLocation(file: "Sources/帖子.m", line: 2, column: 4)))]
        var context = ReportFixtures.context(tracePath: "/work/app/out/t.jsonl")
        context.command = .scan
        context.sourceRoot = "/work/app"
        context.utf16Column = { $0.column == 9 ? 5 : $0.column }
        let run = try run(result, context)
        #expect(run["columnKind"] as? String == "utf16CodeUnits")
        #expect((run["automationDetails"] as? [String: Any])?["id"] as? String == "lego-trace/scan/")
        let base = (run["originalUriBaseIds"] as? [String: Any])?["%SRCROOT%"] as? [String: Any]
        #expect(base?["uri"] as? String == "file:///work/app/")
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.map { $0["ruleId"] as? String } == ["leaked-module", "duplicate-module-name", "lost-event"])
        #expect(results[0]["suppressions"] == nil)
        let external = try #require((results[1]["suppressions"] as? [[String: Any]])?.first)
        #expect(external["kind"] as? String == "external")
        #expect(external["status"] as? String == "accepted")
        let inSource = try #require((results[2]["suppressions"] as? [[String: Any]])?.first)
        #expect(inSource["kind"] as? String == "inSource")
        let physical = try #require((results[2]["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        #expect(physical["artifactLocation"] as? [String: String] == ["uri": "Sources/%E5%B8%96%E5%AD%90.m", "uriBaseId": "%SRCROOT%"])
        #expect((physical["region"] as? [String: Any])?["startColumn"] as? Int == 5)
        let trace = try #require((results[0]["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        #expect(trace["artifactLocation"] as? [String: String] == ["uri": "out/t.jsonl", "uriBaseId": "%SRCROOT%"])

        context.command = .check
        context.sourceRoot = "/elsewhere"
        let elsewhere = try self.run(result, context)
        #expect((elsewhere["automationDetails"] as? [String: Any])?["id"] as? String == "lego-trace/check/")
        let outside = ((elsewhere["results"] as? [[String: Any]])?[0]["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
        #expect(outside?["artifactLocation"] as? [String: String] == ["uri": "file:///work/app/out/t.jsonl"], "outside the root stays absolute")
    }

    /// Byte columns become UTF-16 columns: a CJK character is three bytes and one code unit, an emoji four and two.
    @Test func byteColumnsConvertToUTF16CodeUnits() {
        let line = Array("帖子😀 x".utf8)
        #expect(SourceLocation(file: "f", line: 1, column: 1).utf16Column(inLine: line) == 1)
        #expect(SourceLocation(file: "f", line: 1, column: 4).utf16Column(inLine: line) == 2)
        #expect(SourceLocation(file: "f", line: 1, column: 11).utf16Column(inLine: line) == 5)
        #expect(SourceLocation(file: "f", line: 1, column: 12).utf16Column(inLine: line) == 6)
        #expect(SourceLocation(file: "f", line: 1, column: 20).utf16Column(inLine: line) == 14, "past the end keeps its distance")
    }

    /// The report validates against the SARIF 2.1.0 JSON schema (kept in Tests/Schemas), suppressions and all.
    @Test func validatesAgainstTheSARIFSchema() throws {
        var result = ReportFixtures.faulty
        result.suppressed = [SuppressedFinding(ReportFixtures.faulty.findings[0], reason: .baseline(path: "b.json")),
                             SuppressedFinding(ReportFixtures.faulty.findings[1], reason: .inSource(SourceLocation(file: "a.m", line: 1)))]
        var context = ReportFixtures.context(baseline: ReportFixtures.baseline, warnings: ["truncated last line"])
        context.sourceRoot = "/work/app"
        for (name, result) in [("faulty", result), ("clean", ReportFixtures.clean), ("hostile", ReportFixtures.hostileResult)] {
            try SchemaValidator.sarif.validate(ReportFormat.sarif.render(result: result, context: context), name: name)
        }
    }
}
