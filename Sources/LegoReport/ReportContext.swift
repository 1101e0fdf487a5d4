import LegoAnalysis
import LegoModel

/// What a report says beyond the analysis result: where the trace is, how to show it, and what the baseline did.
public struct ReportContext: Sendable {
    /// The trace file as the user named it (reports point at it; SARIF and GitHub annotations use it as the file).
    public var tracePath: String
    /// The tool's version, written into JSON, SARIF and JUnit reports.
    public var toolVersion: String
    /// Whether the text report may use ANSI colour (the caller decides: a TTY, or `--color always`).
    public var colour: Bool
    /// The outcome of `--baseline`, if one was applied.
    public var baseline: BaselineSummary?
    /// Maps an event's seq to its 1-based line in the trace file, or nil when unknown.
    public var traceLine: @Sendable (UInt64) -> Int?
    /// Notes about the input that every format reports, e.g. a truncated last line or skipped lines.
    public var warnings: [String]
    /// An absolute URL describing the tool, written into SARIF's `informationUri` when set.
    public var informationURI: String?
    /// The absolute URL of the page documenting every rule, one section per rule whose anchor is the rule id
    /// (docs/check.md); SARIF's per-rule `helpUri` and the markdown report's rule links point into it.
    public var rulesDocumentationURI: String?
    /// The command whose findings these are: SARIF's `automationDetails.id`, so code scanning keeps `check` and
    /// `scan` results of one job apart instead of one upload closing the other's alerts.
    public var command: Command = .check
    /// The absolute directory SARIF's `%SRCROOT%` stands for (the checkout): paths inside it are written relative to it.
    public var sourceRoot: String?
    /// A source location's column in UTF-16 code units (SARIF's `columnKind`); locations count UTF-8 bytes, and
    /// only the caller can read the line to convert them. The default keeps the byte column (right for ASCII).
    public var utf16Column: @Sendable (SourceLocation) -> Int = { $0.column }
    /// The severity from which findings fail the run (`--fail-on`): JUnit reports only those as failures.
    public var failOn: FailThreshold = .error

    /// The command a report is made for.
    public enum Command: String, Sendable, CaseIterable {
        /// `lego-trace check`: findings in a trace.
        case check
        /// `lego-trace scan`: findings in an app's source.
        case scan
    }

    /// Creates a context; only the trace path is required.
    public init(tracePath: String, toolVersion: String = "unknown", colour: Bool = false, baseline: BaselineSummary? = nil,
                traceLine: @escaping @Sendable (UInt64) -> Int? = { _ in nil }, warnings: [String] = [],
                informationURI: String? = nil, rulesDocumentationURI: String? = nil) {
        self.tracePath = tracePath
        self.toolVersion = toolVersion
        self.colour = colour
        self.baseline = baseline
        self.traceLine = traceLine
        self.warnings = warnings
        self.informationURI = informationURI
        self.rulesDocumentationURI = rulesDocumentationURI
    }

    /// Where rule `id` is documented, when the context knows the rules page.
    func helpURI(rule id: String) -> String? { rulesDocumentationURI.map { "\($0)#\(id)" } }

    /// The trace line of `seq`, or nil when the mapping does not know it (or gives a line below 1).
    func line(of seq: UInt64) -> Int? {
        guard let line = traceLine(seq), line >= 1 else { return nil }
        return line
    }
}

/// What applying a baseline did: how many known findings it hid and which of its entries no longer occur.
public struct BaselineSummary: Sendable, Hashable {
    /// A baseline entry that matched no finding in this run.
    public struct StaleEntry: Sendable, Hashable {
        /// The entry's fingerprint.
        public var fingerprint: String
        /// The rule id the entry was recorded for.
        public var rule: String
        /// The module the entry was recorded for, if any.
        public var module: String?

        /// Creates a stale entry.
        public init(fingerprint: String, rule: String, module: String? = nil) {
            self.fingerprint = fingerprint
            self.rule = rule
            self.module = module
        }
    }

    /// The baseline file as the user named it.
    public var path: String
    /// Findings suppressed because the baseline knows them.
    public var suppressed: Int
    /// Baseline entries that no longer occur, in the baseline's order.
    public var stale: [StaleEntry]
    /// Whether the file did not exist yet (a first run): every finding counts as new.
    public var missing: Bool

    /// Creates a baseline summary.
    public init(path: String, suppressed: Int, stale: [StaleEntry] = [], missing: Bool = false) {
        self.path = path
        self.suppressed = suppressed
        self.stale = stale
        self.missing = missing
    }

    /// What a report says about a baseline file that does not exist yet.
    public var missingNote: String {
        "the baseline \(path) does not exist yet, so every finding is new; `--write-baseline \(path)` writes it"
    }
}
