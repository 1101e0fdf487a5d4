import LegoModel

/// How `scan` chose the framework when no `--framework` named it: the number of files holding each framework's
/// markers (imports, macros, the router's selectors); the framework most files use wins.
public struct FrameworkDetection: Sendable, Hashable, CustomStringConvertible {
    /// The framework chosen.
    public var framework: Framework
    /// Files holding each framework's markers, for every framework with at least one, most first.
    public var files: [(framework: Framework, count: Int)] {
        counts.filter { $0.value > 0 }.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { ($0.key, $0.value) }
    }
    /// Files holding each framework's markers.
    public var counts: [Framework: Int]

    /// "markers in 12 files" or, when others appear too, "markers in 12 files; QFMoudle's in 1".
    public var description: String {
        let own = counts[framework, default: 0]
        let others = files.filter { $0.framework != framework }.map { "\($0.framework.displayName)'s in \($0.count)" }
        return "its markers in \(own) file\(own == 1 ? "" : "s")" + (others.isEmpty ? "" : "; " + others.joined(separator: ", "))
    }

    /// Counts markers over `files` (read through `contents`), stopping once one framework leads by a clear margin;
    /// nil when no file holds any scanner's markers.
    static func detect(scanners: [any FrameworkScanner], files: [SourceTree.File]) -> FrameworkDetection? {
        var counts: [Framework: Int] = [:]
        let markers = scanners.map { scanner in (scanner.framework, scanner.markers.map { Array($0.utf8) }) }
        for file in files {
            guard case .bytes(let bytes) = SourceTree.contents(of: file) else { continue }
            for (framework, patterns) in markers where patterns.contains(where: { ByteSearch.contains($0, in: bytes) }) {
                counts[framework, default: 0] += 1
            }
            let ranked = counts.values.sorted(by: >)
            // A dozen files ahead of every other framework settles it; reading on would only cost time.
            if let first = ranked.first, first - (ranked.dropFirst().first ?? 0) >= 12 { break }
        }
        guard let best = counts.filter({ $0.value > 0 }).max(by: { ($0.value, $1.key) < ($1.value, $0.key) }) else { return nil }
        return FrameworkDetection(framework: best.key, counts: counts)
    }
}
