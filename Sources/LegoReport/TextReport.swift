import LegoAnalysis

/// The human-readable report: findings grouped by rule, worst rule first, in aligned columns, then what could
/// not be checked, input warnings, the baseline outcome, and a one-line summary.
///
/// Every piece of trace data goes through `Escaping.text`, so a hostile name can neither break the layout
/// nor send escape sequences to the terminal; colour comes only from here, and only when `context.colour`.
struct TextReport {
    /// Module and instance columns wider than this stop aligning rather than push every row right.
    static let maximumColumnWidth = 32

    let result: AnalysisResult
    let context: ReportContext

    /// The whole report.
    func render() -> String {
        var lines: [String] = []
        let catalog = RuleCatalog(result)
        let groups = Dictionary(grouping: result.findings, by: \.ruleID)
            .sorted { lhs, rhs in
                let left = lhs.value.map(\.severity).max() ?? .note, right = rhs.value.map(\.severity).max() ?? .note
                return left != right ? left > right : lhs.key < rhs.key
            }
        let columns = Columns(result.findings)
        for (ruleID, findings) in groups {
            let header = paint(Escaping.text(ruleID), .bold) + " (\(FindingCounts(findings).phrase)): "
                + Escaping.text(catalog.rule(ruleID).summary)
            lines.append(header)
            for finding in findings { lines += rows(finding, columns: columns) }
            lines.append("")
        }
        if !result.limitations.isEmpty {
            lines.append("Not checked:")
            lines += result.limitations.flatMap(bullet)
        }
        if !context.warnings.isEmpty {
            lines.append(paint("Warnings:", .warning))
            lines += context.warnings.flatMap(bullet)
        }
        if let baseline = context.baseline, baseline.missing {
            lines.append("Baseline: \(Escaping.text(baseline.missingNote)).")
        } else if let baseline = context.baseline {
            let stale = ReportNumber.counted(baseline.stale.count, "entry", plural: "entries")
            lines.append("Baseline \(Escaping.text(baseline.path)): "
                + "\(ReportNumber.counted(baseline.suppressed, "known finding")) suppressed, "
                + "\(stale) no longer \(baseline.stale.count == 1 ? "occurs" : "occur")\(baseline.stale.isEmpty ? "." : ":")")
            let ruleWidth = baseline.stale.map { Self.width(Escaping.text($0.rule)) }.max() ?? 0
            let moduleWidth = min(Self.maximumColumnWidth, baseline.stale.map { Self.width(Escaping.text($0.module ?? "-")) }.max() ?? 0)
            for entry in baseline.stale {
                lines.append("  - " + Self.pad(Escaping.text(entry.rule), ruleWidth) + "  "
                    + Self.pad(Escaping.text(entry.module ?? "-"), moduleWidth) + "  " + Escaping.text(entry.fingerprint))
            }
        }
        lines.append(paint(Self.summaryLine(result, baseline: context.baseline), .bold))
        return lines.joined(separator: "\n") + "\n"
    }

    /// "3 findings: 2 errors, 1 warning (1,234 events, 12.3 s of trace time)", or "No findings (…)" when clean.
    static func summaryLine(_ result: AnalysisResult, baseline: BaselineSummary? = nil) -> String {
        let counts = FindingCounts(result.findings)
        var facts = result.sourceFiles.map { "\(ReportNumber.counted($0, "source file")) scanned" }
            ?? "\(ReportNumber.counted(result.eventCount, "event")), \(ReportNumber.duration(result.duration)) of trace time"
        if result.imported { facts += ", imported from console logs" }
        var line = counts.total == 0
            ? "No findings (\(facts))"
            : "\(ReportNumber.counted(counts.total, "finding")): \(counts.phrase) (\(facts))"
        if let baseline, baseline.suppressed > 0 {
            line += "; \(ReportNumber.counted(baseline.suppressed, "known finding")) suppressed by the baseline"
        }
        if result.suppressedInSource > 0 {
            line += "; \(ReportNumber.counted(result.suppressedInSource, "finding")) suppressed in the source"
        }
        return line
    }

    /// Where a finding is: its source location, else its first event's seq.
    static func position(_ finding: Finding) -> String {
        finding.location.map(\.description) ?? "seq \(finding.first.seq)"
    }

    /// The time column: the trace time, or how sure a static finding is.
    static func when(_ finding: Finding) -> String {
        finding.certainty?.rawValue ?? ReportNumber.seconds(finding.first.time)
    }

    /// Where a piece of evidence is: its source location, else its seq.
    static func position(_ evidence: Evidence) -> String {
        evidence.location.map(\.description) ?? "seq \(evidence.seq)"
    }

    /// The evidence's trace time, or nothing for a source location.
    static func when(_ evidence: Evidence) -> String {
        evidence.location == nil ? ReportNumber.seconds(evidence.time) : ""
    }

    /// The widths every finding row shares, so columns line up across the whole report.
    private struct Columns {
        let severity: Int, module: Int, instance: Int, seq: Int, time: Int

        init(_ findings: [Finding]) {
            func widest(_ values: [String], cap: Int = .max) -> Int { min(cap, values.map(TextReport.width).max() ?? 0) }
            severity = widest(findings.map(\.severity.rawValue))
            module = widest(findings.map { Escaping.text($0.module ?? "-") }, cap: TextReport.maximumColumnWidth)
            instance = widest(findings.map { Escaping.text($0.instance ?? "-") }, cap: TextReport.maximumColumnWidth)
            seq = widest(findings.map(TextReport.position))
            time = widest(findings.map(TextReport.when))
        }
    }

    private func rows(_ finding: Finding, columns: Columns) -> [String] {
        let severity = paint(Self.pad(finding.severity.rawValue, columns.severity), Style(finding.severity))
        var lines = ["  " + [
            severity,
            Self.pad(Escaping.text(finding.module ?? "-"), columns.module),
            Self.pad(Escaping.text(finding.instance ?? "-"), columns.instance),
            Self.pad(Escaping.text(Self.position(finding)), columns.seq),
            Self.pad(Self.when(finding), columns.time),
            // A message is one line: a line break in it came from a name, and a name never starts a line of its own.
            Escaping.text(finding.message),
        ].joined(separator: "  ")]
        let indent = String(repeating: " ", count: 2 + columns.severity + 2)
        let seqWidth = finding.evidence.map { Self.width(Escaping.text(Self.position($0))) }.max() ?? 0
        let timeWidth = finding.evidence.map { Self.width(Self.when($0)) }.max() ?? 0
        let kindWidth = finding.evidence.map { Self.width(Escaping.text($0.kind)) }.max() ?? 0
        for (offset, evidence) in finding.evidence.enumerated() {
            let label = offset == 0 ? "evidence: " : "          "
            let row = Self.pad(Escaping.text(Self.position(evidence)), seqWidth) + "  " + Self.pad(Self.when(evidence), timeWidth)
                + "  " + Self.pad(Escaping.text(evidence.kind), kindWidth) + "  " + Escaping.text(evidence.note)
            lines.append(indent + paint(label + row, .dim))
        }
        return lines
    }

    private func bullet(_ text: String) -> [String] {
        ["  - " + Escaping.text(text)]
    }

    // MARK: Colour

    /// The few styles the report uses.
    private enum Style {
        case bold, dim, error, warning, note

        init(_ severity: Severity) {
            switch severity {
            case .error: self = .error
            case .warning: self = .warning
            case .note: self = .note
            }
        }

        var code: String {
            switch self {
            case .bold: "1"
            case .dim: "2"
            case .error: "1;31"
            case .warning: "1;33"
            case .note: "1;36"
            }
        }
    }

    private func paint(_ text: String, _ style: Style) -> String {
        context.colour ? "\u{1B}[\(style.code)m\(text)\u{1B}[0m" : text
    }

    // MARK: Width

    /// `text` padded with spaces to `width` terminal columns (never truncated).
    static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - self.width(text)))
    }

    /// Terminal columns `text` takes: wide East Asian characters and emoji count two, combining marks none.
    static func width(_ text: String) -> Int {
        text.reduce(0) { $0 + width(of: $1) }
    }

    private static func width(of character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if scalars.contains("\u{FE0F}") || first.properties.isEmojiPresentation { return 2 }
        switch first.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
             0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            return 2
        default:
            switch first.properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .format: return 0
            default: return 1
            }
        }
    }
}
