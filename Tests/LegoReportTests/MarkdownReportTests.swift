import LegoAnalysis
import Testing
@testable import LegoReport

@Suite struct MarkdownReportTests {
    private func render(_ result: AnalysisResult, _ context: ReportContext = ReportFixtures.context()) -> String {
        ReportFormat.markdown.render(result: result, context: context)
    }

    @Test func summaryThenOneTableRowPerFindingWorstFirst() {
        let lines = render(ReportFixtures.faulty).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == "## lego-trace: 3 findings: 1 error, 1 warning, 1 note (12,345 events, 34.6 s of trace time)")
        let rows = lines.filter { $0.hasPrefix("| ") }
        #expect(rows.count == 5)
        #expect(rows[2].hasPrefix("| error | leaked-module | BDJPost | BDJPostRouting\\#17 | seq 40 at 1.200 s, line 41 | BDJPost was popped"))
        #expect(rows[3].hasPrefix("| warning | duplicate-module-name | BDJIndex |"))
        #expect(rows[4].hasPrefix("| note | lost-event | - |"))
        #expect(lines.filter { $0.hasPrefix("<details>") }.count == 3)
        #expect(lines.contains("- seq 1234 at 12.345 s, line 1235 `link`: next link still set"))
    }

    @Test func rulesLinkToTheirDocumentationWhenKnown() {
        var context = ReportFixtures.context()
        context.rulesDocumentationURI = "https://example.org/docs/check.md"
        #expect(render(ReportFixtures.faulty, context).contains("| error | [leaked-module](https://example.org/docs/check.md#leaked-module) |"))
    }

    @Test func aCleanRunIsItsSummaryLine() {
        #expect(render(ReportFixtures.clean) == "## lego-trace: No findings (321 events, 4.2 s of trace time)\n\nTrace `out/lego-trace.jsonl`, lego-trace 0.1.0.\n")
    }

    @Test func hostileNamesNeitherOpenHTMLNorBreakARowNorStartAHeading() {
        let context = ReportFixtures.context(baseline: ReportFixtures.baseline, warnings: [ReportFixtures.hostile])
        let text = render(ReportFixtures.hostileResult, context)
        // Code spans are inert; outside them no raw tag may appear.
        let outsideCode = text.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 0 }
            .map(\.element).joined()
        #expect(!outsideCode.contains("<script>"))
        #expect(text.contains("\\<script\\>alert(1)\\</script\\>\\&amp; 😀中文"))
        for line in text.split(separator: "\n") where line.hasPrefix("| ") {
            // Every table row keeps its seven unescaped pipes: a name cannot add a column.
            let pipes = zip(line, line.dropFirst()).filter { $0.1 == "|" && $0.0 != "\\" }.count + (line.first == "|" ? 1 : 0)
            #expect(pipes == 7, "row: \(line)")
        }
        // A line of data can start no heading, quote or HTML block: those characters arrive escaped.
        #expect(!text.split(separator: "\n").dropFirst().contains { $0.hasPrefix("#") || $0.hasPrefix(">") || $0.hasPrefix("<s") })
    }

    @Test func matchesGolden() throws {
        var context = ReportFixtures.context(baseline: ReportFixtures.baseline, warnings: ["truncated last line"])
        context.rulesDocumentationURI = "https://example.org/docs/check.md"
        try goldens.check(render(ReportFixtures.faulty, context), named: "faulty.md")
    }
}
