import LegoAnalysis
import LegoModel

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
                ("missing", .bool(baseline.missing)),
                ("stale", .array(baseline.stale.map { entry in
                    .object([
                        ("fingerprint", .string(entry.fingerprint)),
                        ("rule", .string(entry.rule)),
                        ("module", .optional(entry.module)),
                    ])
                })),
            ])))
        }

        var run: [(String, JSONValue)] = [
            ("tool", .object([("driver", .object(driver))])),
            ("automationDetails", .object([("id", .string("lego-trace/\(context.command.rawValue)/"))])),
            ("columnKind", .string("utf16CodeUnits")),
        ]
        if let root = context.sourceRoot {
            run.append(("originalUriBaseIds", .object([(Self.sourceRootID, .object([("uri", .string(Self.directoryURI(root)))]))])))
        }
        // Baselined and commented-out findings stay, marked as suppressed: dropping them would close their alerts as fixed.
        let results = result.findings.map { finding($0, catalog: catalog) }
            + result.suppressed.map { finding($0.finding, catalog: catalog, suppression: suppression($0.reason)) }
        run += [
            ("invocations", .array([.object([
                ("executionSuccessful", .bool(true)),
                ("toolExecutionNotifications", .array(notifications)),
            ])])),
            ("results", .array(results)),
            ("properties", .object(runProperties)),
        ]
        return JSONValue.object([
            ("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")),
            ("version", .string("2.1.0")),
            ("runs", .array([.object(run)])),
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

    private func suppression(_ reason: SuppressedFinding.Reason) -> JSONValue {
        switch reason {
        case .baseline(let path):
            .object([
                ("kind", .string("external")),
                ("status", .string("accepted")),
                ("justification", .string("known finding: its fingerprint is in the baseline \(path)")),
            ])
        case .inSource(let comment):
            .object([
                ("kind", .string("inSource")),
                ("status", .string("accepted")),
                ("justification", .string("a lego-trace:disable comment at \(comment)")),
                ("location", .object([("physicalLocation", sourceLocation(comment))])),
            ])
        }
    }

    private func finding(_ finding: Finding, catalog: RuleCatalog, suppression: JSONValue? = nil) -> JSONValue {
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
        var fields: [(String, JSONValue)] = [
            ("ruleId", .string(finding.ruleID)),
            ("ruleIndex", .integer(Int64(catalog.index(of: finding.ruleID)))),
            ("level", .string(Self.level(finding.severity))),
            ("message", .object([("text", .string(finding.message))])),
            ("locations", .array([.object(location)])),
            ("relatedLocations", .array(Array(related))),
            ("partialFingerprints", .object([(Self.fingerprintKey, .string(finding.fingerprint))])),
        ]
        if let suppression { fields.append(("suppressions", .array([suppression]))) }
        return .object(fields + [("properties", .object(properties))])
    }

    private func physicalLocation(seq: UInt64, at place: Finding.Location?) -> JSONValue {
        if let source = place?.sourceLocation { return sourceLocation(source) }
        // GitHub needs a start line on every location; an unknown event line points at line 1 (the trace header).
        return .object([
            ("artifactLocation", artifactLocation(context.tracePath)),
            ("region", .object([("startLine", .integer(Int64(context.line(of: seq) ?? 1)))])),
        ])
    }

    private func sourceLocation(_ source: SourceLocation) -> JSONValue {
        .object([
            ("artifactLocation", artifactLocation(source.file)),
            ("region", .object([
                ("startLine", .integer(Int64(source.line))),
                ("startColumn", .integer(Int64(max(1, context.utf16Column(source))))),
            ])),
        ])
    }

    /// A file as an artifact location: relative to `%SRCROOT%` when the context knows the source root and the file
    /// lies inside it (an absolute path that was scanned there too), else a `file://` URI.
    private func artifactLocation(_ path: String) -> JSONValue {
        guard let root = context.sourceRoot, let relative = Self.relativePath(path, inside: root) else {
            return .object([("uri", .string(Self.uri(forPath: path)))])
        }
        return .object([("uri", .string(Self.uri(forPath: relative))), ("uriBaseId", .string(Self.sourceRootID))])
    }

    /// The `originalUriBaseIds` key every relative location is resolved against.
    static let sourceRootID = "%SRCROOT%"

    /// `path` relative to the directory `root`: a relative path as it is, an absolute one inside `root` without
    /// it; nil for an absolute path elsewhere.
    static func relativePath(_ path: String, inside root: String) -> String? {
        guard path.hasPrefix("/") else { return path }
        let directory = root.hasSuffix("/") ? root : root + "/"
        return path.hasPrefix(directory) ? String(path.dropFirst(directory.count)) : nil
    }

    /// The absolute directory as a `file://` URI ending in a slash, as `originalUriBaseIds` requires.
    static func directoryURI(_ directory: String) -> String {
        let uri = uri(forPath: directory)
        return uri.hasSuffix("/") ? uri : uri + "/"
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
