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
        for finding in result.findings + result.suppressed.map(\.finding) where indexByID[finding.ruleID] == nil {
            indexByID[finding.ruleID] = rules.count
            rules.append(RuleDescription(id: finding.ruleID, defaultSeverity: finding.severity, summary: finding.ruleID,
                                         why: "No description is registered for this rule.",
                                         frameworks: [result.framework]))
        }
        self.rules = rules
        self.indexByID = indexByID
    }

    /// The index of rule `id` in `rules`; every finding's rule has one.
    func index(of id: String) -> Int { indexByID[id] ?? 0 }

    /// The rule with `id`.
    func rule(_ id: String) -> RuleDescription { rules[index(of: id)] }
}
