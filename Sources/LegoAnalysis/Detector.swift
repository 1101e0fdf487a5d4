import LegoModel
import LegoReplay

/// A detector: one rule, observing the single replay and reporting findings through its context.
///
/// Detectors read `ReplayState` and its `changes`; they never rebuild registries or relations themselves.
/// They keep evidence only for live suspects, so memory follows live state, not trace length.
protocol Detector: ReplayObserver {
    /// The rule this detector implements.
    static var rule: RuleDescription { get }
    /// Event kinds whose `willApply` the detector needs (the hub calls it for no others).
    static var willApplyKinds: Set<TraceEvent.Kind> { get }
    /// Event kinds whose `didApply` the detector needs.
    static var didApplyKinds: Set<TraceEvent.Kind> { get }
    /// Whether `didApply` must also run after any event that produced `state.changes`.
    static var watchesChanges: Bool { get }
    /// Creates the detector for one analysis session.
    init(context: DetectorContext)
    /// How many entries the detector keeps between events (suspects, evidence, names), for memory tests.
    var retainedCount: Int { get }
}

extension Detector {
    /// Detectors that keep nothing between events.
    var retainedCount: Int { 0 }
    /// None unless the detector says so.
    static var willApplyKinds: Set<TraceEvent.Kind> { [] }
    /// None unless the detector says so.
    static var didApplyKinds: Set<TraceEvent.Kind> { [] }
    /// False unless the detector says so.
    static var watchesChanges: Bool { false }
}
