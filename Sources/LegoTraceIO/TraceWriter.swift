#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Foundation
import LegoModel
import Synchronization

/// A thread-safe, buffered JSON Lines trace file: the sink the runtime records into.
///
/// `record` only stamps the event (`seq`, time, thread) and queues it under one lock, so sequence numbers
/// increase in queue order; a background thread encodes queued events and writes them in that order when
/// a batch is ready and every `flushInterval` seconds (so a crash loses at most that interval). `flush()`,
/// `close()` and the exit hook drain the queue at once.
// Encoding off the recording thread halved tracing's cost to the app on the 100,000-transition journey
// (lego-bench runtime); a producer that outruns the encoder encodes inline once the backlog is full.
public final class TraceWriter: TraceSink {
    private struct State {
        var pending: [TraceEvent] = []
        // After a swap `pending` holds the previous batch, already written; the recording thread drops it.
        var pendingIsStale = false
        var wakeRequested = false
        var nextSeq: UInt64 = 1
        var clockOffset: Double = 0
        var lastTime: Double = 0
        var threadNumbers: [UInt32] = []
        var threadCount: UInt32 = 0
        var isClosed = false
        var wroteEnd = false
    }

    private struct Output {
        var fileDescriptor: Int32
        var ownsDescriptor: Bool
        var spare: [UInt8] = []
        var batch: [TraceEvent] = []
        var error: TraceIOError?
    }

    // Lock order: `output` before `state`, never the other way round.
    private let state: Mutex<State>
    private let output: Mutex<Output>
    private let startTime: Double
    private let clock: TraceClock
    private let name: String
    private let wake = DispatchSemaphore(value: 0)
    private let stopped = Atomic<Bool>(false)
    private let hasEncoder: Bool

    /// Queued events at which the background encoder is woken.
    static let batchSize = 4096
    /// Queued events at which `record` encodes and writes inline instead of letting the queue grow.
    static let backlogLimit = 65536
    /// Encoded bytes reserved for one batch.
    static let bufferLimit = 64 * 1024

    /// Creates (or truncates) the file at `path` and writes the header line to it at once.
    public convenience init(path: String, header: TraceHeader, flushInterval: Double = 0.2, clock: TraceClock = .monotonic) throws(TraceIOError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            let code = errno
            throw .cannotOpen(file: path, reason: Self.openFailureReason(code))
        }
        self.init(descriptor: descriptor, owns: true, name: path, header: header, flushInterval: flushInterval, clock: clock)
        if let error = writeError {
            close()
            throw error
        }
    }

    /// Writes to an already open descriptor (a pipe or inherited file), which the writer never closes.
    public convenience init(fileDescriptor: Int32, header: TraceHeader, flushInterval: Double = 0.2, clock: TraceClock = .monotonic) {
        self.init(descriptor: fileDescriptor, owns: false, name: "fd \(fileDescriptor)", header: header, flushInterval: flushInterval, clock: clock)
    }

    private init(descriptor: Int32, owns: Bool, name: String, header: TraceHeader, flushInterval: Double, clock: TraceClock) {
        self.name = name
        self.clock = clock
        var initial = State()
        initial.pending.reserveCapacity(Self.batchSize * 2)
        state = Mutex(initial)
        var spare: [UInt8] = []
        spare.reserveCapacity(Self.bufferLimit * 2)
        TraceEncoding.encode(header, into: &spare)
        output = Mutex(Output(fileDescriptor: descriptor, ownsDescriptor: owns, spare: spare))
        startTime = Self.monotonicSeconds()
        hasEncoder = flushInterval > 0 && flushInterval.isFinite
        flush()
        OpenWriters.shared.register(self)
        if hasEncoder { startEncoder(every: min(flushInterval, 3600)) }
    }

    private func startEncoder(every interval: Double) {
        Thread.detachNewThread { [weak self, wake] in
            Thread.current.name = "lego-trace-write"
            while true {
                _ = wake.wait(timeout: .now() + interval)
                guard let writer = self, !writer.stopped.load(ordering: .acquiring) else { return }
                writer.flush()
            }
        }
    }

    deinit {
        close()
    }

    /// Stamps `event` with the next `seq`, the trace clock and this thread's number, and queues it.
    public func record(_ event: consuming TraceEvent) {
        enqueue(event, closing: false)
    }

    /// Stamps and queues `event`; with `closing`, it is the end marker and the writer takes no event after it.
    private func enqueue(_ event: consuming TraceEvent, closing: Bool) {
        let token = ThreadToken.current
        // Read before taking the lock, so recording threads do not queue behind a clock read.
        let elapsed = clock == .monotonic ? Self.monotonicSeconds() - startTime : 0
        // Moved into the queue through an optional: the lock's closure cannot consume a parameter itself.
        var incoming = Optional(consume event)
        enum Next { case nothing, wakeEncoder, flushInline }
        let next = state.withLock { state -> Next in
            guard !state.isClosed else { return .nothing }
            // Rounding, and threads taking the lock in another order than they read the clock, must never make time
            // run backwards in the file.
            state.lastTime = max(state.lastTime, elapsed + state.clockOffset)
            let thread = Self.threadNumber(token: token, in: &state)
            if state.pendingIsStale {
                state.pendingIsStale = false
                state.pending.removeAll(keepingCapacity: true)
            }
            guard var event = incoming.take() else { return .nothing }
            if closing {
                // Set in the same critical section, so no event of another thread can follow the end marker.
                state.isClosed = true
                state.wroteEnd = true
                event.count = Int(state.nextSeq - 1)
            }
            event.seq = state.nextSeq
            event.time = state.lastTime
            event.thread = thread
            // Moved, not copied: a copy retains every string of the event and the dropped original releases them.
            state.pending.append(consume event)
            state.nextSeq += 1
            if state.pending.count >= Self.backlogLimit { return .flushInline }
            guard state.pending.count >= Self.batchSize, !state.wakeRequested else { return .nothing }
            // Without a background encoder (flushInterval 0) a full batch is written by the recording thread.
            guard hasEncoder else { return .flushInline }
            state.wakeRequested = true
            return .wakeEncoder
        }
        switch next {
        case .nothing: break
        case .wakeEncoder: wake.signal()
        case .flushInline: flush()
        }
    }

    /// Moves the trace clock forward by `seconds` (ignored when negative or not finite).
    public func advanceClock(by seconds: Double) {
        guard seconds.isFinite, seconds > 0 else { return }
        state.withLock { $0.clockOffset += seconds }
    }

    /// Encodes everything queued and writes it to the file, in `seq` order.
    public func flush() {
        output.withLock { output in
            guard output.fileDescriptor >= 0 else { return }
            let count = state.withLock { state -> Int in
                state.wakeRequested = false
                if state.pendingIsStale {
                    // Nothing was recorded since the last flush, so the app is idle: drop both written
                    // batches here rather than keep their events (and the app's strings) alive.
                    state.pending.removeAll(keepingCapacity: true)
                    state.pendingIsStale = false
                    output.batch.removeAll(keepingCapacity: true)
                    return 0
                }
                swap(&state.pending, &output.batch)
                state.pendingIsStale = true
                return output.batch.count
            }
            // While the app records, written events go back to the recording side and are released by a
            // recording thread (under the lock, once per batch), and the encoder only borrows them: reference
            // counting on the encoder's core fought the app's over the same strings (see `lend`).
            output.batch.withUnsafeMutableBufferPointer { batch in
                guard let first = batch.baseAddress else { return }
                for index in 0..<count {
                    (first + index).lend { TraceEncoding.encode($0, into: &output.spare) }
                }
            }
            guard !output.spare.isEmpty else { return }
            if output.error == nil {
                let failure = output.spare.withUnsafeBytes { Self.writeAll($0, to: output.fileDescriptor) }
                if let failure { output.error = .writeFailed(file: name, reason: failure) }
            }
            output.spare.removeAll(keepingCapacity: true)
        }
    }

    /// Writes the clean-end marker (`trace.end`), flushes, stops the timer and closes the file; later events are
    /// dropped. Calling it again does nothing.
    public func close() {
        enqueue(TraceEvent(kind: .traceEnd), closing: true)
        state.withLock { $0.isClosed = true }
        flush()
        stopped.store(true, ordering: .releasing)
        wake.signal()
        output.withLock { output in
            if output.ownsDescriptor, output.fileDescriptor >= 0 {
                _ = closeFileDescriptor(output.fileDescriptor)
            }
            output.fileDescriptor = -1
            // A closed writer may stay referenced (the runtime keeps its sink): keep no events or buffers.
            output.batch = []
            output.spare = []
            state.withLock { $0.pending = [] }
        }
        OpenWriters.shared.unregister(self)
    }

    /// How many events were recorded so far (the end marker `close` writes is not one of them).
    public var eventCount: Int {
        state.withLock { Int($0.nextSeq - 1) - ($0.wroteEnd ? 1 : 0) }
    }

    /// The trace time of the last event recorded, the end marker included once `close` wrote it: what `check`
    /// reports as the trace's duration.
    public var duration: Double {
        state.withLock { $0.lastTime }
    }

    /// The first write error, if writing ever failed (later events are then dropped).
    public var writeError: TraceIOError? {
        output.withLock { $0.error }
    }

    // MARK: - Helpers

    private static func threadNumber(token: Int, in state: inout State) -> UInt32 {
        if token < state.threadNumbers.count {
            let number = state.threadNumbers[token]
            if number != 0 { return number }
        } else {
            state.threadNumbers.append(contentsOf: repeatElement(0, count: token + 1 - state.threadNumbers.count))
        }
        state.threadCount += 1
        state.threadNumbers[token] = state.threadCount
        return state.threadCount
    }

    private static func monotonicSeconds() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1_000_000_000
    }

    private static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> String? {
        var offset = 0
        while offset < bytes.count {
            let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                let code = errno
                if code == EINTR { continue }
                return String(cString: strerror(code))
            }
            offset += written
        }
        return nil
    }

    private static func openFailureReason(_ code: Int32) -> String {
        switch code {
        case ENOENT: "the directory does not exist"
        case EACCES, EPERM: "permission denied (the directory or file is not writable)"
        case EISDIR: "it is a directory"
        case ENOTDIR: "a component of the path is not a directory"
        default: String(cString: strerror(code))
        }
    }

    /// Flushes every writer still open; run by the exit hook.
    static func flushAllOpen() {
        for writer in OpenWriters.shared.all() { writer.flush() }
    }
}

// `close` is shadowed by `TraceWriter.close()` inside the class.
private func closeFileDescriptor(_ descriptor: Int32) -> Int32 {
    close(descriptor)
}
