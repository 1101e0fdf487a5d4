import LegoAnalysis
import LegoModel
import Testing

@Test func componentsOnTheStackAreNotOrphans() {
    var trace = TraceBuilder()
    trace.show("IndexTab", 1)
    trace.sub(parent: 1, "Essence", 10)
    trace.push(from: 10, "Post", 20)
    #expect(trace.findings("orphan-component").isEmpty)
}

@Test func aRegisteredComponentCutLooseFromTheRootIsAnOrphan() throws {
    var trace = TraceBuilder()
    trace.show("IndexTab", 1)
    trace.push(from: 1, "Post", 10)
    trace.add(TraceEvent(kind: .unlink, object: 1, peer: 10, relation: .routingNext))
    trace.add(TraceEvent(kind: .unlink, object: 2, peer: 11, relation: .componentNext))
    let findings = trace.findings("orphan-component")
    try #require(findings.count == 1)
    #expect(findings[0].severity == .warning)
    #expect(findings[0].module == "Post")
    #expect(findings[0].message.contains("cannot be reached from the root IndexTab"))
}
