import LegoAnalysis

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
