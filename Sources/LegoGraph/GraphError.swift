/// Why a graph could not be narrowed or laid out as asked.
public enum GraphError: Error, Sendable, Hashable, CustomStringConvertible {
    /// `--focus` named a module the graph does not contain; `closeNames` are the nearest names it does.
    case unknownModule(String, closeNames: [String])
    /// `--depth` was negative.
    case negativeDepth(Int)
    /// The graph is larger than the bound of the engine that would lay it out (`auto`: the one `auto` would
    /// use); `alternative` is an engine within its bound for this size, if any.
    case beyondBound(layout: GraphLayout, auto: Bool, nodeCount: Int, edgeCount: Int, bound: GraphLayout.Bound, alternative: GraphLayout?)

    /// One line that says what is wrong and what to do.
    public var description: String {
        switch self {
        case .unknownModule(let name, let closeNames):
            closeNames.isEmpty
                ? "no module named '\(name)' in this graph"
                : "no module named '\(name)' in this graph (did you mean \(closeNames.map { "'\($0)'" }.joined(separator: ", "))?)"
        case .negativeDepth(let depth):
            "--depth must be 0 or more, not \(depth)"
        case .beyondBound(let layout, let auto, let nodeCount, let edgeCount, let bound, let alternative):
            "the graph has \(nodeCount) modules and \(edgeCount) edges, more than "
                + layout.rawValue + (auto ? " (the engine auto uses at this size)" : "")
                + " lays out in reasonable time and memory (at most \(bound.nodes) modules and \(bound.edges) edges): "
                + (alternative.map { "use --layout \($0.rawValue), draw less with --focus MODULE --depth N, or add --force to try \(layout.rawValue) anyway" }
                    ?? "no engine draws that many, so draw less with --focus MODULE --depth N, or add --force to try \(layout.rawValue) anyway")
        }
    }
}
