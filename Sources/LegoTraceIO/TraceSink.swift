import LegoModel
import Synchronization

/// Where the runtime sends its events; the sink stamps `seq`, `time` and `thread`.
///
/// Implementations are thread-safe: any thread may record at any time.
// Class-bound so that the runtime calls its sink without copying it: an unbound existential was copied through its
// value witnesses, ~140 instructions on every event recorded.
public protocol TraceSink: AnyObject, Sendable {
    /// Records one event, assigning its `seq` (next in order), `time` (trace clock) and `thread`.
    ///
    /// The event is consumed, so a sink can queue it without copying (and retaining) its strings.
    func record(_ event: consuming TraceEvent)
    /// Moves the trace clock forward without waiting, so scenarios can model time passing.
    func advanceClock(by seconds: Double)
    /// Writes out anything buffered.
    func flush()
}

/// An in-memory sink, for tests and for replaying a run without touching disk.
public final class TraceBuffer: TraceSink {
    private struct State {
        var events: [TraceEvent] = []
        var clock: Double = 0
    }
    private let state = Mutex(State())

    /// Creates an empty buffer.
    public init() {}

    /// Appends `event` with the next `seq` and the buffer's virtual clock as `time`.
    public func record(_ event: consuming TraceEvent) {
        // Moved in through an optional, as `TraceWriter` does: appending a copy retained every string of the event.
        var incoming = Optional(consume event)
        state.withLock { state in
            guard var stamped = incoming.take() else { return }
            stamped.seq = UInt64(state.events.count + 1)
            stamped.time = state.clock
            stamped.thread = 1
            state.events.append(consume stamped)
        }
    }

    /// Advances the virtual clock.
    public func advanceClock(by seconds: Double) {
        state.withLock { $0.clock += seconds }
    }

    /// Nothing to flush in memory.
    public func flush() {}

    /// Everything recorded so far, in `seq` order.
    public var events: [TraceEvent] { state.withLock { $0.events } }
}
