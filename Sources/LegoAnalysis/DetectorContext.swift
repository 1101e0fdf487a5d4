import LegoModel
import LegoReplay

/// What detectors share in one session: configuration, the kind of trace, and the findings collected so far.
///
/// Findings with one fingerprint are merged (first occurrence kept, occurrences counted), so a defect that
/// repeats a million times in a long trace costs one finding, not a million.
final class DetectorContext {
    /// The configuration in force.
    let configuration: AnalysisConfiguration
    /// The trace's header.
    let header: TraceHeader
    /// Whether the trace was imported from console logs.
    let imported: Bool
    /// Notes about what could not be checked.
    @exclusivity(unchecked)
    private(set) var limitations: [String] = []
    /// Where every finding goes: the pipeline `scan` shares.
    private let collector: FindingCollector

    /// Creates a context.
    init(configuration: AnalysisConfiguration, header: TraceHeader) {
        self.configuration = configuration
        self.collector = FindingCollector(configuration: configuration)
        self.header = header
        self.imported = header.recordedBy == .import
    }

    /// The limitation every detector that needs events or URL opens reports for imported traces.
    static let importedEventsLimitation = "Imported console logs record no events or URL opens: lost-event, unregistered-url and unknown-component cannot find anything in them"

    /// Records a note about something the analysis could not check (once per text).
    func addLimitation(_ text: String) {
        if !limitations.contains(text) { limitations.append(text) }
    }

    /// Whether a finding of `rule` about `module` would be dropped by the allowlist (check before building messages).
    func isAllowed(_ rule: RuleDescription, module: String?) -> Bool {
        configuration.allows(ruleID: rule.id, module: module)
    }

    /// Reports a finding unless allowlisted; `fingerprint` lists the parts that identify the defect across runs.
    ///
    /// `atMost` lowers the severity of a finding the trace cannot confirm (never raises it); the fingerprint
    /// stays the same, so a baseline matches the defect whether or not it was confirmed.
    func report(_ rule: RuleDescription, message: String, module: String?, instance: String?, object: ObjectID? = nil,
                first: ReplayState.Moment, last: ReplayState.Moment, evidence: [Evidence], fingerprint parts: [String],
                atMost ceiling: Severity? = nil, drawing: RuleDescription.Drawing? = nil) {
        guard let severity = collector.severity(for: rule, module: module, atMost: ceiling) else { return }
        let fingerprint = Fingerprint.make([rule.id] + parts)
        guard !collector.foldRepeat(of: fingerprint, seenAt: last) else { return }
        var finding = Finding(ruleID: rule.id, severity: severity, message: message, module: module, instance: instance, object: object,
                              first: first, last: last, evidence: evidence.sorted { $0.seq < $1.seq }, fingerprint: fingerprint)
        finding.drawing = drawing
        collector.append(finding)
    }

    /// The findings so far, repeated defects folded into their first occurrence, sorted by first seq then rule id.
    func collectedFindings() -> [Finding] {
        collector.collected().sorted { ($0.first.seq, $0.ruleID) < ($1.first.seq, $1.ruleID) }
    }
}

extension ReplayState {
    /// `Class#id` for an object, from the live objects or modules, else `#id`.
    func describe(_ object: ObjectID) -> String {
        if let module = modules[object] { return "\(module.className)#\(object)" }
        if let info = objects[object] { return "\(info.className)#\(object)" }
        return "#\(object)"
    }

    /// The module name of an object, if known.
    func moduleName(of object: ObjectID) -> String? {
        if let module = modules[object] { return module.name }
        if let owner = objects[object]?.owner, let module = modules[owner] { return module.name }
        return objects[object]?.module
    }
}

extension Evidence {
    /// Evidence at a moment that is not the current event.
    init(_ moment: ReplayState.Moment, kind: TraceEvent.Kind, note: String) {
        self.init(seq: moment.seq, time: moment.time, kind: kind.rawValue, note: note, line: moment.line)
    }
}

/// Formats a trace time for messages: `3.200s`.
func formatTime(_ seconds: Double) -> String {
    let millis = Int((seconds * 1000).rounded())
    let whole = millis / 1000, fraction = abs(millis % 1000)
    let padded = String(repeating: "0", count: 3 - String(fraction).count) + String(fraction)
    return "\(whole).\(padded)s"
}
