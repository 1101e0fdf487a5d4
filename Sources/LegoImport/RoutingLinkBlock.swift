/// One routing listed in a routing link log.
struct RoutingEntry: Sendable, Hashable {
    /// The class name printed (or `(null)`).
    var name: EntryName
    /// The console line that listed it.
    var line: Int
    /// The entry printed as its `-> ` next routing.
    var next: Int?
    /// The entry it is a sub-routing of.
    var parent: Int?
    /// For a `Sub Routing from P(j)` head whose parent was not listed: the parent's class.
    var parentClass: String?
    /// Listed inside a `Sub Routing: (` list.
    var inSubList = false
    /// Already matched to a `Sub Routing from` block (a sub-routing prints in its parent's list and in its own block).
    var claimed = false
}

/// A routing link log: `current routing count: N`, `Routing link:`, then its blocks.
struct RoutingLinkSnapshot: Sendable, Hashable {
    /// First console line (the count line when present).
    var firstLine: Int
    /// Last console line of the blocks.
    var lastLine: Int
    /// The printed `current routing count`, when its line was found.
    var count: Int?
    /// Every routing listed, each sub-routing once.
    var entries: [RoutingEntry]
}

/// Reads the blocks of a routing link log one line at a time.
///
/// Grammar (tabs and spaces around each line are ignored, as the framework's indentation varies):
/// `Root Routing(i): (` or `Sub Routing from <Class>(j): (`, then the head class, then per routing of the
/// `next` chain an optional `Sub Routing: (` … `)` list and `-> <Class>` for the next one, then `)`.
struct RoutingLinkBlock {
    /// Entries read so far.
    private(set) var entries: [RoutingEntry] = []
    /// Blocks completed.
    private(set) var blocks = 0
    /// Whether no block is open.
    var isAtTopLevel: Bool { state == .top }

    private enum State: Equatable { case top, awaitingHead, chain, subList }
    private var state = State.top
    private var subBlockParent: String?
    private var chainLast = 0
    private var chainHasSubList = false

    /// Whether the line opens a block (`Root Routing(` or `Sub Routing from `).
    static func opensBlock(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        let line = LogText.trimmed(bytes, range)
        return LogText.hasPrefix(bytes, line, LogText.Literal.rootRouting) || LogText.hasPrefix(bytes, line, LogText.Literal.subRoutingFrom)
    }

    /// Consumes one line; returns nil when accepted, else why the line does not fit.
    mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, line: Int) -> String? {
        let text = LogText.trimmed(bytes, range)
        if LogText.hasControlByte(bytes, text) { return "control bytes inside the routing link log" }
        if text.isEmpty { return state == .top ? nil : "blank line inside a routing block" }
        switch state {
        case .top:
            if LogText.hasPrefix(bytes, text, LogText.Literal.rootRouting) {
                guard LogText.hasSuffix(bytes, text, LogText.Literal.blockOpenEnd),
                      LogText.number(bytes, (text.lowerBound + LogText.Literal.rootRouting.count)..<(text.upperBound - 4)) != nil
                else { return "malformed `Root Routing(i): (` line" }
                subBlockParent = nil
                state = .awaitingHead
                return nil
            }
            if LogText.hasPrefix(bytes, text, LogText.Literal.subRoutingFrom) {
                guard LogText.hasSuffix(bytes, text, LogText.Literal.blockOpenEnd) else { return "malformed `Sub Routing from` line" }
                let inner = (text.lowerBound + LogText.Literal.subRoutingFrom.count)..<(text.upperBound - 4)
                var open = inner.upperBound
                while open > inner.lowerBound, bytes[open - 1] != 0x28 { open -= 1 }
                guard open > inner.lowerBound, LogText.number(bytes, open..<inner.upperBound) != nil,
                      let parent = LogText.entryName(bytes, inner.lowerBound..<(open - 1)), !parent.isNull
                else { return "malformed `Sub Routing from <Class>(j): (` line" }
                subBlockParent = parent.text
                state = .awaitingHead
                return nil
            }
            return "expected `Root Routing(i): (` or `Sub Routing from <Class>(j): (`"
        case .awaitingHead:
            guard let name = LogText.entryName(bytes, text) else { return "expected the block's routing class" }
            if let parentClass = subBlockParent {
                // The sub-routing was already listed in its parent's `Sub Routing: (` list: same object.
                if let listed = entries.indices.first(where: { index in
                    let entry = entries[index]
                    guard entry.inSubList, !entry.claimed, entry.name.text == name.text,
                          entry.name.address == name.address, let parent = entry.parent else { return false }
                    return entries[parent].name.text == parentClass
                }) {
                    entries[listed].claimed = true
                    entries[listed].line = min(entries[listed].line, line)
                    chainLast = listed
                } else {
                    var entry = RoutingEntry(name: name, line: line)
                    entry.parentClass = parentClass
                    entry.parent = entries.indices.last { entries[$0].name.text == parentClass && !entries[$0].name.isNull }
                    entry.claimed = true
                    entries.append(entry)
                    chainLast = entries.count - 1
                }
            } else {
                entries.append(RoutingEntry(name: name, line: line))
                chainLast = entries.count - 1
            }
            chainHasSubList = false
            state = .chain
            return nil
        case .chain:
            if LogText.equals(bytes, text, LogText.Literal.close) {
                state = .top
                blocks += 1
                return nil
            }
            if LogText.equals(bytes, text, LogText.Literal.subRoutingList) {
                guard !chainHasSubList else { return "a second `Sub Routing: (` list for one routing" }
                chainHasSubList = true
                state = .subList
                return nil
            }
            if LogText.hasPrefix(bytes, text, LogText.Literal.arrow) {
                guard let name = LogText.entryName(bytes, (text.lowerBound + 3)..<text.upperBound) else { return "malformed `-> <Class>` line" }
                entries.append(RoutingEntry(name: name, line: line))
                entries[chainLast].next = entries.count - 1
                chainLast = entries.count - 1
                chainHasSubList = false
                return nil
            }
            return "expected `-> <Class>`, `Sub Routing: (` or `)`"
        case .subList:
            if LogText.equals(bytes, text, LogText.Literal.close) {
                state = .chain
                return nil
            }
            guard let name = LogText.entryName(bytes, text) else { return "expected a sub-routing class or `)`" }
            // `+log` prints blocks in insertion order: tab children made during their tab bar's init were added (and
            // printed as `Sub Routing from P(j)` blocks) before P itself. Such an earlier head is this same object.
            let parentClass = entries[chainLast].name.text
            if let earlier = entries.indices.first(where: { index in
                let entry = entries[index]
                return entry.parentClass == parentClass && entry.parent == nil && !entry.inSubList
                    && entry.name.text == name.text && entry.name.address == name.address
            }) {
                entries[earlier].parent = chainLast
                entries[earlier].inSubList = true
                return nil
            }
            var entry = RoutingEntry(name: name, line: line)
            entry.parent = chainLast
            entry.inSubList = true
            entries.append(entry)
            return nil
        }
    }
}
