import Dispatch

/// The background timer that flushes a writer every interval.
// @unchecked: a dispatch source may be resumed and cancelled from any thread; `start` runs once, in the writer's init.
final class FlushTimer: @unchecked Sendable {
    private let source = DispatchSource.makeTimerSource(queue: DispatchQueue.global(qos: .utility))

    /// Calls `handler` every `interval` seconds (capped at an hour) on a utility queue.
    func start(every interval: Double, _ handler: @escaping @Sendable () -> Void) {
        let nanoseconds = Int(min(interval, 3600) * 1_000_000_000)
        source.schedule(deadline: .now() + .nanoseconds(nanoseconds), repeating: .nanoseconds(nanoseconds), leeway: .milliseconds(10))
        source.setEventHandler(handler: handler)
        source.resume()
    }

    /// Stops the timer; calling it again does nothing.
    func cancel() {
        source.cancel()
    }
}
