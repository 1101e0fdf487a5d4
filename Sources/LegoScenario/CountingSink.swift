import LegoTraceIO
import LegoModel
import Synchronization

/// Forwards every event to another sink while counting events and the trace clock, so a run can report them for any
/// sink, and stamps each event with the scenario line of the journey step that caused it (`line`), so a finding can
/// point at the YAML a person edits.
final class CountingSink: TraceSink {
    private let inner: any TraceSink
    private let count = Atomic<Int>(0)
    private let clock = Mutex<Double>(0)
    private let stepLine = Atomic<Int>(0)

    /// Wraps `inner`.
    init(_ inner: any TraceSink) { self.inner = inner }

    /// Events from now on were caused by the journey step on scenario line `line` (0: by no step, e.g. app setup).
    func enterStep(line: Int) { stepLine.store(line, ordering: .relaxed) }

    /// Counts, stamps and forwards `event`.
    func record(_ event: consuming TraceEvent) {
        count.add(1, ordering: .relaxed)
        let line = stepLine.load(ordering: .relaxed)
        // Set on the parameter itself: `var copy = consume event` moved all 200 bytes of it once more.
        if line > 0 { event.line = line }
        inner.record(consume event)
    }

    /// Adds to the clock total and forwards.
    func advanceClock(by seconds: Double) {
        clock.withLock { $0 += seconds }
        inner.advanceClock(by: seconds)
    }

    /// Forwards.
    func flush() { inner.flush() }

    /// Events recorded so far.
    var events: Int { count.load(ordering: .relaxed) }

    /// Seconds the trace clock was advanced.
    var elapsed: Double { clock.withLock { $0 } }
}

extension CountingSink {
    /// Runs a journey through `body` with a counting wrapper of `sink` (nil when untraced), then completes the summary
    /// it returns with the events recorded and the trace time that passed; `body` closes its runtime, which flushes.
    static func counting(_ sink: (any TraceSink)?, _ body: (CountingSink?) -> RunSummary) -> RunSummary {
        let counter = sink.map(CountingSink.init)
        var summary = body(counter)
        if let counter {
            summary.events = counter.events
            summary.duration = counter.elapsed
        }
        return summary
    }
}
