import LegoModel
import LegoReplay
import Testing

/// Builds a small VIPER module: routing `id`, presenter `id+1`, activity `id+2`.
private func assemble(_ name: String, _ id: ObjectID) -> [TraceEvent] {
    [
        TraceEvent(kind: .objectAlloc, name: name, className: "BDJ\(name)Routing", object: id, layer: .routing),
        TraceEvent(kind: .objectAlloc, name: name, className: "BDJ\(name)Presenter", object: id + 1, peer: id, layer: .presenter),
        TraceEvent(kind: .objectAlloc, name: name, className: "BDJ\(name)Activity", object: id + 2, peer: id, layer: .activity),
        TraceEvent(kind: .moduleAssemble, name: name, className: "BDJ\(name)Routing", object: id, moduleKind: .viper, objects: [id, id + 1, id + 2]),
        TraceEvent(kind: .routingAdd, name: name, object: id),
        TraceEvent(kind: .componentAdd, name: name, object: id + 1),
    ]
}

private func numbered(_ events: [TraceEvent]) -> [TraceEvent] {
    events.enumerated().map { index, event in
        var copy = event
        copy.seq = UInt64(index + 1)
        copy.time = Double(index) * 0.01
        return copy
    }
}

@Test func addingUnderALiveNameOverwritesAndAppends() {
    let state = ReplayState()
    let replayer = Replayer(state: state)
    var sawOverwrite = false
    for event in numbered(assemble("Post", 10) + assemble("Post", 20)) {
        replayer.apply(event)
        if state.changes.contains(.overwritten(table: .routing, name: "Post", old: 10, new: 20)) { sawOverwrite = true }
    }
    #expect(sawOverwrite)
    #expect(state.routingTable.names == ["Post", "Post"])
    #expect(state.liveRouting(named: "Post") == 20)
    #expect(state.liveModules(named: "Post") == [10, 20])
}

@Test func removingANameDropsEveryCopyAndLeavesTheOtherInstanceUntracked() {
    let state = ReplayState()
    Replayer(state: state).run(numbered(assemble("Post", 10) + assemble("Post", 20)))
    state.apply(TraceEvent(seq: 99, kind: .routingRemove, name: "Post", object: 10, peer: 20, count: 2))
    #expect(state.routingTable.names.isEmpty)
    #expect(state.liveRouting(named: "Post") == nil)
    #expect(state.changes.contains(.untracked(table: .routing, name: "Post", survivor: 20)))
    #expect(state.modules[10]?.goneReason == .released)
}

@Test func popMarksTheScreenGoneAndDeinitReleasesTheModule() {
    let state = ReplayState()
    Replayer(state: state).run(numbered(assemble("IndexTab", 1) + assemble("Post", 10)))
    state.apply(TraceEvent(seq: 50, time: 1, kind: .transitionBegin, object: 11, peer: 2, operation: .pop))
    #expect(state.modules[10]?.goneAt?.seq == 50)
    #expect(state.modules[10]?.goneReason == .popped)
    for object: ObjectID in [12, 11] { state.apply(TraceEvent(seq: 60 + object, kind: .objectDeinit, object: object)) }
    #expect(state.modules[10] != nil)
    state.apply(TraceEvent(seq: 80, kind: .objectDeinit, object: 10))
    #expect(state.changes.contains(.moduleReleased(10)))
    #expect(state.modules[10] == nil)
}

@Test func subModulesGoWithTheirParent() {
    let state = ReplayState()
    Replayer(state: state).run(numbered(assemble("Essence", 1) + assemble("AllPost", 10) + [
        TraceEvent(kind: .link, object: 1, peer: 10, relation: .sub)
    ]))
    state.apply(TraceEvent(seq: 90, kind: .routingRemove, name: "Essence", object: 1, count: 1))
    #expect(state.modules[10]?.goneReason == .parentGone)
}

/// `XFUIBus presentComponent:…`: a present UIKit refused ends with `ok: false` and the made component as `peer`; its
/// module never gets a screen. A transition that failed before making anything (no `peer`) marks nothing.
@Test func aRefusedPresentMarksItsModuleGoneAndAFailedOneWithoutAPeerDoesNot() {
    let state = ReplayState()
    Replayer(state: state).run(numbered(assemble("Login", 10) + assemble("Post", 20)))
    state.apply(TraceEvent(seq: 50, kind: .transitionEnd, name: "Ghost", object: 10, operation: .present, value: "no module", ok: false))
    #expect(state.changes.isEmpty)
    state.apply(TraceEvent(seq: 51, kind: .transitionEnd, name: "Post", object: 10, peer: 20, operation: .present,
                           value: "Attempt to present Post on MainTab which is already presenting Login: UIKit shows nothing", ok: false))
    #expect(state.modules[20]?.goneReason == .refused)
    #expect(state.changes.contains { if case .screenGone(20, .refused, _) = $0 { true } else { false } })
    #expect(state.modules[10]?.goneAt == nil)
}
