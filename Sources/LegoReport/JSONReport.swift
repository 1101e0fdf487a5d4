import LegoAnalysis
import LegoReplay

/// The JSON report: the schema documented in `docs/findings-json.md`, keys in a fixed order.
struct JSONReport {
    /// The schema's name, written as `format`.
    static let formatName = "lego-trace.findings"
    /// The schema's version; bumped only for changes that break readers.
    static let schemaVersion = 1

    let result: AnalysisResult
    let context: ReportContext

    /// The whole document.
    func render() -> String { document().rendered() }

    func document() -> JSONValue {
        let counts = FindingCounts(result.findings)
        let catalog = RuleCatalog(result)
        let perRule = Dictionary(grouping: result.findings, by: \.ruleID).mapValues(\.count)
        return .object([
            ("format", .string(Self.formatName)),
            ("version", .integer(Int64(Self.schemaVersion))),
            ("tool", .object([("name", .string("lego-trace")), ("version", .string(context.toolVersion))])),
            ("trace", .object([
                ("path", .string(context.tracePath)),
                ("events", .integer(Int64(result.eventCount))),
                ("duration", .number(result.duration)),
                ("imported", .bool(result.imported)),
                ("endedCleanly", .bool(result.endedCleanly)),
            ])),
            ("summary", .object([
                ("findings", .integer(Int64(counts.total))),
                ("errors", .integer(Int64(counts[.error]))),
                ("warnings", .integer(Int64(counts[.warning]))),
                ("notes", .integer(Int64(counts[.note]))),
                ("worstSeverity", .optional(result.worstSeverity?.rawValue)),
            ])),
            ("rules", .array(catalog.rules.map { rule in
                .object([
                    ("id", .string(rule.id)),
                    ("severity", .string(rule.defaultSeverity.rawValue)),
                    ("summary", .string(rule.summary)),
                    ("why", .string(rule.why)),
                    ("findings", .integer(Int64(perRule[rule.id] ?? 0))),
                ])
            })),
            ("findings", .array(result.findings.map(finding))),
            // Kept with why, as SARIF keeps them: a script that reads only the count cannot tell which ones were hidden.
            ("suppressed", .array(result.suppressed.map(suppressed))),
            ("baseline", baseline()),
            ("limitations", .array(result.limitations.map(JSONValue.string))),
            ("warnings", .array(context.warnings.map(JSONValue.string))),
        ])
    }

    private func finding(_ finding: Finding) -> JSONValue {
        var fields: [(String, JSONValue)] = [
            ("ruleId", .string(finding.ruleID)),
            ("severity", .string(finding.severity.rawValue)),
            ("message", .string(finding.message)),
            ("module", .optional(finding.module)),
            ("instance", .optional(finding.instance)),
            ("object", finding.object.map { .unsigned($0) } ?? .null),
            ("first", moment(finding.first)),
            ("last", moment(finding.last)),
            ("evidence", .array(finding.evidence.map { evidence in
                var fields: [(String, JSONValue)] = [
                    ("seq", .unsigned(evidence.seq)),
                    ("time", .number(evidence.time)),
                    ("kind", .string(evidence.kind)),
                    ("note", .string(evidence.note)),
                    ("traceLine", .optional(context.line(of: evidence.seq))),
                    ("logLine", .optional(evidence.line)),
                ]
                if let place = evidence.location { fields.append(("location", location(place))) }
                return .object(fields)
            })),
            ("fingerprint", .string(finding.fingerprint)),
        ]
        // Static (`scan`) findings only: trace findings keep the schema they always had.
        if let place = finding.location { fields.append(("location", location(place))) }
        if let certainty = finding.certainty { fields.append(("certainty", .string(certainty.rawValue))) }
        return .object(fields)
    }

    /// A finding the baseline or a comment in the source hides: the finding's own fields and `suppression`, why.
    private func suppressed(_ suppressed: SuppressedFinding) -> JSONValue {
        guard case .object(var fields) = finding(suppressed.finding) else { return finding(suppressed.finding) }
        let why: JSONValue = switch suppressed.reason {
        case .baseline(let path): .object([("kind", .string("baseline")), ("path", .string(path)), ("comment", .null)])
        case .inSource(let comment): .object([("kind", .string("inSource")), ("path", .null), ("comment", location(.source(comment)))])
        }
        fields.append(("suppression", why))
        return .object(fields)
    }

    private func location(_ location: Finding.Location) -> JSONValue {
        let source = location.sourceLocation
        return .object([
            ("kind", .string(location.kind)),
            ("file", .string(source.file)),
            ("line", .integer(Int64(source.line))),
            ("column", .integer(Int64(source.column))),
        ])
    }

    private func moment(_ moment: ReplayState.Moment) -> JSONValue {
        .object([
            ("seq", .unsigned(moment.seq)),
            ("time", .number(moment.time)),
            ("traceLine", .optional(context.line(of: moment.seq))),
            ("logLine", .optional(moment.line)),
        ])
    }

    private func baseline() -> JSONValue {
        guard let baseline = context.baseline else { return .null }
        return .object([
            ("path", .string(baseline.path)),
            ("suppressed", .integer(Int64(baseline.suppressed))),
            ("missing", .bool(baseline.missing)),
            ("stale", .array(baseline.stale.map { entry in
                .object([
                    ("fingerprint", .string(entry.fingerprint)),
                    ("rule", .string(entry.rule)),
                    ("module", .optional(entry.module)),
                ])
            })),
        ])
    }
}
