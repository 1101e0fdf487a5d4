import Testing
@testable import LegoTraceApp

@Test func moduleLinks() { #expect(Bool(true)) }
