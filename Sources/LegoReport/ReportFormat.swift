import LegoAnalysis

/// The report formats `check --format` accepts.
public enum ReportFormat: String, CaseIterable, Sendable {
    /// Human-readable, grouped by rule, with a summary line (the default).
    case text
    /// The documented JSON schema in `docs/findings-json.md`.
    case json
    /// SARIF 2.1.0 for GitHub code scanning and other SARIF consumers.
    case sarif
    /// JUnit XML: one test case per finding, one passing case per rule without findings.
    case junit
    /// GitHub Actions workflow commands that annotate the trace file.
    case github
    /// GitHub-flavoured Markdown for a pull request comment or `$GITHUB_STEP_SUMMARY`.
    case markdown
    /// `path:line:column: error|warning: message [rule-id]` lines that Xcode shows inline from a Run Script phase.
    case xcode

    /// Renders `result` in this format; the text ends with a newline (xcode with no findings is empty).
    public func render(result: AnalysisResult, context: ReportContext) -> String {
        switch self {
        case .text: TextReport(result: result, context: context).render()
        case .json: JSONReport(result: result, context: context).render()
        case .sarif: SARIFReport(result: result, context: context).render()
        case .junit: JUnitReport(result: result, context: context).render()
        case .github: GitHubReport(result: result, context: context).render()
        case .markdown: MarkdownReport(result: result, context: context).render()
        case .xcode: XcodeReport(result: result, context: context).render()
        }
    }

    /// The one-line summary every report ends with: "3 findings: 2 errors, 1 warning (1,234 events, 12.3 s of trace time)".
    public static func summaryLine(_ result: AnalysisResult, baseline: BaselineSummary? = nil) -> String {
        TextReport.summaryLine(result, baseline: baseline)
    }
}
