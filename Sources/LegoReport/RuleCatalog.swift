import LegoAnalysis

/// The rules a report lists: every rule that ran, then any rule named only by a finding, each once and indexed.
struct RuleCatalog {
    /// The rules in report order.
    let rules: [RuleDescription]
    private let indexByID: [String: Int]

    /// Builds the catalog of `result`, so every finding's rule has an entry (SARIF's `ruleIndex` needs one).
    init(_ result: AnalysisResult) {
        var rules: [RuleDescription] = []
        var indexByID: [String: Int] = [:]
        for rule in result.rules where indexByID[rule.id] == nil {
            indexByID[rule.id] = rules.count
            rules.append(rule)
        }
        for finding in result.findings where indexByID[finding.ruleID] == nil {
            indexByID[finding.ruleID] = rules.count
            rules.append(RuleDescription(id: finding.ruleID, defaultSeverity: finding.severity, summary: finding.ruleID,
                                         why: "No description is registered for this rule."))
        }
        self.rules = rules
        self.indexByID = indexByID
    }

    /// The index of rule `id` in `rules`; every finding's rule has one.
    func index(of id: String) -> Int { indexByID[id] ?? 0 }

    /// The rule with `id`.
    func rule(_ id: String) -> RuleDescription { rules[index(of: id)] }
}

/// How many findings a report holds, by severity.
struct FindingCounts {
    /// All findings.
    let total: Int
    /// Findings per severity.
    let bySeverity: [Severity: Int]

    /// Counts `findings`.
    init(_ findings: [Finding]) {
        total = findings.count
        bySeverity = Dictionary(grouping: findings, by: \.severity).mapValues(\.count)
    }

    /// The count for one severity (zero when none).
    subscript(severity: Severity) -> Int { bySeverity[severity] ?? 0 }

    /// "2 errors, 1 warning": non-zero severities, worst first.
    var phrase: String {
        Severity.allCases.reversed().compactMap { severity -> String? in
            let count = self[severity]
            guard count > 0 else { return nil }
            return ReportNumber.counted(count, severity.rawValue)
        }.joined(separator: ", ")
    }
}

/// Locale-independent number formatting, so reports are the same on every machine.
enum ReportNumber {
    /// `1234567` → `1,234,567`.
    static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var out = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return value < 0 ? "-" + out : out
    }

    /// `counted(3, "error")` → `3 errors`; `counted(1, "finding")` → `1 finding`.
    static func counted(_ value: Int, _ noun: String, plural: String? = nil) -> String {
        "\(grouped(value)) \(value == 1 ? noun : plural ?? noun + "s")"
    }

    /// `value` rounded to `digits` decimals, e.g. `fixed(1.25, digits: 3)` → `1.250`.
    static func fixed(_ value: Double, digits: Int) -> String {
        guard value.isFinite else { return value.description }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = (value.magnitude * scale).rounded()
        guard scaled < 1e18 else { return value.description }
        let units = UInt64(scaled)
        let whole = units / UInt64(scale)
        let sign = value < 0 && units > 0 ? "-" : ""
        guard digits > 0 else { return "\(sign)\(whole)" }
        let fraction = String(units % UInt64(scale))
        return "\(sign)\(whole).\(String(repeating: "0", count: digits - fraction.count))\(fraction)"
    }

    /// Trace time for people: `1.250 s`.
    static func seconds(_ value: Double) -> String { "\(fixed(value, digits: 3)) s" }

    /// A trace's length for people: one decimal, three below a second (`12.3 s`, `0.045 s`).
    static func duration(_ value: Double) -> String {
        "\(fixed(value, digits: value.magnitude < 1 && value != 0 ? 3 : 1)) s"
    }
}
