import LegoAnalysis

/// GitHub Actions workflow commands: one annotation per finding on the trace file, then a plain summary line.
struct GitHubReport {
    let result: AnalysisResult
    let context: ReportContext

    /// The commands, one per line.
    func render() -> String {
        var lines: [String] = []
        let file = Escaping.githubProperty(context.tracePath)
        for finding in result.findings {
            var properties: [String]
            if let source = finding.location?.sourceLocation {
                properties = ["file=\(Escaping.githubProperty(source.file))", "line=\(source.line)", "col=\(source.column)"]
            } else {
                properties = ["file=\(file)"]
                if let line = context.line(of: finding.first.seq) { properties.append("line=\(line)") }
            }
            let title = finding.module.map { "\(finding.ruleID) (\($0))" } ?? finding.ruleID
            properties.append("title=\(Escaping.githubProperty(title))")
            lines.append("::\(command(finding.severity)) \(properties.joined(separator: ","))::\(Escaping.githubData(message(finding)))")
        }
        for warning in context.warnings {
            lines.append("::warning file=\(file),title=lego-trace input::\(Escaping.githubData(warning))")
        }
        for limitation in result.limitations {
            lines.append("::notice title=lego-trace not checked::\(Escaping.githubData(limitation))")
        }
        if let baseline = context.baseline, baseline.missing {
            lines.append("::notice title=lego-trace baseline::\(Escaping.githubData(baseline.missingNote))")
        } else if let baseline = context.baseline {
            var text = "\(ReportNumber.counted(baseline.suppressed, "known finding")) suppressed by \(baseline.path); "
                + "\(ReportNumber.counted(baseline.stale.count, "baseline entry", plural: "baseline entries")) no longer \(baseline.stale.count == 1 ? "occurs" : "occur")"
            for entry in baseline.stale {
                text += "\n\(entry.rule) \(entry.module ?? "-") \(entry.fingerprint)"
            }
            lines.append("::notice title=lego-trace baseline::\(Escaping.githubData(text))")
        }
        // A plain line, not a command: only numbers and fixed words, so nothing in it can be read as one.
        lines.append("lego-trace: " + TextReport.summaryLine(result))
        return lines.joined(separator: "\n") + "\n"
    }

    private func command(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "notice"
        }
    }

    private func message(_ finding: Finding) -> String {
        var parts = [finding.module, finding.instance].compactMap { $0 }
        if let certainty = finding.certainty {
            parts.append(certainty.rawValue)
        } else {
            parts.append("seq \(finding.first.seq) at \(ReportNumber.seconds(finding.first.time))")
        }
        var text = "\(finding.message)\n(\(parts.joined(separator: ", ")))"
        for evidence in finding.evidence {
            let place = evidence.location.map(\.description) ?? "seq \(evidence.seq) at \(ReportNumber.seconds(evidence.time))"
            text += "\n- \(place) \(evidence.kind): \(evidence.note)"
        }
        return text
    }
}
