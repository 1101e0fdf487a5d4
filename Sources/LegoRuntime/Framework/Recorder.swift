import LegoModel
import LegoTraceIO
import Synchronization

/// Hands out object identities and forwards events to the sink; shared by the runtime and every layer
/// object so that a real `deinit` can record itself.
final class Recorder: Sendable {
    private let sink: (any TraceSink)?
    private let counter = Atomic<UInt64>(0)
    private let closed = Atomic<Bool>(false)

    init(sink: (any TraceSink)?) {
        self.sink = sink
    }

    /// Whether events are recorded at all.
    var isRecording: Bool { sink != nil && !closed.load(ordering: .relaxed) }

    /// The next object identity of this runtime (never a memory address).
    func nextID() -> ObjectID {
        counter.add(1, ordering: .relaxed).newValue
    }

    func record(_ event: consuming TraceEvent) {
        guard let sink, !closed.load(ordering: .relaxed) else { return }
        sink.record(consume event)
    }

    func advanceClock(by seconds: Double) {
        guard let sink, !closed.load(ordering: .relaxed) else { return }
        sink.advanceClock(by: seconds)
    }

    /// Flushes the sink and stops recording.
    func close() {
        guard let sink, !closed.exchange(true, ordering: .relaxed) else { return }
        sink.flush()
    }

    var underlyingSink: (any TraceSink)? { sink }
}
