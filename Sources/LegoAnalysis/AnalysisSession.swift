import LegoModel
import LegoReplay

/// One analysis in progress: feed events to `replayer`, call `replayer.finish()`, then read `result()`.
public final class AnalysisSession {
    /// The replay driver with every enabled detector installed as an observer.
    public let replayer: Replayer
    private let context: DetectorContext
    private let rules: [RuleDescription]
    private let detectors: [any Detector]
    private let header: TraceHeader

    /// Creates a session that runs every rule the configuration leaves on.
    init(configuration: AnalysisConfiguration, header: TraceHeader) {
        let context = DetectorContext(configuration: configuration, header: header)
        var detectors: [any Detector] = []
        var rules: [RuleDescription] = []
        for detector in DetectorRegistry.detectors where detector.rule.applies(to: header.framework) {
            guard let severity = configuration.severity(for: detector.rule) else { continue }
            var rule = detector.rule
            rule.defaultSeverity = severity
            rules.append(rule)
            detectors.append(detector.init(context: context))
        }
        self.context = context
        self.header = header
        self.rules = rules
        self.detectors = detectors
        self.replayer = Replayer(state: ReplayState(framework: header.framework), observers: [DetectorHub(detectors)])
    }

    /// Entries the detectors keep between events; follows live state, never trace length.
    var retainedDetectorState: Int { detectors.reduce(0) { $0 + $1.retainedCount } }

    /// The findings and facts of the replay, each finding pointed at the scenario step or console-log line it came
    /// from when the trace names that file; call after `replayer.finish()`.
    public func result() -> AnalysisResult {
        let state = replayer.state
        return AnalysisResult(
            findings: context.collectedFindings(), rules: rules, eventCount: state.eventCount,
            duration: state.lastMoment?.time ?? 0, imported: context.imported, limitations: context.limitations,
            endedCleanly: state.end != nil, framework: header.framework).locatingFindings(in: header)
    }
}
