import LegoModel
import LegoReplay

/// The one replay observer a session installs: it calls each detector only for the event kinds it asked for.
///
/// Calling every detector for every event cost more than the detectors' own work (existential calls with
/// retain/release per observer, about 1,000 instructions per event for eight detectors in profiles).
final class DetectorHub: ReplayObserver {
    private let detectors: [any Detector]
    private let before: [[any Detector]]
    private let after: [[any Detector]]
    private let afterChanges: [[any Detector]]
    private let kindsAreOrdinals: Bool

    /// Creates a hub over `detectors`, in their order.
    init(_ detectors: [any Detector]) {
        self.detectors = detectors
        let kinds = TraceEvent.Kind.allCases
        // Kind is a payload-free enum stored as its declaration index; checked here once, not assumed.
        kindsAreOrdinals = kinds.count <= 256 && kinds.enumerated().allSatisfy { Self.ordinal($1) == $0 }
        before = kinds.map { kind in detectors.filter { type(of: $0).willApplyKinds.contains(kind) } }
        after = kinds.map { kind in detectors.filter { type(of: $0).didApplyKinds.contains(kind) } }
        afterChanges = kinds.map { kind in
            detectors.filter { type(of: $0).watchesChanges && !type(of: $0).didApplyKinds.contains(kind) }
        }
    }

    func willApply(_ event: TraceEvent, state: ReplayState) {
        guard kindsAreOrdinals else {
            for detector in detectors where type(of: detector).willApplyKinds.contains(event.kind) { detector.willApply(event, state: state) }
            return
        }
        for detector in before[Self.ordinal(event.kind)] { detector.willApply(event, state: state) }
    }

    func didApply(_ event: TraceEvent, state: ReplayState) {
        guard kindsAreOrdinals else {
            for detector in detectors {
                let type = type(of: detector)
                if type.didApplyKinds.contains(event.kind) || (type.watchesChanges && !state.changes.isEmpty) {
                    detector.didApply(event, state: state)
                }
            }
            return
        }
        let ordinal = Self.ordinal(event.kind)
        for detector in after[ordinal] { detector.didApply(event, state: state) }
        if !state.changes.isEmpty {
            for detector in afterChanges[ordinal] { detector.didApply(event, state: state) }
        }
    }

    func finish(state: ReplayState) {
        for detector in detectors { detector.finish(state: state) }
    }

    private static func ordinal(_ kind: TraceEvent.Kind) -> Int {
        withUnsafeBytes(of: kind) { Int($0[0]) }
    }
}
