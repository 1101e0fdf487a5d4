import LegoAnalysis
import LegoModel
import Testing

/// IndexTab(1) with sub-modules Essence(10) and New(20); Essence pushed Post(30).
private func app() -> TraceBuilder {
    var trace = TraceBuilder()
    for (url, name) in [("bdj://indexTab", "IndexTab"), ("bdj://essence/post", "Post"), ("bdj://essence/post/postComment", "PostComment"),
                        ("bdj://new/post/x", "X"), ("bdj://indexTab/settings/postComment", "PostComment")] {
        trace.register(url, name)
    }
    trace.show("IndexTab", 1)
    trace.sub(parent: 1, "Essence", 10)
    trace.sub(parent: 1, "New", 20)
    trace.push(from: 10, "Post", 30, url: "bdj://indexTab/essence/post")
    return trace
}

private func checked(_ trace: TraceBuilder, _ mode: URLCheckMode) -> [Finding] {
    var configuration = AnalysisConfiguration()
    configuration.urlCheck = mode
    return trace.findings("illegal-url-hierarchy", configuration)
}

@Test func aURLThatFollowsTheLiveChainIsLegalInBothModes() {
    var trace = app()
    trace.push(from: 30, "PostComment", 40, url: "bdj://essence/post/postComment?id=7")
    #expect(checked(trace, .strict).isEmpty)
    #expect(checked(trace, .legacy).isEmpty)
}

@Test func aSegmentThatIsNeitherSubNorNextIsIllegalInBothModes() throws {
    var trace = app()
    trace.push(from: 30, "X", 40, url: "bdj://new/post/x")
    let strict = try #require(checked(trace, .strict).first)
    #expect(strict.message.contains("segment 2 'post' breaks the chain"))
    #expect(strict.message.contains("BDJPostRouting#30 is live but neither a sub-module nor the next of BDJNewRouting#20"))
    #expect(strict.message.contains("the live chain was IndexTab ⊃ Essence → Post"))
    let legacy = try #require(checked(trace, .legacy).first)
    #expect(legacy.message.contains("(legacy check): segment 2 'post'"))
}

/// XFURLRoute `open:transitionBlock:` (a331d32^) runs `transitionBlock` first: the new routing is in the link table
/// (as New's next) when `XFVIPERModuleReflect verifyModuleLinkForList:` runs, so the wrong opener is caught.
@Test func strictAndLegacyBothCatchTheWrongOpenerOnceTheTargetsRoutingIsAdded() throws {
    var trace = app()
    trace.push(from: 20, "PostComment", 40, url: "bdj://essence/post/postComment")
    let legacy = try #require(checked(trace, .legacy).first)
    #expect(legacy.message.contains("(legacy check): segment 3 'postComment' breaks the chain: BDJPostCommentRouting#40 is neither a sub-module nor the next of BDJPostRouting#30"))
    let strict = try #require(checked(trace, .strict).first)
    #expect(strict.message.contains("segment 3 'postComment'"))
    #expect(strict.message.contains("opens PostComment from BDJPostRouting#30, but it is opened from BDJNewRouting#20"))
    #expect(strict.message.contains("the live chain was IndexTab ⊃ New"))
}

@Test func legacyStopsAtAControllerComponentButStrictDoesNot() throws {
    var trace = app()
    trace.controller("Settings", 50)
    trace.push(from: 30, "PostComment", 40, url: "bdj://indexTab/settings/postComment")
    #expect(checked(trace, .legacy).isEmpty)
    let strict = try #require(checked(trace, .strict).first)
    #expect(strict.message.contains("segment 2 'settings'"))
}

/// `XFVIPERModuleReflect verifyModuleLinkForList:` (a331d32^) asks `XFControllerReflect verifyController:`, i.e.
/// `NSClassFromString` of `<P><Name>ViewController`: the class only has to exist. A controller the app declares and no
/// journey ever opened ends the check as legal all the same; only the declaration (`module.declare`) can say so.
@Test func legacyStopsAtADeclaredControllerNeverOpened() throws {
    var declared = app()
    declared.add(TraceEvent(kind: .moduleDeclare, name: "Settings", className: "BDJSettingsViewController", moduleKind: .controller))
    declared.push(from: 30, "PostComment", 40, url: "bdj://indexTab/settings/postComment")
    #expect(checked(declared, .legacy).isEmpty)
    #expect(checked(declared, .strict).first?.message.contains("segment 2 'settings'") == true)

    var viper = app()
    viper.add(TraceEvent(kind: .moduleDeclare, name: "Settings", className: "BDJSettingsRouting", moduleKind: .viper))
    viper.push(from: 30, "PostComment", 40, url: "bdj://indexTab/settings/postComment")
    let legacy = try #require(checked(viper, .legacy).first, "a VIPER class is no controller: the chain check goes on")
    #expect(legacy.message.contains("segment 2 'settings'"))
}

@Test func legacyAcceptsASubstringOfTheActionRoutingButStrictWantsTheNameOrGene() throws {
    var trace = TraceBuilder()
    trace.show("IndexTab", 1)
    trace.sub(parent: 1, "Essence", 10)
    trace.add(TraceEvent(kind: .transitionBegin, name: "VideoPost", object: 11, operation: .push))
    trace.module("VideoPost", 30, kind: .virtual, gene: "Post")
    trace.add(TraceEvent(kind: .link, object: 10, peer: 30, relation: .routingNext))
    trace.add(TraceEvent(kind: .transitionEnd, name: "VideoPost", object: 11, peer: 31, operation: .push, ok: true))
    var viaGene = trace
    viaGene.push(from: 30, "PostComment", 40, url: "bdj://essence/post/postComment")
    #expect(checked(viaGene, .strict).isEmpty)
    #expect(checked(viaGene, .legacy).isEmpty)
    trace.push(from: 30, "PostComment", 40, url: "bdj://essence/video/postComment")
    #expect(checked(trace, .legacy).isEmpty)
    let strict = try #require(checked(trace, .strict).first)
    #expect(strict.message.contains("segment 2 'video'"))
    #expect(strict.message.contains("no live module named Video follows BDJEssenceRouting#10"))
}

@Test func failedOpensAndHTTPURLsAreNotVerified() {
    var trace = app()
    trace.add(TraceEvent(kind: .urlOpen, name: "X", object: 31, url: "bdj://new/post/x", operation: .push, ok: false))
    trace.add(TraceEvent(kind: .urlOpen, object: 31, url: "https://example.com/a/b", operation: .push, ok: true))
    #expect(checked(trace, .strict).isEmpty)
}

@Test func importedTracesSayTheURLCheckCouldNotRun() {
    let result = app().analyze(header: TraceBuilder.importedHeader)
    #expect(result.imported)
    #expect(result.limitations.contains("URL hierarchy cannot be checked: imported console logs carry no URLs"))
    #expect(result.limitations.count == 3)
    #expect(!result.findings.contains { $0.ruleID == "illegal-url-hierarchy" })
    #expect(app().analyze().limitations.isEmpty)
}

@Test func strictTriesEveryShellOfAGene() {
    var trace = TraceBuilder()
    trace.show("IndexTab", 1)
    trace.sub(parent: 1, "Essence", 10)
    trace.module("AllPost", 20, kind: .virtual, gene: "Post")
    trace.add(TraceEvent(kind: .link, object: 10, peer: 20, relation: .sub))
    trace.module("PicturePost", 30, kind: .virtual, gene: "Post")
    trace.add(TraceEvent(kind: .link, object: 10, peer: 30, relation: .sub))
    trace.register("bdj://essence/post/postComment", "PostComment")
    trace.push(from: 30, "PostComment", 40, url: "bdj://essence/post/postComment")
    #expect(checked(trace, .strict).isEmpty)
}

/// `verifyModuleLinkForList:` "ignores the last routing that may not be added yet": a URL whose last segment names
/// no routing (registered for another component) passes the legacy check, while strict checks the opener.
@Test func legacyAcceptsALastSegmentThatNamesNoRouting() throws {
    var trace = app()
    trace.register("bdj://essence/post/detail", "PostComment")
    trace.push(from: 20, "PostComment", 40, url: "bdj://essence/post/detail")
    #expect(checked(trace, .legacy).isEmpty)
    #expect(checked(trace, .strict).first?.message.contains("segment 3 'detail'") == true)
}

/// `open:transitionBlock:` returns before checking when `isControllerComponent:` (the controller handler matched),
/// and dispatches the check only `if (verifyURLRoute_ && [XFRoutingLinkManager count])`.
@Test func legacySkipsControllerTargetsAndAnEmptyLinkTable() throws {
    var controller = TraceBuilder()
    controller.register("bdj://indexTab", "IndexTab")
    controller.register("bdj://nowhere/settings", "Settings")
    controller.show("IndexTab", 1)
    controller.add(TraceEvent(kind: .transitionBegin, name: "Settings", object: 2, url: "bdj://nowhere/settings", operation: .push))
    controller.controller("Settings", 50)
    controller.add(TraceEvent(kind: .transitionEnd, name: "Settings", object: 2, peer: 50, operation: .push, ok: true))
    controller.add(TraceEvent(kind: .urlOpen, name: "Settings", object: 2, url: "bdj://nowhere/settings", operation: .push, ok: true))
    #expect(checked(controller, .legacy).isEmpty)
    #expect(!checked(controller, .strict).isEmpty)

    var empty = TraceBuilder()
    empty.register("bdj://nowhere/settings", "Settings")
    empty.add(TraceEvent(kind: .transitionBegin, name: "Settings", url: "bdj://nowhere/settings", operation: .show))
    empty.add(TraceEvent(kind: .moduleAssemble, name: "Settings", className: "BDJSettingsViewModel", object: 60, moduleKind: .viewModel, objects: [60]))
    empty.add(TraceEvent(kind: .componentAdd, name: "Settings", object: 60, effect: .added))
    empty.add(TraceEvent(kind: .transitionEnd, name: "Settings", peer: 60, operation: .show, ok: true))
    empty.add(TraceEvent(kind: .urlOpen, name: "Settings", url: "bdj://nowhere/settings", operation: .show, ok: true))
    #expect(checked(empty, .legacy).isEmpty, "no routing in the link table: nothing is checked")
}
