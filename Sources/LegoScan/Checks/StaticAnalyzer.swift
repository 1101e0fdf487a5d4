import LegoAnalysis
import LegoModel

/// Runs the static checks over a scanned app and returns findings through the existing rule ids, so the same
/// configuration, baselines and reporters as `check` apply.
public enum StaticAnalyzer {
    /// The checks, one per rule, in listing order (they are independent; order only affects ties in sorting).
    static var checks: [any StaticCheck.Type] {
        [
            DuplicateModuleNameCheck.self,
            UnregisteredURLCheck.self,
            UnknownComponentCheck.self,
            IllegalURLHierarchyCheck.self,
            LostEventCheck.self,
            OrphanComponentCheck.self,
            NamingConventionCheck.self,
        ]
    }

    /// How many transitions in code that never runs are listed one by one among the limitations.
    static let inactiveNotesListed = 200

    /// Findings for `app` under `configuration`, sorted by file, line and rule; `pathPrefix` is put before every
    /// file so locations are relative to where the user ran the command (what GitHub annotations need).
    public static func analyze(_ app: ScannedApp, configuration: AnalysisConfiguration = .init(), pathPrefix: String = "",
                               sourceFiles: Int = 0) -> AnalysisResult {
        let collector = StaticFindings(configuration: configuration, pathPrefix: pathPrefix)
        for check in checks { check.run(app, collector) }
        var limitations: [String] = []
        let dynamic = app.transitions.filter(\.isDynamic).count + app.events.filter { !$0.isLiteral }.count
        if dynamic > 0 {
            limitations.append("\(dynamic) transition or event site\(dynamic == 1 ? " uses" : "s use") a URL or name computed at run time; "
                + "what they open or reach is not known statically (their findings say `dynamic`)")
        }
        // Code that never runs opens nothing: a note for each transition written there, never an edge. An app that
        // keeps old code in comments everywhere would bury the report (and its memory) under them: past
        // `inactiveNotesListed` one line counts the rest, which `scan --model` lists.
        for inactive in app.inactiveTransitions.prefix(inactiveNotesListed) {
            let transition = inactive.transition
            let target = transition.url ?? transition.toModule ?? transition.fact.target.expression
            limitations.append("never runs (\(inactive.reason.rawValue)): \(transition.fact.kind.rawValue) \(transition.fromModule ?? "app code") -> \(target) "
                + "at \(collector.place(transition.fact.location)); not an edge")
        }
        if app.inactiveTransitions.count > inactiveNotesListed {
            let rest = app.inactiveTransitions.count - inactiveNotesListed
            limitations.append("never runs: \(rest) more transition\(rest == 1 ? "" : "s") in code that never runs, not listed here "
                + "(`scan --model FILE` lists every one); none is an edge")
        }
        return collector.result(framework: .xflegoViper, suppressions: app.facts.suppressions, limitations: limitations, sourceFiles: sourceFiles)
    }
}

/// One static check: reads the scanned app and reports through the collector.
protocol StaticCheck {
    /// The rule it reports under (one of the trace detectors' rules).
    static var rule: RuleDescription { get }
    /// Reports what it finds in `app`.
    static func run(_ app: ScannedApp, _ findings: StaticFindings)
}

/// Collects static findings: applies severity overrides, allowlists and fingerprints, folds repeats of one defect at one
/// place in the code, and reports each other place of the same defect as a finding of its own.
final class StaticFindings {
    private let collector: FindingCollector
    private let pathPrefix: String
    /// The places each defect (its fingerprint without a place) was reported at, in order, with their fingerprints.
    private var placesByDefect: [String: [(location: SourceLocation, fingerprint: String)]] = [:]
    /// How URL hierarchies are checked.
    var urlCheck: URLCheckMode { collector.configuration.urlCheck }

    init(configuration: AnalysisConfiguration, pathPrefix: String) {
        self.collector = FindingCollector(configuration: configuration)
        self.pathPrefix = pathPrefix
    }

    /// Reports a finding at `location`; `identity` names the defect across runs (never lines, which move with edits).
    /// A dynamic finding is capped at note: the code may never reach it.
    /// The message is only built for a place not reported yet (it may look up a suggestion among every module).
    /// `ceiling` caps the severity for a defect whose consequence is smaller than the rule's worst (a URL only the
    /// strict check rejects, a risk that needs two instances alive at once).
    ///
    /// The same defect reached again at the same place (an inherited method, for each subclass) is folded into its
    /// finding. At another place it is another finding: each place must be fixed, and folding them hid every place
    /// but the first (the same `openRoute(x ?? "")` in three files was one finding). The first place keeps the
    /// defect's fingerprint, so baselines written before still match it; a later place's fingerprint adds its file and
    /// how many places of the defect precede it in that file, which survives lines moving.
    func report(_ rule: RuleDescription, _ message: @autoclosure () -> String, module: String?, at location: SourceLocation,
                certainty: Finding.Certainty, ceiling: Severity? = nil, evidence: [(SourceLocation, String)] = [], identity: [String]) {
        let cap = [certainty == .dynamic ? Severity.note : nil, ceiling].compactMap { $0 }.min()
        guard let severity = collector.severity(for: rule, module: module, atMost: cap) else { return }
        let defect = Fingerprint.make([rule.id, "scan"] + identity)
        let places = placesByDefect[defect, default: []]
        if let same = places.first(where: { $0.location == location }) {
            _ = collector.foldRepeat(of: same.fingerprint)
            return
        }
        let fingerprint = places.isEmpty
            ? defect
            : Fingerprint.make([rule.id, "scan"] + identity + [location.file, String(places.count { $0.location.file == location.file })])
        placesByDefect[defect, default: []].append((location, fingerprint))
        guard !collector.foldRepeat(of: fingerprint) else { return }
        let message = message()
        let evidence = evidence.map { Evidence(at: .source(place($0.0)), kind: "source", note: $0.1) }
        collector.append(Finding(ruleID: rule.id, severity: severity, message: message, module: module, location: .source(place(location)),
                                certainty: certainty, evidence: evidence, fingerprint: fingerprint))
    }

    /// `location` with the path prefix before its file.
    func place(_ location: SourceLocation) -> SourceLocation {
        guard !pathPrefix.isEmpty else { return location }
        var moved = location
        moved.file = pathPrefix.hasSuffix("/") ? pathPrefix + location.file : pathPrefix + "/" + location.file
        return moved
    }

    /// The analysis result of a scan of `framework`: its rules at their configured severity, the findings a
    /// `lego-trace:disable` comment covers kept aside (counted, and in SARIF marked as suppressed), the limitations.
    func result(framework: Framework, suppressions: [InlineSuppression], limitations: [String], sourceFiles: Int) -> AnalysisResult {
        let configuration = collector.configuration
        let rules = DetectorRegistry.rules.compactMap { rule -> RuleDescription? in
            guard rule.applies(to: framework), let severity = configuration.severity(for: rule) else { return nil }
            var effective = rule
            effective.defaultSeverity = severity
            return effective
        }
        let comments = suppressions.map { suppression in
            var moved = suppression
            moved.comment = place(suppression.comment)
            return moved
        }
        var kept: [Finding] = []
        var suppressed: [SuppressedFinding] = []
        for finding in sorted() {
            if let place = finding.location?.sourceLocation,
               let comment = comments.first(where: { $0.covers(rule: finding.ruleID, at: place) }) {
                suppressed.append(SuppressedFinding(finding, reason: .inSource(comment.comment)))
            } else {
                kept.append(finding)
            }
        }
        var result = AnalysisResult(findings: kept, rules: rules, eventCount: 0, duration: 0, limitations: limitations, framework: framework)
        result.suppressed = suppressed
        result.sourceFiles = sourceFiles
        return result
    }

    /// The findings by file, line, column, then rule id.
    func sorted() -> [Finding] {
        collector.collected().sorted { lhs, rhs in
            let left = lhs.location?.sourceLocation, right = rhs.location?.sourceLocation
            if left != right, let left, let right { return left < right }
            return lhs.ruleID < rhs.ruleID
        }
    }
}

extension ScannedApp.Event {
    /// Whether the event name and every target are literals.
    var isLiteral: Bool { fact.event.literal != nil && fact.components.allSatisfy { $0.literal != nil } }
}
