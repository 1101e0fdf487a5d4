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

@Test func aRouteToANameNoModuleClaimsIsAnUnknownComponent() throws {
    var trace = TraceBuilder()
    trace.register("bdj://essence/post", "Post")
    trace.register("bdj://essence/ghost", "Ghost")
    trace.show("IndexTab", 1)
    trace.push(from: 1, "Post", 10, url: "bdj://essence/post")
    #expect(trace.findings("unknown-component").isEmpty)
    trace.add(TraceEvent(kind: .urlOpen, name: "Ghost", object: 11, url: "bdj://essence/ghost", operation: .push, ok: false,))
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

@Test func namingProblemsAndSecondPrefixesAreReported() throws {
    var trace = TraceBuilder()
    trace.add(TraceEvent(kind: .prefixSet, className: "XFIndexRouting", value: "XF", ok: true))
    trace.prefix = "XF"
    trace.module("Index", 1)
    #expect(trace.findings("naming-convention").isEmpty)
    trace.prefix = ""
    trace.module("LGSetting", 10, className: "LGSetting")
    trace.module("LGSetting", 20, className: "LGSetting")
    trace.add(TraceEvent(kind: .namingProblem, name: "", className: "XFRouting", value: "nothing between prefix and suffix"))
    trace.add(TraceEvent(kind: .namingProblem, url: "bdj://", value: "URL names no component"))
    let findings = trace.findings("naming-convention")
    #expect(findings.map(\.message) == [
        "class LGSettingRouting does not start with the app prefix XF, so the framework names its module LGSetting and URLs and events for the intended name miss it",
        "XFRouting (named ): nothing between prefix and suffix",
        "URL bdj://: URL names no component",
    ])
}
