import LegoScenario
import Testing
@testable import LegoScan

/// The scenario `scan --scenario` writes loads with the scenario parser and runs on the runtime without a refused step.
@Suite struct ScenarioWriterTests {
    private func written(_ outcome: AppScanner.Outcome, name: String) throws -> (text: String, scenario: Scenario) {
        let text = ScenarioWriter.scenario(for: outcome.app, appName: name)
        return (text, try Scenario.parse(yaml: text, file: "\(name).yml"))
    }

    @Test func theFixtureAppScenarioDeclaresItsModulesAndWalksFromTheRoot() throws {
        let (text, scenario) = try written(try ScanFixtures.fixtureApp(), name: "BDJ \"app\"")
        #expect(scenario.app.modules.map(\.name) == ["Essence", "IndexTab", "Post", "PostComment", "Setting", "VideoPost"])
        #expect(text.contains("  - showRoot: \"IndexTab\""))
        #expect(text.contains("  - addSub: \"bdj://indexTab/essence\"\n    to: \"IndexTab\""))
        #expect(text.contains("  - push: \"bdj://indexTab/essence/post?id=1\"\n    from: \"Essence\""))
        // What it cannot say is a comment, with where it comes from.
        #expect(text.contains("# - URL bdj://web names component Web, which no class declares; not registered (App/BDJAppDelegate.m:15:17)"))
        #expect(text.contains("# - not walked: a push to a target computed at run time (url) from Essence"))
        let summary = ScenarioRunner.run(scenario, sink: nil, console: nil)
        #expect(summary.failures.map(\.reason) == [])
    }

    @Test func theCorpusScenarioRunsWithoutRefusedSteps() throws {
        guard let path = ScanFixtures.corpusApp else { return }
        let (text, scenario) = try written(try AppScanner.scan(directory: path), name: "XFLegoVIPERExample")
        #expect(scenario.app.modules.count == 15)
        #expect(text.contains("# - setClassPrefixList: XF, LG"))
        #expect(text.contains("  - addSub: \"Collect\"\n    to: \"SubControl\""))
        let summary = ScenarioRunner.run(scenario, sink: nil, console: nil)
        #expect(summary.failures.map { "\($0.action): \($0.reason)" } == [])
        #expect(summary.modules >= 15)
    }
}
