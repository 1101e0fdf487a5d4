import LegoAnalysis
import Testing
@testable import LegoReport

@Suite struct TextReportTests {
    private func lines(_ result: AnalysisResult, _ context: ReportContext = ReportFixtures.context()) -> [String] {
        let text = ReportFormat.text.render(result: result, context: context)
        #expect(text.hasSuffix("\n"))
        return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    @Test func groupsByRuleWorstFirstAndEndsWithTheSummary() {
        let lines = lines(ReportFixtures.faulty)
        let headers = lines.filter { !$0.hasPrefix(" ") && $0.contains("): ") }
        #expect(headers == [
            "leaked-module (1 error): A module whose screen is gone stays alive.",
            "duplicate-module-name (1 warning): Two classes or instances share one module name.",
            "lost-event (1 note): An event sent to a name with no live receiver.",
        ])
        #expect(lines.last == "3 findings: 1 error, 1 warning, 1 note (12,345 events, 34.6 s of trace time)")
        #expect(lines.contains("Not checked:"))
        #expect(lines.contains("  - URL hierarchy: the imported trace has no URLs"))
    }

    @Test func rowsAlignTheirColumnsAndIndentDetailsAndEvidence() {
        let lines = lines(ReportFixtures.faulty)
        let rows = lines.filter { $0.hasPrefix("  error") || $0.hasPrefix("  warning") || $0.hasPrefix("  note") }
        #expect(rows == [
            "  error    BDJPost   BDJPostRouting#17  seq 40    1.200 s   BDJPost was popped but BDJPostRouting#17 was never deinitialized.\\nHeld by: the next link of BDJIndexRouting#9.",
            "  warning  BDJIndex  BDJIndexRouting#9  seq 12    0.250 s   Two live instances hold the name BDJIndex; events reach only the newest.",
            "  note     -         -                  seq 2000  20.500 s  Event refresh sent to BDJGone, which has no live receiver.",
        ])
        let leak = lines.firstIndex(of: rows[0])!
        // A line break in a message is data, spelled out: only a name can put one there.
        #expect(lines[leak + 1] == "           evidence: seq 40    1.200 s   transition.begin  pop of BDJPost")
        #expect(lines[leak + 2] == "                     seq 1234  12.345 s  link              next link still set")
    }

    @Test func cleanResultSaysNoFindings() {
        #expect(lines(ReportFixtures.clean) == ["No findings (321 events, 4.2 s of trace time)"])
    }

    @Test func colourOnlyWhenAsked() {
        let plain = ReportFormat.text.render(result: ReportFixtures.faulty, context: ReportFixtures.context(colour: false))
        #expect(!plain.contains("\u{1B}"))
        let coloured = ReportFormat.text.render(result: ReportFixtures.faulty, context: ReportFixtures.context(colour: true))
        #expect(coloured.contains("\u{1B}[1;31merror  \u{1B}[0m"))
        #expect(coloured.contains("\u{1B}[1;33mwarning\u{1B}[0m"))
        #expect(coloured.contains("\u{1B}[1mleaked-module\u{1B}[0m"))
        // Colour changes nothing but the escape sequences.
        #expect(coloured.replacing(/\x1B\[[0-9;]*m/, with: "") == plain)
    }

    @Test func baselineWarningsAndImportAreReported() {
        var result = ReportFixtures.clean
        result.imported = true
        let context = ReportFixtures.context(baseline: ReportFixtures.baseline, warnings: ["line 99: truncated last line ignored"])
        #expect(lines(result, context) == [
            "Warnings:",
            "  - line 99: truncated last line ignored",
            "Baseline lego-baseline.json: 2 known findings suppressed, 1 entry no longer occurs:",
            "  - leaked-module  BDJOld  leaked-module|BDJOld|BDJOldRouting",
            "No findings (321 events, 4.2 s of trace time, imported from console logs); 2 known findings suppressed by the baseline",
        ])
        let none = BaselineSummary(path: "b.json", suppressed: 0)
        #expect(lines(ReportFixtures.clean, ReportFixtures.context(baseline: none)).first
            == "Baseline b.json: 0 known findings suppressed, 0 entries no longer occur.")
    }

    @Test func hostileNamesCannotBreakTheLayoutOrReachTheTerminal() {
        let context = ReportFixtures.context(baseline: BaselineSummary(path: ReportFixtures.hostile, suppressed: 1, stale: [
            .init(fingerprint: ReportFixtures.hostile, rule: ReportFixtures.hostile, module: ReportFixtures.hostile),
        ]), warnings: [ReportFixtures.hostile])
        for colour in [false, true] {
            var ctx = context
            ctx.colour = colour
            let text = ReportFormat.text.render(result: ReportFixtures.hostileResult, context: ctx)
            let withoutOurColour = text.replacing(/\x1B\[[0-9;]*m/, with: "")
            #expect(!withoutOurColour.unicodeScalars.contains { Escaping.isControl($0) && $0 != "\n" })
            #expect(!text.contains("\u{1B}[31m"))
        }
        let lines = lines(ReportFixtures.hostileResult, context)
        let escaped = Escaping.text(ReportFixtures.hostile)
        #expect(escaped == "Q\"uo'te\\\\back\\nslash\\r::error::pwn,x:y%0A\\u{1B}[31m<script>alert(1)</script>&amp; 😀中文\\u{0}\\u{7}\\u{7F}\\u{202E}end")
        // Line breaks are spelled out everywhere, messages and warnings included: a name never starts a line.
        #expect(lines.filter { !$0.hasPrefix(" ") && !$0.isEmpty } == [
            "leaked-module (1 error): A module whose screen is gone stays alive.",
            "custom-rule (1 note): custom-rule",
            "Not checked:",
            "Warnings:",
            "Baseline \(escaped): 1 known finding suppressed, 1 entry no longer occurs:",
            "2 findings: 1 error, 1 note (10 events, 1.0 s of trace time); 1 known finding suppressed by the baseline",
        ])
        #expect(lines[1] == "  error  \(escaped)  \(escaped)#1  seq 5  0.500 s  Leaked \(escaped)\\nsecond line \(escaped)")
        #expect(lines[2] == "         evidence: seq 5  0.500 s  \(escaped)  \(escaped)")
        #expect(lines.contains("  - " + escaped))
        #expect(lines.contains("  - \(escaped)  \(escaped)  \(escaped)"))
    }

    @Test func wideCharactersCountTwoColumns() {
        #expect(TextReport.width("中文") == 4)
        #expect(TextReport.width("😀") == 2)
        #expect(TextReport.width("e\u{301}") == 1)
        #expect(TextReport.width("ab") == 2)
        let finding = ReportFixtures.faulty.findings[2]
        var wide = finding, narrow = finding
        wide.module = "模块"
        narrow.module = "ab"
        let result = AnalysisResult(findings: [wide, narrow], rules: ReportFixtures.rules, eventCount: 1, duration: 1)
        let rows = lines(result).filter { $0.hasPrefix("  note") }
        #expect(rows[0].hasPrefix("  note  模块  -  seq 2000"))
        #expect(rows[1].hasPrefix("  note  ab    -  seq 2000"))
    }

    @Test func numbersAreLocaleIndependent() {
        #expect(ReportNumber.grouped(1234567) == "1,234,567")
        #expect(ReportNumber.grouped(999) == "999")
        #expect(ReportNumber.grouped(-1000) == "-1,000")
        #expect(ReportNumber.fixed(1.2, digits: 3) == "1.200")
        #expect(ReportNumber.fixed(0.0005, digits: 3) == "0.001")
        #expect(ReportNumber.fixed(-2.05, digits: 1) == "-2.1" || ReportNumber.fixed(-2.05, digits: 1) == "-2.0")
        #expect(ReportNumber.duration(0.045) == "0.045 s")
        #expect(ReportNumber.duration(12.34) == "12.3 s")
        #expect(ReportNumber.counted(1, "finding") == "1 finding")
        #expect(ReportNumber.counted(2, "entry", plural: "entries") == "2 entries")
    }

    @Test func matchesGolden() throws {
        let context = ReportFixtures.context(baseline: ReportFixtures.baseline, warnings: ["truncated last line"])
        try goldens.check(ReportFormat.text.render(result: ReportFixtures.faulty, context: context), named: "faulty.txt")
    }
}
