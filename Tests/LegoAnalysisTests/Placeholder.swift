import Testing
@testable import LegoAnalysis

@Test func moduleLinks() { #expect(Bool(true)) }
