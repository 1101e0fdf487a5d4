import LegoAnalysis
import LegoModel
import Testing

@Test func anEventToANameWithNoLiveReceiverIsLost() throws {
    var trace = TraceBuilder()
    trace.show("IndexTab", 1)
    trace.push(from: 1, "Post", 10)
    trace.send("refresh", to: "Post", reached: [11])
    trace.send("reload", to: nil, reached: [2, 11])
    #expect(trace.findings("lost-event").isEmpty)
    trace.pop("Post", 10, previous: 1)
    trace.send("refresh", to: "Post", reached: [])
    trace.send("refresh", to: "Psot", reached: [])
    let findings = trace.findings("lost-event")
    #expect(findings.map(\.message) == [
        "event 'refresh' sent to Post was dropped: no instance of Post was live",
        "event 'refresh' sent to Psot was dropped: no module of that name was ever created",
    ])
}
