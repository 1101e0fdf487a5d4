import LegoAnalysis

/// The JUnit XML report: one test case per finding (named by rule and module), one passing case per rule without any.
///
/// Jenkins and Azure DevOps show only the first `<failure>` of a test case, so every finding is a case of its own,
/// with the `file` and `line` it points at. A failure means what the exit status means: only findings at or above
/// `--fail-on` are `<failure>`s; the others are passing cases that carry the finding in their `<system-out>`.
/// `tests` counts the cases, `failures` the failing findings, and the `findings` property every finding.
struct JUnitReport {
    let result: AnalysisResult
    let context: ReportContext

    /// The whole document.
    func render() -> String {
        let catalog = RuleCatalog(result)
        let byRule = Dictionary(grouping: result.findings, by: \.ruleID)
        let passing = catalog.rules.filter { byRule[$0.id] == nil }.count
        let failing = result.findings.count(where: fails)
        let counts = "tests=\"\(result.findings.count + passing)\" failures=\"\(failing)\" errors=\"0\""

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
            let classname = "lego-trace.\(rule.id)"
            guard let findings = byRule[rule.id] else {
                out += "    <testcase classname=\"\(attribute(classname))\" name=\"\(attribute(rule.id))\" time=\"0\"/>\n"
                continue
            }
            for (finding, name) in zip(findings, caseNames(findings, rule: rule.id)) {
                let place = self.place(finding)
                out += "    <testcase classname=\"\(attribute(classname))\" name=\"\(attribute(name))\" "
                    + "file=\"\(attribute(place.file))\" line=\"\(place.line)\" time=\"0\">\n"
                if fails(finding) {
                    out += "      <failure message=\"\(attribute(Escaping.text(finding.message)))\" type=\"\(finding.severity.rawValue)\">"
                    out += Escaping.xml(body(finding), attribute: false)
                    out += "</failure>\n"
                } else {
                    out += "      <system-out>\(Escaping.xml(body(finding), attribute: false))</system-out>\n"
                }
                out += "    </testcase>\n"
            }
        }
        let notes = systemOut()
        if !notes.isEmpty {
            out += "    <system-out>\(Escaping.xml(notes, attribute: false))</system-out>\n"
        }
        out += "  </testsuite>\n"
        out += "</testsuites>\n"
        return out
    }

    /// `rule module` for each finding, numbered (`#2`, `#3`) where one rule has several findings on one module,
    /// so every case name is unique and stable across runs of the same trace.
    private func caseNames(_ findings: [Finding], rule: String) -> [String] {
        var seen: [String: Int] = [:]
        return findings.map { finding in
            let base = "\(rule) \(finding.module ?? "(no module)")"
            let occurrence = seen[base, default: 0] + 1
            seen[base] = occurrence
            return occurrence == 1 ? base : "\(base) #\(occurrence)"
        }
    }

    private func attribute(_ text: String) -> String { Escaping.xml(text, attribute: true) }

    /// Whether `finding` fails the run (`--fail-on`), so its case is a failure.
    private func fails(_ finding: Finding) -> Bool {
        guard let threshold = context.failOn.severity else { return false }
        return finding.severity >= threshold
    }

    /// The file and line a finding points at: its source or scenario line, else its first event's trace line.
    private func place(_ finding: Finding) -> (file: String, line: Int) {
        if let source = finding.location?.sourceLocation { return (source.file, source.line) }
        return (context.tracePath, context.line(of: finding.first.seq) ?? 1)
    }

    private func position(_ seq: UInt64, _ time: Double) -> String {
        let line = context.line(of: seq).map { " (trace line \($0))" } ?? ""
        return "seq \(seq) at \(ReportNumber.seconds(time))\(line)"
    }

    private func body(_ finding: Finding) -> String {
        // Names are data: each stays on its line, so no line of the body starts with what a trace wrote.
        var lines = ["\(finding.severity.rawValue) \(finding.ruleID): \(Escaping.text(finding.message))"]
        if let module = finding.module { lines.append("module: \(Escaping.text(module))") }
        if let instance = finding.instance { lines.append("instance: \(Escaping.text(instance))") }
        if let location = finding.location {
            lines.append("at: \(location)" + (finding.certainty.map { " (\($0.rawValue))" } ?? ""))
        } else {
            lines.append("first: \(position(finding.first.seq, finding.first.time))")
            lines.append("last: \(position(finding.last.seq, finding.last.time))")
        }
        lines.append("fingerprint: \(Escaping.text(finding.fingerprint))")
        if !finding.evidence.isEmpty {
            lines.append("evidence:")
            for evidence in finding.evidence {
                let place = evidence.location.map(\.description) ?? position(evidence.seq, evidence.time)
                lines.append("  \(Escaping.text(place)) \(Escaping.text(evidence.kind)): \(Escaping.text(evidence.note))")
            }
        }
        return lines.joined(separator: "\n")
    }

    private func systemOut() -> String {
        var lines: [String] = []
        lines += result.limitations.map { "not checked: \(Escaping.text($0))" }
        lines += context.warnings.map { "warning: \(Escaping.text($0))" }
        if let baseline = context.baseline, baseline.missing {
            lines.append("note: \(Escaping.text(baseline.missingNote))")
        } else if let baseline = context.baseline {
            lines.append("baseline \(Escaping.text(baseline.path)): \(ReportNumber.counted(baseline.suppressed, "known finding")) suppressed, "
                + "\(ReportNumber.counted(baseline.stale.count, "entry", plural: "entries")) no longer occurring")
            for entry in baseline.stale {
                lines.append("  stale: \(Escaping.text(entry.rule)) \(Escaping.text(entry.module ?? "-")) \(Escaping.text(entry.fingerprint))")
            }
        }
        return lines.joined(separator: "\n")
    }
}
