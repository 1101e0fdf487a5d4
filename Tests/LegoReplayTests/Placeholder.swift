import Testing
@testable import LegoReplay

@Test func moduleLinks() { #expect(Bool(true)) }
