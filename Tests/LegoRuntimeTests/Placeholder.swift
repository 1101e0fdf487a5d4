import Testing
@testable import LegoRuntime

@Test func moduleLinks() { #expect(Bool(true)) }
