import LegoAnalysis
import LegoModel
import Testing
@testable import LegoReport

/// `--format xcode`: one `path:line:column: error|warning: message [rule-id]` line per finding, which Xcode shows
/// on the source line when a Run Script build phase prints it.
@Suite struct XcodeReportTests {
    @Test func oneCompilerStyleLinePerFindingWithItsRule() {
        var result = ReportFixtures.faulty
        result.findings[1].location = .source(SourceLocation(file: "/src/App/BDJPostRouting.m", line: 17, column: 5))
        let lines = ReportFormat.xcode.render(result: result, context: ReportFixtures.context(warnings: ["truncated last line"]))
            .split(separator: "\n").map(String.init)
        #expect(lines == [
            "out/lego-trace.jsonl:13:1: warning: BDJIndex: Two live instances hold the name BDJIndex; events reach only the newest. [duplicate-module-name]",
            "/src/App/BDJPostRouting.m:17:5: error: BDJPost: BDJPost was popped but BDJPostRouting#17 was never deinitialized. [leaked-module]",
            "out/lego-trace.jsonl:2001:1: warning: Event refresh sent to BDJGone, which has no live receiver. [lost-event]",
            "out/lego-trace.jsonl: warning: truncated last line [lego-trace-input]",
        ])
    }

    @Test func noFindingsPrintNothingAndHostileNamesStayOnOneLine() {
        #expect(ReportFormat.xcode.render(result: ReportFixtures.clean, context: ReportFixtures.context()) == "")
        let text = ReportFormat.xcode.render(result: ReportFixtures.hostileResult, context: ReportFixtures.context())
        #expect(text.split(separator: "\n").count == 2)
        #expect(!text.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\r" })
    }
}
