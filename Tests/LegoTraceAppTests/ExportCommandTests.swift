import Foundation
import Testing

/// `lego-trace export` and the HTML outputs of `graph` and `check`, run as the built binary.
@Suite struct ExportCommandTests {
    @Test func exportWritesChromeTraceEventsOfTheSeededFaults() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        _ = try runner.lego("record", CommandRunner.packageFile("samples/bdj-faults.yml"))
        let outcome = try runner.lego("export", "--format", "chrome", "out.json")
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("5 findings → out.json (chrome trace events)"), "\(outcome.stderr)")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(try runner.bytes("out.json"))) as? [String: Any])
        let events = try #require(root["traceEvents"] as? [[String: Any]])
        #expect(events.contains { $0["ph"] as? String == "X" && ($0["args"] as? [String: Any])?["module"] as? String == "SignIn" })
        #expect(events.contains { $0["cat"] as? String == "finding" && $0["name"] as? String == "leaked-module" })
        #expect(try runner.lego("export", "--format", "perfetto", "x.json").status == 2)
        #expect(try runner.lego("export", "missing.jsonl", "x.json").status == 2)
    }

    @Test func graphAndCheckWriteTheHTMLReport() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        _ = try runner.lego("record", CommandRunner.packageFile("samples/bdj-faults.yml"))
        let graph = try runner.lego("graph", "g.html")
        #expect(graph.status == 0, "\(graph.stderr)")
        let page = try runner.read("g.html")
        #expect(page.hasPrefix("<!DOCTYPE html>") && page.contains("<svg") && !page.contains("<table id=\"findings\""))
        let check = try runner.lego("check", "--format", "html", "-o", "c.html")
        #expect(check.status == 1, "the seeded faults fail the check: \(check.stderr)")
        let report = try runner.read("c.html")
        #expect(report.contains("<table id=\"findings\"") && report.contains("<svg"))
        #expect(report.contains("\"ruleId\": \"leaked-module\""))
    }
}
