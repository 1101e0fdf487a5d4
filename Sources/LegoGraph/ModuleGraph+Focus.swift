import LegoModel
extension ModuleGraph {
    /// The neighbourhood of one module: nodes at most `depth` edges away (either direction) from any node
    /// named `module`, and the edges between them.
    public func focus(module: String, depth: Int) throws(GraphError) -> ModuleGraph {
        guard depth >= 0 else { throw .negativeDepth(depth) }
        let starts = nodes.filter { $0.name == module || $0.id == module }.map(\.id)
        guard !starts.isEmpty else { throw .unknownModule(module, closeNames: closeNames(to: module)) }

        var neighbours: [String: [String]] = [:]
        for edge in edges {
            neighbours[edge.from, default: []].append(edge.to)
            neighbours[edge.to, default: []].append(edge.from)
        }
        var kept = Set(starts)
        var frontier = starts
        for _ in 0..<depth where !frontier.isEmpty {
            var next: [String] = []
            for id in frontier {
                for other in neighbours[id] ?? [] where kept.insert(other).inserted { next.append(other) }
            }
            frontier = next
        }
        return ModuleGraph(
            scope: scope, lastSeq: lastSeq,
            nodes: nodes.filter { kept.contains($0.id) },
            edges: edges.filter { kept.contains($0.from) && kept.contains($0.to) })
    }

    /// Up to five module names of this graph nearest to `name`: containing it, or within a small edit distance.
    func closeNames(to name: String) -> [String] {
        let lowered = name.lowercased()
        let names = Set(nodes.map(\.name))
        let limit = max(2, name.count / 3)
        let scored: [(distance: Int, name: String)] = names.compactMap { candidate in
            let other = candidate.lowercased()
            if !lowered.isEmpty, other.contains(lowered) || lowered.contains(other) { return (0, candidate) }
            let distance = Suggestion.editDistance(Array(lowered.unicodeScalars), Array(other.unicodeScalars), limit: limit)
            return distance <= limit ? (distance, candidate) : nil
        }
        return scored.sorted { ($0.distance, $0.name) < ($1.distance, $1.name) }.prefix(5).map(\.name)
    }
}
