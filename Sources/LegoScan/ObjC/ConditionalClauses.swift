/// The conditional clauses around the offsets a reader asks about, walking the lexer's conditionals forward: offsets
/// asked in file order cost one pass over the file's directives; an earlier offset starts the walk again.
struct ConditionalClauses {
    private let conditionals: [ObjCLexer.Conditional]
    private var next = 0
    private var open: [(line: Int, clause: Int)] = []
    private var lastOffset = 0

    /// A walk over `conditionals`, in file order.
    init(_ conditionals: [ObjCLexer.Conditional]) { self.conditionals = conditionals }

    /// The clauses around byte `offset`, outermost first: each `#if`'s line and the clause's index in it (0 for the
    /// `#if` itself). Code in two clauses of one `#if` is never compiled together.
    mutating func at(_ offset: Int) -> [(line: Int, clause: Int)] {
        if offset < lastOffset { next = 0; open = [] }
        lastOffset = offset
        while next < conditionals.count, conditionals[next].offset < offset {
            switch conditionals[next].kind {
            case .open: open.append((conditionals[next].line, 0))
            case .nextClause: if !open.isEmpty { open[open.count - 1].clause += 1 }
            case .close: _ = open.popLast()
            }
            next += 1
        }
        return open
    }
}
