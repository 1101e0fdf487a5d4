/// One component printed in a component trace log.
struct ComponentEntry: Sendable, Hashable {
    /// Its component name (or `(null)`).
    var name: EntryName
    /// The console line that printed it.
    var line: Int
    /// Printed with `-> `: the most recently added component name.
    var newest: Bool
    /// The component printed after it in its `(`…`)` group: its `next`.
    var next: Int?
    /// The component whose `[`…`]` children list holds its group.
    var parent: Int?
}

/// A component trace log: `Component trace log:` and the tree below it.
struct ComponentTreeSnapshot: Sendable, Hashable {
    /// First console line (the `Component trace log:` line).
    var firstLine: Int
    /// Last console line of the tree.
    var lastLine: Int
    /// Every component printed, in print order.
    var entries: [ComponentEntry]
}

/// Reads the tree of a component trace log one line at a time.
///
/// Grammar (tabs and spaces around each line are ignored: the framework prints stray tabs after `[` and `)`):
/// a group is `(`, a component, then per component of its `next` chain an optional `[` … `]` holding child
/// groups, the next component on its own line, and `)`. The first group is the whole tree.
struct ComponentTreeBlock {
    /// Entries read so far.
    private(set) var entries: [ComponentEntry] = []
    /// Whether the root group has closed.
    private(set) var isComplete = false
    /// Whether no group has opened yet.
    var hasStarted: Bool { !stack.isEmpty || isComplete }

    private enum Frame { case group(parent: Int?, last: Int?), children(owner: Int) }
    private var stack: [Frame] = []

    /// Consumes one line; returns nil when accepted, else why the line does not fit.
    mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, line: Int) -> String? {
        let text = LogText.trimmed(bytes, range)
        if LogText.hasControlByte(bytes, text) { return "control bytes inside the component trace log" }
        if text.isEmpty { return stack.isEmpty ? nil : "blank line inside the component tree" }
        if isComplete { return "text after the end of the component tree" }
        if LogText.equals(bytes, text, LogText.Literal.open) {
            switch stack.last {
            case nil: stack.append(.group(parent: nil, last: nil))
            case let .children(owner): stack.append(.group(parent: owner, last: nil))
            case .group: return "`(` where a component name was expected"
            }
            return nil
        }
        if LogText.equals(bytes, text, LogText.Literal.close) {
            guard case let .group(_, last) = stack.last, last != nil else { return "`)` closes an empty or unopened group" }
            stack.removeLast()
            if stack.isEmpty { isComplete = true }
            return nil
        }
        if LogText.equals(bytes, text, LogText.Literal.childrenOpen) {
            guard case let .group(_, last) = stack.last, let owner = last else { return "`[` without a component before it" }
            stack.append(.children(owner: owner))
            return nil
        }
        if LogText.equals(bytes, text, LogText.Literal.childrenClose) {
            guard case .children = stack.last else { return "`]` without its `[`" }
            stack.removeLast()
            return nil
        }
        guard case let .group(parent, last) = stack.last else {
            return stack.isEmpty ? "expected `(` to open the component tree" : "a component name between child groups"
        }
        var nameRange = text
        let newest = LogText.hasPrefix(bytes, text, LogText.Literal.arrow)
        if newest { nameRange = (text.lowerBound + 3)..<text.upperBound }
        guard let name = LogText.entryName(bytes, nameRange) else { return "malformed component name" }
        entries.append(ComponentEntry(name: name, line: line, newest: newest, next: nil, parent: last == nil ? parent : nil))
        let index = entries.count - 1
        if let last { entries[last].next = index }
        stack[stack.count - 1] = .group(parent: parent, last: index)
        return nil
    }
}
