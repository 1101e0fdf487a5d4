/// The virtual time a framework's runtime model runs on: tasks the framework defers (`dispatch_async`,
/// `dispatch_after`, a delayed log) run in due order when the model settles, and every step of time is recorded.
///
/// Not thread-safe: like the frameworks' main-thread APIs, drive one clock from one thread.
public final class VirtualClock {
    /// Seconds of virtual time since the model started.
    public private(set) var now: Double = 0
    private var tasks: [Task] = []
    private var counter = 0
    private let recorder: Recorder

    private struct Task {
        let due: Double
        let order: Int
        let run: () -> Void
    }

    /// A clock at 0 whose steps are recorded through `recorder`.
    public init(recorder: Recorder) { self.recorder = recorder }

    /// Whether any deferred task is waiting.
    public var hasPendingTasks: Bool { !tasks.isEmpty }

    /// Runs `body` after `delay` seconds of virtual time; tasks due at the same moment run in the order scheduled.
    public func after(_ delay: Double, _ body: @escaping () -> Void) {
        counter += 1
        tasks.append(Task(due: now + delay, order: counter, run: body))
    }

    /// Runs every pending task due by `limit` in time order, moving the clock to each one's due time.
    public func settle(until limit: Double = .infinity) {
        while let index = tasks.indices.min(by: { (tasks[$0].due, tasks[$0].order) < (tasks[$1].due, tasks[$1].order) }),
              tasks[index].due <= limit {
            let task = tasks.remove(at: index)
            move(to: task.due)
            task.run()
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
