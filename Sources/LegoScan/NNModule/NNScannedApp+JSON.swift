import LegoAnalysis
import LegoModel
import LegoReport

extension NNScannedApp {
    /// The schema version of the NNModule-swift model JSON (`docs/scan.md#nnmodule-swift`); raised on any incompatible change.
    public static let modelSchemaVersion = 1

    /// The app as the documented model JSON (`scan --model`), keys in a fixed order, with the findings.
    public func modelJSON(source: String, findings: [Finding]) -> String {
        let facts = self.facts
        return JSONValue.object([
            ("schema", .string(StaticGraph.schema)),
            ("version", .integer(Int64(Self.modelSchemaVersion))),
            ("framework", .string(Framework.nnModule.rawValue)),
            ("source", .string(source)),
            ("defaultScheme", .string(parser.defaultScheme)),
            ("keysCertain", .bool(keysCertain)),
            ("bootstrap", .array(facts.bootstrapMethods.map { method in
                .object([("kind", .string(method.kind.rawValue)), ("name", .string(method.name)), ("shape", .string(method.shape.rawValue)),
                         ("location", Self.json(method.location))])
            })),
            ("services", .array(facts.registrations.map { registration in
                .object([("service", Self.json(registration.service)), ("impl", Self.json(registration.impl)),
                         ("priority", registration.impl.literal.flatMap(priority(of:)).map { .integer(Int64($0)) } ?? .null),
                         ("api", .string(registration.api.rawValue)), ("method", .optional(registration.method)),
                         ("location", Self.json(registration.location))])
            })),
            ("lookups", .array(facts.lookups.map { lookup in
                .object([("service", Self.json(lookup.service)), ("api", .string(lookup.api.rawValue)), ("fromClass", .optional(lookup.fromClass)),
                         ("location", Self.json(lookup.location))])
            })),
            ("routers", .array(routerNames.map { name in
                let made = facts.routers.first { $0.name == name }
                return .object([("name", .string(name)), ("upper", .optional(made?.upper)), ("defaultScheme", .optional(made?.defaultScheme)),
                                ("location", made.map { Self.json($0.location) } ?? .null)])
            })),
            ("routes", .array(facts.routes.map { registration in
                .object([("router", .string(registration.router)), ("route", Self.json(registration.route)),
                         ("key", .optional(literalRoutes.first { $0.registration == registration }?.key)),
                         ("kind", .string(registration.kind.rawValue)), ("subRouter", .optional(registration.subRouter)),
                         ("location", Self.json(registration.location))])
            })),
            ("opens", .array(facts.opens.map { open in
                .object([("router", .string(open.router)), ("route", Self.json(open.route)), ("fallback", .optional(open.fallback)),
                         ("key", .optional(open.route.literal.flatMap(parser.parse)?.fullPath)), ("fromClass", .optional(open.fromClass)),
                         ("location", Self.json(open.location))])
            })),
            ("redirects", .array(facts.redirects.map { redirect in
                .object([("from", Self.json(redirect.from)), ("to", redirect.to.map(Self.json) ?? .null), ("resets", .bool(redirect.resets)),
                         ("router", .optional(redirect.router)), ("location", Self.json(redirect.location))])
            })),
            ("interceptors", .array(facts.interceptors.map { interceptor in
                .object([("action", .string(interceptor.action)), ("routes", .array(interceptor.routes.map(Self.json))),
                         ("location", Self.json(interceptor.location))])
            })),
            ("events", .array(facts.events.map { event in
                .object([("kind", .string(event.kind.rawValue)), ("type", .string(event.type)), ("bus", .string(event.bus)),
                         ("fromClass", .optional(event.fromClass)), ("location", Self.json(event.location))])
            })),
            ("observers", .array(facts.observers.map { observer in
                .object([("name", Self.json(observer.name)), ("sticky", .bool(observer.sticky)), ("token", .string(observer.token.rawValue)),
                         ("fromClass", .optional(observer.fromClass)), ("location", Self.json(observer.location))])
            })),
            ("posts", .array(facts.posts.map { post in
                .object([("name", Self.json(post.name)), ("sticky", .bool(post.sticky)), ("location", Self.json(post.location))])
            })),
            ("registered", .array(facts.registered.map { registered in
                .object([("kind", .string(registered.kind.rawValue)), ("class", Self.json(registered.className)),
                         ("method", .optional(registered.method)), ("location", Self.json(registered.location))])
            })),
            ("findings", .array(findings.map(ScanModelJSON.finding))),
        ]).rendered()
    }

    private static func json(_ value: ScanValue) -> JSONValue {
        switch value {
        case .literal(let text): .object([("literal", .string(text))])
        case .resolved(let values, _): .object([("resolved", .array(values.map(JSONValue.string)))])
        case .dynamic(let expression): .object([("dynamic", .string(expression))])
        }
    }

    private static func json(_ location: SourceLocation) -> JSONValue { ScanModelJSON.location(location) }
}
