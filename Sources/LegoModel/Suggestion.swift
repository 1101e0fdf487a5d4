/// "Did you mean" suggestions for misspelt keys, steps, rule ids, modules and URLs, shared by every parser.
public enum Suggestion {
    /// `; did you mean `X`?` for the closest candidate, else `; expected one of: …` when the list is short, else nothing.
    public static func hint(for word: String, among candidates: [String]) -> String {
        if let best = closest(to: word, among: candidates) { return "; did you mean `\(best)`?" }
        if !candidates.isEmpty, candidates.count <= 20 {
            return "; expected one of: " + candidates.joined(separator: ", ")
        }
        return ""
    }

    /// The candidate closest to `word` by case-insensitive edit distance, if it is close enough to be a likely typo.
    public static func closest(to word: String, among candidates: some Sequence<String>) -> String? {
        let target = Array(word.lowercased().unicodeScalars)
        guard !target.isEmpty else { return nil }
        // A third of the word, at least 1, at most 4: catches typos without suggesting unrelated names (Ghost → Post).
        let limit = min(4, max(1, target.count / 3))
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let other = Array(candidate.lowercased().unicodeScalars)
            guard abs(other.count - target.count) <= limit else { continue }
            let distance = editDistance(target, other, limit: limit)
            if distance <= limit, distance < (best?.distance ?? .max) {
                best = (candidate, distance)
            }
        }
        return best?.name
    }

    /// Edit distance counting a swap of two neighbours as one edit (`Pots` → `Post`), giving up at `limit + 1`.
    public static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var beforePrevious = Array(repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = Array(repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowBest = current[0]
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
                rowBest = min(rowBest, current[j])
            }
            // A swap can still lower the next row by reaching back two rows, so stop only when both are over.
            if rowBest > limit, previous.min() ?? 0 > limit { return limit + 1 }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count]
    }
}
