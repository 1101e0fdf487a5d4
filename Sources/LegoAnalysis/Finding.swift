import LegoModel
import LegoReplay

/// How serious a finding is; `--fail-on` compares against this order.
public enum Severity: String, Sendable, Hashable, CaseIterable, Comparable {
    case note, warning, error

    private var rank: Int {
        switch self {
        case .note: 0
        case .warning: 1
        case .error: 2
        }
    }

    /// Orders note < warning < error.
    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// One event that proves a finding, with a short note on what it shows.
public struct Evidence: Sendable, Hashable {
    /// The event's sequence number.
    public var seq: UInt64
    /// The event's trace time in seconds.
    public var time: Double
    /// The event kind, e.g. `routing.add`.
    public var kind: String
    /// What this event shows, in one line.
    public var note: String
    /// For imported traces: the console-log line it came from.
    public var line: Int?
    /// Where it is in the input when that is not a trace event (a source line for `scan`).
    public var location: Finding.Location?

    /// Creates evidence from an event and a note.
    public init(_ event: TraceEvent, note: String) {
        self.seq = event.seq
        self.time = event.time
        self.kind = event.kind.rawValue
        self.note = note
        self.line = event.line
    }

    /// Creates evidence from its parts.
    public init(seq: UInt64, time: Double, kind: String, note: String, line: Int? = nil) {
        self.seq = seq
        self.time = time
        self.kind = kind
        self.note = note
        self.line = line
    }

    /// Creates evidence at a place that is not a trace event (seq and time 0).
    public init(at location: Finding.Location, kind: String, note: String) {
        self.init(seq: 0, time: 0, kind: kind, note: note)
        self.location = location
    }
}

/// One defect a detector found in a trace.
public struct Finding: Sendable, Hashable {
    /// The detector's stable kebab-case id, e.g. `leaked-module`.
    public var ruleID: String
    /// Severity after configuration overrides.
    public var severity: Severity
    /// One readable sentence on one line: reports spell out a line break in it, which only a name can put there.
    public var message: String
    /// The module name concerned.
    public var module: String?
    /// The instance concerned, as its class and object id, e.g. `BDJPostRouting#17`, for people to read.
    public var instance: String?
    /// The object id of that instance: what the graph and other tools key on (never parsed back from `instance`).
    public var object: ObjectID?
    /// The first event that belongs to the defect.
    public var first: ReplayState.Moment
    /// The last event that belongs to the defect.
    public var last: ReplayState.Moment
    /// The events that prove it, in seq order.
    public var evidence: [Evidence]
    /// Identifies the same defect across runs: rule, module, classes, URLs; never seq, times or object ids.
    public var fingerprint: String
    /// Where the defect is in a file a person edits: the app's source for `scan`, the scenario step or console-log
    /// line a trace finding came from once located (`AnalysisResult.locatingFindings`).
    public var location: Location?
    /// What found it: a replayed trace, or the app's source and how sure that is.
    public var origin: Origin = .trace
    /// How many times the defect occurred (repeats folded into this finding by `FindingCollector`).
    public var occurrences = 1

    /// How sure a static finding is; nil for trace findings (a trace shows what happened).
    public var certainty: Certainty? {
        if case .source(let certainty) = origin { return certainty }
        return nil
    }
    /// How the graph marks this finding when not as its rule draws it (an unconfirmed leak); nil for the rule's drawing.
    public var drawing: RuleDescription.Drawing?

    /// Creates a finding.
    public init(ruleID: String, severity: Severity, message: String, module: String? = nil, instance: String? = nil,
                object: ObjectID? = nil, first: ReplayState.Moment, last: ReplayState.Moment, evidence: [Evidence] = [],
                fingerprint: String) {
        self.ruleID = ruleID
        self.severity = severity
        self.message = message
        self.module = module
        self.instance = instance
        self.object = object
        self.first = first
        self.last = last
        self.evidence = evidence
        self.fingerprint = fingerprint
    }
}

extension Finding {
    /// Where a finding or its evidence is, beyond a trace seq. One case per kind of input, so a console-log line
    /// or a scenario YAML line can be added as its own case without a string to parse back.
    public enum Location: Sendable, Hashable, CustomStringConvertible {
        /// A place in the app's source code (`lego-trace scan`).
        case source(SourceLocation)
        /// The journey step of the scenario a trace was recorded from that caused the finding's first event.
        case scenario(SourceLocation)
        /// The console-log line an imported trace's first event of the finding was derived from.
        case consoleLog(SourceLocation)

        /// `file:line:column`.
        public var description: String { sourceLocation.description }

        /// The file, line and column, for formats that point into files (SARIF, GitHub annotations).
        public var sourceLocation: SourceLocation {
            switch self {
            case .source(let location), .scenario(let location), .consoleLog(let location): location
            }
        }

        /// `source`, `scenario` or `consoleLog`: what kind of file it points into (JSON's `location.kind`).
        public var kind: String {
            switch self {
            case .source: "source"
            case .scenario: "scenario"
            case .consoleLog: "consoleLog"
            }
        }
    }

    /// What found a finding.
    public enum Origin: Sendable, Hashable {
        /// A replayed trace: it happened.
        case trace
        /// The app's source (`scan`), with how sure that is.
        case source(Certainty)
    }

    /// How sure a static finding is.
    public enum Certainty: String, Sendable, Hashable, CaseIterable {
        /// Every URL and name involved is a literal in the code.
        case literal
        /// It involves a value computed at run time (a variable, a format string); the finding may not occur.
        case dynamic
    }

    /// A finding from the app's source rather than a trace: seq and time are 0, the location says where.
    public init(ruleID: String, severity: Severity, message: String, module: String?, location: Location, certainty: Certainty,
                evidence: [Evidence] = [], fingerprint: String) {
        let start = ReplayState.Moment(seq: 0, time: 0)
        self.init(ruleID: ruleID, severity: severity, message: message, module: module, first: start, last: start,
                  evidence: evidence, fingerprint: fingerprint)
        self.location = location
        self.origin = .source(certainty)
    }
}

/// Static facts about one detector, for `lego-trace rules` and report rule tables.
public struct RuleDescription: Sendable, Hashable {
    /// Stable kebab-case id.
    public var id: String
    /// Severity when the config does not override it.
    public var defaultSeverity: Severity
    /// One line: what it finds.
    public var summary: String
    /// Why it matters and how to fix it, a few paragraphs of plain text.
    public var why: String
    /// How its findings are marked on the module graph.
    public var drawing: Drawing
    /// The frameworks whose traces and sources it applies to; `check` and `scan` run it only for those.
    public var frameworks: Set<Framework>

    /// How a rule's findings are marked on the module graph; each has its own colour and line style.
    public enum Drawing: String, Sendable, Hashable, CaseIterable, Comparable {
        /// A module alive after its screen went away (red double border).
        case leaked
        /// Two live modules answering to one name (orange dashed border).
        case duplicateName
        /// A URL whose path does not match the live module chain (purple border and URL edge).
        case illegalURL
        /// A component still registered but unreachable from the root: not a leak (brown dotted border).
        case orphan
        /// A module that may have outlived its screen in a trace that stopped before the grace period ran out:
        /// not (yet) a leak (light red border).
        case unconfirmed
        /// Any other finding (grey note).
        case other

        /// Drawing priority: the first kind of a node's marks decides its border colour.
        private var rank: Int {
            switch self {
            case .leaked: 0
            case .duplicateName: 1
            case .illegalURL: 2
            case .orphan: 3
            case .unconfirmed: 4
            case .other: 5
            }
        }

        /// Orders marks by drawing priority.
        public static func < (lhs: Drawing, rhs: Drawing) -> Bool { lhs.rank < rhs.rank }
    }

    /// Creates a rule description.
    public init(id: String, defaultSeverity: Severity, summary: String, why: String, drawing: Drawing = .other,
                frameworks: Set<Framework>) {
        self.id = id
        self.defaultSeverity = defaultSeverity
        self.summary = summary
        self.why = why
        self.drawing = drawing
        self.frameworks = frameworks
    }

    /// Whether it applies to `framework`'s traces and sources.
    public func applies(to framework: Framework) -> Bool { frameworks.contains(framework) }

    /// Its frameworks in listing order.
    public var orderedFrameworks: [Framework] { frameworks.sorted() }
}

/// Everything one `check` produced: findings plus what the reports need to say about the input.
public struct AnalysisResult: Sendable, Hashable {
    /// Findings sorted by first seq, then rule id.
    public var findings: [Finding]
    /// The rules that ran (every registered rule, with effective severities).
    public var rules: [RuleDescription]
    /// Events replayed.
    public var eventCount: Int
    /// Trace time of the last event.
    public var duration: Double
    /// Whether the trace was imported from console logs (some checks cannot run then).
    public var imported: Bool
    /// Plain-text notes about what could not be checked, e.g. "URL hierarchy: the imported trace has no URLs".
    public var limitations: [String]
    /// Source files read, when the findings come from an app's source (`scan`) rather than a trace.
    public var sourceFiles: Int?
    /// Whether the replay reached the trace's clean-end marker; false for a recording that stopped early and for
    /// a replay stopped on purpose (`graph --at SEQ`): leaks near its end are then unconfirmed notes.
    public var endedCleanly: Bool
    /// The framework the trace or source belongs to; only its rules ran.
    public var framework: Framework
    /// Findings left out of `findings` by a baseline or a comment in the source, in the order they were suppressed.
    public var suppressed: [SuppressedFinding] = []

    /// Creates a result.
    public init(findings: [Finding], rules: [RuleDescription], eventCount: Int, duration: Double,
                imported: Bool = false, limitations: [String] = [], endedCleanly: Bool = true,
                framework: Framework = .default) {
        self.framework = framework
        self.findings = findings
        self.rules = rules
        self.eventCount = eventCount
        self.duration = duration
        self.imported = imported
        self.limitations = limitations
        self.endedCleanly = endedCleanly
    }

    /// The highest severity among the findings, if any.
    public var worstSeverity: Severity? { findings.map(\.severity).max() }

    /// The same result with each trace finding pointed at the file a person edits: the scenario step or the
    /// console-log line of its first event, when the trace's header names that file (`TraceHeader.lineSource`).
    public func locatingFindings(in header: TraceHeader) -> AnalysisResult {
        guard header.scenario != nil || header.importedFrom != nil else { return self }
        var copy = self
        for index in copy.findings.indices where copy.findings[index].location == nil {
            guard let line = copy.findings[index].first.line else { continue }
            copy.findings[index].location = if let scenario = header.scenario {
                .scenario(SourceLocation(file: scenario, line: line))
            } else {
                .consoleLog(SourceLocation(file: header.importedFrom ?? "", line: line))
            }
        }
        return copy
    }

    /// The same result with other findings (after a baseline suppressed some).
    public func replacingFindings(_ findings: [Finding]) -> AnalysisResult {
        var copy = self
        copy.findings = findings
        return copy
    }

    /// The same result with `kept` as its findings and `suppressed` added to the suppressed ones.
    public func suppressing(keeping kept: [Finding], _ suppressed: [SuppressedFinding]) -> AnalysisResult {
        var copy = replacingFindings(kept)
        copy.suppressed += suppressed
        return copy
    }

    /// How many findings a comment in the source suppressed.
    public var suppressedInSource: Int {
        suppressed.count(where: { if case .inSource = $0.reason { true } else { false } })
    }
}

/// The lowest severity that makes `check` fail (`--fail-on`), or `never`.
public enum FailThreshold: String, Sendable, Hashable, CaseIterable {
    /// Fail on errors only (the default).
    case error
    /// Fail on warnings and errors.
    case warning
    /// Fail on any finding.
    case note
    /// Never fail because of findings (exit 0 unless the input is unreadable).
    case never

    /// The severity at and above which findings fail, or nil for `never`.
    public var severity: Severity? {
        switch self {
        case .error: .error
        case .warning: .warning
        case .note: .note
        case .never: nil
        }
    }

    /// Whether `result` holds a finding at or above this threshold.
    public func isReached(by result: AnalysisResult) -> Bool {
        guard let severity, let worst = result.worstSeverity else { return false }
        return worst >= severity
    }
}
