import LegoAnalysis
import LegoModel
import LegoReport

extension ScannedApp {
    /// The schema version of the model JSON (`docs/scan.md`); raised on any incompatible change.
    public static let modelSchemaVersion = 1

    /// The app as the documented model JSON (`scan --model`), keys in a fixed order, with the findings.
    public func modelJSON(source: String, findings: [Finding]) -> String {
        JSONValue.object([
            ("schema", .string(StaticGraph.schema)),
            ("version", .integer(Int64(Self.modelSchemaVersion))),
            ("source", .string(source)),
            ("prefix", prefixJSON),
            ("modules", .array(modules.map(json))),
            ("routes", .array(routes.map { route in
                .object([
                    ("url", .string(route.url)),
                    ("path", .string(route.path)),
                    ("component", .string(route.component)),
                    ("explicitComponent", .bool(route.explicitComponent)),
                    ("form", .string(route.form.rawValue)),
                    ("location", Self.json(route.location)),
                ])
            } + dynamicRoutes.map { route in
                .object([
                    ("url", Self.json(route.url)),
                    ("form", .string(route.form.rawValue)),
                    ("location", Self.json(route.location)),
                ])
            })),
            ("root", root.map(Self.json) ?? .null),
            ("transitions", .array(transitions.map(Self.json))),
            ("inactiveTransitions", .array(inactiveTransitions.map { inactive in
                .object([("reason", .string(inactive.reason.rawValue)), ("transition", Self.json(inactive.transition))])
            })),
            ("events", .array(events.map { event in
                .object([
                    ("event", Self.json(event.fact.event)),
                    ("scope", .string(event.fact.scope.rawValue)),
                    ("to", .array(event.fact.components.map(Self.json))),
                    ("fromClass", .optional(event.fact.fromClass)),
                    ("fromModule", .optional(event.fromModule)),
                    ("inheritedFrom", .optional(event.inheritedFrom)),
                    ("via", .string(event.fact.via)),
                    ("location", Self.json(event.fact.location)),
                ])
            })),
            ("receivers", .array(receivers.map { receiver in
                .object([
                    ("class", .string(receiver.className)),
                    ("module", .optional(receiver.module)),
                    ("events", .array(receiver.events.map(Self.json))),
                    ("subscribedAs", .array(receiver.subscribedNames.map(Self.json))),
                    ("location", Self.json(receiver.location)),
                ])
            })),
            ("findings", .array(findings.map(ScanModelJSON.finding))),
        ]).rendered()
    }

    private var prefixJSON: JSONValue {
        var fields: [(String, JSONValue)] = [("prefixes", .array(prefixes.map(JSONValue.string)))]
        switch prefixSource {
        case .explicit(let location):
            fields += [("source", .string("explicit")), ("location", Self.json(location))]
        case .inferred(let className, let location):
            fields += [("source", .string("inferred")), ("fromClass", .string(className)), ("location", Self.json(location))]
        case .none:
            fields.append(("source", .string("none")))
        }
        return .object(fields)
    }

    private func json(_ module: Module) -> JSONValue {
        .object([
            ("name", .string(module.name)),
            ("liveName", .optional(liveName(of: module))),
            ("pattern", .string(module.pattern.rawValue)),
            ("gene", .optional(module.gene)),
            ("derived", .bool(module.derived)),
            ("tabBar", .bool(module.isTabBar)),
            ("assembly", .optional(module.assembly?.macro)),
            ("exported", module.export.map(Self.json) ?? .null),
            ("classes", .array(module.classes.map { member in
                .object([("name", .string(member.name)), ("layer", .string(member.layer.rawValue)), ("location", Self.json(member.location))])
            })),
            ("location", Self.json(module.location)),
            ("implementation", Self.json(implementationSite(of: module))),
        ])
    }

    private static func json(_ transition: Transition) -> JSONValue {
        let target: (String, JSONValue)
        switch transition.fact.target {
        case .url(let value): target = ("url", json(value))
        case .name(let value): target = ("name", json(value))
        case .routingClass(let value): target = ("routingClass", json(value))
        case .none: target = ("none", .null)
        }
        return .object([
            ("kind", .string(transition.fact.kind.rawValue)),
            ("targetKind", .string(target.0)),
            ("target", target.1),
            ("toModule", .optional(transition.toModule)),
            ("fromClass", .optional(transition.fact.fromClass)),
            ("fromModule", .optional(transition.fromModule)),
            ("inheritedFrom", .optional(transition.inheritedFrom)),
            ("dynamic", .bool(transition.isDynamic)),
            ("via", .string(transition.fact.via)),
            ("location", json(transition.fact.location)),
        ])
    }

    private static func json(_ value: ScanValue) -> JSONValue {
        switch value {
        case .literal(let text): .object([("literal", .string(text))])
        case .resolved(let values, let chain):
            .object([("resolved", .array(values.map(JSONValue.string))), ("chain", .array(chain.map(json)))])
        case .dynamic(let expression): .object([("dynamic", .string(expression))])
        }
    }

    private static func json(_ location: SourceLocation) -> JSONValue { ScanModelJSON.location(location) }
}
