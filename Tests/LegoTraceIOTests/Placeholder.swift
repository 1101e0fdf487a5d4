import Testing
@testable import LegoTraceIO

@Test func moduleLinks() { #expect(Bool(true)) }
