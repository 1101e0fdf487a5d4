import Testing
@testable import LegoReport

@Test func moduleLinks() { #expect(Bool(true)) }
