import LegoModel
import LegoReplay

/// The one replay observer a session installs: it calls each detector only for the event kinds it asked for.
///
/// Calling every detector for every event cost more than the detectors' own work (existential calls with
/// retain/release per observer, about 1,000 instructions per event for eight detectors in profiles).
final class DetectorHub: ReplayObserver {
    private let detectors: [any Detector]
    // Which detectors to call, per kind and phase, as one flat table walked by index: the detectors of phase `p` for
    // the kind of ordinal `k` are `calls[starts[3k + p] ..< starts[3k + p + 1]]`. Arrays of `any Detector` per kind
    // retained and released each array and each detector on every event (#24's profile: reference counting was 37% of
    // a check). Each call borrows its entry through an `inout` access (`Self.willApply(&calls[index], …)`): a detector
    // read out of the table, even one stored `unowned(unsafe)`, was retained and released around every call.
    private let calls: UnsafeMutableBufferPointer<any Detector>
    private let starts: UnsafeMutableBufferPointer<Int>
    private let kindsAreOrdinals: Bool

    private enum Phase: Int, CaseIterable {
        case before, after, afterChanges
    }

    /// Creates a hub over `detectors`, in their order.
    init(_ detectors: [any Detector]) {
        self.detectors = detectors
        let kinds = TraceEvent.Kind.allCases
        // Kind is a payload-free enum stored as its declaration index; checked here once, not assumed.
        kindsAreOrdinals = kinds.count <= 256 && kinds.enumerated().allSatisfy { Self.ordinal($1) == $0 }
        var flat: [any Detector] = []
        var starts: [Int] = []
        for kind in kinds {
            for phase in Phase.allCases {
                starts.append(flat.count)
                for detector in detectors where Self.calls(type(of: detector), in: phase, for: kind) {
                    flat.append(detector)
                }
            }
        }
        starts.append(flat.count)
        calls = .allocate(capacity: flat.count)
        _ = calls.initialize(from: flat)
        self.starts = .allocate(capacity: starts.count)
        _ = self.starts.initialize(from: starts)
    }

    deinit {
        _ = calls.deinitialize()
        calls.deallocate()
        starts.deallocate()
    }

    private static func calls(_ type: any Detector.Type, in phase: Phase, for kind: TraceEvent.Kind) -> Bool {
        switch phase {
        case .before: type.willApplyKinds.contains(kind)
        case .after: type.didApplyKinds.contains(kind)
        case .afterChanges: type.watchesChanges && !type.didApplyKinds.contains(kind)
        }
    }

    func willApply(_ event: TraceEvent, state: ReplayState) {
        guard kindsAreOrdinals else {
            for detector in detectors where type(of: detector).willApplyKinds.contains(event.kind) { detector.willApply(event, state: state) }
            return
        }
        let slot = 3 * Self.ordinal(event.kind) + Phase.before.rawValue
        for index in starts[slot]..<starts[slot + 1] {
            Self.willApply(&calls[index], event, state)
        }
    }

    func didApply(_ event: TraceEvent, state: ReplayState) {
        guard kindsAreOrdinals else {
            for detector in detectors {
                let type = type(of: detector)
                if type.didApplyKinds.contains(event.kind) || (type.watchesChanges && state.hasChanges) {
                    detector.didApply(event, state: state)
                }
            }
            return
        }
        let slot = 3 * Self.ordinal(event.kind) + Phase.after.rawValue
        let end = state.hasChanges ? starts[slot + 2] : starts[slot + 1]
        for index in starts[slot]..<end {
            Self.didApply(&calls[index], event, state)
        }
    }

    func finish(state: ReplayState) {
        for detector in detectors { detector.finish(state: state) }
    }

    @inline(__always)
    private static func willApply(_ detector: inout any Detector, _ event: TraceEvent, _ state: ReplayState) {
        detector.willApply(event, state: state)
    }

    @inline(__always)
    private static func didApply(_ detector: inout any Detector, _ event: TraceEvent, _ state: ReplayState) {
        detector.didApply(event, state: state)
    }

    private static func ordinal(_ kind: TraceEvent.Kind) -> Int {
        withUnsafeBytes(of: kind) { Int($0[0]) }
    }
}
