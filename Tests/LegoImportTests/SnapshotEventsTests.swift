import LegoModel
import LegoReplay
import Testing
@testable import LegoImport

@Test func leakShowsAsARoutingThatOutlivesItsComponent() throws {
    let result = try ImportFixtures.load("leak.log")
    let removed = try #require(result.events.first { $0.kind == .componentRemove && $0.name == "PostComment" })
    #expect(!result.events.contains { $0.kind == .routingRemove && $0.name == "PostComment" })
    #expect(!result.events.contains { $0.kind == .objectDeinit && $0.name == "PostComment" })
    let laterRoutingLogs = result.events.filter { $0.kind == .snapshot && $0.value == "routing link log" && $0.seq > removed.seq }
    #expect(laterRoutingLogs.count == 3)
    let state = ImportFixtures.replay(result.events)
    #expect(state.routingNames == ["IndexTab", "PostComment"])
    #expect(state.componentNames == ["IndexTab"])
    let module = try #require(state.liveModules(named: "PostComment").first)
    #expect(state.modules[module]?.goneAt?.line == removed.line)
    #expect(state.modules[module]?.goneReason == .released)
    #expect(state.isAlive(module))
    // Setting never appears in a routing link log: a controller component.
    #expect(state.moduleKinds["Setting"] == .controller)
    #expect(state.moduleKinds["PostComment"] == .viper)
}

@Test func duplicateNameShowsAsAnOverwritingAdd() throws {
    let result = try ImportFixtures.load("duplicate.log")
    let routingAdds = result.events.filter { $0.kind == .routingAdd && $0.name == "Post" }
    #expect(routingAdds.count == 2)
    #expect(routingAdds.map(\.effect) == [.added, .overwritten])
    #expect(routingAdds[1].peer == routingAdds[0].object)
    #expect(routingAdds[0].object != routingAdds[1].object)
    let componentAdds = result.events.filter { $0.kind == .componentAdd && $0.name == "Post" }
    #expect(componentAdds.map(\.effect) == [.added, .overwritten])
    // `current routing count: 2` with three routings listed.
    #expect(result.warnings.count == 1)
    #expect(result.warnings[0].message.contains("lower than the 3 routings listed"))
    let state = ReplayState()
    let replayer = Replayer(state: state)
    var overwritten: [ReplayState.Change] = []
    for event in result.events {
        replayer.apply(event)
        overwritten += state.changes.filter { if case .overwritten = $0 { true } else { false } }
    }
    #expect(overwritten.count == 2)
    #expect(state.routingTable.names.filter { $0 == "Post" }.count == 2)
    #expect(state.liveModules(named: "Post").count == 2)
    // The chain reads IndexTab -> Post -> Post.
    let first = routingAdds[0].object!, second = routingAdds[1].object!
    #expect(state.links[first]?.routingNext == second)
}

@Test func rootListedTwiceIsTwoInstancesOfOneName() throws {
    let text = (ImportFixtures.routingLog("21.000000", count: 1, ["Root Routing(0): (", "\tBDJLoginRouting", ")"])
        + ImportFixtures.routingLog("22.000000", count: 1, ["Root Routing(0): (", "\tBDJLoginRouting", ")", "Root Routing(1): (", "\tBDJLoginRouting", ")"]))
        .joined(separator: "\n")
    let result = try ImportFixtures.load(text: text)
    let adds = result.events.filter { $0.kind == .routingAdd }
    #expect(adds.map(\.name) == ["Login", "Login"])
    #expect(adds.map(\.effect) == [.added, .overwritten])
    #expect(adds.map(\.line) == [5, 14])
    #expect(result.warnings.map(\.lines) == [7...7])
}

@Test func nullEntryIsAReleasedObjectWhoseNameStaysRegistered() throws {
    let result = try ImportFixtures.load("null.log")
    let snapshots = result.events.filter { $0.kind == .snapshot }
    #expect(snapshots.count == 5)
    let nullSnapshot = snapshots[3]
    let afterNull = result.events.filter { $0.seq > nullSnapshot.seq && $0.seq < snapshots[4].seq }
    // Its routing object is gone; Login never reached the component log, so its presenter goes too.
    #expect(afterNull.map(\.kind) == [.objectDeinit, .objectDeinit])
    #expect(afterNull.map(\.name) == ["Login", "Login"])
    #expect(afterNull.map(\.layer) == [.routing, .presenter])
    let state = ReplayState()
    let replayer = Replayer(state: state)
    for event in result.events where event.seq <= afterNull.last!.seq { replayer.apply(event) }
    #expect(state.routingTable.map["Login"] != nil)
    #expect(state.liveRouting(named: "Login") == nil)
    let final = result.events.filter { $0.seq > snapshots[4].seq }
    #expect(final.map(\.kind) == [.routingRemove])
    #expect(final.first?.name == "Login")
    for event in final { replayer.apply(event) }
    #expect(state.routingTable.map["Login"] == nil)
    #expect(state.liveModules(named: "Login").isEmpty)
}

@Test func printedAddressesIdentifyInstances() throws {
    let first = ["Root Routing(0): (", "\t<BDJPostRouting: 0x7fd3c8c0a2b0>", ")", "Root Routing(1): (", "\t<BDJPostRouting: 0x7fd3c8c0a9f0>", ")"]
    let second = ["Root Routing(0): (", "\t<BDJPostRouting: 0x7fd3c8c0a9f0>", ")"]
    let text = (ImportFixtures.routingLog("21.000000", count: 1, first) + ImportFixtures.routingLog("22.000000", count: 1, second))
        .joined(separator: "\n")
    let result = try ImportFixtures.load(text: text)
    let adds = result.events.filter { $0.kind == .routingAdd }
    #expect(adds.map(\.className) == ["BDJPostRouting", "BDJPostRouting"])
    let removed = try #require(result.events.first { $0.kind == .routingRemove })
    // The address printed first is the one that went, though it was listed first.
    #expect(removed.object == adds[0].object)
}

@Test func popRemovesAndReleasesAndAPushAgainIsANewInstance() throws {
    let result = try ImportFixtures.load("journey.log")
    let postAdds = result.events.filter { $0.kind == .routingAdd && $0.name == "PostComment" }
    #expect(postAdds.count == 2)
    #expect(postAdds[0].object != postAdds[1].object)
    let firstObject = try #require(postAdds[0].object)
    let released = result.events.filter { $0.object == firstObject || $0.peer == firstObject }.map(\.kind)
    #expect(released == [.objectAlloc, .objectAlloc, .moduleAssemble, .routingAdd, .link, .unlink, .routingRemove, .objectDeinit])
    let presenterRelease = result.events.filter { $0.kind == .componentRemove && $0.name == "PostComment" }
    #expect(presenterRelease.count == 1)
    let deinits = result.events.filter { $0.kind == .objectDeinit && $0.name == "PostComment" }
    #expect(deinits.map(\.layer) == [.presenter, .routing])
}

@Test func subRoutingListedTwiceIsOneRouting() throws {
    let result = try ImportFixtures.load("journey.log")
    #expect(result.events.filter { $0.kind == .routingAdd && $0.name == "Essence" }.count == 1)
    let subLinks = result.events.filter { $0.kind == .link && $0.relation == .sub }
    #expect(subLinks.count == 2)
    #expect(subLinks.map(\.line) == [57, 58])
}

@Test func strayTabsAndSpacesAroundLinesAreIgnored() throws {
    let text = (ImportFixtures.routingLog("21.000000", count: 2, ["Root Routing(0): (\t ", "\t\tBDJIndexTabRouting\t", " \t-> BDJPostRouting \t", ")\t\t"])
        + ImportFixtures.componentLog("21.100000", ["(\t\t", "\tIndexTab \t", "\t[\t\t\t", "\t\t(", "\t\t\tEssence", "\t\t)\t\t\t", "\t]\t", "\t-> Post\t", ")\t"]))
        .joined(separator: "\n")
    let result = try ImportFixtures.load(text: text)
    #expect(result.warnings.isEmpty)
    let state = ImportFixtures.replay(result.events)
    #expect(state.routingNames == ["IndexTab", "Post"])
    #expect(state.componentNames == ["Essence", "IndexTab", "Post"])
}

@Test func newestComponentIsAddedLast() throws {
    let tree = ["(", "\tIndexTab", "\t[\t\t\t", "\t\t(", "\t\t\t-> Essence", "\t\t)\t\t\t", "\t\t(", "\t\t\tNew", "\t\t)", "\t]", ")"]
    let result = try ImportFixtures.load(text: ImportFixtures.componentLog("21.000000", tree).joined(separator: "\n"))
    #expect(result.events.filter { $0.kind == .componentAdd }.map(\.name) == ["IndexTab", "New", "Essence"])
}

@Test func subRoutingsDeeperInTheChainHangOffTheirOwnRouting() throws {
    // IndexTab pushed Post, which added sub-modules Hot and Top: Post's list is one tab deeper, names at four tabs.
    let blocks = [
        "Root Routing(0): (", "\tBDJIndexTabRouting", "\t-> BDJPostRouting", "\tSub Routing: (", "\t\t\t\tBDJHotRouting", "\t\t\t\tBDJTopRouting", "\t)", ")",
        "Sub Routing from BDJPostRouting(0): (", "\tBDJHotRouting", ")",
    ]
    let result = try ImportFixtures.load(text: ImportFixtures.routingLog("21.000000", count: 4, blocks).joined(separator: "\n"))
    #expect(result.warnings.isEmpty)
    let state = ImportFixtures.replay(result.events)
    let post = try #require(state.liveRouting(named: "Post"))
    let hot = try #require(state.liveRouting(named: "Hot"))
    let top = try #require(state.liveRouting(named: "Top"))
    #expect(state.links[post]?.subs == [hot, top])
    #expect(state.links[state.liveRouting(named: "IndexTab")!]?.routingNext == post)
    #expect(state.routingTable.names.count == 4)
}

@Test func countShortfallIsReportedOncePerEpisode() throws {
    let chain = ["Root Routing(0): (", "\tBDJIndexTabRouting", "\t-> BDJPostRouting", "\t-> BDJPostRouting", ")"]
    let single = ["Root Routing(0): (", "\tBDJIndexTabRouting", "\t-> BDJPostRouting", ")"]
    let text = (ImportFixtures.routingLog("21.000000", count: 2, chain) + ImportFixtures.routingLog("22.000000", count: 2, chain)
        + ImportFixtures.routingLog("23.000000", count: 2, single) + ImportFixtures.routingLog("24.000000", count: 2, chain))
        .joined(separator: "\n")
    let result = try ImportFixtures.load(text: text)
    #expect(result.warnings.map(\.lines) == [1...1, 24...24])
}

@Test func nullComponentIsReleasedButStillRegistered() throws {
    let text = (ImportFixtures.componentLog("21.000000", ["(", "\tIndexTab", "\t[\t\t\t", "\t\t(", "\t\t\t-> Essence", "\t\t)", "\t]", ")"])
        + ImportFixtures.componentLog("22.000000", ["(", "\tIndexTab", "\t[\t\t\t", "\t\t(", "\t\t\t(null)", "\t\t)", "\t]", ")"])
        + ImportFixtures.componentLog("23.000000", ["(", "\t-> IndexTab", ")"])).joined(separator: "\n")
    let result = try ImportFixtures.load(text: text)
    let snapshots = result.events.filter { $0.kind == .snapshot }
    #expect(snapshots.count == 3)
    let second = result.events.filter { $0.seq > snapshots[1].seq && $0.seq < snapshots[2].seq }
    #expect(second.map(\.kind) == [.unlink, .objectDeinit])
    #expect(second.last?.name == "Essence")
    let state = ReplayState()
    let replayer = Replayer(state: state)
    for event in result.events where event.seq < snapshots[2].seq { replayer.apply(event) }
    #expect(state.componentTable.map["Essence"] != nil)
    #expect(state.liveComponent(named: "Essence") == nil)
    let third = result.events.filter { $0.seq > snapshots[2].seq }
    #expect(third.map(\.kind) == [.componentRemove])
    #expect(third.first?.name == "Essence")
    // No routing link log in the file: the module kind is unknown, not claimed to be a controller.
    #expect(result.events.first { $0.kind == .moduleAssemble }?.moduleKind == nil)
}
