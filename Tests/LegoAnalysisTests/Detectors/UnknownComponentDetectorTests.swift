import LegoAnalysis
import LegoModel
import Testing

@Test func aRouteToANameNoModuleClaimsIsAnUnknownComponent() throws {
    var trace = TraceBuilder()
    trace.register("bdj://essence/post", "Post")
    trace.register("bdj://essence/ghost", "Ghost")
    trace.show("IndexTab", 1)
    trace.push(from: 1, "Post", 10, url: "bdj://essence/post")
    #expect(trace.findings("unknown-component").isEmpty)
    trace.add(TraceEvent(kind: .urlOpen, name: "Ghost", object: 11, url: "bdj://essence/ghost", operation: .push, ok: false))
    let finding = try #require(trace.findings("unknown-component").first)
    #expect(finding.severity == .error)
    #expect(finding.module == "Ghost")
    #expect(finding.message.hasPrefix("URL bdj://essence/ghost routes to component Ghost, but no module claims that name"))
}

@Test func interceptedOpensAreNotUnknownComponents() {
    var trace = TraceBuilder()
    trace.register("bdj://essence/ghost", "Ghost")
    trace.add(TraceEvent(kind: .urlOpen, name: "Ghost", url: "bdj://essence/ghost", operation: .push, value: "intercepted by Login", ok: false))
    #expect(trace.findings("unknown-component").isEmpty)
}
