import Foundation
import LegoAnalysis
import LegoModel
import Testing

private func leakAndLostEvent() -> [Finding] {
    var trace = TraceBuilder()
    trace.show("IndexTab", 1)
    trace.push(from: 1, "Post", 10)
    trace.pop("Post", 10, previous: 1, leak: true)
    trace.advance(3)
    trace.send("refresh", to: "Ghost", reached: [])
    return trace.analyze().findings
}

private func temporaryPath(_ name: String) -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("lego-\(UUID().uuidString)-\(name)").path
}

@Test func aWrittenBaselineSuppressesTheSameFindingsAndReportsNewAndStaleOnes() throws {
    let findings = leakAndLostEvent()
    try #require(findings.count == 2)
    let path = temporaryPath("baseline.json")
    defer { try? FileManager.default.removeItem(atPath: path) }
    try Baseline.write([findings[0]], to: path)
    let baseline = try Baseline.load(path: path)
    #expect(baseline.entries.map(\.fingerprint) == [findings[0].fingerprint])

    let comparison = baseline.compare(findings)
    #expect(comparison.suppressed == [findings[0]])
    #expect(comparison.new == [findings[1]])
    #expect(comparison.stale.isEmpty)

    let later = baseline.compare([findings[1]])
    #expect(later.stale.map(\.fingerprint) == [findings[0].fingerprint])
}

@Test func theBaselineFileIsDocumentedJSON() throws {
    let findings = leakAndLostEvent()
    let path = temporaryPath("baseline.json")
    defer { try? FileManager.default.removeItem(atPath: path) }
    try Baseline.write(findings, to: path)
    let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any]
    #expect(object?["version"] as? Int == 1)
    #expect(object?["tool"] as? String == "lego-trace")
    let entries = try #require(object?["entries"] as? [[String: Any]])
    #expect(entries.count == 2)
    // Only what identifies a defect: a message with times or object ids would change on every re-record.
    #expect(entries.allSatisfy { Set($0.keys).isSubset(of: ["fingerprint", "rule", "module"]) })
    #expect(entries.allSatisfy { $0["fingerprint"] is String && $0["rule"] is String })
    #expect(entries.map { $0["rule"] as? String } == ["leaked-module", "lost-event"])
}

@Test func aBaselineOfTheSameDefectsFoundAtOtherTimesIsByteIdentical() throws {
    let findings = leakAndLostEvent()
    var later = findings
    for index in later.indices {
        later[index].message += " (t=8.279s)"
        later[index].first = .init(seq: later[index].first.seq + 7, time: later[index].first.time + 0.004)
        later[index].instance = later[index].instance.map { $0 + "0" }
    }
    let first = temporaryPath("baseline-1.json"), second = temporaryPath("baseline-2.json")
    defer { for path in [first, second] { try? FileManager.default.removeItem(atPath: path) } }
    try Baseline.write(findings, to: first)
    try Baseline.write(later, to: second)
    #expect(FileManager.default.contents(atPath: first) == FileManager.default.contents(atPath: second))
}

@Test func aBaselineWrittenByAnEarlierVersionWithMessagesStillReads() throws {
    let old = #"{"version": 1, "tool": "lego-trace", "entries": [{"fingerprint": "f", "rule": "r", "module": "M", "message": "t=8.2s"}]}"#
    #expect(try Baseline.parse(Data(old.utf8), file: "b.json").entries == [Baseline.Entry(fingerprint: "f", rule: "r", module: "M")])
}

@Test func malformedBaselinesAreOneLineErrors() throws {
    #expect(throws: AnalysisError.invalidBaseline(file: "b.json", line: 2, problem: "expected a string at column 3, found 'o'")) {
        try Baseline.parse(Data("{\"version\": 1,\n  oops}".utf8), file: "b.json")
    }
    #expect(throws: AnalysisError.invalidBaseline(file: "b.json", line: 1, problem: "missing 'fingerprint' at entries[0]")) {
        try Baseline.parse(Data(#"{"version": 1, "tool": "lego-trace", "entries": [{"rule": "x", "message": "m"}]}"#.utf8), file: "b.json")
    }
    #expect(throws: AnalysisError.invalidBaseline(file: "b.json", line: 1, problem: "baseline version 9 is newer than this lego-trace understands (1)")) {
        try Baseline.parse(Data(#"{"version": 9, "tool": "lego-trace", "entries": []}"#.utf8), file: "b.json")
    }
    // Valid JSON that is not a baseline says what it is (it was called "not valid JSON").
    #expect(throws: AnalysisError.invalidBaseline(
        file: "b.json", line: 1, problem: "not a lego-trace baseline: expected a JSON object with \"version\" and \"entries\", found null")) {
        try Baseline.parse(Data("null\n".utf8), file: "b.json")
    }
    #expect(throws: AnalysisError.invalidBaseline(file: "b.json", line: 1, problem: "the file is empty; expected a JSON object")) {
        try Baseline.parse(Data(), file: "b.json")
    }
    #expect(throws: AnalysisError.unreadable(path: "/nonexistent/b.json", reason: "no such baseline file")) {
        try Baseline.load(path: "/nonexistent/b.json")
    }
}

@Test func hostileNamesSurviveFindingsAndTheBaselineFile() throws {
    let hostile = "Po\"st\\\n<script>😀帖子"
    var trace = TraceBuilder()
    trace.show("IndexTab", 1)
    trace.push(from: 1, hostile, 10)
    trace.pop(hostile, 10, previous: 1, leak: true)
    trace.advance(3)
    let findings = trace.findings("leaked-module")
    let finding = try #require(findings.first)
    #expect(finding.module == hostile)
    #expect(finding.message.contains("(module \(hostile))"))
    let path = temporaryPath("hostile.json")
    defer { try? FileManager.default.removeItem(atPath: path) }
    try Baseline.write(findings, to: path)
    let loaded = try Baseline.load(path: path)
    #expect(loaded.entries.first?.module == hostile)
    #expect(loaded.compare(findings).suppressed == findings)
}

@Test func aBackslashAsTheLastByteIsAnErrorNotAnOverread() {
    // Found by fuzz-baseline under AddressSanitizer: the error's line number was counted past the end of the buffer.
    let input = Data(#"{"versl:\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\{\\\"#.utf8)
    #expect(throws: AnalysisError.self) { try Baseline.parse(input, file: "b.json") }
}
