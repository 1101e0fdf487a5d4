import Testing
@testable import LegoGraph

@Test func moduleLinks() { #expect(Bool(true)) }
