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

@Test(arguments: ["bdj-app.yml", "bdj-faults.yml", "large-app.yml"])
func everySampleParses(_ name: String) throws {
    let scenario = try Scenario.load(path: samplePath(name))
    #expect(scenario.file == samplePath(name))
    #expect(!scenario.journey.isEmpty)
}

@Test func embeddedCleanSampleIsByteIdenticalToItsFile() throws {
    #expect(Data(EmbeddedSamples.bdjApp.utf8) == (try Data(contentsOf: samplesDirectory.appendingPathComponent("bdj-app.yml"))),
            "regenerate Sources/LegoScenario/EmbeddedSamples+BDJApp.swift from samples/bdj-app.yml")
}

@Test func embeddedFaultSampleIsByteIdenticalToItsFile() throws {
    #expect(Data(EmbeddedSamples.bdjFaults.utf8) == (try Data(contentsOf: samplesDirectory.appendingPathComponent("bdj-faults.yml"))),
            "regenerate Sources/LegoScenario/EmbeddedSamples+BDJFaults.swift from samples/bdj-faults.yml")
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

@Test func faultSampleIsTheCleanJourneyPlusExactlyThreeSeededSteps() {
    let clean = EmbeddedSamples.bdjAppScenario()
    let faults = EmbeddedSamples.bdjFaultsScenario()
    #expect(clean.app.modules.map(\.spec) == faults.app.modules.map(\.spec))
    #expect(clean.app.urls?.routes.map(\.url) == faults.app.urls?.routes.map(\.url))
    // Removing the fault steps (and the clock/pop steps that belong to them) gives the clean journey back.
    let cleanActions = clean.journey.map(\.action)
    let faultActions = faults.journey.map(\.action)
    #expect(faultActions.count == cleanActions.count + 7)
    #expect(faultActions.filter { $0 == .retainCycle("SignIn") }.count == 1)
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
