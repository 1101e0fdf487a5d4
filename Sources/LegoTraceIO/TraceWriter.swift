#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import LegoModel
import Synchronization

/// A thread-safe, buffered JSON Lines trace file: the sink the runtime records into.
///
/// `seq` is assigned and the event encoded under one lock, so sequence numbers increase in file order.
/// The buffer is written out when it fills, every `flushInterval` seconds by a background timer (so a
/// crash loses at most that interval), on `flush()`, on `close()` and at process exit.
public final class TraceWriter: TraceSink {
    private struct State {
        var buffer: [UInt8] = []
        var nextSeq: UInt64 = 1
        var clockOffset: Double = 0
        var lastTime: Double = 0
        var threadNumbers: [UInt32] = []
        var threadCount: UInt32 = 0
        var isClosed = false
    }

    private struct Output {
        var fileDescriptor: Int32
        var ownsDescriptor: Bool
        var spare: [UInt8] = []
        var error: TraceIOError?
    }

    // Lock order: `output` before `state`, never the other way round.
    private let state: Mutex<State>
    private let output: Mutex<Output>
    private let startTime: Double
    private let name: String
    private let flushTimer: FlushTimer?

    /// Buffer size at which `record` writes out without waiting for the timer (64 KiB).
    static let bufferLimit = 64 * 1024

    /// Creates (or truncates) the file at `path` and writes the header line to it at once.
    public convenience init(path: String, header: TraceHeader, flushInterval: Double = 0.2) throws(TraceIOError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            let code = errno
            throw .cannotOpen(file: path, reason: Self.openFailureReason(path: path, code: code))
        }
        self.init(descriptor: descriptor, owns: true, name: path, header: header, flushInterval: flushInterval)
        if let error = writeError {
            close()
            throw error
        }
    }

    /// Writes to an already open descriptor (a pipe or inherited file), which the writer never closes.
    public convenience init(fileDescriptor: Int32, header: TraceHeader, flushInterval: Double = 0.2) {
        self.init(descriptor: fileDescriptor, owns: false, name: "fd \(fileDescriptor)", header: header, flushInterval: flushInterval)
    }

    private init(descriptor: Int32, owns: Bool, name: String, header: TraceHeader, flushInterval: Double) {
        self.name = name
        var initial = State()
        initial.buffer.reserveCapacity(Self.bufferLimit * 2)
        TraceEncoding.encode(header, into: &initial.buffer)
        state = Mutex(initial)
        var spare: [UInt8] = []
        spare.reserveCapacity(Self.bufferLimit * 2)
        output = Mutex(Output(fileDescriptor: descriptor, ownsDescriptor: owns, spare: spare))
        startTime = Self.monotonicSeconds()
        flushTimer = flushInterval > 0 && flushInterval.isFinite ? FlushTimer() : nil
        flush()
        OpenWriters.shared.register(self)
        flushTimer?.start(every: flushInterval) { [weak self] in self?.flush() }
    }

    deinit {
        close()
    }

    /// Stamps `event` with the next `seq`, the trace clock and this thread's number, and buffers its line.
    public func record(_ event: TraceEvent) {
        let token = ThreadToken.current
        let full = state.withLock { state -> Bool in
            guard !state.isClosed else { return false }
            var stamped = event
            stamped.seq = state.nextSeq
            state.nextSeq += 1
            // Rounding and a clock read racing the offset must never make time run backwards in the file.
            let now = Self.monotonicSeconds() - startTime + state.clockOffset
            state.lastTime = max(state.lastTime, now)
            stamped.time = state.lastTime
            stamped.thread = Self.threadNumber(token: token, in: &state)
            TraceEncoding.encode(stamped, into: &state.buffer)
            return state.buffer.count >= Self.bufferLimit
        }
        if full { flush() }
    }

    /// Moves the trace clock forward by `seconds` (ignored when negative or not finite).
    public func advanceClock(by seconds: Double) {
        guard seconds.isFinite, seconds > 0 else { return }
        state.withLock { $0.clockOffset += seconds }
    }

    /// Writes everything buffered to the file.
    public func flush() {
        output.withLock { output in
            guard output.fileDescriptor >= 0 else { return }
            state.withLock { state in swap(&state.buffer, &output.spare) }
            guard !output.spare.isEmpty else { return }
            if output.error == nil {
                let failure = output.spare.withUnsafeBytes { Self.writeAll($0, to: output.fileDescriptor) }
                if let failure { output.error = .writeFailed(file: name, reason: failure) }
            }
            output.spare.removeAll(keepingCapacity: true)
        }
    }

    /// Flushes, stops the timer and closes the file; later events are dropped. Calling it again does nothing.
    public func close() {
        state.withLock { $0.isClosed = true }
        flush()
        flushTimer?.cancel()
        output.withLock { output in
            if output.ownsDescriptor, output.fileDescriptor >= 0 {
                _ = closeFileDescriptor(output.fileDescriptor)
            }
            output.fileDescriptor = -1
        }
        OpenWriters.shared.unregister(self)
    }

    /// How many events were recorded so far.
    public var eventCount: Int {
        state.withLock { Int($0.nextSeq - 1) }
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

    private static func openFailureReason(path: String, code: Int32) -> String {
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

/// The background timer that flushes a writer every interval.
// @unchecked: a dispatch source may be resumed and cancelled from any thread; `start` runs once, in the writer's init.
private final class FlushTimer: @unchecked Sendable {
    private let source = DispatchSource.makeTimerSource(queue: DispatchQueue.global(qos: .utility))

    func start(every interval: Double, _ handler: @escaping @Sendable () -> Void) {
        let nanoseconds = Int(min(interval, 3600) * 1_000_000_000)
        source.schedule(deadline: .now() + .nanoseconds(nanoseconds), repeating: .nanoseconds(nanoseconds), leeway: .milliseconds(10))
        source.setEventHandler(handler: handler)
        source.resume()
    }

    func cancel() {
        source.cancel()
    }
}

/// A small process-wide number for the calling OS thread, stored thread-locally; writers map it to their own 1, 2, 3….
enum ThreadToken {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()
    private static let counter = Atomic<Int>(0)

    /// The calling thread's token, assigned on first use (0, 1, 2…).
    static var current: Int {
        if let stored = pthread_getspecific(key) {
            return Int(bitPattern: stored) - 1
        }
        let token = counter.add(1, ordering: .relaxed).oldValue
        pthread_setspecific(key, UnsafeRawPointer(bitPattern: token + 1))
        return token
    }
}

/// The writers still open, so the exit hook can flush them.
final class OpenWriters: Sendable {
    private struct WeakWriter {
        weak var writer: TraceWriter?
    }

    /// The process-wide registry; creating it installs the `atexit` hook.
    static let shared: OpenWriters = {
        atexit { TraceWriter.flushAllOpen() }
        return OpenWriters()
    }()

    private let writers = Mutex<[ObjectIdentifier: WeakWriter]>([:])

    func register(_ writer: TraceWriter) {
        writers.withLock { $0[ObjectIdentifier(writer)] = WeakWriter(writer: writer) }
    }

    func unregister(_ writer: TraceWriter) {
        writers.withLock { _ = $0.removeValue(forKey: ObjectIdentifier(writer)) }
    }

    func all() -> [TraceWriter] {
        writers.withLock { $0.values.compactMap(\.writer) }
    }
}
