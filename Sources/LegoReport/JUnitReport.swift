import LegoAnalysis

/// The JUnit XML report: one suite, one test case per rule, one `<failure>` per finding.
///
/// Counts follow the JUnit schema: `tests` is the number of rules and `failures` the number of rules with at
/// least one finding (a test case fails once however many `<failure>` elements it holds), so
/// `tests - failures` is always the number of passing rules; the `findings` property holds the finding count.
struct JUnitReport {
    let result: AnalysisResult
    let context: ReportContext

    /// The whole document.
    func render() -> String {
        let catalog = RuleCatalog(result)
        let byRule = Dictionary(grouping: result.findings, by: \.ruleID)
        let tests = catalog.rules.count
        let failures = catalog.rules.filter { byRule[$0.id] != nil }.count
        let counts = "tests=\"\(tests)\" failures=\"\(failures)\" errors=\"0\""

        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"lego-trace\" \(counts)>\n"
        out += "  <testsuite name=\"lego-trace\" \(counts) skipped=\"0\" time=\"0\">\n"
        out += "    <properties>\n"
        for (name, value) in [
            ("trace", context.tracePath), ("toolVersion", context.toolVersion), ("events", String(result.eventCount)),
            ("duration", String(result.duration)), ("imported", String(result.imported)),
            ("findings", String(result.findings.count)),
        ] {
            out += "      <property name=\"\(name)\" value=\"\(attribute(value))\"/>\n"
        }
        out += "    </properties>\n"
        for rule in catalog.rules {
            let findings = byRule[rule.id] ?? []
            let open = "    <testcase classname=\"lego-trace\" name=\"\(attribute(rule.id))\" time=\"0\""
            guard !findings.isEmpty else { out += open + "/>\n"; continue }
            out += open + ">\n"
            for finding in findings {
                let headline = finding.message.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
                out += "      <failure message=\"\(attribute(headline))\" type=\"\(finding.severity.rawValue)\">"
                out += Escaping.xml(body(finding), attribute: false)
                out += "</failure>\n"
            }
            out += "    </testcase>\n"
        }
        let notes = systemOut()
        if !notes.isEmpty {
            out += "    <system-out>\(Escaping.xml(notes, attribute: false))</system-out>\n"
        }
        out += "  </testsuite>\n"
        out += "</testsuites>\n"
        return out
    }

    private func attribute(_ text: String) -> String { Escaping.xml(text, attribute: true) }

    private func position(_ seq: UInt64, _ time: Double) -> String {
        let line = context.line(of: seq).map { " (trace line \($0))" } ?? ""
        return "seq \(seq) at \(ReportNumber.seconds(time))\(line)"
    }

    private func body(_ finding: Finding) -> String {
        var lines = ["\(finding.severity.rawValue) \(finding.ruleID): \(finding.message)"]
        if let module = finding.module { lines.append("module: \(module)") }
        if let instance = finding.instance { lines.append("instance: \(instance)") }
        if let location = finding.location {
            lines.append("at: \(location)" + (finding.certainty.map { " (\($0.rawValue))" } ?? ""))
        } else {
            lines.append("first: \(position(finding.first.seq, finding.first.time))")
            lines.append("last: \(position(finding.last.seq, finding.last.time))")
        }
        lines.append("fingerprint: \(finding.fingerprint)")
        if !finding.evidence.isEmpty {
            lines.append("evidence:")
            for evidence in finding.evidence {
                let place = evidence.location.map(\.description) ?? position(evidence.seq, evidence.time)
                lines.append("  \(place) \(evidence.kind): \(evidence.note)")
            }
        }
        return lines.joined(separator: "\n")
    }

    private func systemOut() -> String {
        var lines: [String] = []
        lines += result.limitations.map { "not checked: \($0)" }
        lines += context.warnings.map { "warning: \($0)" }
        if let baseline = context.baseline {
            lines.append("baseline \(baseline.path): \(ReportNumber.counted(baseline.suppressed, "known finding")) suppressed, "
                + "\(ReportNumber.counted(baseline.stale.count, "entry", plural: "entries")) no longer occurring")
            for entry in baseline.stale {
                lines.append("  stale: \(entry.rule) \(entry.module ?? "-") \(entry.fingerprint)")
            }
        }
        return lines.joined(separator: "\n")
    }
}
