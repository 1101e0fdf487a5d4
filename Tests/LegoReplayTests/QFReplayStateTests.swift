import LegoModel
import LegoReplay
import Testing

@Test func aQFMoudleResolveStartsAModuleItsControllerJoinsAndDeinitForgets() {
    let state = ReplayState()
    var seq: UInt64 = 0
    func apply(_ event: TraceEvent) {
        seq += 1
        var event = event
        event.seq = seq
        state.apply(event)
    }
    apply(TraceEvent(kind: .moduleDeclare, name: "Cart", className: "Cart", moduleKind: .protocolModule, value: "adopts"))
    apply(TraceEvent(kind: .objectAlloc, name: "Cart", className: "Cart", object: 1))
    apply(TraceEvent(kind: .moduleResolve, name: "Cart", className: "Cart", object: 1, peerName: "HomeViewController",
                     moduleKind: .protocolModule, ok: true))
    apply(TraceEvent(kind: .objectAlloc, name: "Cart", className: "CartViewController", object: 2, peer: 1))
    apply(TraceEvent(kind: .callbackSet, object: 1, objects: [2]))
    #expect(state.qf.protocols["Cart"]?.adopts == true)
    // A protocol declaration is not an XFLegoVIPER module class family.
    #expect(state.declarations.isEmpty)
    #expect(state.modules[1]?.kind == .protocolModule)
    #expect(state.moduleID(of: 2) == 1)
    #expect(state.qf.resolutions[1]?.caller == "HomeViewController")
    #expect(state.qf.callbackCaptures[1] == [2])
    apply(TraceEvent(kind: .transitionBegin, name: "Cart", object: 2, operation: .pop))
    #expect(state.modules[1]?.goneReason == .popped)
    apply(TraceEvent(kind: .objectDeinit, object: 2))
    apply(TraceEvent(kind: .objectDeinit, object: 1))
    #expect(state.modules[1] == nil)
    #expect(state.qf.resolutions.isEmpty && state.qf.callbackCaptures.isEmpty)
}

@Test func aFailedQFMoudleResolveStartsNoModule() {
    let state = ReplayState()
    state.apply(TraceEvent(seq: 1, kind: .moduleResolve, name: "Ghost", className: "Ghost", value: "no class Ghost", ok: false))
    #expect(state.modules.isEmpty && state.qf.resolutions.isEmpty)
}
