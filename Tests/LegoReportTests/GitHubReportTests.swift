import LegoAnalysis
import Testing
@testable import LegoReport

@Suite struct GitHubReportTests {
    @Test func oneAnnotationPerFindingOnTheTraceLine() {
        let lines = ReportFormat.github.render(result: ReportFixtures.faulty, context: ReportFixtures.context())
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count == 6)
        #expect(lines[0] == "::warning file=out/lego-trace.jsonl,line=13,title=duplicate-module-name (BDJIndex)::"
            + "Two live instances hold the name BDJIndex; events reach only the newest.%0A(BDJIndex, BDJIndexRouting#9, seq 12 at 0.250 s)"
            + "%0A- seq 12 at 0.250 s component.add: first BDJIndex registered%0A- seq 30 at 0.750 s component.add: second BDJIndex overwrites it")
        #expect(lines[1].hasPrefix("::error file=out/lego-trace.jsonl,line=41,title=leaked-module (BDJPost)::BDJPost was popped"))
        #expect(lines[2].hasPrefix("::notice file=out/lego-trace.jsonl,line=2001,title=lost-event::Event refresh"))
        #expect(lines[3] == "::notice title=lego-trace not checked::URL hierarchy: the imported trace has no URLs")
        #expect(lines[4] == "lego-trace: 3 findings: 1 error, 1 warning, 1 note (12,345 events, 34.6 s of trace time)")
        #expect(lines[5] == "")
    }

    @Test func lineIsLeftOutWhenUnknown() {
        let text = ReportFormat.github.render(result: ReportFixtures.faulty, context: ReportContext(tracePath: "t.jsonl"))
        #expect(text.hasPrefix("::warning file=t.jsonl,title=duplicate-module-name (BDJIndex)::"))
    }

    @Test func hostileTextCannotForgeCommandsOrLines() {
        let context = ReportFixtures.context(tracePath: "my trace,v1:x%.jsonl", baseline: ReportFixtures.baseline,
                                             warnings: [ReportFixtures.hostile])
        let text = ReportFormat.github.render(result: ReportFixtures.hostileResult, context: context)
        let lines = text.split(separator: "\n").map(String.init)
        // Two findings, one warning, one limitation, the baseline note and the summary: one line each.
        #expect(lines.count == 6)
        #expect(lines.allSatisfy { $0.hasPrefix("::") || $0.hasPrefix("lego-trace: ") })
        #expect(!text.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{0}" || $0 == "\r" || $0 == "\u{202E}" })
        #expect(lines[0].hasPrefix("::error file=my trace%2Cv1%3Ax%25.jsonl,line=6,title=leaked-module (Q\"uo'te\\back%0Aslash%0D%3A%3Aerror%3A%3Apwn%2Cx%3Ay%250A\\u{1B}[31m<script>"))
        #expect(lines[1].hasPrefix("::notice file=my trace%2Cv1%3Ax%25.jsonl,line=8,title=custom-rule::Q\"uo'te\\back%0Aslash%0D::error::pwn,x:y%250A\\u{1B}[31m"))
    }

    @Test func escapingFollowsTheRunnersRules() {
        #expect(Escaping.githubData("100% done\r\nnext") == "100%25 done%0D%0Anext")
        #expect(Escaping.githubData("a:b,c") == "a:b,c")
        #expect(Escaping.githubProperty("a:b,c%\n") == "a%3Ab%2Cc%25%0A")
        #expect(Escaping.githubData("\u{1B}[1m") == "\\u{1B}[1m")
    }

    @Test func emptyResultIsOnlyTheSummary() {
        #expect(ReportFormat.github.render(result: ReportFixtures.clean, context: ReportFixtures.context())
            == "lego-trace: No findings (321 events, 4.2 s of trace time)\n")
    }

    @Test func matchesGolden() throws {
        let context = ReportFixtures.context(baseline: ReportFixtures.baseline, warnings: ["truncated last line"])
        try goldens.check(ReportFormat.github.render(result: ReportFixtures.faulty, context: context), named: "faulty.github.txt")
    }
}
