import LegoAnalysis
import LegoModel
import Testing

@Test func pushingAModuleAgainAfterPoppingItIsNotADuplicate() {
    var trace = TraceBuilder()
    trace.show("IndexTab", 1)
    trace.push(from: 1, "Post", 10)
    trace.pop("Post", 10, previous: 1)
    trace.push(from: 1, "Post", 20)
    #expect(trace.findings("duplicate-module-name").isEmpty)
}

@Test func twoLiveInstancesOfOneNameAreReportedWithTheirConsequences() throws {
    var trace = TraceBuilder()
    trace.show("IndexTab", 1)
    trace.push(from: 1, "Post", 10)
    trace.push(from: 10, "Post", 20)
    trace.send("refresh", to: "Post", reached: [21])
    trace.pop("Post", 20, previous: 10)
    let findings = trace.findings("duplicate-module-name")
    try #require(findings.count == 1)
    let message = findings[0].message
    #expect(findings[0].severity == .error)
    #expect(message.contains("2 live instances held the name Post at once (BDJPostRouting#10, BDJPostRouting#20)"))
    #expect(message.contains("component and routing tables reached only the newest"))
    #expect(message.contains("event 'refresh'"))
    #expect(message.contains("BDJPostRouting#10 kept running untracked"))
    #expect(findings[0].evidence.count >= 3)
}

@Test func twoClassesResolvingToOneNameAreReported() throws {
    var trace = TraceBuilder()
    trace.show("IndexTab", 1)
    trace.module("Post", 10, className: "BDJPost")
    trace.release(10)
    trace.module("Post", 20, className: "XYZPost")
    let finding = try #require(trace.findings("duplicate-module-name").first)
    #expect(finding.message.contains("classes BDJPostRouting and XYZPostRouting both resolve to module name Post"))
}

/// `XFComponentHandlerMatcher` asks the VIPER handler first: with `BDJPostCommentRouting` and
/// `BDJPostCommentViewController` both in the app, the name always gets the VIPER module and the controller can never
/// be opened by name, whether or not a journey tries. The declarations say so before anything runs, and the pair is
/// reported once even when both are later assembled.
@Test func twoDeclaredClassesOfOneNameAreReportedOnceBeforeAnyJourney() throws {
    var trace = TraceBuilder()
    trace.add(TraceEvent(kind: .moduleDeclare, name: "PostComment", className: "BDJPostCommentRouting", moduleKind: .viper))
    trace.add(TraceEvent(kind: .moduleDeclare, name: "PostComment", className: "BDJPostCommentViewController", moduleKind: .controller))
    trace.add(TraceEvent(kind: .moduleDeclare, name: "Post", className: "BDJPostRouting", moduleKind: .viper))
    trace.show("IndexTab", 1)
    trace.module("PostComment", 10, className: "BDJPostComment")
    trace.release(10)
    trace.controller("PostComment", 20)
    let findings = trace.findings("duplicate-module-name")
    #expect(findings.count == 1)
    let finding = try #require(findings.first)
    #expect(finding.message.contains("classes BDJPostCommentRouting and BDJPostCommentViewController both resolve to module name PostComment"))
    #expect(finding.first.seq == 2 && finding.object == nil)
    #expect(finding.evidence.first?.note == "BDJPostCommentViewController declared as PostComment, already claimed by BDJPostCommentRouting")
}

@Test func aURLRegistrationThatOverwritesAnotherIsReported() throws {
    var trace = TraceBuilder()
    trace.register("bdj://essence/post", "Post")
    trace.add(TraceEvent(kind: .urlRegister, name: "Detail", peerName: "Post", url: "bdj://essence/post", effect: .overwritten))
    let findings = trace.findings("duplicate-module-name")
    #expect(findings.contains { $0.message == "registering bdj://essence/post for Detail silently overwrote its route to Post" })
}

@Test func twoURLsNamingOneComponentAreReported() throws {
    var trace = TraceBuilder()
    trace.register("bdj://essence/post", "Post")
    trace.register("bdj://new/post", "Post")
    trace.register("bdj://essence/post/postComment", "PostComment")
    let findings = trace.findings("duplicate-module-name")
    try #require(findings.count == 1)
    #expect(findings[0].message == "URLs bdj://essence/post and bdj://new/post both name component Post")
}
