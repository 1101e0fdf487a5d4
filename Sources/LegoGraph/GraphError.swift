/// Why a graph could not be narrowed as asked.
public enum GraphError: Error, Sendable, Hashable, CustomStringConvertible {
    /// `--focus` named a module the graph does not contain; `closeNames` are the nearest names it does.
    case unknownModule(String, closeNames: [String])
    /// `--depth` was negative.
    case negativeDepth(Int)

    /// One line that says what is wrong and what to do.
    public var description: String {
        switch self {
        case .unknownModule(let name, let closeNames):
            closeNames.isEmpty
                ? "no module named '\(name)' in this graph"
                : "no module named '\(name)' in this graph (did you mean \(closeNames.map { "'\($0)'" }.joined(separator: ", "))?)"
        case .negativeDepth(let depth):
            "--depth must be 0 or more, not \(depth)"
        }
    }
}
