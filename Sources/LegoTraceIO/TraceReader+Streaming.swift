import Foundation
import LegoModel

extension TraceReader {
    /// How `forEach` reads: on the caller's thread, or ahead on a second thread.
    public enum ReadMode: Sendable, Hashable {
        /// Read each line when the caller asks for the next event.
        case sequential
        /// Read ahead on a second thread into `batchSize`-line batches, at most `depth` batches ahead; that thread
        /// parses the first lines of each batch and the caller's thread the rest, a split that follows whichever
        /// thread waits (`SplitBalance`).
        case prefetching(batchSize: Int = 2048, depth: Int = 3)
    }

    /// Streams the remaining events to `body` in file order with their line numbers, until `body` returns false or the trace ends.
    ///
    /// Both modes see the same events, the same error and the same diagnostics: a malformed line throws
    /// only after every event before it reached `body`. With `.prefetching`, a second thread reads ahead
    /// into batches and parses the first lines of each batch (`SplitBalance`); the caller's thread parses the
    /// rest with its own parser and applies the reader's rules (order, leniency, diagnostics) to every line in
    /// file order before `body` sees it, so the two cores share the parsing with the replay. Batches are reused,
    /// so an event's strings are released by whichever thread parses into its slot next. Prefetching applies to
    /// regular files only (a pipe is read sequentially: waiting for a full batch would hold events back); while it
    /// runs, `body` must not use the reader (a precondition says so). Call it only when the whole trace is wanted:
    /// if `body` stops early or a line throws, the lines read ahead are gone from the reader (what was delivered,
    /// `lineNumber` and `diagnostics` are exact).
    public func forEach(mode: ReadMode = .sequential, _ body: (TraceEvent, _ line: Int) -> Bool) throws(TraceIOError) {
        switch mode {
        case .sequential:
            var event = EventLineParser.blankEvent
            while try next(into: &event) {
                guard body(event, state.sequencer.lineNumber) else { return }
            }
        case .prefetching where !isRegularFile:
            try forEach(mode: .sequential, body)
        case .prefetching(let batchSize, let depth):
            guard !state.sequencer.finished else { return }
            try prefetch(batchSize: max(1, batchSize), depth: max(1, depth), body)
        }
    }

    /// The share of a batch's lines the reading thread parses at first, in 256ths (84%); `SplitBalance` moves it.
    ///
    /// QFMoudle's balance point measured before the split (`perf record` per thread, docs/performance.md): the reading
    /// thread ran 0.78 s against the replay's 0.52 s, so the threads meet when it parses (1 + replay / parse) / 2 of
    /// the lines. Other traces meet elsewhere (XFLegoVIPER's 90%), and so does a host with one busy core.
    static let readerShare = 214

    private func prefetch(batchSize: Int, depth: Int, _ body: (TraceEvent, Int) -> Bool) throws(TraceIOError) {
        let share = batchSize < Int.max / 256 ? batchSize * Self.readerShare / 256 : batchSize / 256 * Self.readerShare
        let balance = splitSchedule.map { SplitBalance(schedule: $0, capacity: batchSize) } ?? SplitBalance(share: share, capacity: batchSize)
        let channel = BatchChannel(batches: (0..<depth).map { _ in EventBatch(capacity: batchSize, arenaLines: batchSize - share) },
                                   balance: balance)
        let finished = DispatchSemaphore(value: 0)
        // The reader's source and its parser are used only by the reading thread until `finished` is signalled; the
        // rules' state is copied out for this thread and written back once the reading thread is done (below).
        let producer = UncheckedSendable(self)
        var sequencer = state.sequencer
        var parser = EventLineParser()
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
            state.sequencer = sequencer
            lastSplit = channel.balance
            isPrefetching = false
        }
        while let batch = channel.takeFilled() {
            let events = batch.events
            let lines = batch.lines
            let share = batch.readerShare
            for index in 0..<batch.count {
                let slot = events + index
                let step: LineSequencer.Step
                if index < share {
                    step = try sequencer.accept(batch.parsed[index], line: lines[index], seq: slot.pointee.seq)
                } else {
                    let raw = batch.raw[index]
                    let line = LineSource.Line(bytes: UnsafeBufferPointer(start: batch.arena + raw.start, count: raw.count),
                                               terminated: raw.terminated, tooLong: raw.tooLong)
                    let parsed = ParsedLine.parse(line, with: &parser, into: &slot.pointee)
                    step = try sequencer.accept(parsed, line: lines[index], seq: slot.pointee.seq)
                }
                switch step {
                case .deliver:
                    // Lent, not copied: a copy would retain and release every string of the event once more.
                    guard slot.lend({ body($0, lines[index]) }) else { return }
                case .skip:
                    continue
                case .finish:
                    return
                }
            }
            if batch.isLast {
                if let error = batch.error { throw error }
                sequencer.finished = true
                return
            }
            channel.recycle(batch)
        }
    }

    /// The reading thread: fills free batches until the trace ends, reading fails, or the caller cancels.
    private func fill(_ channel: BatchChannel) {
        while let (batch, share) = channel.takeEmpty() {
            let events = batch.events
            batch.readerShare = share
            var count = 0
            var isLast = false
            var failure: TraceIOError?
            batch.arenaCount = 0
            do throws(TraceIOError) {
                while count < batch.capacity {
                    guard let line = try state.nextLine() else {
                        isLast = true
                        break
                    }
                    batch.lines[count] = state.currentLine
                    if count < share {
                        batch.parsed[count] = ParsedLine.parse(line, with: &state.parser, into: &events[count])
                    } else {
                        batch.keep(line, at: count)
                    }
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

/// A reusable block of lines handed between the reading thread and the caller: the first `readerShare` parsed,
/// the rest as bytes for the caller to parse.
///
/// Every event slot always holds an event; the first `count` lines are this fill's, the rest leftovers or blanks.
private final class EventBatch {
    /// Where a line left for the caller lies in `arena`.
    struct RawLine {
        var start = 0, count = 0
        var terminated = true, tooLong = false
    }

    let capacity: Int
    /// How many of the first lines the reading thread parses in this fill (set by the reading thread before it fills).
    @exclusivity(unchecked)
    var readerShare: Int
    let events: UnsafeMutablePointer<TraceEvent>
    let lines: UnsafeMutablePointer<Int>
    /// What each of the first `readerShare` lines turned out to be.
    let parsed: UnsafeMutablePointer<ParsedLine>
    /// The lines past `readerShare`, in `arena`.
    let raw: UnsafeMutablePointer<RawLine>
    @exclusivity(unchecked)
    private(set) var arena: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked)
    private var arenaCapacity: Int
    @exclusivity(unchecked)
    var arenaCount = 0
    @exclusivity(unchecked)
    var count = 0
    @exclusivity(unchecked)
    var isLast = false
    @exclusivity(unchecked)
    var error: TraceIOError?

    /// A batch of `capacity` lines whose byte store starts with room for `arenaLines` usual lines for the caller.
    init(capacity: Int, arenaLines: Int) {
        self.capacity = capacity
        readerShare = capacity - arenaLines
        events = .allocate(capacity: capacity)
        events.initialize(repeating: EventLineParser.blankEvent, count: capacity)
        lines = .allocate(capacity: capacity)
        parsed = .allocate(capacity: capacity)
        parsed.initialize(repeating: .blank, count: capacity)
        raw = .allocate(capacity: capacity)
        raw.initialize(repeating: RawLine(), count: capacity)
        // Room for the caller's lines of a usual trace (~140 bytes a line); a longer batch grows it.
        arenaCapacity = max(1, arenaLines < Int.max / 256 ? arenaLines * 256 : 1 << 20)
        arena = .allocate(capacity: arenaCapacity)
    }

    /// Copies `line` (whose bytes the source reuses) into the arena as line `index`.
    @inline(__always)
    func keep(_ line: LineSource.Line, at index: Int) {
        let length = line.bytes.count
        if arenaCount + length > arenaCapacity { grow(to: arenaCount + length) }
        if length > 0 { (arena + arenaCount).initialize(from: line.bytes.baseAddress!, count: length) }
        raw[index] = RawLine(start: arenaCount, count: length, terminated: line.terminated, tooLong: line.tooLong)
        arenaCount += length
    }

    private func grow(to needed: Int) {
        let larger = max(needed, arenaCapacity * 2)
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
        moved.initialize(from: arena, count: arenaCount)
        arena.deallocate()
        arena = moved
        arenaCapacity = larger
    }

    deinit {
        events.deinitialize(count: capacity)
        events.deallocate()
        lines.deallocate()
        parsed.deinitialize(count: capacity)
        parsed.deallocate()
        raw.deinitialize(count: capacity)
        raw.deallocate()
        arena.deallocate()
    }
}

/// Two queues of batches (empty ones for the reader, filled ones for the caller) behind one condition variable,
/// and the split of the next batch between the two threads.
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
    /// The split; read by the caller once the reading thread is done.
    @exclusivity(unchecked)
    private(set) var balance: SplitBalance

    init(batches: [EventBatch], balance: SplitBalance) {
        empty = batches
        self.balance = balance
    }

    /// Reader side: the next batch to fill and how many of its lines to parse, or nil once the caller has stopped.
    func takeEmpty() -> (EventBatch, share: Int)? {
        condition.lock()
        defer { condition.unlock() }
        if empty.isEmpty && !cancelled { balance.readerWaited() }
        while empty.isEmpty && !cancelled { condition.wait() }
        return cancelled ? nil : (empty.removeFirst(), balance.nextShare())
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
        if filled.isEmpty && !cancelled { balance.callerWaited() }
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
