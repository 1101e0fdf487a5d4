import LegoAnalysis

/// Which files of a source folder a scan reads: glob patterns to include and exclude, matched against each
/// file's path relative to the scanned folder.
///
/// `*` matches within one path component, `**` across components. A pattern without `/`
/// matches any single component (`Generated` excludes every folder or file of that name); a pattern with `/`
/// matches the whole relative path or a folder prefix of it (`Lib/Vendor` excludes everything under it).
public struct ScanScope: Sendable, Hashable {
    /// Patterns a file must match one of to be read; empty reads every file.
    public var include: [String]
    /// Patterns that exclude a file; they win over `include`.
    public var exclude: [String]

    /// A scope reading everything `include` admits, minus `exclude`.
    public init(include: [String] = [], exclude: [String] = []) {
        self.include = include
        self.exclude = exclude
    }

    /// The exclude pattern that drops `relativePath`, or "not included" when includes are given and none matches;
    /// nil when the file is read.
    public func reason(toSkip relativePath: String) -> String? {
        if let pattern = exclude.first(where: { Self.matches(pattern: $0, path: relativePath) }) { return "excluded by \(pattern)" }
        if !include.isEmpty, !include.contains(where: { Self.matches(pattern: $0, path: relativePath) }) { return "not under scan.include" }
        return nil
    }

    /// Whether `pattern` matches `path` (or a folder prefix of it, or, without a `/`, one of its components).
    public static func matches(pattern: String, path: String) -> Bool {
        let trimmed = pattern.hasSuffix("/") ? String(pattern.dropLast()) : pattern
        let patternParts = trimmed.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        let pathParts = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        guard !patternParts.isEmpty else { return false }
        if patternParts.count == 1, patternParts[0] != "**" {
            return pathParts.contains { component(patternParts[0], matches: $0) }
        }
        // A folder pattern matches every file under the folder: try each prefix of the path.
        for end in stride(from: pathParts.count, through: 1, by: -1) where parts(patternParts[...], match: pathParts[..<end]) {
            return true
        }
        return false
    }

    private static func parts(_ pattern: ArraySlice<String>, match path: ArraySlice<String>) -> Bool {
        guard let first = pattern.first else { return path.isEmpty }
        if first == "**" {
            let rest = pattern.dropFirst()
            for start in path.indices + [path.endIndex] where parts(rest, match: path[start...]) { return true }
            return false
        }
        guard let head = path.first, component(first, matches: head) else { return false }
        return parts(pattern.dropFirst(), match: path.dropFirst())
    }

    /// `*` within one component (the allowlists' matcher).
    private static func component(_ pattern: String, matches name: String) -> Bool {
        AnalysisConfiguration.matches(pattern: pattern, name: name)
    }
}
