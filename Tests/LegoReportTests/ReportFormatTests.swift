import LegoAnalysis
import LegoModel
import Testing
@testable import LegoReport

@Suite struct ReportFormatTests {
    @Test func formatNamesAreTheCommandLineSpellings() {
        #expect(ReportFormat.allCases.map(\.rawValue) == ["text", "json", "sarif", "junit", "github", "markdown", "xcode"])
        #expect(ReportFormat(rawValue: "sarif") == .sarif)
        #expect(ReportFormat(rawValue: "xml") == nil)
    }

    @Test(arguments: ReportFormat.allCases)
    func everyFormatRendersCleanAndFaultyResultsEndingInANewline(format: ReportFormat) {
        for result in [ReportFixtures.clean, ReportFixtures.faulty, ReportFixtures.hostileResult] {
            let text = format.render(result: result, context: ReportFixtures.context())
            // Xcode diagnostics of a clean run are no lines at all.
            if format == .xcode && result.findings.isEmpty { #expect(text.isEmpty); continue }
            #expect(text.hasSuffix("\n"))
            #expect(!text.hasSuffix("\n\n"))
        }
    }

    @Test(arguments: ReportFormat.allCases)
    func noFormatLetsARawEscapeOrNULThroughExceptTextInColour(format: ReportFormat) {
        let context = ReportFixtures.context(tracePath: ReportFixtures.hostile,
                                             baseline: BaselineSummary(path: ReportFixtures.hostile, suppressed: 1),
                                             warnings: [ReportFixtures.hostile])
        let text = format.render(result: ReportFixtures.hostileResult, context: context)
        #expect(!text.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{0}" || $0 == "\u{7}" || $0 == "\u{202E}" })
    }

    /// A name that tries to start a workflow command: after a line break and indentation (the runner trims leading
    /// whitespace), and as the legacy `##[command]`, which the runner takes anywhere in a line.
    static let forged = "Ghost\n  ::error file=x.m,line=1::forged\r\n\t::add-mask::secret\n##[error]legacy #\u{1B}#[x"

    @Test(arguments: ReportFormat.allCases)
    func namesInMessagesCannotForgeAWorkflowCommandInAnyFormat(format: ReportFormat) {
        let forged = Self.forged
        let finding = Finding(ruleID: "lost-event", severity: .error, message: "Event refresh sent to \(forged), which has no live receiver.",
                              module: forged, instance: forged + "#1", first: .init(seq: 2, time: 0.1), last: .init(seq: 2, time: 0.1),
                              evidence: [Evidence(seq: 2, time: 0.1, kind: forged, note: forged)], fingerprint: "lost-event|" + forged)
        let result = AnalysisResult(findings: [finding], rules: ReportFixtures.rules, eventCount: 3, duration: 1, limitations: [forged])
        let baseline = BaselineSummary(path: forged, suppressed: 1, stale: [.init(fingerprint: forged, rule: forged, module: forged)])
        let text = format.render(result: result, context: ReportFixtures.context(tracePath: forged, baseline: baseline, warnings: [forged]))
        #expect(!text.contains("##["), "\(format) let a name write ##[")
        for line in text.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            // Only the github format writes workflow commands; each of its lines is one of ours, unindented.
            if format == .github {
                #expect(["::error file=", "::warning file=", "::notice title=", "lego-trace: "].contains { line.hasPrefix($0) }, "\(line)")
            } else {
                #expect(!trimmed.hasPrefix("::"), "\(format) let a name start a workflow command: \(line)")
            }
            #expect(!trimmed.hasPrefix("forged") && !trimmed.hasPrefix("legacy"), "\(format) let a name start a line: \(line)")
        }
    }

    @Test func escapingDefusesTheLegacyCommandPrefixOnly() {
        #expect(Escaping.text("a##[b]") == "a##\\u{5B}b]")
        #expect(Escaping.text("#[ ##x [#") == "#[ ##x [#")
        #expect(Escaping.xml("##[x", attribute: false) == "##&#91;x")
        #expect(TerminalText.line("##[add-mask]s") == "##\\u{5B}add-mask]s")
        #expect(JSONText.quoted("##[x") == "\"##\\u005bx\"")
    }

    @Test func lineMappingBelowOneCountsAsUnknown() {
        let context = ReportContext(tracePath: "t", traceLine: { seq in seq == 1 ? 0 : Int(seq) })
        #expect(context.line(of: 1) == nil)
        #expect(context.line(of: 5) == 5)
        #expect(ReportContext(tracePath: "t").line(of: 5) == nil)
    }
}
