import LegoModel

/// Where the app writes the names of routing methods that hold a transition and that a subclass inherits: the call
/// sites that decide whether a subclass module runs an inherited transition (a presenter that overrides the method
/// holding `[Routing transition2X]` without calling `super` never opens X in the subclass's module).
enum InheritedCalls {
    /// Each such method name → every place it is written, declarations aside (comments and strings included: any
    /// doubt keeps the edge), after reading `files` again; empty when no routing with a transition is subclassed.
    static func uses(in facts: ScanFacts, files: [SourceTree.File]) -> [String: [SourceLocation]] {
        let superclasses = Dictionary(facts.classes.compactMap { declared in declared.superclass.map { (declared.name, $0) } },
                                      uniquingKeysWith: { first, _ in first })
        let subclassed = Set(superclasses.values)
        var transitionLines: [String: [Int]] = [:]
        for transition in facts.transitions { transitionLines[transition.location.file, default: []].append(transition.location.line) }
        let names = Set(facts.methodBodies.filter { body in
            subclassed.contains(body.className) && !NeverCalledMethods.mayBeCalledUnnamed(body.name)
                && transitionLines[body.location.file, default: []].contains { body.location.line <= $0 && $0 <= body.lastLine }
        }.map(\.name))
        guard !names.isEmpty else { return [:] }
        var spellings: [String: [String]] = [:]
        for name in names { spellings[name] = [name] }
        var uses: [String: [SourceLocation]] = [:]
        for file in files {
            // A file that cannot be read may call any of them: no sites, so no edge is dropped.
            guard case .bytes(let bytes) = SourceTree.contents(of: file) else { return [:] }
            for (name, line) in NeverCalledMethods.useSites(in: bytes, spellings: spellings) {
                uses[name, default: []].append(SourceLocation(file: file.relativePath, line: line))
            }
        }
        return uses
    }
}
