/// Why Graphviz could not turn DOT into a picture; every case carries Graphviz's own words where it gave any.
public enum RenderError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The DOT text did not parse (`message` is Graphviz's, e.g. `syntax error in line 3 near '}'`).
    case invalidDOT(message: String)
    /// The layout engine is not one Graphviz offers here.
    case unknownLayout(String, available: [String])
    /// The output format is not one Graphviz can write here.
    case unknownFormat(String, message: String)
    /// Graphviz has no layout plugins registered, so nothing can be drawn.
    case noPlugins
    /// Graphviz could not create its context.
    case contextUnavailable
    /// The layout engine ran and failed.
    case layoutFailed(layout: String, message: String)
    /// Rendering to the format failed after a successful layout.
    case renderFailed(format: String, message: String)

    /// One line that says what went wrong and what to do.
    public var description: String {
        switch self {
        case .invalidDOT(let message):
            "invalid DOT: \(message)"
        case .unknownLayout(let layout, let available):
            "unknown layout '\(layout)' (Graphviz here offers: \(available.joined(separator: ", ")))"
        case .unknownFormat(let format, let message):
            "Graphviz cannot write format '\(format)' here" + (message.isEmpty ? "" : ": \(message)")
        case .noPlugins:
            "Graphviz has no layout plugins registered: install the `graphviz` package and run `sudo dot -c` to register them"
        case .contextUnavailable:
            "could not start Graphviz (gvContext failed): check that libgraphviz is installed"
        case .layoutFailed(let layout, let message):
            "the \(layout) layout failed" + (message.isEmpty ? "" : ": \(message)")
        case .renderFailed(let format, let message):
            "rendering \(format) failed" + (message.isEmpty ? "" : ": \(message)")
        }
    }
}
