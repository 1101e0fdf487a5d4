import LegoModel

/// One clause of a `#if` … `#elseif` … `#else` … `#endif`, or one arm of an `if`, `switch`, `guard` or `?:`, a fact is
/// written in: facts in two clauses of one `#if` are never both compiled, and facts in two arms of one `if` are never
/// both run by one call (a registration in each half of `#if DEBUG` or of `if #available … else` registers once).
public struct SourceBranch: Sendable, Hashable {
    /// Where the `#if` (or `if`, `switch`, `guard`, `?:`) is.
    public var directive: SourceLocation
    /// The clause's index within it (0 for the `#if` itself; 0 for an `if`'s body and 1 for its `else`; a `switch`'s
    /// case by its index; 0 for a `guard`'s `else` and 1 for the statements after the `guard`).
    public var clause: Int

    /// A clause of the branch at `directive`.
    public init(directive: SourceLocation, clause: Int) {
        self.directive = directive
        self.clause = clause
    }

    /// Whether facts written in `first` and in `second` are never both compiled, or never both run by one call.
    public static func exclusive(_ first: [SourceBranch], _ second: [SourceBranch]) -> Bool {
        first.contains { one in second.contains { $0.directive == one.directive && $0.clause != one.clause } }
    }
}
