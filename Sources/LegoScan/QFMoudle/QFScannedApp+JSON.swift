import LegoAnalysis
import LegoModel
import LegoReport

extension QFScannedApp {
    /// The `schema` value of a QFMoudle scan model (`scan --model`, `docs/scan.md`); distinct from XFLegoVIPER's so
    /// `graph model.json` does not read one as the other.
    public static let modelSchema = "lego-trace-scan-qfmoudle"
    /// The schema version; raised on any incompatible change.
    public static let modelSchemaVersion = 1

    /// The app as the documented model JSON, keys in a fixed order, with the findings.
    public func modelJSON(source: String, findings: [Finding]) -> String {
        var routerFields: [(String, JSONValue)] = [
            ("class", .optional(router.className)),
            ("location", router.location.map(Self.json) ?? .null),
            ("prefix", .string(router.prefix)),
            ("suffix", .string(router.suffix)),
        ]
        switch router.source {
        case .read(let site): routerFields += [("rule", .string("read")), ("ruleLocation", Self.json(site))]
        case .dynamic(let expression, let site):
            routerFields += [("rule", .string("dynamic")), ("expression", .string(expression)), ("ruleLocation", Self.json(site))]
        case .assumed: routerFields.append(("rule", .string("assumed")))
        case .conformance(let site): routerFields += [("rule", .string("conformance")), ("ruleLocation", Self.json(site))]
        case .unread: routerFields.append(("rule", .string("unread")))
        }
        return JSONValue.object([
            ("schema", .string(Self.modelSchema)),
            ("version", .integer(Int64(Self.modelSchemaVersion))),
            ("framework", .string(Framework.qfMoudle.rawValue)),
            ("source", .string(source)),
            ("router", .object(routerFields)),
            ("protocols", .array(protocols.map { spec in
                .object([
                    ("name", .string(spec.name)),
                    ("bases", .array(spec.bases.map(JSONValue.string))),
                    ("properties", .array(spec.properties.map(Self.json))),
                    ("location", Self.json(spec.location)),
                ])
            })),
            ("classes", .array(classes.values.sorted { $0.location < $1.location }.map { spec in
                .object([
                    ("name", .string(spec.name)),
                    ("superclass", .optional(spec.superclass)),
                    ("adopts", .array(spec.adopts.map(JSONValue.string))),
                    ("properties", .array(spec.declaredProperties.map { declared in
                        guard case .object(var fields) = Self.json(declared.property) else { return .null }
                        fields.insert(("category", .bool(declared.category)), at: fields.count - 1)
                        return .object(fields)
                    })),
                    ("controllers", .object(spec.controllers.sorted { $0.key < $1.key }.map { ($0.key, JSONValue.string($0.value)) })),
                    ("location", Self.json(spec.location)),
                ])
            })),
            ("modules", .array(modules.map { module in
                .object([
                    ("protocol", .string(module.protocolName)),
                    ("class", .string(module.className)),
                    ("classFound", .bool(module.classFound)),
                    ("adopts", module.adopts.map(JSONValue.bool) ?? .null),
                    ("location", Self.json(module.location)),
                ])
            })),
            ("opens", .array(opens.map(Self.json))),
            ("findings", .array(findings.map(ScanModelJSON.finding))),
        ]).rendered()
    }

    private static func json(_ open: Open) -> JSONValue {
        let (by, value): (String, QFFacts.Value) = switch open.fact.target {
        case .protocolName(let target): ("protocol", target)
        case .url(let target): ("url", target)
        }
        return .object([
            ("by", .string(by)),
            ("target", json(value)),
            ("protocol", .optional(open.protocolName)),
            ("keys", open.url.map { url in .array(url.items.map { JSONValue.string($0.key) }) } ?? .null),
            ("fromClass", .optional(open.fact.fromClass)),
            ("fromModule", .optional(open.fromModule)),
            ("via", .string(open.fact.via)),
            ("receiver", .string(open.fact.receiver)),
            ("reachable", .bool(open.fact.reachable)),
            ("show", .string(open.fact.show.rawValue)),
            ("location", json(open.fact.location)),
        ])
    }

    private static func json(_ property: QFFacts.Property) -> JSONValue {
        .object([
            ("name", .string(property.name)),
            ("type", .string(property.type)),
            ("kind", .string(property.kind.rawValue)),
            ("ownership", .string(property.ownership)),
            ("readonly", .bool(property.readonly)),
            ("location", json(property.location)),
        ])
    }

    private static func json(_ value: QFFacts.Value) -> JSONValue {
        switch value {
        case .literal(let text, let chain): .object([("literal", .string(text)), ("chain", .array(chain.map(json)))])
        case .format(let text, let chain): .object([("format", .string(text)), ("chain", .array(chain.map(json)))])
        case .dynamic(let expression): .object([("dynamic", .string(expression))])
        }
    }

    private static func json(_ location: SourceLocation) -> JSONValue { ScanModelJSON.location(location) }
}
