import Testing
@testable import LegoScenario

@Test func generatorIsDeterministicAndSeedSensitive() {
    let first = ScenarioGenerator.generate(modules: 80, steps: 300, seed: 7)
    let second = ScenarioGenerator.generate(modules: 80, steps: 300, seed: 7)
    let other = ScenarioGenerator.generate(modules: 80, steps: 300, seed: 8)
    #expect(first == second)
    #expect(first != other)
}

@Test(arguments: [(2, 10), (3, 25), (7, 40), (120, 500)])
func generatedScenarioParsesWithExactlyTheRequestedTransitions(modules: Int, steps: Int) throws {
    let text = ScenarioGenerator.generate(modules: modules, steps: steps, seed: 42)
    let scenario = try Scenario.parse(yaml: text, file: "generated.yml")
    #expect(scenario.app.modules.count == modules)
    let transitions = scenario.journey.filter { step in
        switch step.action {
        case .showRoot, .push, .present, .pop, .popTo, .dismiss: true
        default: false
        }
    }
    #expect(transitions.count == steps)
    #expect(Set(scenario.app.modules.map(\.componentName)).count == modules)
    // Every module has exactly one URL, and its path mirrors the module tree.
    let urls = scenario.app.urls?.routes ?? []
    #expect(urls.count == modules)
    #expect(Set(urls.compactMap(\.componentName)).count == modules)
}
