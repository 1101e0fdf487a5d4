import Foundation
import LegoModel

extension TraceReader {
    /// How `forEach` reads: on the caller's thread, or ahead on a second thread.
    public enum ReadMode: Sendable, Hashable {
        /// Read each line when the caller asks for the next event.
        case sequential
        /// Parse ahead on a background thread into `batchSize`-event batches, at most `depth` batches ahead.
        case prefetching(batchSize: Int = 2048, depth: Int = 3)
    }

    /// Streams the remaining events to `body` in file order with their line numbers, until `body` returns false or the trace ends.
    ///
    /// Both modes see the same events, the same error and the same diagnostics: a malformed line throws
    /// only after every event before it reached `body`. With `.prefetching`, parsing overlaps with `body`
    /// on a second core; batches are reused, so an event's strings are released on the reading thread
    /// (sharing them back and forth costs more than parsing). Prefetching applies to regular files only (a
    /// pipe is read sequentially: waiting for a full batch would hold events back); while it runs, `body`
    /// must not use the reader (a precondition says so). Call it only when the whole trace is wanted:
    /// if `body` stops early, lines already read ahead count in `diagnostics`.
    public func forEach(mode: ReadMode = .sequential, _ body: (TraceEvent, _ line: Int) -> Bool) throws(TraceIOError) {
        switch mode {
        case .sequential:
            var event = EventLineParser.blankEvent
            while try next(into: &event) {
                guard body(event, lineNumber) else { return }
            }
        case .prefetching where !isRegularFile:
            try forEach(mode: .sequential, body)
        case .prefetching(let batchSize, let depth):
            try prefetch(batchSize: max(1, batchSize), depth: max(1, depth), body)
        }
    }

    private func prefetch(batchSize: Int, depth: Int, _ body: (TraceEvent, Int) -> Bool) throws(TraceIOError) {
        let channel = BatchChannel(batches: (0..<depth).map { _ in EventBatch(capacity: batchSize) })
        let finished = DispatchSemaphore(value: 0)
        // The reader is used only by the reading thread until `finished` is signalled; the caller waits for it below.
        let producer = UncheckedSendable(self)
        isPrefetching = true
        Thread.detachNewThread {
            // Named so profilers and `top -H` tell the two halves of a check apart.
            Thread.current.name = "lego-trace-read"
            producer.value.fill(channel)
            finished.signal()
        }
        defer {
            channel.cancel()
            finished.wait()
            isPrefetching = false
        }
        while let batch = channel.takeFilled() {
            let events = batch.events
            let lines = batch.lines
            // Lent, not copied, so only the reading thread counts references to what it parsed; it
            // releases them when it reuses the slot.
            for index in 0..<batch.count {
                guard (events + index).lend({ body($0, lines[index]) }) else { return }
            }
            if batch.isLast {
                if let error = batch.error { throw error }
                return
            }
            channel.recycle(batch)
        }
    }

    /// The reading thread: fills free batches until the trace ends, an error stops it, or the caller cancels.
    private func fill(_ channel: BatchChannel) {
        while let batch = channel.takeEmpty() {
            let events = batch.events
            var count = 0
            var isLast = false
            var failure: TraceIOError?
            do throws(TraceIOError) {
                while count < batch.capacity {
                    guard let line = try readAhead(into: &events[count]) else {
                        isLast = true
                        break
                    }
                    batch.lines[count] = line
                    count += 1
                }
            } catch {
                failure = error
                isLast = true
            }
            batch.count = count
            batch.isLast = isLast
            batch.error = failure
            channel.publish(batch)
            if isLast { return }
        }
    }
}

/// A reusable block of parsed events handed between the reading thread and the caller.
///
/// Every slot always holds an event; the first `count` are this fill's, the rest leftovers or blanks.
private final class EventBatch {
    let capacity: Int
    let events: UnsafeMutablePointer<TraceEvent>
    let lines: UnsafeMutablePointer<Int>
    @exclusivity(unchecked)
    var count = 0
    @exclusivity(unchecked)
    var isLast = false
    @exclusivity(unchecked)
    var error: TraceIOError?

    init(capacity: Int) {
        self.capacity = capacity
        events = .allocate(capacity: capacity)
        events.initialize(repeating: EventLineParser.blankEvent, count: capacity)
        lines = .allocate(capacity: capacity)
    }

    deinit {
        events.deinitialize(count: capacity)
        events.deallocate()
        lines.deallocate()
    }
}

/// Two queues of batches (empty ones for the reader, filled ones for the caller) behind one condition variable.
///
/// A batch belongs to exactly one side at a time; the lock's ordering makes its contents visible to the other.
private final class BatchChannel: @unchecked Sendable {
    private let condition = NSCondition()
    @exclusivity(unchecked)
    private var empty: [EventBatch]
    @exclusivity(unchecked)
    private var filled: [EventBatch] = []
    @exclusivity(unchecked)
    private var cancelled = false

    init(batches: [EventBatch]) { empty = batches }

    /// Reader side: the next batch to fill, or nil once the caller has stopped.
    func takeEmpty() -> EventBatch? {
        condition.lock()
        defer { condition.unlock() }
        while empty.isEmpty && !cancelled { condition.wait() }
        return cancelled ? nil : empty.removeFirst()
    }

    /// Reader side: hands a filled batch to the caller.
    func publish(_ batch: EventBatch) {
        condition.lock()
        filled.append(batch)
        condition.broadcast()
        condition.unlock()
    }

    /// Caller side: the next filled batch, in file order (nil only after `cancel`).
    func takeFilled() -> EventBatch? {
        condition.lock()
        defer { condition.unlock() }
        while filled.isEmpty && !cancelled { condition.wait() }
        return filled.isEmpty ? nil : filled.removeFirst()
    }

    /// Caller side: returns a consumed batch for refilling.
    func recycle(_ batch: EventBatch) {
        condition.lock()
        empty.append(batch)
        condition.broadcast()
        condition.unlock()
    }

    /// Caller side: stops the reader at its next batch.
    func cancel() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        condition.unlock()
    }
}

/// Carries a non-Sendable value to another thread whose use of it is ordered by other synchronization.
private struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
