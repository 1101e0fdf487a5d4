import LegoAnalysis
import LegoModel
import LegoTraceIO
import Testing
@testable import LegoScenario

/// Records an NNModule scenario into memory and checks it.
private func check(_ scenario: any FrameworkScenario) -> (RunSummary, AnalysisResult) {
    let buffer = TraceBuffer()
    let summary = scenario.run(sink: buffer, console: nil, logs: false)
    let header = TraceHeader(producer: "tests", start: "2026-01-01T00:00:00Z", app: scenario.appName, framework: scenario.framework)
    return (summary, Analyzer.analyze(header: header, events: buffer.events))
}

@Test func theCleanNNModuleSampleHasNoFindings() throws {
    let scenario = try ScenarioDocument.load(path: samplePath("nnmodule-app.yml"))
    #expect(scenario.framework == .nnModule)
    let (summary, result) = check(scenario)
    #expect(summary.failures.isEmpty)
    #expect(result.findings.map(\.message) == [])
}

/// Every fault `samples/nnmodule-faults.yml` seeds (its header lists them) is found exactly once.
@Test func theNNModuleFaultsSampleShowsEachSeededFaultOnce() throws {
    let (summary, result) = check(try ScenarioDocument.load(path: samplePath("nnmodule-faults.yml")))
    #expect(summary.failures.isEmpty)
    let seeded = ["nn-priority-ignored", "nn-impl-replaced-after-use", "nn-service-missing", "nn-route-duplicate", "nn-route-invalid",
                  "nn-route-unmatched", "nn-nested-loop", "nn-redirect-loop", "nn-redirect-dangling", "nn-handler-noop",
                  "nn-event-name-collision", "nn-observer-discarded", "nn-sticky-stale", "nn-late-register", "leaked-module"]
    #expect(result.findings.map(\.ruleID).sorted() == seeded.sorted())
    #expect(Set(seeded.filter { $0.hasPrefix("nn-") }).count >= 8)
}

@Test func anNNModuleScenarioRecordsAFormat2Trace() throws {
    let scenario = try ScenarioDocument.parse(yaml: """
        framework: nnmodule
        app: {name: Tiny, routes: [{route: home, navigation: none}]}
        journey: [launch, {open: home}]
        """, file: "tiny.yml")
    let buffer = TraceBuffer()
    let summary = scenario.run(sink: buffer, console: nil, logs: false)
    #expect(summary.steps == 2)
    #expect(buffer.events.contains { $0.kind == .urlOpen && $0.ok == true && $0.name == "://home" })
    #expect(buffer.events.filter { $0.kind == .urlOpen }.allSatisfy { $0.line == 3 })
    #expect(Framework.nnModule.traceFormatVersion.major == 2)
}

@Test func malformedNNModuleScenariosNameTheirLine() {
    func error(_ yaml: String) -> ScenarioError? {
        do { _ = try ScenarioDocument.parse(yaml: yaml, file: "bad.yml"); return nil } catch { return error }
    }
    let unknownStep = error("framework: nnmodule\napp: {}\njourney:\n  - opne: home\n")
    #expect(unknownStep?.line == 4)
    #expect(unknownStep?.kind == .unknownStep, "the same kind as XFLegoVIPER and QFMoudle journeys (one step reader)")
    #expect(unknownStep?.description.contains("open") == true)
    let badRouter = error("framework: nnmodule\napp:\n  routes:\n    - {route: a, router: nope}\njourney: []\n")
    #expect(badRouter?.line == 4)
    let badPriority = error("framework: nnmodule\napp:\n  services: [{service: S, impl: I, priority: high}]\njourney: []\n")
    #expect(badPriority?.kind == .wrongType)
    #expect(error("framework: nnmodule\napp: {}\n")?.kind == .missingKey)
}
