import LegoGraph
import LegoRender
import LegoReport

/// When the text report and status lines may use colour (`--color`).
public enum ColorChoice: String, Sendable, Hashable, CaseIterable {
    /// Only when the output is a terminal and `NO_COLOR` is not set.
    case auto
    /// Always, even into a file or a pipe.
    case always
    /// Never.
    case never
}

/// The Graphviz engine `graph --layout` asks for: one chosen by the graph's size, or a named engine.
public enum LayoutChoice: Sendable, Hashable, CaseIterable {
    /// Chosen by the graph's size within the measured engine bounds.
    case auto
    /// This engine.
    case engine(GraphLayout)

    /// `auto` then every engine, in `GraphLayout`'s order.
    public static var allCases: [LayoutChoice] { [.auto] + GraphLayout.allCases.map(LayoutChoice.engine) }

    /// The command-line spelling.
    public var name: String {
        switch self {
        case .auto: "auto"
        case .engine(let layout): layout.rawValue
        }
    }

    /// The choice spelled `name`, or nil.
    public init?(name: String) {
        if name == "auto" { self = .auto } else if let layout = GraphLayout(rawValue: name) { self = .engine(layout) } else { return nil }
    }

    /// The engine asked for, or nil for `auto`.
    public var engine: GraphLayout? {
        if case .engine(let layout) = self { layout } else { nil }
    }
}

/// What `graph` writes: DOT or JSON text, or a picture rendered by libgraphviz.
public enum GraphFormat: String, Sendable, Hashable, CaseIterable {
    /// Graphviz DOT, with the chosen engine's options.
    case dot
    /// Scalable Vector Graphics.
    case svg
    /// A PNG bitmap.
    case png
    /// A PDF document.
    case pdf
    /// The graph as documented JSON (docs/graph.md).
    case json
    /// The interactive offline page: the graph drawn inline, the module lifetime timeline, the findings (docs/graph.md).
    case html

    /// The format an output file's extension names (`.gv` is DOT too, `.htm` HTML), or nil for none or an unknown one.
    public init?(fileExtension: String) {
        let lowered = fileExtension.lowercased()
        let aliases: [String: GraphFormat] = ["gv": .dot, "htm": .html]
        guard let format = aliases[lowered] ?? GraphFormat(rawValue: lowered) else { return nil }
        self = format
    }

    /// The extensions this format is written with, for messages.
    static var extensions: String { allCases.map { ".\($0.rawValue)" }.joined(separator: ", ") }
}

/// What `check --format` writes: a findings report, or the HTML page that also draws the graph and the lifetimes
/// (which only this layer can make: it needs the graph builder, the renderer and the timeline).
public enum CheckFormat: Sendable, Hashable, CaseIterable {
    /// A findings report (`ReportFormat`: text, json, sarif, junit, github, markdown, xcode).
    case report(ReportFormat)
    /// The interactive page (docs/graph.md) with the findings table.
    case html

    /// Every report format, then `html`.
    public static var allCases: [CheckFormat] { ReportFormat.allCases.map(CheckFormat.report) + [.html] }

    /// The command-line spelling.
    public var name: String {
        switch self {
        case .report(let format): format.rawValue
        case .html: "html"
        }
    }

    /// The format spelled `name`, or nil.
    public init?(name: String) {
        guard let format = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = format
    }
}

/// Where `graph --at` stops the replay: after one event, or at the end of the trace.
public enum ReplayPoint: Sendable, Hashable {
    /// After the event with this seq.
    case seq(UInt64)
    /// After the last event.
    case end

    /// `end` or an event seq, as typed on the command line.
    public init?(argument: String) {
        if argument == "end" { self = .end } else if let seq = UInt64(argument) { self = .seq(seq) } else { return nil }
    }

    /// The seq to stop after, or nil at the end.
    var seq: UInt64? {
        if case .seq(let seq) = self { seq } else { nil }
    }

    /// "seq 12" or "the end", for status lines.
    var phrase: String {
        switch self {
        case .seq(let seq): "seq \(seq)"
        case .end: "the end"
        }
    }
}
