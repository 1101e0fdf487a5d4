import LegoAnalysis
import LegoModel
import LegoReport

/// The parts every framework's model JSON (`scan --model`) writes alike: source locations and the findings.
enum ScanModelJSON {
    /// `{"file", "line", "column"}`.
    static func location(_ location: SourceLocation) -> JSONValue {
        .object([("file", .string(location.file)), ("line", .integer(Int64(location.line))), ("column", .integer(Int64(location.column)))])
    }

    /// A finding: rule, severity, certainty, message, module, source location and fingerprint.
    static func finding(_ finding: Finding) -> JSONValue {
        .object([
            ("ruleId", .string(finding.ruleID)),
            ("severity", .string(finding.severity.rawValue)),
            ("certainty", .optional(finding.certainty?.rawValue)),
            ("message", .string(finding.message)),
            ("module", .optional(finding.module)),
            ("location", finding.location.map { location($0.sourceLocation) } ?? .null),
            ("fingerprint", .string(finding.fingerprint)),
        ])
    }
}
