import Foundation
import LegoAnalysis
import LegoModel
import LegoScenario
import LegoTraceIO
import Testing

/// Records a sample of the package's `samples/` folder and checks it as a QFMoudle trace.
private func checkSample(_ file: String) throws -> AnalysisResult {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let scenario = try ScenarioDocument.load(path: root.appendingPathComponent("samples").appendingPathComponent(file).path)
    let buffer = TraceBuffer()
    _ = scenario.run(sink: buffer, console: nil, logs: false)
    let header = TraceHeader(producer: "lego-trace-tests", start: "2026-01-01T00:00:00Z", app: scenario.appName, framework: scenario.framework)
    return Analyzer.analyze(header: header, events: buffer.events, configuration: AnalysisConfiguration())
}

@Test func theCleanQFMoudleSampleHasNoFindings() throws {
    let result = try checkSample("qfmoudle-app.yml")
    #expect(result.findings.map(\.message) == [])
    #expect(result.framework == .qfMoudle)
}

@Test func theQFMoudleFaultsSampleShowsEachSeededFaultOnce() throws {
    let result = try checkSample("qfmoudle-faults.yml")
    #expect(result.findings.map(\.ruleID).sorted() == [
        "leaked-module", "orphan-component", "qf-callback-retains-caller", "qf-impl-not-conforming", "qf-kvc-nil-scalar", "qf-kvc-type-mismatch",
        "qf-kvc-unknown-key", "qf-kvc-weak-target", "qf-missing-impl", "qf-module-per-call", "qf-unknown-scheme",
    ])
    #expect(Set(result.findings.map(\.ruleID).filter { $0.hasPrefix("qf-") }).count >= 6)
    let perCall = try #require(result.findings.first { $0.ruleID == "qf-module-per-call" })
    #expect(perCall.module == "MoudleHome")
    let leak = try #require(result.findings.first { $0.ruleID == "leaked-module" })
    #expect(leak.module == "MoudleDetail")
    let orphan = try #require(result.findings.first { $0.ruleID == "orphan-component" })
    #expect(orphan.module == "MoudleAbout")
}
