import LegoAnalysis
import LegoModel
import LegoReplay
import LegoTestSupport
import Testing

/// The synthetic NNModule-swift trace `lego-bench check` times is a realistic, clean trace of bounded live state, so its
/// replay cost per event does not grow with its length and no finding is made per lifecycle.
@Suite struct SyntheticNNTraceTests {
    private func analyze(_ count: Int) -> (findings: [Finding], state: ReplayState) {
        let session = Analyzer().makeSession(header: SyntheticNNTrace.header)
        for event in SyntheticNNTrace.events(count: count) { session.replayer.apply(event) }
        let state = session.replayer.state
        session.replayer.finish()
        return (session.result().findings, state)
    }

    @Test func onlyTheSeededPriorityTieIsFoundHoweverLongTheTrace() {
        for count in [5_000, 40_000] {
            let findings = analyze(count).findings
            #expect(findings.map(\.ruleID) == ["nn-priority-ignored"], "\(count) events: \(findings.map(\.message))")
        }
    }

    @Test func itsLiveStateStaysBounded() {
        let short = analyze(5_000).state, long = analyze(40_000).state
        // Wherever the trace stops inside a lifecycle: the tab bar, its navigation, five impls, one screen and one token.
        #expect(short.objects.count <= 9 && long.objects.count <= 9)
        #expect(short.nn.eventSets.count <= 1 && long.nn.eventSets.count <= 1)
        #expect(long.nn.routes.values.map(\.count).reduce(0, +) == short.nn.routes.values.map(\.count).reduce(0, +))
    }

    @Test func itOpensRoutesThroughRedirectsInterceptorsAndTheNestedRouter() {
        let kinds = Set(SyntheticNNTrace.events(count: 2_000).map(\.kind))
        for kind: TraceEvent.Kind in [.nnServiceResolve, .nnRouteRedirect, .nnRouteForward, .urlIntercept, .nnRouteHandle, .urlOpen,
                                      .nnEventRegister, .eventSend, .nnEventRemove, .nnObserverAdd, .notification, .nnObserverRemove,
                                      .objectAlloc, .objectDeinit, .transitionBegin, .transitionEnd] {
            #expect(kinds.contains(kind), "no \(kind.rawValue)")
        }
    }
}
