import LegoModel
import LegoReplay
import Testing
@testable import LegoImport

/// Replays an import snapshot by snapshot: after each one, the state's tables hold what that log listed.
@Test func replayRebuildsEachSnapshotOfTheJourney() throws {
    let result = try ImportFixtures.load("journey.log")
    let expected: [(log: String, names: [String])] = [
        ("component trace log", ["IndexTab"]),
        ("routing link log", ["IndexTab"]),
        ("component trace log", ["Essence", "IndexTab", "New"]),
        ("component trace log", ["Essence", "IndexTab", "New", "PostComment"]),
        ("routing link log", ["Essence", "IndexTab", "New", "PostComment"]),
        ("routing link log", ["Essence", "IndexTab", "New"]),
        ("component trace log", ["Essence", "IndexTab", "New"]),
        ("component trace log", ["Essence", "IndexTab", "New", "PostComment"]),
        ("routing link log", ["Essence", "IndexTab", "New", "PostComment"]),
    ]
    let state = ReplayState()
    let replayer = Replayer(state: state)
    var index = -1
    func check() {
        guard index >= 0 else { return }
        let names = expected[index].log == "routing link log" ? state.routingNames : state.componentNames
        #expect(names == expected[index].names, "after snapshot \(index + 1)")
    }
    for event in result.events {
        if event.kind == .snapshot {
            check()
            index += 1
            #expect(event.value == expected[index].log)
        }
        replayer.apply(event)
    }
    check()
    #expect(index == expected.count - 1)
}

@Test func replayedStateMatchesTheLastSnapshot() throws {
    let result = try ImportFixtures.load("journey.log")
    let state = ImportFixtures.replay(result.events)
    #expect(state.prefix == "BDJ")
    #expect(state.routingNames == ["Essence", "IndexTab", "New", "PostComment"])
    #expect(state.componentNames == ["Essence", "IndexTab", "New", "PostComment"])
    let routing = try ["IndexTab", "Essence", "New", "PostComment"].map { try #require(state.liveRouting(named: $0)) }
    let component = try ["IndexTab", "Essence", "New", "PostComment"].map { try #require(state.liveComponent(named: $0)) }
    // Routing relations: IndexTab -> PostComment, with sub-routings Essence and New.
    #expect(state.links[routing[0]]?.routingNext == routing[3])
    #expect(state.links[routing[3]]?.routingPrevious == routing[0])
    #expect(state.links[routing[0]]?.subs == [routing[1], routing[2]])
    #expect(state.links[routing[1]]?.parent == routing[0])
    // Component relations: IndexTab -> PostComment, with children Essence and New.
    #expect(state.links[component[0]]?.componentNext == component[3])
    #expect(state.links[component[0]]?.subs == [component[1], component[2]])
    // Each component is its module's presenter: one module per name, all VIPER and alive.
    for (routingObject, componentObject) in zip(routing, component) {
        #expect(state.moduleID(of: componentObject) == routingObject)
        #expect(state.modules[routingObject]?.kind == .viper)
        #expect(state.modules[routingObject]?.goneAt == nil)
    }
    #expect(state.modules.count == 4)
    #expect(state.modules[routing[0]]?.className == "BDJIndexTabRouting")
    // The first PostComment was popped: released, nothing of it left alive.
    #expect(state.objects.count == 8)
}
