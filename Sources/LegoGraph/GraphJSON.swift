import LegoModel
/// Writes a `ModuleGraph` as JSON (schema in `docs/graph.md`): deterministic key order, one value per line group.
public enum GraphJSON {
    /// The schema version written as `"version"`.
    public static let version = 1

    /// The JSON text for `graph`, ending with a newline.
    public static func write(_ graph: ModuleGraph) -> String {
        var out = "{\n"
        out += "  \"version\": \(version),\n"
        out += "  \"scope\": \(string(graph.scope.rawValue)),\n"
        out += "  \"lastSeq\": \(graph.lastSeq.map(String.init) ?? "null"),\n"
        out += "  \"nodes\": [" + list(graph.nodes.map(node)) + "],\n"
        out += "  \"edges\": [" + list(graph.edges.map(edge)) + "],\n"
        let placed = graph.nodes.flatMap { node in node.marks.map { (mark: $0, node: Optional(node.id)) } }
        let unplaced = graph.unplacedMarks.map { (mark: $0, node: String?.none) }
        let marks = (placed + unplaced).sorted { ($0.mark, $0.node ?? "") < ($1.mark, $1.node ?? "") }
        out += "  \"marks\": [" + list(marks.map { mark($0.mark, node: $0.node) }) + "]\n"
        out += "}\n"
        return out
    }

    private static func list(_ items: [String]) -> String {
        items.isEmpty ? "" : "\n    " + items.joined(separator: ",\n    ") + "\n  "
    }

    private static func node(_ node: ModuleGraph.Node) -> String {
        // QFMoudle's keys only where they say something, so other frameworks' documents are unchanged.
        let controllers = node.controllers.isEmpty ? [] : [("controllers", array(node.controllers))]
        // NNModule-swift's entities say what they are in `kind` and add their facts; modules' documents are unchanged.
        let details = (node.entity == nil ? [] : [("entity", "true")]) + (node.details.isEmpty ? [] : [("details", array(node.details))])
        return object([
            ("id", string(node.id)),
            ("name", string(node.name)),
            ("title", string(node.title)),
            ("object", node.object.map { String($0) } ?? "null"),
            ("kind", string(node.entity?.rawValue ?? node.kind.rawValue)),
            ("gene", node.gene.map(string) ?? "null"),
            ("classes", array(node.classNames)),
            ("urls", array(node.urls)),
            ("instances", array(node.instances)),
            ("live", String(node.liveCount)),
            ("reached", node.reached ? "true" : "false"),
            ("eventsReceived", "[" + node.eventsReceived.map { object([("name", string($0.name)), ("count", String($0.count))]) }.joined(separator: ", ") + "]"),
            ("cluster", array(node.cluster)),
            ("marks", array(Array(Set(node.marks.map(\.kind))).sorted().map(\.rawValue))),
        ] + controllers + details)
    }

    private static func edge(_ edge: ModuleGraph.Edge) -> String {
        let byURL = edge.openedByURL == 0 ? [] : [("openedByURL", String(edge.openedByURL)), ("urls", array(edge.urls))]
        let registration = (edge.priority.map { [("priority", String($0))] } ?? []) + (edge.reason.map { [("reason", string($0))] } ?? [])
        return object([
            ("from", string(edge.from)),
            ("to", string(edge.to)),
            ("relation", string(edge.relation.rawValue)),
            ("count", String(edge.count)),
            ("events", "[" + edge.events.map { object([("name", string($0.name)), ("count", String($0.count))]) }.joined(separator: ", ") + "]"),
        ] + byURL + registration)
    }

    private static func mark(_ mark: GraphMark, node: String?) -> String {
        object([
            ("module", string(mark.module)),
            ("instance", mark.instance.map(string) ?? "null"),
            ("object", mark.object.map { String($0) } ?? "null"),
            ("kind", string(mark.kind.rawValue)),
            ("message", string(mark.message)),
            ("node", node.map(string) ?? "null"),
        ])
    }

    private static func object(_ members: [(String, String)]) -> String {
        "{" + members.map { "\(string($0)): \($1)" }.joined(separator: ", ") + "}"
    }

    private static func array(_ items: [String]) -> String {
        "[" + items.map(string).joined(separator: ", ") + "]"
    }

    /// `text` as a JSON string literal.
    static func string(_ text: String) -> String { JSONText.quoted(text) }
}
