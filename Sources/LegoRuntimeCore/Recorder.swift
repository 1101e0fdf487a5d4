import LegoModel
import LegoTraceIO
import Synchronization

/// Hands out object identities and forwards events to the sink; shared by a framework's runtime model and every
/// object it makes, so that a real `deinit` can record itself.
public final class Recorder: Sendable {
    private let sink: (any TraceSink)?
    private let counter = Atomic<UInt64>(0)
    private let closed = Atomic<Bool>(false)

    /// A recorder writing to `sink`; nil records nothing (an untraced runtime).
    public init(sink: (any TraceSink)?) {
        self.sink = sink
    }

    /// Whether events are recorded at all.
    public var isRecording: Bool { sink != nil && !closed.load(ordering: .relaxed) }

    /// The next object identity of this runtime (never a memory address).
    public func nextID() -> ObjectID {
        counter.add(1, ordering: .relaxed).newValue
    }

    /// Records `event` (stamped by the sink), unless closed.
    public func record(_ event: consuming TraceEvent) {
        guard !closed.load(ordering: .relaxed) else { return }
        // Called through the optional in place: `guard let sink` retained and released the sink on every event.
        sink?.record(consume event)
    }

    /// Moves the sink's trace clock on by `seconds` of virtual time.
    public func advanceClock(by seconds: Double) {
        guard let sink, !closed.load(ordering: .relaxed) else { return }
        sink.advanceClock(by: seconds)
    }

    /// Flushes the sink and stops recording.
    public func close() {
        guard let sink, !closed.exchange(true, ordering: .relaxed) else { return }
        sink.flush()
    }

    /// The sink events go to.
    public var underlyingSink: (any TraceSink)? { sink }
}
