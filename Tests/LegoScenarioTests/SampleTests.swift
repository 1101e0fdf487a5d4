import Foundation
import Testing
@testable import LegoScenario

/// The `samples/` folder of the package, found from this file's path.
let samplesDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("samples")

func samplePath(_ name: String) -> String { samplesDirectory.appendingPathComponent(name).path }

func sampleText(_ name: String) throws -> String {
    try String(contentsOf: samplesDirectory.appendingPathComponent(name), encoding: .utf8)
}

/// The parameters `samples/large-app.yml` was generated with (also written in its first line).
let largeAppParameters = (modules: 600, steps: 6000, seed: UInt64(2026))

@Test(arguments: ["bdj-app.yml", "bdj-faults.yml", "large-app.yml", "tabs-app.yml"])
func everySampleParses(_ name: String) throws {
    let scenario = try Scenario.load(path: samplePath(name))
    #expect(scenario.file == samplePath(name))
    #expect(!scenario.journey.isEmpty)
}

/// Rewrites an `EmbeddedSamples+….swift` file from its sample when `LEGO_RECORD_SAMPLES=1` (a deliberate re-record).
func recordEmbedded(_ sample: String, into source: String, property: String, doc: String) throws {
    guard ProcessInfo.processInfo.environment["LEGO_RECORD_SAMPLES"] == "1" else { return }
    let text = try sampleText(sample)
    let swift = "extension EmbeddedSamples {\n    /// \(doc)\n    public static let \(property) = #\"\"\"\n\(text)\n\"\"\"#\n}\n"
    let url = samplesDirectory.deletingLastPathComponent().appendingPathComponent("Sources/LegoScenario/\(source)")
    try swift.write(to: url, atomically: true, encoding: .utf8)
}

@Test func embeddedCleanSampleIsByteIdenticalToItsFile() throws {
    try recordEmbedded("bdj-app.yml", into: "EmbeddedSamples+BDJApp.swift", property: "bdjApp",
                       doc: "The clean 百思不得姐 sample app (`samples/bdj-app.yml`, byte for byte).")
    #expect(Data(EmbeddedSamples.bdjApp.utf8) == (try Data(contentsOf: samplesDirectory.appendingPathComponent("bdj-app.yml"))),
            "re-record with LEGO_RECORD_SAMPLES=1 swift test --filter embedded, then rebuild")
}

@Test func embeddedFaultSampleIsByteIdenticalToItsFile() throws {
    try recordEmbedded("bdj-faults.yml", into: "EmbeddedSamples+BDJFaults.swift", property: "bdjFaults",
                       doc: "The sample app with exactly five seeded faults (`samples/bdj-faults.yml`, byte for byte).")
    #expect(Data(EmbeddedSamples.bdjFaults.utf8) == (try Data(contentsOf: samplesDirectory.appendingPathComponent("bdj-faults.yml"))),
            "re-record with LEGO_RECORD_SAMPLES=1 swift test --filter embedded, then rebuild")
}

@Test func cleanSampleModelsTheGuidesApp() {
    let scenario = EmbeddedSamples.bdjAppScenario()
    let names = scenario.app.modules.map(\.componentName)
    #expect(names.count == 19)
    #expect(Set(names).count == names.count, "the clean sample has no duplicate module names")
    #expect(scenario.app.prefix == "BDJ")
    #expect(scenario.app.httpHandler == "WebBrowse")
    let urls = scenario.app.urls?.routes.map(\.url) ?? []
    #expect(urls.contains("bdj://indexTab"))
    #expect(urls.contains("bdj://essence/post/postComment"))
    #expect(scenario.app.modules.first { $0.name == "VideoPost" }?.gene == "Post")
    #expect(scenario.journey[1].action == .showRoot(.url("bdj://indexTab")))
    #expect(!scenario.journey.contains { if case .retainCycle = $0.action { true } else { false } })
}

@Test func faultSampleIsTheCleanJourneyPlusItsSeededSteps() {
    let clean = EmbeddedSamples.bdjAppScenario()
    let faults = EmbeddedSamples.bdjFaultsScenario()
    #expect(clean.app.modules.map(\.spec) == faults.app.modules.map(\.spec))
    #expect(clean.app.urls?.routes.map(\.url) == faults.app.urls?.routes.map(\.url))
    // Removing the fault steps (and the clock/pop steps that belong to them) gives the clean journey back.
    let cleanActions = clean.journey.map(\.action)
    let faultActions = faults.journey.map(\.action)
    #expect(faultActions.count == cleanActions.count + 13)
    #expect(faultActions.filter { $0 == .retainCycle("SignIn") }.count == 1)
    #expect(faultActions.filter { $0 == .push(.name("PostComment"), data: nil) }.count == 3)
    // The picture browser's dismiss in the clean journey, and the dismiss of the presenter Publish (fault e).
    #expect(faultActions.filter { $0 == .dismiss(data: nil) }.count == 2)
    #expect(faultActions.filter { $0 == .push(.name("Post"), data: nil) }.count == 2)
    #expect(faultActions.filter { $0 == .push(.url("bdj://essence/recommendTag"), data: nil) }.count == 2)
}

@Test func largeSampleIsTheGeneratorsOutput() throws {
    let generated = ScenarioGenerator.generate(
        modules: largeAppParameters.modules, steps: largeAppParameters.steps, seed: largeAppParameters.seed
    )
    if ProcessInfo.processInfo.environment["LEGO_RECORD_SAMPLES"] == "1" {
        try generated.write(to: samplesDirectory.appendingPathComponent("large-app.yml"), atomically: true, encoding: .utf8)
    }
    #expect(generated == (try sampleText("large-app.yml")), "re-record with LEGO_RECORD_SAMPLES=1 swift test --filter largeSample")
}

@Test func theFormatDocumentsOpeningExampleParsesAndRuns() throws {
    let doc = try String(contentsOf: samplesDirectory.deletingLastPathComponent().appendingPathComponent("docs/scenario-format.md"), encoding: .utf8)
    let start = try #require(doc.range(of: "```yaml\n"))
    let end = try #require(doc.range(of: "```", range: start.upperBound..<doc.endIndex))
    let scenario = try Scenario.parse(yaml: String(doc[start.upperBound..<end.lowerBound]), file: "scenario-format.md")
    let summary = ScenarioRunner.run(scenario, sink: nil, console: nil)
    #expect(summary.failures.isEmpty, "\(summary.failures)")
    #expect(summary.steps == 5)
}
