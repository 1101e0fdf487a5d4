import LegoAnalysis

/// Compiler-style diagnostics, `path:line:column: error|warning: message [rule-id]`, one line per finding: what a
/// Run Script build phase prints for Xcode to show the finding on its source line (and in the Issue navigator).
///
/// Xcode shows a `note:` only under the diagnostic before it, so notes are warnings here; the message is its first line.
struct XcodeReport {
    let result: AnalysisResult
    let context: ReportContext

    /// The diagnostics (the summary goes to standard error, as for every machine-readable format).
    func render() -> String {
        var lines: [String] = []
        for finding in result.findings {
            let place: String
            if let source = finding.location?.sourceLocation {
                place = "\(source.file):\(source.line):\(source.column)"
            } else {
                place = "\(context.tracePath):\(context.line(of: finding.first.seq) ?? 1):1"
            }
            let headline = finding.message.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
            let subject = finding.module.map { "\($0): " } ?? ""
            lines.append("\(Escaping.text(place)): \(Self.kind(finding.severity)): \(Escaping.text(subject + headline)) [\(finding.ruleID)]")
        }
        for warning in context.warnings {
            lines.append("\(Escaping.text(context.tracePath)): warning: \(Escaping.text(warning)) [lego-trace-input]")
        }
        return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }

    /// The diagnostic kind Xcode reads.
    static func kind(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning, .note: "warning"
        }
    }
}
