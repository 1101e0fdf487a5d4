/// The virtual time a framework's runtime model runs on: tasks the framework defers (`dispatch_async`,
/// `dispatch_after`, a delayed log) run in due order when the model settles, and every step of time is recorded.
///
/// Not thread-safe: like the frameworks' main-thread APIs, drive one clock from one thread.
public final class VirtualClock {
    /// Seconds of virtual time since the model started.
    public private(set) var now: Double = 0
    /// Pending tasks as a binary min-heap by (due, order): a journey keeps thousands pending (delayed logs), and
    /// finding the next by a walk over all of them made settling quadratic.
    private var tasks: [Task] = []
    private var counter = 0
    private let recorder: Recorder

    private struct Task {
        let due: Double
        let order: Int
        let run: () -> Void

        func precedes(_ other: Task) -> Bool { (due, order) < (other.due, other.order) }
    }

    /// A clock at 0 whose steps are recorded through `recorder`.
    public init(recorder: Recorder) { self.recorder = recorder }

    /// Whether any deferred task is waiting.
    public var hasPendingTasks: Bool { !tasks.isEmpty }

    /// Runs `body` after `delay` seconds of virtual time; tasks due at the same moment run in the order scheduled.
    public func after(_ delay: Double, _ body: @escaping () -> Void) {
        counter += 1
        tasks.append(Task(due: now + delay, order: counter, run: body))
        var child = tasks.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard tasks[child].precedes(tasks[parent]) else { break }
            tasks.swapAt(child, parent)
            child = parent
        }
    }

    /// Runs every pending task due by `limit` in time order, moving the clock to each one's due time.
    public func settle(until limit: Double = .infinity) {
        while let first = tasks.first, first.due <= limit {
            let task = popFirst()
            move(to: task.due)
            task.run()
        }
    }

    /// Removes and returns the task that runs next (the heap's root).
    private func popFirst() -> Task {
        let first = tasks[0]
        let last = tasks.removeLast()
        guard !tasks.isEmpty else { return first }
        tasks[0] = last
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var smallest = parent
            if left < tasks.count, tasks[left].precedes(tasks[smallest]) { smallest = left }
            if right < tasks.count, tasks[right].precedes(tasks[smallest]) { smallest = right }
            guard smallest != parent else { return first }
            tasks.swapAt(parent, smallest)
            parent = smallest
        }
    }

    /// Lets `seconds` pass: runs every task due by then and ends at exactly `now + seconds`; a non-positive or
    /// infinite span is ignored.
    public func advance(by seconds: Double) {
        guard seconds > 0, seconds.isFinite else { return }
        let target = now + seconds
        settle(until: target)
        move(to: target)
    }

    private func move(to time: Double) {
        guard time > now else { return }
        recorder.advanceClock(by: time - now)
        now = time
    }
}
