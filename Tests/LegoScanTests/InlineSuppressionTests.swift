import LegoAnalysis
import LegoModel
import LegoReport
import Testing
@testable import LegoScan

/// `// lego-trace:disable-next-line RULE` and `// lego-trace:disable RULE` … `// lego-trace:enable RULE` silence
/// scan findings of that rule on those lines, keep them as suppressed (counted, and in SARIF), and say what is wrong
/// with a comment they cannot read.
@Suite struct InlineSuppressionTests {
    private static let lostEvents = """
    @interface BDJPostRouting : XFRouting
    @end
    @implementation BDJPostRouting
    - (void)a {
        // lego-trace:disable-next-line lost-event -- Nobody is created later by a plugin
        [self.uiBus sendEventName:@"refresh" intentData:nil forComponents:@[@"Nobody"]];
        [self.uiBus sendEventName:@"ping" intentData:nil forComponents:@[@"Nobody"]];
        // lego-trace:disable lost-event, unknown-component
        [self.uiBus sendEventName:@"a" intentData:nil forComponents:@[@"Nobody"]];
        [self.uiBus sendEventName:@"b" intentData:nil forComponents:@[@"Nobody"]];
        // lego-trace:enable lost-event
        [self.uiBus sendEventName:@"c" intentData:nil forComponents:@[@"Nobody"]];
    }
    @end
    """

    private func analyze(_ text: String, file: String = "BDJPostRouting.m", prefix: String = "") -> AnalysisResult {
        var facts = AppScanner.read(bytes: Array(text.utf8), file: file, language: .objectiveC)
        facts.append(ScanFacts())
        return StaticAnalyzer.analyze(ScannedApp(facts: facts), pathPrefix: prefix)
    }

    @Test func commentsSilenceTheNextLineOrARangeOfOneRuleAndKeepTheFindingAsSuppressed() {
        let result = analyze(Self.lostEvents, prefix: "App")
        let lines = { (findings: [Finding]) in findings.filter { $0.ruleID == "lost-event" }.compactMap(\.location?.sourceLocation.line) }
        #expect(lines(result.findings) == [7, 12], "line 6 by disable-next-line, 9 and 10 by disable … enable")
        #expect(lines(result.suppressed.map(\.finding)) == [6, 9, 10])
        #expect(result.suppressedInSource == 3)
        guard case .inSource(let comment)? = result.suppressed.first?.reason else {
            Issue.record("suppressed in the source")
            return
        }
        #expect(comment == SourceLocation(file: "App/BDJPostRouting.m", line: 5, column: 5), "the comment, under the same prefix")
    }

    @Test func theSummaryCountsFindingsSuppressedInTheSource() {
        let line = ReportFormat.summaryLine(analyze(Self.lostEvents))
        #expect(line.contains("3 findings suppressed in the source"), "\(line)")
    }

    @Test func aRangeWithoutEnableRunsToTheEndOfTheFileAndOtherRulesAreNotSilenced() {
        let text = Self.lostEvents.replacingOccurrences(of: "// lego-trace:enable lost-event", with: "")
        #expect(analyze(text).findings.filter { $0.ruleID == "lost-event" }.compactMap(\.location?.sourceLocation.line) == [7])
        let other = Self.lostEvents.replacingOccurrences(of: "disable-next-line lost-event", with: "disable-next-line orphan-component")
        #expect(analyze(other).findings.contains { $0.location?.sourceLocation.line == 6 })
    }

    @Test func unreadableCommentsAreWarningsWithTheirLine() {
        let text = """
        // lego-trace:disable-next-line lost-evnt
        // lego-trace:disabel lost-event
        // lego-trace:disable
        // lego-trace:enable leaked-module
        NSString *s = @"// lego-trace: not a comment at all, but a string";
        """
        let facts = AppScanner.read(bytes: Array(text.utf8), file: "A.m", language: .objectiveC)
        let warnings = facts.warnings.map { "\($0.location.line): \($0.message)" }
        #expect(warnings == [
            "1: unknown rule 'lost-evnt' in a lego-trace:disable-next-line comment; did you mean `lost-event`?",
            "2: unknown lego-trace comment 'lego-trace:disabel'; did you mean `disable`?",
            "3: lego-trace:disable names no rule; `lego-trace rules` lists them",
            "4: lego-trace:enable leaked-module without a lego-trace:disable leaked-module before it",
        ], "a `//` inside a string literal is not a comment")
        #expect(facts.suppressions.isEmpty)
    }

    @Test func swiftSourcesTakeTheSameComments() {
        let text = "// lego-trace:disable-next-line lost-event\nlet x = 1\n"
        let facts = AppScanner.read(bytes: Array(text.utf8), file: "A.swift", language: .swift)
        #expect(facts.suppressions == [InlineSuppression(rule: "lost-event", lines: 2...2, comment: SourceLocation(file: "A.swift", line: 1))])
    }
}
