import LegoModel
import LegoReplay

/// Module lifetimes on the trace clock: one bar per module instance, from assembly to deinitialization.
///
/// Built by `TimelineRecorder` from what the single replay says (`ReplayState.changes`), never re-derived.
public struct Timeline: Sendable, Hashable {
    /// A point on the trace clock: the event's seq and time.
    public typealias Moment = ReplayState.Moment

    /// Something that happened to an instance: a transition it took part in, or its screen appearing.
    public struct Tick: Sendable, Hashable {
        /// When.
        public var at: Moment
        /// What, e.g. `push`, `pop`, `shown`.
        public var label: String

        /// Creates a tick.
        public init(at: Moment, label: String) {
            self.at = at
            self.label = label
        }
    }

    /// One module instance's life.
    public struct Bar: Sendable, Hashable {
        /// The instance's primary object.
        public var object: ObjectID
        /// Its module (component) name.
        public var module: String
        /// Its routing or controller class.
        public var className: String
        /// VIPER, virtual, controller or view-model.
        public var kind: TraceEvent.ModuleKind
        /// When it was assembled.
        public var assembled: Moment
        /// When its screen was first shown (added to the component table).
        public var shown: Moment?
        /// When its screen went away.
        public var gone: Moment?
        /// Why its screen went away.
        public var goneReason: ReplayState.GoneReason?
        /// When its last layer object deinitialized; nil when it outlived the trace.
        public var released: Moment?
        /// The lane within its module's row: instances of one name alive at once get different lanes.
        public var lane: Int
        /// Transitions and screen changes of this instance, in seq order.
        public var ticks: [Tick]

        /// Creates a bar.
        public init(object: ObjectID, module: String, className: String, kind: TraceEvent.ModuleKind, assembled: Moment,
                    shown: Moment? = nil, gone: Moment? = nil, goneReason: ReplayState.GoneReason? = nil, released: Moment? = nil,
                    lane: Int = 0, ticks: [Tick] = []) {
            self.object = object
            self.module = module
            self.className = className
            self.kind = kind
            self.assembled = assembled
            self.shown = shown
            self.gone = gone
            self.goneReason = goneReason
            self.released = released
            self.lane = lane
            self.ticks = ticks
        }

        /// `Class#object`, as findings and the graph name an instance.
        public var instance: String { "\(className)#\(object)" }

        /// Whether the instance was alive right after event `seq` (the state `graph --at seq` draws).
        public func isAlive(afterSeq seq: UInt64) -> Bool {
            assembled.seq <= seq && (released.map { $0.seq > seq } ?? true)
        }

        /// Whether it outlived its screen by more than `grace` seconds of trace time up to `end` (how a leak looks).
        public func outlivedScreen(by grace: Double, end: Double) -> Bool {
            guard let gone else { return false }
            return (released?.time ?? end) - gone.time > grace
        }
    }

    /// A URL open attempt.
    public struct URLOpen: Sendable, Hashable {
        /// When.
        public var at: Moment
        /// The URL as opened.
        public var url: String
        /// The component it named, if the trace says.
        public var module: String?
        /// Whether it opened something.
        public var ok: Bool
    }

    /// Every instance, by module row (first assembly order), then lane and assembly.
    public var bars: [Bar]
    /// URL opens, in seq order.
    public var urlOpens: [URLOpen]
    /// The first moment replayed.
    public var start: Moment?
    /// The last moment replayed.
    public var end: Moment?
    /// Seconds a module may outlive its screen before it counts as leaked (the analyzer's grace).
    public var grace: Double

    /// Creates a timeline.
    public init(bars: [Bar], urlOpens: [URLOpen] = [], start: Moment? = nil, end: Moment? = nil, grace: Double = 2) {
        self.bars = bars
        self.urlOpens = urlOpens
        self.start = start
        self.end = end
        self.grace = grace
    }

    /// Module names in row order (the order of their first assembly).
    public var modules: [String] {
        var seen = Set<String>()
        return bars.map(\.module).filter { seen.insert($0).inserted }
    }

    /// The number of lanes of each module's row.
    public var laneCounts: [String: Int] {
        bars.reduce(into: [:]) { counts, bar in counts[bar.module] = max(counts[bar.module] ?? 0, bar.lane + 1) }
    }
}
