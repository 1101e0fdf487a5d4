import LegoModel

/// Writes a `ModuleGraph` as Graphviz DOT, in pure Swift.
///
/// The output is deterministic (nodes, edges, clusters and attributes in a fixed order) and every piece
/// of trace text is escaped into a quoted DOT string, never an HTML label (the one HTML label, the legend table,
/// holds only fixed text), so hostile names stay data.
public enum DOTWriter {
    /// The DOT text for `graph`.
    public static func write(_ graph: ModuleGraph, options: DOTOptions = DOTOptions()) -> String {
        var out = "digraph \(quote(options.graphName)) {\n"
        let moduleCount = graph.nodes.count - graph.entryCount
        let entries = graph.entryCount == 0 ? "" : ", \(graph.entryCount) registry entr\(graph.entryCount == 1 ? "y" : "ies")"
        let modules = (moduleCount == 1 ? "1 module" : "\(moduleCount) modules") + entries
        let title = graph.scope == .history
            ? "history: \(modules)"
            : "live state after event \(graph.lastSeq.map(String.init) ?? "0"): \(graph.nodes.count == 1 ? "1 instance" : "\(graph.nodes.count) instances")"
        // newrank: without it dot 2.43's cluster ranking fails ("trouble in init_rank") on 200-module app graphs.
        var graphAttributes = [("rankdir", "\"LR\""), ("fontname", "\"Helvetica\""), ("fontsize", "\"12\""), ("forcelabels", "\"true\""),
                               ("newrank", "\"true\""), ("labelloc", "\"t\""), ("labeljust", "\"l\"")]
        if let layout = options.layout { graphAttributes.insert(("layout", quote(layout.rawValue)), at: 0) }
        // The force-directed and radial engines pile nodes onto each other unless told to remove overlaps;
        // prism keeps the layout's shape, sep leaves room for the ⚠ labels beside marked nodes.
        if options.layout != nil, options.layout != .dot {
            graphAttributes += [("overlap", "\"prism\""), ("sep", "\"+12\""), ("esep", "\"+4\""), ("outputorder", "\"edgesfirst\"")]
        }
        var body = ""
        var drewClusters = false
        // SVG ids `n<index>` and `e<index>` follow the order of `graph.nodes` and `graph.edges` (and of the graph
        // JSON), so the HTML report finds each drawn node and edge without reading names back out of the SVG.
        let indexes = Dictionary(uniqueKeysWithValues: graph.nodes.enumerated().map { ($1.id, $0) })
        if options.clusters {
            drewClusters = writeClustered(graph.nodes, indexes: indexes, tooltips: options.tooltips, into: &body)
        } else {
            for node in graph.nodes { body += "  " + nodeStatement(node, index: indexes[node.id]!, tooltips: options.tooltips) + "\n" }
        }
        let illegalTargets = graph.illegalURLTargets
        // An entry's id says what it is (`service:Cart`); its tooltips name it as its label does.
        let entryNames = Dictionary(uniqueKeysWithValues: graph.nodes.filter { $0.entity != nil }.map { ($0.id, $0.title) })
        for (index, edge) in graph.edges.enumerated() {
            body += "  " + edgeStatement(edge, index: index, illegal: edge.relation == .urlParent && illegalTargets.contains(edge.to),
                                         tooltips: options.tooltips, names: entryNames) + "\n"
        }
        // The legend is the graph's own label, a single table: every engine places it beside the drawing, in one piece.
        let legend = options.legend ? legendRows(for: graph, clusters: drewClusters) : []
        graphAttributes.append(("label", legend.isEmpty ? quote(title) : legendTable(title: title, rows: legend)))
        out += "  graph [\(graphAttributes.map { "\($0)=\($1)" }.joined(separator: ", "))];\n"
        out += "  node [fontname=\"Helvetica\", fontsize=\"11\"];\n"
        out += "  edge [fontname=\"Helvetica\", fontsize=\"9\", arrowsize=\"0.7\"];\n"

        out += body
        out += "}\n"
        return out
    }

    // MARK: Nodes

    /// Writes the nodes inside their URL clusters; returns whether any cluster was drawn.
    private static func writeClustered(_ nodes: [ModuleGraph.Node], indexes: [String: Int], tooltips: Bool, into out: inout String) -> Bool {
        final class Cluster {
            var children: [String: Cluster] = [:]
            var nodes: [ModuleGraph.Node] = []
        }
        let root = Cluster()
        for node in nodes {
            var cluster = root
            for key in node.cluster {
                if let child = cluster.children[key] { cluster = child } else {
                    let child = Cluster()
                    cluster.children[key] = child
                    cluster = child
                }
            }
            cluster.nodes.append(node)
        }
        // A cluster around a single module says nothing: its module is drawn in the enclosing cluster.
        func flatten(_ cluster: Cluster) {
            for (key, child) in cluster.children {
                flatten(child)
                if child.nodes.count + child.children.count < 2 {
                    cluster.nodes += child.nodes
                    for (grandKey, grandchild) in child.children { cluster.children[grandKey] = grandchild }
                    cluster.children[key] = nil
                }
            }
            cluster.nodes.sort { $0.id < $1.id }
        }
        flatten(root)
        func emit(_ cluster: Cluster, indent: String) {
            for node in cluster.nodes { out += indent + nodeStatement(node, index: indexes[node.id]!, tooltips: tooltips) + "\n" }
            for key in cluster.children.keys.sorted() {
                out += indent + "subgraph \(quote("cluster_url:" + key)) {\n"
                out += indent + "  graph [label=\(quote(key)), style=\"rounded,dashed\", color=\"#94a3b8\", fontcolor=\"#475569\", fontsize=\"10\"];\n"
                emit(cluster.children[key]!, indent: indent + "  ")
                out += indent + "}\n"
            }
        }
        emit(root, indent: "  ")
        return !root.children.isEmpty
    }

    private static func nodeStatement(_ node: ModuleGraph.Node, index: Int, tooltips: Bool) -> String {
        if let entity = node.entity { return entityStatement(node, entity: entity, index: index, tooltips: tooltips) }
        var lines = [node.title]
        if node.kind == .virtual, let gene = node.gene { lines.append("shares \(gene)") }
        // A QFMoudle protocol → its class: said only when the naming rule gives another name, or no class exists.
        if node.kind == .protocolModule, node.classNames != [node.name] {
            lines.append(node.classNames.isEmpty ? "no class" : "class " + node.classNames.joined(separator: ", "))
        }
        if node.instanceCount > 1 { lines.append("\(node.instanceCount) instances") }
        if !node.reached { lines.append("never reached") }
        var attributes = [("label", quote(lines.joined(separator: "\n")))]
        attributes += kindStyle(node.kind, marks: Set(node.marks.map(\.kind)), reached: node.reached)
        if tooltips { attributes.append(("tooltip", quoteTooltip(tooltip(node)))) }
        attributes.append(("id", "\"n\(index)\""))
        if !node.marks.isEmpty {
            let kinds = Array(Set(node.marks.map(\.kind))).sorted()
            attributes.append(("xlabel", quote(kinds.map { "⚠ " + $0.caption }.joined(separator: "\n"))))
            attributes.append(("fontcolor", quote(kinds[0].colour)))
        }
        return "\(quote("m:" + node.id)) [\(attributes.map { "\($0)=\($1)" }.joined(separator: ", "))];"
    }

    /// An NNModule-swift service, impl, router, route, redirect or interceptor: its title and facts, in its entity's
    /// shape, with its marks as for modules.
    private static func entityStatement(_ node: ModuleGraph.Node, entity: ModuleGraph.Entity, index: Int, tooltips: Bool) -> String {
        let marks = Set(node.marks.map(\.kind))
        var style = entity.shape == "box" ? ["rounded", "filled"] : ["filled"]
        if marks.contains(.duplicateName) { style.append("dashed") } else if marks.contains(.orphan) { style.append("dotted") }
        var attributes = [("label", quote(([node.title] + node.details).joined(separator: "\n"))), ("shape", quote(entity.shape)),
                          ("style", quote(style.joined(separator: ","))), ("fillcolor", quote(entity.fill))]
        if let first = marks.sorted().first {
            attributes += [("color", quote(first.colour)), ("penwidth", "\"2\"")]
        } else {
            attributes.append(("color", quote(entity.border)))
        }
        if marks.contains(.leaked) { attributes.append(("peripheries", "\"2\"")) }
        if tooltips {
            let lines = ["\(node.title) (\(entity.caption))"] + node.details + node.marks.map { "⚠ \($0.kind.caption): \($0.message)" }
            attributes.append(("tooltip", quoteTooltip(lines.joined(separator: "\n"))))
        }
        attributes.append(("id", "\"n\(index)\""))
        if !marks.isEmpty {
            let kinds = marks.sorted()
            attributes.append(("xlabel", quote(kinds.map { "⚠ " + $0.caption }.joined(separator: "\n"))))
            attributes.append(("fontcolor", quote(kinds[0].colour)))
        }
        return "\(quote("m:" + node.id)) [\(attributes.map { "\($0)=\($1)" }.joined(separator: ", "))];"
    }

    /// Shape and fill by module kind (greyed and dashed when never reached), then border by the node's marks (first
    /// kind by priority decides the colour).
    private static func kindStyle(_ kind: TraceEvent.ModuleKind, marks: Set<GraphMark.Kind>, reached: Bool) -> [(String, String)] {
        var style = ["filled"]
        if kind.shape == "box" { style.insert("rounded", at: 0) }
        if marks.contains(.duplicateName) || !reached { style.append("dashed") } else if marks.contains(.orphan) { style.append("dotted") }
        var attributes = [("shape", quote(kind.shape)), ("style", quote(style.joined(separator: ","))),
                          ("fillcolor", quote(reached ? kind.fill : unreachedFill))]
        if let first = marks.sorted().first {
            attributes.append(("color", quote(first.colour)))
            attributes.append(("penwidth", "\"2\""))
        } else {
            attributes.append(("color", quote(reached ? kind.border : unreachedBorder)))
        }
        if !reached, marks.isEmpty { attributes.append(("fontcolor", quote(unreachedBorder))) }
        if marks.contains(.leaked) { attributes.append(("peripheries", "\"2\"")) }
        return attributes
    }

    /// A module the trace declares and never reaches keeps its kind's shape, dashed and greyed.
    private static let unreachedFill = "#f8fafc"
    private static let unreachedBorder = "#94a3b8"

    private static func tooltip(_ node: ModuleGraph.Node) -> String {
        var lines = ["\(node.title) (\(node.kind.caption))"]
        if let gene = node.gene { lines.append("gene: \(gene)") }
        if node.kind == .protocolModule {
            lines.append(node.classNames.isEmpty ? "no class: interfaceForProtocol: returns nil"
                                                 : "protocol \(node.name) → class " + node.classNames.joined(separator: ", "))
            if !node.controllers.isEmpty { lines.append("controllers (hold the module): " + node.controllers.joined(separator: ", ")) }
        } else if !node.classNames.isEmpty {
            lines.append("classes: " + node.classNames.joined(separator: ", "))
        }
        for url in node.urls { lines.append("URL: \(url)") }
        if node.reached {
            let shown = node.instances.prefix(10)
            lines.append("instances: " + shown.joined(separator: ", ") + (node.instances.count > shown.count ? ", +\(node.instances.count - shown.count) more" : ""))
            lines.append("alive at the end: \(node.liveCount)")
        } else {
            lines.append("never reached: the app declares it, nothing in this trace assembled it")
        }
        if !node.eventsReceived.isEmpty {
            let shown = node.eventsReceived.prefix(5).map { "\($0.name) ×\($0.count)" }
            lines.append("events received: " + shown.joined(separator: ", ") + (node.eventsReceived.count > 5 ? ", +\(node.eventsReceived.count - 5) more" : ""))
        }
        for mark in node.marks { lines.append("⚠ \(mark.kind.caption): \(mark.message)") }
        return lines.joined(separator: "\n")
    }

    // MARK: Edges

    private static func edgeStatement(_ edge: ModuleGraph.Edge, index: Int, illegal: Bool, tooltips: Bool, names: [String: String]) -> String {
        var attributes = edgeStyle(edge.relation, illegal: illegal)
        switch edge.relation {
        case .event:
            let shown = edge.events.prefix(3).map { $0.count > 1 ? "\($0.name) ×\($0.count)" : $0.name }
            let more = edge.events.count > 3 ? ["+\(edge.events.count - 3) more"] : []
            attributes.append(("label", quote((shown + more).joined(separator: "\n"))))
        case .push, .present, .sub:
            // QFMoudle: an open whose module was looked up by URL says so; the others were by protocol.
            let times = edge.count > 1 ? "×\(edge.count)" : ""
            let label = switch edge.openedByURL {
            case 0: times
            case edge.count: times.isEmpty ? "by URL" : "\(times) by URL"
            default: "\(times) (\(edge.openedByURL) by URL)"
            }
            if !label.isEmpty { attributes.append(("label", quote(label))) }
        case .urlParent, .subRouter:
            break
        case .implements:
            let label = [edge.priority.map { "priority \($0)" }, edge.reason].compactMap { $0 }.joined(separator: ", ")
            if !label.isEmpty { attributes.append(("label", quote(label))) }
        case .ignored:
            attributes.append(("label", quote("ignored: " + (edge.reason ?? "ignored"))))
        case .redirect, .intercepts:
            if edge.count > 1 { attributes.append(("label", quote("×\(edge.count)"))) }
        }
        if tooltips { attributes.append(("tooltip", quoteTooltip(edgeTooltip(edge, from: names[edge.from] ?? edge.from, to: names[edge.to] ?? edge.to)))) }
        attributes.append(("id", "\"e\(index)\""))
        return "\(quote("m:" + edge.from)) -> \(quote("m:" + edge.to)) [\(attributes.map { "\($0)=\($1)" }.joined(separator: ", "))];"
    }

    private static func edgeStyle(_ relation: ModuleGraph.Relation, illegal: Bool) -> [(String, String)] {
        switch relation {
        case .push: [("color", "\"#1f2937\""), ("style", "\"solid\"")]
        case .present: [("color", "\"#2563eb\""), ("style", "\"bold\""), ("arrowhead", "\"empty\"")]
        case .sub: [("color", "\"#64748b\""), ("style", "\"solid\""), ("dir", "\"both\""), ("arrowtail", "\"diamond\""), ("arrowhead", "\"none\"")]
        // No constraint="false" on events / URL parents although it makes dot ~15× faster: with Graphviz
        // 2.43 it triggers "lost edge" and "trouble in init_rank" failures.
        case .event: [("color", "\"#16a34a\""), ("style", "\"dotted\""), ("fontcolor", "\"#15803d\"")]
        case .urlParent:
            illegal
                ? [("color", quote(GraphMark.Kind.illegalURL.colour)), ("style", "\"dashed\""), ("penwidth", "\"2\""), ("arrowhead", "\"vee\"")]
                : [("color", "\"#94a3b8\""), ("style", "\"dashed\""), ("arrowhead", "\"vee\"")]
        case .implements: [("color", "\"#b45309\""), ("style", "\"solid\""), ("fontcolor", "\"#92400e\"")]
        case .ignored: [("color", "\"#9ca3af\""), ("style", "\"dashed\""), ("fontcolor", "\"#6b7280\""), ("arrowhead", "\"odot\"")]
        case .subRouter: [("color", "\"#7c3aed\""), ("style", "\"bold\""), ("arrowhead", "\"normal\"")]
        case .redirect: [("color", "\"#db2777\""), ("style", "\"dashed\""), ("arrowhead", "\"vee\""), ("fontcolor", "\"#be185d\"")]
        case .intercepts: [("color", "\"#0891b2\""), ("style", "\"dotted\""), ("arrowhead", "\"tee\"")]
        }
    }

    private static func edgeTooltip(_ edge: ModuleGraph.Edge, from: String, to: String) -> String {
        let times = edge.count == 1 ? "" : " (\(edge.count) times)"
        let lookups = edge.openedByURL == 0 ? ""
            : "; looked up by URL \(edge.urls.joined(separator: ", "))" + (edge.openedByURL < edge.count ? " (\(edge.openedByURL)), the rest by protocol" : "")
        switch edge.relation {
        case .push: return "\(from) pushed \(to)\(times)\(lookups)"
        case .present: return "\(from) presented \(to)\(times)\(lookups)"
        case .sub: return "\(to) is a sub-module of \(from)\(times)"
        case .event: return "\(from) sent events to \(to): " + edge.events.map { "\($0.name) ×\($0.count)" }.joined(separator: ", ")
        case .urlParent: return "the URL of \(to) names \(from) as its parent"
        case .implements:
            return "\(from) is implemented by \(to)" + (edge.priority.map { " (priority \($0))" } ?? "")
                + (edge.reason == "replaced" ? "; a later registration replaced it" : "")
        case .ignored:
            return "the registration of \(to) for \(from) was ignored: \(edge.reason ?? "")"
        case .subRouter: return "\(from) forwards to the router \(to)"
        case .redirect: return "\(from) was redirected to \(to)\(times)"
        case .intercepts: return "\(from) runs in the chain of \(to)" + (edge.count > 0 ? " (ran \(edge.count) times)" : "")
        }
    }

    // MARK: Legend

    /// One legend entry: a swatch cell and its caption, both fixed text (never trace text).
    private struct LegendEntry {
        var swatch: String
        var caption: String
    }

    /// The entries explaining exactly the node kinds, marks, edge styles and clusters `graph` uses.
    private static func legendRows(for graph: ModuleGraph, clusters: Bool) -> [LegendEntry] {
        var entries: [LegendEntry] = []
        for kind in TraceEvent.ModuleKind.allCases where graph.nodes.contains(where: { $0.entity == nil && $0.kind == kind }) {
            entries.append(LegendEntry(swatch: boxSwatch(fill: kind.fill, border: kind.border, width: 1), caption: kind.caption))
        }
        for entity in ModuleGraph.Entity.allCases where graph.nodes.contains(where: { $0.entity == entity }) {
            entries.append(LegendEntry(swatch: boxSwatch(fill: entity.fill, border: entity.border, width: 1), caption: entity.caption))
        }
        if graph.nodes.contains(where: { !$0.reached }) {
            entries.append(LegendEntry(swatch: boxSwatch(fill: unreachedFill, border: unreachedBorder, width: 1), caption: "declared, never reached"))
        }
        for mark in GraphMark.Kind.allCases where graph.nodes.contains(where: { $0.marks.contains { $0.kind == mark } }) {
            entries.append(LegendEntry(swatch: boxSwatch(fill: "#ffffff", border: mark.colour, width: 2), caption: "⚠ " + mark.legendText))
        }
        for relation in ModuleGraph.Relation.allCases where graph.edges.contains(where: { $0.relation == relation }) {
            entries.append(LegendEntry(swatch: lineSwatch(relation.legendGlyph, colour: relation.legendColour), caption: relation.legendText))
        }
        let illegalTargets = graph.illegalURLTargets
        if graph.edges.contains(where: { $0.relation == .urlParent && illegalTargets.contains($0.to) }) {
            entries.append(LegendEntry(swatch: lineSwatch("╍╍▶", colour: GraphMark.Kind.illegalURL.colour), caption: "URL parent of an illegal URL"))
        }
        if clusters {
            let caption = graph.nodes.contains { $0.entity == .router } ? "a router with its routes" : "modules under one URL host/path"
            entries.append(LegendEntry(swatch: boxSwatch(fill: "#ffffff", border: "#94a3b8", width: 1), caption: caption))
        }
        if !graph.unplacedMarks.isEmpty {
            let count = graph.unplacedMarks.count
            entries.append(LegendEntry(swatch: "<td></td>", caption: "\(count) finding\(count == 1 ? "" : "s") on modules not drawn here"))
        }
        return entries
    }

    private static func boxSwatch(fill: String, border: String, width: Int) -> String {
        "<td bgcolor=\"\(fill)\" color=\"\(border)\" border=\"\(width)\" width=\"16\" height=\"10\" fixedsize=\"true\"></td>"
    }

    private static func lineSwatch(_ glyph: String, colour: String) -> String {
        "<td><font color=\"\(colour)\">\(glyph)</font></td>"
    }

    /// The title and legend as one HTML-like table label, four entries a row so it stays wider than tall.
    private static func legendTable(title: String, rows entries: [LegendEntry]) -> String {
        let perRow = 4
        var table = "<<table border=\"0\" cellborder=\"0\" cellspacing=\"3\" cellpadding=\"1\">"
        table += "<tr><td colspan=\"\(perRow * 2)\" align=\"left\"><font point-size=\"12\">\(htmlText(title))</font></td></tr>"
        for start in stride(from: 0, to: entries.count, by: perRow) {
            table += "<tr>"
            for entry in entries[start..<min(start + perRow, entries.count)] {
                table += entry.swatch + "<td align=\"left\"><font point-size=\"9\" color=\"#334155\">\(htmlText(entry.caption))</font></td>"
            }
            table += "</tr>"
        }
        return table + "</table>>"
    }

    /// Fixed legend text for an HTML-like label (`&`, `<`, `>` escaped).
    private static func htmlText(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }

    // MARK: Escaping

    /// Like `quote`, for tooltips: Graphviz unescapes tooltips once more and then expands `\N`, `\G`,
    /// `\E`, `\H`, `\T`, `\L` (and `\n`, `\l`, `\r`), so a backslash before one of those letters is
    /// followed by an invisible WORD JOINER (U+2060) to keep the text literal.
    public static func quoteTooltip(_ text: String) -> String {
        guard text.contains("\\") else { return quote(text) }
        var guarded = ""
        var previous: Character?
        for character in text {
            if previous == "\\", "NGEHTLnlr".contains(character) { guarded.append("\u{2060}") }
            guarded.append(character)
            previous = character
        }
        return quote(guarded)
    }

    /// The most bytes written inside a quoted string between two line continuations.
    ///
    /// The `dot` command of Graphviz 2.43 refuses a DOT file with a quoted run of more than 16,384 bytes
    /// ("longer than 16384?"; the in-process renderer reads from memory and is not affected); Graphviz drops a
    /// backslash-newline inside quotes when it reads them.
    static let quotedRunLimit = 8_000

    /// `text` as a quoted DOT string that Graphviz shows verbatim in labels, tooltips and SVG.
    ///
    /// Backslash and quote are escaped, line breaks become `\n`, other control characters become U+FFFD
    /// (XML forbids them), bidi controls and the BOM are spelled out (`\u{202E}`), and `&` becomes `&amp;` because Graphviz decodes entities in labels and
    /// passes entity-like text (`&nbsp;`) unescaped into SVG titles and tooltips. A string longer than
    /// `quotedRunLimit` bytes is split with backslash-newline continuations, only between whole characters
    /// and escapes.
    public static func quote(_ text: String) -> String {
        var out = "\""
        out.reserveCapacity(text.utf8.count + 2)
        // Bytes since the opening quote or the last continuation; each escape or character is written whole.
        var run = 0
        func makeRoom(for count: Int) {
            if run + count > quotedRunLimit {
                out += "\\\n"
                run = 0
            }
            run += count
        }
        func write(_ escape: String) {
            makeRoom(for: escape.utf8.count)
            out += escape
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": write("\\\\")
            case "\"": write("\\\"")
            case "&": write("&amp;")
            case "\n", "\r", "\u{2028}", "\u{2029}": write("\\n")
            case "\t": write(" ")
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    write("\u{FFFD}")
                } else if JSONText.isControl(scalar) {
                    // Bidi overrides and isolates, marks and the BOM would reorder or hide what the label shows: spelled
                    // out as `\u{202E}`, the backslash escaped for DOT.
                    write("\\" + TerminalText.visible(scalar))
                } else {
                    makeRoom(for: UTF8.width(scalar))
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
        return out
    }
}

extension TraceEvent.ModuleKind {
    fileprivate var shape: String {
        switch self {
        case .viper: "box"
        case .virtual: "tab"
        case .controller: "note"
        case .viewModel: "ellipse"
        case .protocolModule: "component"
        }
    }

    fileprivate var fill: String {
        switch self {
        case .viper: "#dbeafe"
        case .virtual: "#ccfbf1"
        case .controller: "#fef9c3"
        case .viewModel: "#dcfce7"
        case .protocolModule: "#fde68a"
        }
    }

    fileprivate var border: String {
        switch self {
        case .viper: "#1e40af"
        case .virtual: "#0f766e"
        case .controller: "#a16207"
        case .viewModel: "#15803d"
        case .protocolModule: "#b45309"
        }
    }

    /// How the legend and tooltips name the kind.
    var caption: String {
        switch self {
        case .viper: "VIPER module"
        case .virtual: "virtual (shared) module"
        case .controller: "controller component"
        case .viewModel: "view-model component"
        case .protocolModule: "QFMoudle module (class named after its protocol)"
        }
    }
}

extension ModuleGraph.Entity {
    fileprivate var shape: String {
        switch self {
        case .service: "component"
        case .implementation: "box"
        case .router: "cylinder"
        case .route: "box"
        case .redirect: "cds"
        case .interceptor: "octagon"
        }
    }

    fileprivate var fill: String {
        switch self {
        case .service: "#fde68a"
        case .implementation: "#ffedd5"
        case .router: "#ede9fe"
        case .route: "#f5f3ff"
        case .redirect: "#fce7f3"
        case .interceptor: "#cffafe"
        }
    }

    fileprivate var border: String {
        switch self {
        case .service: "#b45309"
        case .implementation: "#c2410c"
        case .router: "#6d28d9"
        case .route: "#7c3aed"
        case .redirect: "#be185d"
        case .interceptor: "#0e7490"
        }
    }

    /// How the legend and tooltips name the entity.
    var caption: String {
        switch self {
        case .service: "NNModule service"
        case .implementation: "impl class"
        case .router: "URL router"
        case .route: "route (key, handler)"
        case .redirect: "redirect-only route"
        case .interceptor: "interceptor action"
        }
    }
}

extension GraphMark.Kind {
    /// The colour of the mark's border, label and (for illegal URLs) edge.
    var colour: String {
        switch self {
        case .leaked: "#dc2626"
        case .duplicateName: "#ea580c"
        case .illegalURL: "#9333ea"
        case .orphan: "#a16207"
        case .unconfirmed: "#f87171"
        case .other: "#6b7280"
        }
    }

    /// The short text after ⚠ on a marked node.
    var caption: String {
        switch self {
        case .leaked: "leaked"
        case .duplicateName: "duplicate name"
        case .illegalURL: "illegal URL"
        case .orphan: "orphan"
        case .unconfirmed: "unconfirmed"
        case .other: "finding"
        }
    }

    fileprivate var legendText: String {
        switch self {
        case .leaked: "leaked module (red, double border)"
        case .duplicateName: "duplicate name (orange, dashed)"
        case .illegalURL: "illegal URL hierarchy (purple)"
        case .orphan: "orphan component, not a leak (brown, dotted)"
        case .unconfirmed: "may have leaked: the trace stopped early (light red)"
        case .other: "other finding (grey)"
        }
    }
}

extension ModuleGraph {
    /// Nodes with an illegal-URL mark: their URL-parent edges are drawn in the mark's colour.
    fileprivate var illegalURLTargets: Set<String> { Set(nodes.filter { $0.marks.contains { $0.kind == .illegalURL } }.map(\.id)) }
}

extension ModuleGraph.Relation {
    /// A line drawn in text, like the edge's style.
    fileprivate var legendGlyph: String {
        switch self {
        case .push: "━━▶"
        case .present: "━━▷"
        case .sub: "◆──"
        case .event: "┈┈▶"
        case .urlParent: "╌╌›"
        case .implements: "━━▶"
        case .ignored: "╌╌○"
        case .subRouter: "━━▶"
        case .redirect: "╌╌›"
        case .intercepts: "┈┈┤"
        }
    }

    /// The edge's colour.
    fileprivate var legendColour: String {
        switch self {
        case .push: "#1f2937"
        case .present: "#2563eb"
        case .sub: "#64748b"
        case .event: "#16a34a"
        case .urlParent: "#94a3b8"
        case .implements: "#b45309"
        case .ignored: "#9ca3af"
        case .subRouter: "#7c3aed"
        case .redirect: "#db2777"
        case .intercepts: "#0891b2"
        }
    }

    fileprivate var legendText: String {
        switch self {
        case .push: "push"
        case .present: "present"
        case .sub: "contains sub-module"
        case .event: "component events (names, ×count)"
        case .urlParent: "URL parent"
        case .implements: "service → impl (priority)"
        case .ignored: "registration the framework ignored"
        case .subRouter: "route → nested router"
        case .redirect: "redirect followed"
        case .intercepts: "interceptor in a router's chain"
        }
    }
}
