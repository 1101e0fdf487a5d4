import LegoAnalysis

/// The report formats `check --format` accepts.
public enum ReportFormat: String, CaseIterable, Sendable {
    /// Human-readable, grouped by rule, with a summary line (the default).
    case text
    /// The documented JSON schema in `docs/findings-json.md`.
    case json
    /// SARIF 2.1.0 for GitHub code scanning and other SARIF consumers.
    case sarif
    /// JUnit XML: one test case per rule, one failure per finding.
    case junit
    /// GitHub Actions workflow commands that annotate the trace file.
    case github

    /// Renders `result` in this format; the text always ends with a newline.
    public func render(result: AnalysisResult, context: ReportContext) -> String {
        switch self {
        case .text: TextReport(result: result, context: context).render()
        case .json: JSONReport(result: result, context: context).render()
        case .sarif: SARIFReport(result: result, context: context).render()
        case .junit: JUnitReport(result: result, context: context).render()
        case .github: GitHubReport(result: result, context: context).render()
        }
    }
}
