import LegoModel
import LegoReplay
import Testing

/// A state made for a trace's framework feeds only that framework's sub-state: `url.open`, `url.intercept` and
/// `notification` are in every framework's traces, and an XFLegoVIPER check paid for NNModule's bookkeeping of them (#24).
@Suite struct ReplayFrameworkTests {
    private static let events: [TraceEvent] = [
        TraceEvent(seq: 1, kind: .urlIntercept, url: "bdj://post", value: "LoginInterceptor"),
        TraceEvent(seq: 2, kind: .notification, name: "didLogin", ok: true),
        TraceEvent(seq: 3, kind: .moduleDeclare, name: "PostModule", className: "PostModule", moduleKind: .protocolModule, value: "adopts"),
    ]

    private static func replayed(_ framework: Framework?) -> ReplayState {
        let state = ReplayState(framework: framework)
        for event in events { state.apply(event) }
        return state
    }

    @Test func anXFLegoVIPERTraceFeedsNeitherSubState() {
        let state = Self.replayed(.xflegoViper)
        #expect(state.nn == NNState())
        #expect(state.qf.isEmpty)
        #expect(state.eventCount == 3)
    }

    @Test func eachFrameworkFeedsItsOwnSubStateOnly() {
        let nn = Self.replayed(.nnModule)
        #expect(nn.nn.sticky["didLogin"] != nil)
        #expect(nn.nn.openInProgress.intercepts == ["LoginInterceptor": 1])
        #expect(nn.qf.isEmpty)
        let qf = Self.replayed(.qfMoudle)
        #expect(qf.nn == NNState())
        #expect(qf.qf.protocols["PostModule"]?.adopts == true)
    }

    @Test func aStateWithoutAFrameworkFeedsEverySubState() {
        let state = Self.replayed(nil)
        #expect(state.nn.lastPost["didLogin"] != nil)
        #expect(state.qf.protocols["PostModule"] != nil)
    }
}
