import LegoAnalysis
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

    @Test func lineMappingBelowOneCountsAsUnknown() {
        let context = ReportContext(tracePath: "t", traceLine: { seq in seq == 1 ? 0 : Int(seq) })
        #expect(context.line(of: 1) == nil)
        #expect(context.line(of: 5) == 5)
        #expect(ReportContext(tracePath: "t").line(of: 5) == nil)
    }
}
