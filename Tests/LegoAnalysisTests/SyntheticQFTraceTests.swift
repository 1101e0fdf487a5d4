import LegoAnalysis
import LegoModel
import LegoReplay
import LegoTestSupport
import Testing

/// The synthetic QFMoudle trace `lego-bench check` times is a realistic, clean trace of bounded live state, so its replay
/// cost per event does not grow with its length and no finding is made per lifecycle.
@Suite struct SyntheticQFTraceTests {
    private func analyze(_ count: Int) -> (findings: [Finding], state: ReplayState) {
        let session = Analyzer().makeSession(header: SyntheticQFTrace.header)
        for event in SyntheticQFTrace.events(count: count) { session.replayer.apply(event) }
        let state = session.replayer.state
        session.replayer.finish()
        return (session.result().findings, state)
    }

    @Test func aCleanTraceHasNoFindingHoweverLong() {
        for count in [5_000, 40_000] {
            let findings = analyze(count).findings
            #expect(findings.isEmpty, "\(count) events: \(findings.map(\.message))")
        }
    }

    @Test func itsLiveStateStaysBounded() {
        let short = analyze(5_000).state, long = analyze(40_000).state
        // Wherever the trace stops inside a lifecycle: two tab modules with their controllers, one module and its controller.
        #expect(short.objects.count <= 6 && long.objects.count <= 6)
        #expect(short.qf.resolutions.count <= 3 && long.qf.resolutions.count <= 3)
        #expect(long.qf.protocols.count == short.qf.protocols.count)
    }

    @Test func itOpensByProtocolAndByURLWithKVCAndCallbacks() {
        let events = SyntheticQFTrace.events(count: 2_000)
        let kinds = Set(events.map(\.kind))
        for kind: TraceEvent.Kind in [.moduleDeclare, .moduleResolve, .kvcSet, .urlOpen, .callbackSet, .eventSend,
                                      .objectAlloc, .objectDeinit, .transitionBegin, .transitionEnd] {
            #expect(kinds.contains(kind), "no \(kind.rawValue)")
        }
        #expect(events.contains { $0.kind == .moduleResolve && $0.url == nil })
        #expect(events.contains { $0.kind == .moduleResolve && $0.url != nil })
    }
}
