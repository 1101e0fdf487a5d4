import LegoReplay

/// The one findings pipeline of an analysis, trace or source: the configured severity, the allowlist, a ceiling for
/// what the input cannot confirm, fingerprints, and the folding of one defect's repeats into its first finding with
/// an occurrence count.
///
/// `check` (through `DetectorContext`) and `scan` (through its static checks) both report into one, so a rule's
/// configuration and baselines mean the same whichever way a defect was found.
public final class FindingCollector {
    /// The configuration in force.
    public let configuration: AnalysisConfiguration
    @exclusivity(unchecked) private var findings: [Finding] = []
    @exclusivity(unchecked) private var lastSeen: [ReplayState.Moment] = []
    @exclusivity(unchecked) private var indexByFingerprint: [String: Int] = [:]

    /// A collector applying `configuration`.
    public init(configuration: AnalysisConfiguration) { self.configuration = configuration }

    /// The severity a finding of `rule` about `module` gets, or nil when the configuration turns the rule off or
    /// allowlists the module; `ceiling` lowers it (never raises it) for what the input cannot confirm.
    public func severity(for rule: RuleDescription, module: String?, atMost ceiling: Severity? = nil) -> Severity? {
        guard let severity = configuration.severity(for: rule), !configuration.allows(ruleID: rule.id, module: module) else { return nil }
        if let ceiling, ceiling < severity { return ceiling }
        return severity
    }

    /// Counts another occurrence of the defect `fingerprint` names, if it was collected already (seen again at `last`);
    /// returns whether it was, so the caller builds no second finding.
    public func foldRepeat(of fingerprint: String, seenAt last: ReplayState.Moment? = nil) -> Bool {
        guard let index = indexByFingerprint[fingerprint] else { return false }
        findings[index].occurrences += 1
        if let last, last.seq > lastSeen[index].seq { lastSeen[index] = last }
        return true
    }

    /// Collects a new finding (call `foldRepeat` first).
    public func append(_ finding: Finding) {
        indexByFingerprint[finding.fingerprint] = findings.count
        findings.append(finding)
        lastSeen.append(finding.last)
    }

    /// The findings in collection order, repeats folded: a trace finding seen more than once says how often and when
    /// last, and ends at its last occurrence; a source finding is one place in the code however often it is reached.
    public func collected() -> [Finding] {
        var result = findings
        for index in result.indices where result[index].occurrences > 1 && result[index].origin == .trace {
            let last = lastSeen[index]
            result[index].message += " (seen \(result[index].occurrences) times, last at seq \(last.seq))"
            if last.seq > result[index].last.seq { result[index].last = last }
        }
        return result
    }
}
