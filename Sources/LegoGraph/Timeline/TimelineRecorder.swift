import LegoModel
import LegoReplay

/// Watches the single replay and collects every module instance's life for a `Timeline`.
///
/// Assembly, screen shown, screen gone and release are read from `ReplayState` and its `changes`; the
/// recorder keeps only what the state forgets once an instance is released.
public final class TimelineRecorder: ReplayObserver {
    private var bars: [Timeline.Bar] = []
    private var index: [ObjectID: Int] = [:]
    private var urlOpens: [Timeline.URLOpen] = []
    private var start: Timeline.Moment?
    private var end: Timeline.Moment?

    /// Creates a recorder; attach it to a `Replayer` and call `timeline(grace:)` after the replay.
    public init() {}

    /// Replays `events` (stopping after seq `stopAfter`) and returns their timeline.
    public static func record(events: some Sequence<TraceEvent>, stopAfter: UInt64? = nil, grace: Double = 2) -> Timeline {
        let recorder = TimelineRecorder()
        Replayer(observers: [recorder]).run(events, stopAfter: stopAfter)
        return recorder.timeline(grace: grace)
    }

    /// Records what `event` meant once the state has applied it.
    public func didApply(_ event: TraceEvent, state: ReplayState) {
        let moment = Timeline.Moment(event)
        if start == nil { start = moment }
        end = moment
        switch event.kind {
        case .moduleAssemble:
            guard let object = event.object, let module = state.modules[object] else { break }
            index[object] = bars.count
            bars.append(Timeline.Bar(object: object, module: module.name, className: module.className, kind: module.kind, assembled: moment))
        case .componentAdd:
            if let slot = slot(of: event.object, in: state), bars[slot].shown == nil {
                bars[slot].shown = moment
                bars[slot].ticks.append(Timeline.Tick(at: moment, label: "shown"))
            }
        case .transitionBegin:
            guard let operation = event.operation else { break }
            for (object, role) in [(event.object, ""), (event.peer, " (peer)")] {
                if let slot = slot(of: object, in: state) { bars[slot].ticks.append(Timeline.Tick(at: moment, label: operation.rawValue + role)) }
            }
        case .urlOpen:
            if let url = event.url { urlOpens.append(Timeline.URLOpen(at: moment, url: url, module: event.name, ok: event.ok != false)) }
        default:
            break
        }
        for change in state.changes {
            switch change {
            case .screenGone(let module, let reason, let at):
                guard let slot = index[module] else { continue }
                bars[slot].gone = at
                bars[slot].goneReason = reason
                bars[slot].ticks.append(Timeline.Tick(at: at, label: reason.rawValue))
            case .moduleReleased(let module):
                guard let slot = index.removeValue(forKey: module) else { continue }
                bars[slot].released = moment
            default:
                continue
            }
        }
    }

    private func slot(of object: ObjectID?, in state: ReplayState) -> Int? {
        object.flatMap(state.moduleID(of:)).flatMap { index[$0] }
    }

    /// The timeline so far, with instances of one name that overlap in time put in separate lanes.
    public func timeline(grace: Double = 2) -> Timeline {
        var firstRow: [String: Int] = [:]
        for (position, bar) in bars.enumerated() where firstRow[bar.module] == nil { firstRow[bar.module] = position }
        var ordered = bars.sorted { lhs, rhs in
            let left = firstRow[lhs.module]!, right = firstRow[rhs.module]!
            return left != right ? left < right : lhs.assembled.seq < rhs.assembled.seq
        }
        // Greedy lanes per module: an instance takes the first lane whose previous instance was released before it began.
        var laneEnds: [String: [UInt64]] = [:]
        for position in ordered.indices {
            let bar = ordered[position]
            var ends = laneEnds[bar.module] ?? []
            let lane = ends.firstIndex { $0 < bar.assembled.seq } ?? ends.count
            let until = bar.released?.seq ?? .max
            if lane == ends.count { ends.append(until) } else { ends[lane] = until }
            laneEnds[bar.module] = ends
            ordered[position].lane = lane
        }
        return Timeline(bars: ordered, urlOpens: urlOpens, start: start, end: end, grace: grace)
    }
}
