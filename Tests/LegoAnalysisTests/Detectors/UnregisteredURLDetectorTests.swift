import LegoAnalysis
import LegoModel
import Testing

@Test func openingAnUnregisteredURLIsReportedAndARegisteredOneIsNot() throws {
    var trace = TraceBuilder()
    trace.register("bdj://essence/post", "Post")
    trace.show("IndexTab", 1)
    trace.add(TraceEvent(kind: .urlOpen, name: "Post", object: 2, url: "bdj://essence/post?id=1", operation: .push, ok: true))
    #expect(trace.findings("unregistered-url").isEmpty)
    trace.add(TraceEvent(kind: .urlOpen, object: 2, url: "bdj://essence/Post", operation: .push, ok: false))
    let finding = try #require(trace.findings("unregistered-url").first)
    #expect(finding.severity == .warning)
    #expect(finding.message == "no route is registered for bdj://essence/Post (a route differs only in case: bdj://essence/post) (opened from IndexTab)")
}

@Test func httpURLsNeedAHandler() {
    var trace = TraceBuilder()
    trace.add(TraceEvent(kind: .urlOpen, url: "https://example.com/x", operation: .push, ok: false))
    #expect(trace.findings("unregistered-url").first?.message == "http URL https://example.com/x was opened but no HTTP handler component is registered")
    var handled = TraceBuilder()
    handled.add(TraceEvent(kind: .urlHandler, name: "Web"))
    handled.add(TraceEvent(kind: .urlOpen, name: "Web", url: "https://example.com/x", operation: .push, ok: true))
    #expect(handled.findings("unregistered-url").isEmpty)
}
