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

    /// Creates a baseline summary.
    public init(path: String, suppressed: Int, stale: [StaleEntry] = []) {
        self.path = path
        self.suppressed = suppressed
        self.stale = stale
    }
}
