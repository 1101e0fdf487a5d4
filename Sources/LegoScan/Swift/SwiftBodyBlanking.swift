/// A Swift file with the bodies of its functions that cannot hold a fact turned into whitespace, for swift-syntax to
/// parse: most of a file that calls a framework is ordinary code around a few calls, and swift-syntax's parse and walk
/// of it is most of a Swift scan (`docs/performance.md`). Whitespace costs the parser a byte compare each and makes no
/// node.
///
/// Every byte of a blanked body but its line ends becomes a space, so every offset, line and column of the file is
/// unchanged and what swift-syntax reads of the rest is the same. A body is one of `func`, `init` or `deinit`, found
/// with `SwiftClassSkim`'s lexer: its `{` is the first at bracket depth 0 after the keyword, before any other
/// declaration's keyword (a requirement in a protocol has none). A file whose braces do not pair is left whole.
enum SwiftBodyBlanking {
    /// How many tokens a signature may take before its body: a bound on the work per `func`, past any real one.
    private static let signatureTokens = 1_024

    /// Names that start another declaration: met before a `{`, the function has no body.
    private static let declarationWords: Set<[UInt8]> = Set([
        "func", "var", "let", "init", "deinit", "class", "struct", "enum", "protocol", "extension", "case", "subscript",
        "typealias", "import", "actor", "associatedtype", "operator", "precedencegroup", "macro",
    ].map { Array($0.utf8) })

    /// `bytes` with the inside of each function body for which `mayHoldAFact` is false blanked, or `bytes` as they are.
    ///
    /// `mayHoldAFact` sees the body's bytes between its braces. A body kept is still searched for nested functions.
    static func blanked(_ bytes: [UInt8], keeping mayHoldAFact: (UnsafeBufferPointer<UInt8>) -> Bool) -> [UInt8] {
        let bodies = bytes.withUnsafeBufferPointer { buffer in blankable(buffer, keeping: mayHoldAFact) }
        guard !bodies.isEmpty else { return bytes }
        var result = bytes
        result.withUnsafeMutableBufferPointer { buffer in
            for body in bodies {
                for offset in body where buffer[offset] != 0x0A && buffer[offset] != 0x0D { buffer[offset] = 0x20 }
            }
        }
        return result
    }

    /// The byte ranges of the bodies to blank, in file order.
    private static func blankable(_ buffer: UnsafeBufferPointer<UInt8>,
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
                bodies.append(body)
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
