import Testing
@testable import LegoRender

@Test func moduleLinks() { #expect(Bool(true)) }
