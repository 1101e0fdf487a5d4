import LegoAnalysis

/// The Markdown report for a pull request or `$GITHUB_STEP_SUMMARY`: the summary line, a table of findings worst
/// first, each finding's evidence in a collapsed `<details>` block, and what could not be checked.
///
/// Every piece of trace data goes through `Escaping.markdown`, so a hostile name renders as text and can neither
/// open HTML, break a table row nor start a heading.
struct MarkdownReport {
    let result: AnalysisResult
    let context: ReportContext

    /// The whole document.
    func render() -> String {
        var lines = ["## lego-trace: \(Escaping.markdown(TextReport.summaryLine(result, baseline: context.baseline)))", ""]
        lines.append("Trace \(Escaping.markdownCode(context.tracePath)), "
            + "lego-trace \(Escaping.markdown(context.toolVersion)).")
        lines.append("")
        let catalog = RuleCatalog(result)
        let findings = result.findings.enumerated().sorted { lhs, rhs in
            lhs.element.severity != rhs.element.severity ? lhs.element.severity > rhs.element.severity : lhs.offset < rhs.offset
        }.map(\.element)
        if !findings.isEmpty {
            lines.append("| severity | rule | module | instance | where | finding |")
            lines.append("| --- | --- | --- | --- | --- | --- |")
            for finding in findings {
                lines.append("| \(finding.severity.rawValue) | \(ruleLink(finding.ruleID)) | \(Escaping.markdownCell(finding.module ?? "-")) | "
                    + "\(Escaping.markdownCell(finding.instance ?? "-")) | \(place(finding)) | "
                    + "\(Escaping.markdownCell(finding.message)) |")
            }
            lines.append("")
            for finding in findings {
                lines.append("<details><summary>\(finding.severity.rawValue) \(Escaping.markdown(finding.ruleID)): "
                    + "\(Escaping.markdownCell(finding.module ?? "-"))</summary>")
                lines.append("")
                // One line, as in the table: a line break in a message came from a name.
                lines.append(Escaping.markdownCell(finding.message))
                lines.append("")
                for evidence in finding.evidence {
                    lines.append("- \(position(evidence.seq, evidence.time)) \(Escaping.markdownCode(evidence.kind)): "
                        + Escaping.markdownCell(evidence.note))
                }
                lines.append("- fingerprint: \(Escaping.markdownCode(finding.fingerprint))")
                lines.append("- rule: \(Escaping.markdownCell(catalog.rule(finding.ruleID).summary))")
                lines.append("")
                lines.append("</details>")
                lines.append("")
            }
        }
        if !result.limitations.isEmpty {
            lines.append("**Not checked**")
            lines.append("")
            lines += result.limitations.map { "- " + Escaping.markdownCell($0) }
            lines.append("")
        }
        if !context.warnings.isEmpty {
            lines.append("**Warnings**")
            lines.append("")
            lines += context.warnings.map { "- " + Escaping.markdownCell($0) }
            lines.append("")
        }
        if let baseline = context.baseline, baseline.missing {
            lines.append("**Baseline**: \(Escaping.markdownCell(baseline.missingNote))")
            lines.append("")
        } else if let baseline = context.baseline {
            lines.append("**Baseline** \(Escaping.markdownCell(baseline.path)): \(ReportNumber.counted(baseline.suppressed, "known finding")) "
                + "suppressed, \(ReportNumber.counted(baseline.stale.count, "entry", plural: "entries")) no longer occurring")
            lines.append("")
            lines += baseline.stale.map {
                "- stale: \(Escaping.markdownCell($0.rule)) \(Escaping.markdownCell($0.module ?? "-")) \(Escaping.markdownCode($0.fingerprint))"
            }
            if !baseline.stale.isEmpty { lines.append("") }
        }
        while lines.last == "" { lines.removeLast() }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The rule id, linked to its documentation when the context knows where that is.
    private func ruleLink(_ id: String) -> String {
        guard let uri = context.helpURI(rule: id) else { return Escaping.markdownCell(id) }
        return "[\(Escaping.markdownCell(id))](\(uri.replacingOccurrences(of: ")", with: "%29").replacingOccurrences(of: " ", with: "%20")))"
    }

    /// Where a finding is: the file a person edits when known (a static finding has nothing else), then its trace event.
    private func place(_ finding: Finding) -> String {
        guard let location = finding.location else { return position(finding.first.seq, finding.first.time) }
        let file = Escaping.markdownCell(location.description)
        if let certainty = finding.certainty { return "\(file) (\(certainty.rawValue))" }
        return "\(file), \(position(finding.first.seq, finding.first.time))"
    }

    private func position(_ seq: UInt64, _ time: Double) -> String {
        let line = context.line(of: seq).map { ", line \($0)" } ?? ""
        return "seq \(seq) at \(ReportNumber.seconds(time))\(line)"
    }
}
