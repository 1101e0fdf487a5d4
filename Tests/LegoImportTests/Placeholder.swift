import Testing
@testable import LegoImport

@Test func moduleLinks() { #expect(Bool(true)) }
