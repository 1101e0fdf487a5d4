import LegoAnalysis

/// The SARIF 2.1.0 report, shaped for GitHub code scanning: rules with help, results pointing at the trace
/// file and the event's line, related locations for the evidence, and stable partial fingerprints.
struct SARIFReport {
    /// The `partialFingerprints` key; a new version starts new alerts, so change it only with the fingerprint scheme.
    static let fingerprintKey = "legoTrace/v1"
    /// GitHub rejects results with more related locations than this.
    static let maximumRelatedLocations = 1000

    let result: AnalysisResult
    let context: ReportContext

    /// The whole log.
    func render() -> String {
        let catalog = RuleCatalog(result)
        var driver: [(String, JSONValue)] = [
            ("name", .string("lego-trace")),
            ("version", .string(context.toolVersion)),
            ("semanticVersion", .string(context.toolVersion)),
        ]
        if let uri = context.informationURI { driver.append(("informationUri", .string(uri))) }
        driver.append(("rules", .array(catalog.rules.map(rule))))

        var notifications: [JSONValue] = context.warnings.map { notification($0, level: "warning") }
        notifications += result.limitations.map { notification($0, level: "note") }

        var runProperties: [(String, JSONValue)] = [
            ("tracePath", .string(context.tracePath)),
            ("events", .integer(Int64(result.eventCount))),
            ("duration", .number(result.duration)),
            ("imported", .bool(result.imported)),
            ("endedCleanly", .bool(result.endedCleanly)),
        ]
        if let baseline = context.baseline {
            runProperties.append(("baseline", .object([
                ("path", .string(baseline.path)),
                ("suppressed", .integer(Int64(baseline.suppressed))),
                ("stale", .array(baseline.stale.map { entry in
                    .object([
                        ("fingerprint", .string(entry.fingerprint)),
                        ("rule", .string(entry.rule)),
                        ("module", .optional(entry.module)),
                    ])
                })),
            ])))
        }

        let run: JSONValue = .object([
            ("tool", .object([("driver", .object(driver))])),
            ("invocations", .array([.object([
                ("executionSuccessful", .bool(true)),
                ("toolExecutionNotifications", .array(notifications)),
            ])])),
            ("results", .array(result.findings.map { finding($0, catalog: catalog) })),
            ("properties", .object(runProperties)),
        ])
        return JSONValue.object([
            ("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")),
            ("version", .string("2.1.0")),
            ("runs", .array([run])),
        ]).rendered()
    }

    private func rule(_ rule: RuleDescription) -> JSONValue {
        let why = rule.why.isEmpty ? rule.summary : rule.why
        let explain = "lego-trace rules --explain \(rule.id)"
        var fields: [(String, JSONValue)] = [
            ("id", .string(rule.id)),
            ("name", .string(Self.pascalCase(rule.id))),
            ("shortDescription", .object([("text", .string(rule.summary))])),
            ("fullDescription", .object([("text", .string(why))])),
        ]
        if let help = context.helpURI(rule: rule.id) { fields.append(("helpUri", .string(help))) }
        return .object(fields + [
            ("help", .object([
                ("text", .string("\(rule.summary)\n\n\(why)\n\nMore: \(explain)")),
                ("markdown", .string("**\(Escaping.markdown(rule.summary))**\n\n\(Escaping.markdown(why))\n\nMore: `\(explain)`")),
            ])),
            ("defaultConfiguration", .object([("level", .string(Self.level(rule.defaultSeverity)))])),
            ("properties", .object([
                ("tags", .array([.string("lego-trace")] + rule.orderedFrameworks.map { .string($0.rawValue) })),
                ("problem.severity", .string(rule.defaultSeverity == .note ? "recommendation" : rule.defaultSeverity.rawValue)),
            ])),
        ])
    }

    private func finding(_ finding: Finding, catalog: RuleCatalog) -> JSONValue {
        var location: [(String, JSONValue)] = [("physicalLocation", physicalLocation(seq: finding.first.seq, at: finding.location))]
        if let module = finding.module {
            location.append(("logicalLocations", .array([.object([
                ("name", .string(module)),
                ("fullyQualifiedName", .string(module)),
                ("kind", .string("module")),
            ])])))
        }
        // A trace finding pointed at its scenario step or console-log line keeps its trace line as a related location.
        let traceEvent: [JSONValue] = finding.origin == .trace && finding.location != nil
            ? [.object([
                ("id", .integer(0)),
                ("physicalLocation", physicalLocation(seq: finding.first.seq, at: nil)),
                ("message", .object([("text", .string("seq \(finding.first.seq) at \(ReportNumber.seconds(finding.first.time)) in the trace"))])),
            ])]
            : []
        let related = traceEvent + finding.evidence.prefix(Self.maximumRelatedLocations - traceEvent.count).enumerated().map { offset, evidence in
            JSONValue.object([
                ("id", .integer(Int64(offset + 1))),
                ("physicalLocation", physicalLocation(seq: evidence.seq, at: evidence.location)),
                ("message", .object([("text", .string(
                    "\(evidence.location.map(\.description) ?? "seq \(evidence.seq) at \(ReportNumber.seconds(evidence.time))"), \(evidence.kind): \(evidence.note)"))])),
            ])
        }
        var properties: [(String, JSONValue)] = []
        if let module = finding.module { properties.append(("module", .string(module))) }
        if let instance = finding.instance { properties.append(("instance", .string(instance))) }
        if let certainty = finding.certainty {
            properties.append(("certainty", .string(certainty.rawValue)))
        } else {
            properties += [
                ("seq", .unsigned(finding.first.seq)),
                ("time", .number(finding.first.time)),
                ("lastSeq", .unsigned(finding.last.seq)),
                ("lastTime", .number(finding.last.time)),
            ]
        }
        if let logLine = finding.first.line { properties.append(("logLine", .integer(Int64(logLine)))) }
        return .object([
            ("ruleId", .string(finding.ruleID)),
            ("ruleIndex", .integer(Int64(catalog.index(of: finding.ruleID)))),
            ("level", .string(Self.level(finding.severity))),
            ("message", .object([("text", .string(finding.message))])),
            ("locations", .array([.object(location)])),
            ("relatedLocations", .array(Array(related))),
            ("partialFingerprints", .object([(Self.fingerprintKey, .string(finding.fingerprint))])),
            ("properties", .object(properties)),
        ])
    }

    private func physicalLocation(seq: UInt64, at place: Finding.Location?) -> JSONValue {
        if let source = place?.sourceLocation {
            return .object([
                ("artifactLocation", .object([("uri", .string(Self.uri(forPath: source.file)))])),
                ("region", .object([("startLine", .integer(Int64(source.line))), ("startColumn", .integer(Int64(source.column)))])),
            ])
        }
        // GitHub needs a start line on every location; an unknown event line points at line 1 (the trace header).
        return .object([
            ("artifactLocation", .object([("uri", .string(Self.uri(forPath: context.tracePath)))])),
            ("region", .object([("startLine", .integer(Int64(context.line(of: seq) ?? 1)))])),
        ])
    }

    private func notification(_ text: String, level: String) -> JSONValue {
        .object([("level", .string(level)), ("message", .object([("text", .string(text))]))])
    }

    /// SARIF's level for a severity.
    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "note"
        }
    }

    /// `leaked-module` → `LeakedModule`, the rule's `name`.
    static func pascalCase(_ id: String) -> String {
        id.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// The path as a URI reference: relative paths stay relative (GitHub resolves them against the checkout),
    /// absolute ones become `file://` URIs; everything outside the unreserved set is percent-encoded.
    static func uri(forPath path: String) -> String {
        var path = path
        while path.hasPrefix("./") { path.removeFirst(2) }
        var encoded = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                 UInt8(ascii: "~"), UInt8(ascii: "/"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                encoded += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return path.hasPrefix("/") ? "file://" + encoded : encoded
    }
}
