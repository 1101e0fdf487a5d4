import LegoAnalysis
import LegoModel
import LegoReplay
import LegoRuntime
import LegoTraceIO
import Testing
@testable import LegoImport

/// A tab bar app (tabs Essence and New bound late) whose two tabs each push a `Post`; Essence's (the older) is then
/// popped. Both logs enabled, NSLog framing, as the runtime prints them.
private func twoTabJourney() throws -> (log: String, runtime: LegoRuntime, survivor: ModuleRef) {
    let console = ConsoleBuffer()
    let runtime = LegoRuntime(app: "BDJ", prefix: "BDJ", sink: nil, console: console)
    runtime.enableLogs()
    for name in ["Essence", "New", "Post"] { runtime.declare(ModuleSpec(name: name)) }
    runtime.declare(ModuleSpec(name: "IndexTab", tabs: ["Essence", "New"]))
    _ = try #require(runtime.showRoot("IndexTab").module)
    let tabs = runtime.tabs
    _ = try #require(runtime.push("Post").module)
    #expect(runtime.selectTab(tabs[1]).ok)
    let survivor = try #require(runtime.push("Post").module)
    #expect(runtime.selectTab(tabs[0]).ok)
    #expect(runtime.pop().ok)
    return (console.text, runtime, survivor)
}

/// `XFComponentManager +_log` prints the tree from `__componentKeyArr[0]`, the first name added, and marks every holder
/// of the last name added with `-> `: right after the root is shown both are the root, so the root must not be taken
/// for a late addition (which made the real root an orphan).
@Test func theTreeRootIsAddedFirstEvenWhenItIsMarkedNewest() throws {
    let text = ImportFixtures.componentLog("21.000000", ["(", "\t-> IndexTab", "\t[\t\t\t", "\t\t(", "\t\t\tEssence", "\t\t)\t\t\t",
                                                           "\t\t(", "\t\t\tNew", "\t\t)", "\t]", ")"]).joined(separator: "\n")
    let result = try ImportFixtures.load(text: text)
    let state = ImportFixtures.replay(result.events)
    #expect(state.rootModule.flatMap { state.modules[$0]?.name } == "IndexTab")
    #expect(state.componentTable.names == ["IndexTab", "Essence", "New"])
    let findings = Analyzer.analyze(header: result.header, events: result.events).findings
    #expect(findings.filter { $0.ruleID == "orphan-component" }.isEmpty, "\(findings.map(\.message))")
}

/// The framework's logs go through `NSLog`; anything else a real app prints (`print`, the tool's own `trace:` line)
/// has no prefix. A block ends where its grammar ends, so such a line after it must not garble it.
@Test func unprefixedOutputAfterABlockEndsItAndTheBlockIsKept() throws {
    let text = (ImportFixtures.componentLog("21.000000", ["(", "\t-> Login", ")"])
        + ["trace: /tmp/out.jsonl (42 events)"]
        + ImportFixtures.routingLog("22.000000", count: 1, ["Root Routing(0): (", "\tBDJLoginRouting", ")"])
        + ["some print() output"]).joined(separator: "\n")
    let result = try ImportFixtures.load(text: text)
    #expect(result.warnings.map(\.message) == [])
    #expect(result.stats.snapshots == 2)
    let state = ImportFixtures.replay(result.events)
    #expect(state.componentNames == ["Login"])
    #expect(state.routingNames == ["Login"])
}

/// Two live `Post`s (one per tab's navigation stack), the older popped: `XFComponentManager removeComponent:` removes
/// the name, and the newer keeps running untracked, still printed under New by `+_log`'s walk of `next`. The import
/// must keep the instance the log still shows under New, find the real duplicate, and no orphan.
@Test func aTwoTabJourneyWithADuplicateImportsWithTheRightRootAndSurvivor() throws {
    let journey = try twoTabJourney()
    let result = try ImportFixtures.load(text: journey.log)
    #expect(result.warnings.filter { !$0.message.contains("lower than") }.map(\.message) == [])
    let state = ImportFixtures.replay(result.events)
    #expect(state.rootModule.flatMap { state.modules[$0]?.name } == "IndexTab")
    let posts = state.liveModules(named: "Post")
    #expect(posts.count == 1)
    // The survivor is the Post whose component hangs from New's.
    let newComponent = try #require(state.liveComponent(named: "New"))
    let survivor = try #require(posts.first)
    let survivorLayers = state.modules[survivor]?.layers ?? []
    #expect(survivorLayers.contains { state.links[$0]?.componentFrom == newComponent })
    let findings = Analyzer.analyze(header: result.header, events: result.events).findings
    #expect(findings.map(\.ruleID).sorted() == ["duplicate-module-name"], "\(findings.map(\.message).joined(separator: "\n"))")
    // `+log` prints blocks in insertion order: the tab children were added before their tab bar.
    #expect(Array(state.routingTable.names.prefix(3)) == ["Essence", "New", "IndexTab"])
}

