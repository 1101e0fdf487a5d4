import LegoModel
import LegoReplay
import Testing
@testable import LegoImport

// `runtime-bdj-faults.log` is what the runtime model (LegoRuntime with both logs enabled) printed for the embedded
// faults sample: an independent writer of the documented format, so the importer is checked against it too.

@Test func runtimeLogOfTheFaultsSampleImportsCleanly() throws {
    let result = try ImportFixtures.load("runtime-bdj-faults.log")
    #expect(result.stats.linesRead == 2079)
    #expect(result.stats.frameworkLines == 2079)
    #expect(result.stats.snapshots == 52)
    #expect(result.process.name == "BDJ")
    // The only doubts are the duplicates `Post` and `PostComment`: more routings listed than counted.
    #expect(result.warnings.map(\.message).allSatisfy { $0.contains("is lower than the") })
    #expect(result.warnings.first?.message.contains("lower than the 13 routings listed") == true)
    #expect(result.warnings.count == 2)
    let state = ImportFixtures.replay(result.events)
    // The orphaned PublishContent is registered but unreachable, so `+_log`'s tree never prints it: not imported.
    let expected = ["AllPost", "Essence", "FriendTrends", "IndexTab", "New", "PicturePost", "PostComment", "UserCenter",
                    "VideoPost", "VoicePost", "WordsPost"]
    #expect(state.routingNames == expected)
    #expect(state.componentNames == expected)
}

@Test func runtimeLogShowsTheDuplicatePostAndItsUntrackedSurvivor() throws {
    let result = try ImportFixtures.load("runtime-bdj-faults.log")
    let adds = result.events.filter { $0.kind == .routingAdd && $0.name == "Post" }
    #expect(adds.count >= 2)
    let overwrite = try #require(adds.first { $0.effect == .overwritten })
    #expect(overwrite.peer != nil && overwrite.peer != overwrite.object)
    let state = ReplayState()
    let replayer = Replayer(state: state)
    var untracked = false
    for event in result.events {
        replayer.apply(event)
        if state.changes.contains(where: { if case .untracked(_, "Post", _) = $0 { true } else { false } }) { untracked = true }
    }
    #expect(untracked)
}

/// XFComponentManager `+_log` returns before its header when `__componentKeyArr` is empty, and after it when
/// `[__componentTable objectForKey:__componentKeyArr[0]]` is nil: a header alone means the root was released while
/// still registered, not an empty table.
@Test func componentLogWithoutATreeMeansTheRootWasReleasedNotAnEmptyTable() throws {
    let text = (ImportFixtures.componentLog("21.000000", ["(", "\t-> Login", ")"])
        + [ImportFixtures.prefix("22.000000") + "Component trace log:"]
        + ImportFixtures.routingLog("22.100000", count: 0, [])).joined(separator: "\n")
    let result = try ImportFixtures.load(text: text)
    #expect(result.warnings.isEmpty)
    #expect(result.stats.snapshots == 3)
    let state = ImportFixtures.replay(result.events)
    #expect(state.componentNames == ["Login"], "still registered")
    #expect(state.liveComponent(named: "Login") == nil, "but released")
    #expect(!result.events.contains { $0.kind == .componentRemove })
    #expect(result.events.contains { $0.kind == .objectDeinit && $0.name == "Login" && $0.line == 6 })
}
