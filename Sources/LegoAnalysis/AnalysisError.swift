import LegoModel

/// Why a configuration or baseline file could not be used; each case names the file and, where known, the line.
public enum AnalysisError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A file could not be read or written.
    case unreadable(path: String, reason: String)
    /// A configuration file is malformed or names something unknown.
    case invalidConfiguration(file: String, line: Int?, problem: String)
    /// A baseline file is malformed.
    case invalidBaseline(file: String, line: Int?, problem: String)
    /// A configuration file nests deeper than a YAML parser can safely follow.
    case tooDeeplyNested(file: String, YAMLNesting.Excess)

    /// One line: `file:line: problem`.
    public var description: String {
        // Keys, rule ids and paths are quoted from the file and may hold newlines.
        switch self {
        case let .unreadable(path, reason):
            return TerminalText.line("\(path): \(reason)")
        case let .invalidConfiguration(file, line, problem):
            return TerminalText.line("\(Self.location(file, line)): \(problem)")
        case let .invalidBaseline(file, line, problem):
            return TerminalText.line("\(Self.location(file, line)): \(problem)")
        case let .tooDeeplyNested(file, excess):
            return TerminalText.line("\(file):\(excess.line):\(excess.column): \(excess)")
        }
    }

    private static func location(_ file: String, _ line: Int?) -> String {
        guard let line else { return file }
        return "\(file):\(line)"
    }
}
