import Testing
@testable import LegoScenario

@Test func moduleLinks() { #expect(Bool(true)) }
