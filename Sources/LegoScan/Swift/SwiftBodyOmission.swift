/// A Swift file without the insides of its functions that cannot hold a fact, for swift-syntax to parse: most of a
/// file that calls a framework is ordinary code around a few calls, and swift-syntax's parse and walk of it was most of
/// a Swift scan (`docs/performance.md`).
///
/// A body is one of `func`, `init` or `deinit`, found with `SwiftClassSkim`'s lexer: its `{` is the first at bracket
/// depth 0 after the keyword, before any other declaration's keyword (a requirement in a protocol has none). Only what
/// lies between its braces is left out, so the declarations around it parse as before; `originalOffset(_:)` maps an
/// offset of `bytes` back to the file's, for locations. A file whose braces do not pair is kept whole. Regex literals
/// are not known to the lexer: a lone brace in one may pair with another's, and the text between is then left out
/// only when it names none of the words either.
struct SwiftBodyOmission {
    /// The file without the omitted insides: what is parsed.
    let bytes: [UInt8]
    /// Each omission in order: the offset in `bytes` where it was, and the bytes omitted there and before it.
    private let omissions: [(at: Int, total: Int)]

    /// `original` without the inside of each function body for which `mayHoldAFact` is false.
    ///
    /// `mayHoldAFact` sees the body's bytes between its braces. A body kept is still searched for nested functions.
    init(_ original: [UInt8], keeping mayHoldAFact: (UnsafeBufferPointer<UInt8>) -> Bool) {
        let bodies = original.withUnsafeBufferPointer { buffer in Self.omittable(buffer, keeping: mayHoldAFact) }
        guard !bodies.isEmpty else {
            bytes = original
            omissions = []
            return
        }
        var kept: [UInt8] = []
        kept.reserveCapacity(original.count - bodies.reduce(0) { $0 + $1.count })
        var omissions: [(at: Int, total: Int)] = []
        var from = 0, total = 0
        for body in bodies {
            kept.append(contentsOf: original[from..<body.lowerBound])
            total += body.count
            omissions.append((kept.count, total))
            from = body.upperBound
        }
        kept.append(contentsOf: original[from...])
        bytes = kept
        self.omissions = omissions
    }

    /// The offset in the original file of `offset` in `bytes`.
    func originalOffset(_ offset: Int) -> Int {
        // The last omission at or before `offset`: a position at an omission's place is the `}` that followed it.
        var low = 0, high = omissions.count
        while low < high {
            let middle = (low + high) / 2
            if omissions[middle].at <= offset { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? offset : offset + omissions[low - 1].total
    }

    /// How many tokens a signature may take before its body: a bound on the work per `func`, past any real one.
    private static let signatureTokens = 1_024

    /// Names that start another declaration: met before a `{`, the function has no body.
    private static let declarationWords: Set<[UInt8]> = Set([
        "func", "var", "let", "init", "deinit", "class", "struct", "enum", "protocol", "extension", "case", "subscript",
        "typealias", "import", "actor", "associatedtype", "operator", "precedencegroup", "macro",
    ].map { Array($0.utf8) })

    /// The byte ranges of the insides to omit, in file order.
    private static func omittable(_ buffer: UnsafeBufferPointer<UInt8>,
                                  keeping mayHoldAFact: (UnsafeBufferPointer<UInt8>) -> Bool) -> [Range<Int>] {
        let tokens = SwiftClassSkim.tokens(in: buffer)
        guard let closers = pairedBraces(tokens) else { return [] }
        var bodies: [Range<Int>] = []
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            guard token.isName, token.isName("func", in: buffer) || token.isName("init", in: buffer) || token.isName("deinit", in: buffer),
                  index == 0 || tokens[index - 1].byte != UInt8(ascii: "."),
                  let open = bodyOpening(tokens, after: index, buffer) else {
                index += 1
                continue
            }
            let close = Int(closers[open])
            let body = tokens[open].end..<tokens[close].start
            if mayHoldAFact(UnsafeBufferPointer(rebasing: buffer[body])) {
                index = open + 1
            } else {
                if !body.isEmpty { bodies.append(body) }
                index = close + 1
            }
        }
        return bodies
    }

    /// For each `{` token its `}`'s index, or nil when the file's braces do not pair.
    private static func pairedBraces(_ tokens: [SwiftClassSkim.Token]) -> [Int32]? {
        var closers = [Int32](repeating: -1, count: tokens.count)
        var open: [Int] = []
        for (index, token) in tokens.enumerated() where !token.isName {
            if token.byte == UInt8(ascii: "{") {
                open.append(index)
            } else if token.byte == UInt8(ascii: "}") {
                guard let opener = open.popLast() else { return nil }
                closers[opener] = Int32(truncatingIfNeeded: index)
            }
        }
        return open.isEmpty ? closers : nil
    }

    /// The index of the `{` opening the body of the declaration whose keyword is at `keyword`, or nil when it has none.
    private static func bodyOpening(_ tokens: [SwiftClassSkim.Token], after keyword: Int, _ buffer: UnsafeBufferPointer<UInt8>) -> Int? {
        var depth = 0
        var index = keyword + 1
        while index < min(tokens.count, keyword + 1 + signatureTokens) {
            let token = tokens[index]
            if token.isName {
                if depth == 0 && declarationWords.contains(Array(buffer[token.start..<token.end])) { return nil }
            } else {
                switch token.byte {
                case UInt8(ascii: "("), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: ")"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth < 0 { return nil }
                case UInt8(ascii: "{") where depth == 0: return index
                case UInt8(ascii: "}") where depth == 0, UInt8(ascii: ";") where depth == 0: return nil
                default: break
                }
            }
            index += 1
        }
        return nil
    }
}
