import LegoModel

/// Something that watches the replay: detectors and graph builders.
public protocol ReplayObserver: AnyObject {
    /// Called before `event` changes the state (the state still shows the moment before).
    func willApply(_ event: TraceEvent, state: ReplayState)
    /// Called after `event` changed the state; `state.changes` says what it meant.
    func didApply(_ event: TraceEvent, state: ReplayState)
    /// Called once after the last event.
    func finish(state: ReplayState)
}

extension ReplayObserver {
    /// Does nothing by default.
    public func willApply(_ event: TraceEvent, state: ReplayState) {}
    /// Does nothing by default.
    public func didApply(_ event: TraceEvent, state: ReplayState) {}
    /// Does nothing by default.
    public func finish(state: ReplayState) {}
}

/// Drives one `ReplayState` through a stream of events, notifying observers.
public struct Replayer {
    /// The state being rebuilt.
    public let state: ReplayState
    /// Observers, notified in order.
    public var observers: [any ReplayObserver]

    /// Creates a replayer over a fresh state.
    public init(state: ReplayState = ReplayState(), observers: [any ReplayObserver] = []) {
        self.state = state
        self.observers = observers
    }

    /// Applies one event and notifies observers.
    public func apply(_ event: TraceEvent) {
        // Each observer is borrowed through an `inout` access to its slot (never written): read out of the array, as
        // `for observer in observers` does, it was retained and released around each call, on every event (#24).
        observers.withUnsafeBufferPointer { observers in
            guard let first = observers.baseAddress else { return state.apply(event) }
            let slots = UnsafeMutablePointer(mutating: first)
            for index in 0..<observers.count { Self.willApply(&slots[index], event, state) }
            state.apply(event)
            for index in 0..<observers.count { Self.didApply(&slots[index], event, state) }
        }
    }

    @inline(__always)
    private static func willApply(_ observer: inout any ReplayObserver, _ event: TraceEvent, _ state: ReplayState) {
        observer.willApply(event, state: state)
    }

    @inline(__always)
    private static func didApply(_ observer: inout any ReplayObserver, _ event: TraceEvent, _ state: ReplayState) {
        observer.didApply(event, state: state)
    }

    /// Pulls events from `next` until it returns nil or an event past `stopAfter`, then finishes observers.
    public func run<E: Error>(stopAfter: UInt64? = nil, next: () throws(E) -> TraceEvent?) throws(E) {
        while let event = try next() {
            if let stopAfter, event.seq > stopAfter { break }
            apply(event)
        }
        finish()
    }

    /// Replays an in-memory sequence of events.
    public func run(_ events: some Sequence<TraceEvent>, stopAfter: UInt64? = nil) {
        var iterator = events.makeIterator()
        run(stopAfter: stopAfter) { () -> TraceEvent? in iterator.next() }
    }

    /// Tells observers the replay is over.
    public func finish() {
        for observer in observers { observer.finish(state: state) }
    }
}
