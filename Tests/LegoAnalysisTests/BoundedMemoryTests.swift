@testable import LegoAnalysis
import LegoModel
import Testing

/// Runs `rounds` push/pop cycles (every third one leaking briefly, every fifth a duplicate) and returns the detectors' retained state.
private func retainedAfter(rounds: Int) -> (state: Int, findings: Int) {
    let session = Analyzer().makeSession(header: TraceBuilder.header)
    var trace = TraceBuilder()
    trace.show("IndexTab", 1)
    for round in 0..<rounds {
        let base = ObjectID(100 + round * 10)
        trace.push(from: 1, "Post", base)
        if round % 5 == 0 {
            trace.push(from: base, "Post", base + 5)
            trace.pop("Post", base + 5, previous: base)
        }
        trace.add(TraceEvent(kind: .refHold, object: base + 1, value: "sheet"))
        trace.pop("Post", base, previous: 1, leak: round % 3 == 0)
        trace.add(TraceEvent(kind: .refRelease, object: base + 1, value: "sheet"))
        trace.advance(0.5)
        if round % 3 == 0 { trace.release(base) }
    }
    for event in trace.events { session.replayer.apply(event) }
    let retained = session.retainedDetectorState
    session.replayer.finish()
    return (retained, session.result().findings.count)
}

@Test func detectorStateFollowsLiveStateNotTraceLength() {
    let short = retainedAfter(rounds: 30)
    let long = retainedAfter(rounds: 600)
    // A handful of entries for what is live at the end (the last round's objects, names seen), whatever the length.
    #expect(short.state < 12)
    #expect(long.state < 12)
    #expect(long.findings == short.findings)
}
