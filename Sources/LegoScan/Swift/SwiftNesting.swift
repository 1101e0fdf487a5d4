import LegoModel

/// A bound on how deeply Swift source nests, checked on its bytes before swift-syntax parses it.
///
/// swift-syntax's parser backtracks on `[` (array and dictionary literals and types, subscripts, `@[`): every `[`
/// still open around the cursor doubles to quadruples the parse time (20 nested took 9 s, 31 `@[` minutes), and it
/// recurses once per level of any bracket, so a thousand nested `[` or a few thousand nested generics overflow the
/// stack. Hand-written code keeps a few `[` open at a time; a file past either limit is refused with its position.
///
/// The limits bound one statement, not a file: 150 statements of 12 nested `[` took 12 s (optimized, under ASan), and
/// 100 of 40 unclosed generic `<` 4 s. So the pre-scan also adds up an estimate of the parser's work, and a file past
/// `costLimit` is refused too. Each `[` costs 2^(the `[` open with it), four times that after `@` (`@[`, which Swift
/// does not have, backtracks further); each generic `<` costs 4 × the generic `<` open with it (the parser looks ahead
/// over every one still open), doubled for each `[` open around it (a fuzzed statement of 12 `@[` around 7 `A<` took
/// 14 s of the fuzzing build). One unit is about 10 µs of the fuzzing build, ~1 µs of a release build.
enum SwiftNesting {
    /// The most `[` open at once: 12 parse in a fraction of a second even in a debug build.
    static let squareLimit = 12
    /// The most brackets of any kind open at once (`(`, `[`, `{`, generic `<`, string interpolations).
    static let limit = 128
    /// The most estimated parser work in one file: ~2.6 s of the fuzzing build, far past real code (scan's fixtures
    /// and the corpus app stay under 1% of it, `SwiftNestingTests`).
    static let costLimit = 1 << 18

    /// Which limit a file went past.
    enum Limit: Sendable, Hashable {
        /// `squareLimit`: too many `[` open at once.
        case square
        /// `limit`: too many brackets of any kind open at once.
        case depth
        /// `costLimit`: too much nesting over the whole file.
        case cost
    }

    /// Where nesting first went past a limit, and which.
    struct Excess: Sendable, Hashable, CustomStringConvertible {
        /// 1-based line and column (in bytes).
        var line: Int, column: Int
        /// The limit exceeded.
        var limit: Limit

        /// `more than 12 nested '['`, `nesting deeper than 128` or `too much nested '[' and '<' in one file`.
        var description: String {
            switch limit {
            case .square: "more than \(SwiftNesting.squareLimit) nested '['"
            case .depth: "nesting deeper than \(SwiftNesting.limit)"
            case .cost: "too many nested '[' and generic '<' in one file, up to here"
            }
        }
    }

    /// The first place `bytes` nest past a limit, or nil.
    ///
    /// A small lexer: comments are skipped, string contents are not code but their interpolations are (and count
    /// as a level), a `<` right after a name opens a generic level that a `>` closes and `{`, `}`, `;`, `=` or a
    /// closing bracket abandons (so `a<b` comparisons do not pile up). It may over-count odd code, never under-count.
    static func firstExcess(in bytes: [UInt8]) -> Excess? {
        var scanner = Scanner()
        return bytes.withUnsafeBufferPointer { scanner.scan($0) }
    }

    /// The estimated parser work of `bytes`, in the units of `costLimit` (up to the first excess, if any).
    static func estimatedCost(of bytes: [UInt8]) -> Int {
        var scanner = Scanner()
        _ = bytes.withUnsafeBufferPointer { scanner.scan($0) }
        return scanner.cost
    }

    private struct Scanner {
        /// A string being read: how many `#` delimit it and whether it is `"""`.
        struct StringKind { var hashes: Int, multiline: Bool }
        /// What is open, innermost last: a bracket byte, or 0 for an interpolation inside a string.
        var open: [UInt8] = []
        var squares = 0
        /// Generic `<` among `open`.
        var generics = 0
        /// The estimated parser work so far (see `SwiftNesting`).
        var cost = 0
        /// The strings whose interpolations are open, innermost last.
        var strings: [StringKind] = []
        var string: StringKind?
        var line = 1, lineStart = 0

        mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> Excess? {
            var index = 0
            let count = bytes.count
            func at(_ offset: Int) -> UInt8 { offset < count ? bytes[offset] : 0 }
            while index < count {
                let byte = bytes[index]
                if byte == 0x0A {
                    line += 1
                    lineStart = index + 1
                    if let kind = string, !kind.multiline { string = nil }
                    index += 1
                    continue
                }
                if let kind = string {
                    index = stringByte(bytes, index, kind)
                    if open.count > SwiftNesting.limit { return excess(index, .depth) }
                    continue
                }
                switch byte {
                case 0x2F where at(index + 1) == 0x2F:
                    while index < count && bytes[index] != 0x0A { index += 1 }
                    continue
                case 0x2F where at(index + 1) == 0x2A:
                    index = skipBlockComment(bytes, index)
                    continue
                case 0x22:
                    var hashes = 0
                    while index - hashes - 1 >= 0 && bytes[index - hashes - 1] == 0x23 { hashes += 1 }
                    let multiline = at(index + 1) == 0x22 && at(index + 2) == 0x22
                    string = StringKind(hashes: hashes, multiline: multiline)
                    index += multiline ? 3 : 1
                    continue
                case 0x28, 0x5B, 0x7B:
                    if byte == 0x7B { closeGenerics() }
                    open.append(byte)
                    if byte == 0x5B {
                        squares += 1
                        if squares > SwiftNesting.squareLimit { return excess(index, .square) }
                        cost += (index > 0 && bytes[index - 1] == 0x40 ? 4 : 1) << squares
                        if cost > SwiftNesting.costLimit { return excess(index, .cost) }
                    }
                case 0x3C where index > 0 && Self.isNameByte(bytes[index - 1]):
                    open.append(byte)
                    generics += 1
                    // The look-ahead over open generics is redone on each backtrack of the `[` around it.
                    cost += (4 * generics) << squares
                    if cost > SwiftNesting.costLimit { return excess(index, .cost) }
                case 0x3E where open.last == 0x3C && index > 0 && bytes[index - 1] != 0x2D:
                    open.removeLast()
                    generics -= 1
                case 0x29, 0x5D, 0x7D:
                    closeGenerics()
                    if let last = open.popLast() {
                        if last == 0x5B { squares -= 1 }
                        if last == 0, let kind = strings.popLast() { string = kind }
                    }
                case 0x3B, 0x3D:
                    closeGenerics()
                default:
                    break
                }
                if open.count > SwiftNesting.limit { return excess(index, .depth) }
                index += 1
            }
            return nil
        }

        /// Reads one step of a string's contents from `index`; returns where to continue.
        mutating func stringByte(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int, _ kind: StringKind) -> Int {
            let count = bytes.count
            var next = index + 1
            switch bytes[index] {
            case 0x5C:
                // `\(` (or `\#(` in a raw string) interpolates; in a plain string `\` escapes the next byte.
                var hashes = 0
                while next < count && bytes[next] == 0x23 && hashes < kind.hashes { hashes += 1; next += 1 }
                guard hashes == kind.hashes else { return next }
                if next < count && bytes[next] == 0x28 {
                    strings.append(kind)
                    string = nil
                    open.append(0)
                    return next + 1
                }
                return kind.hashes == 0 && next < count && bytes[next] != 0x0A ? next + 1 : next
            case 0x22:
                let quotes = kind.multiline ? 3 : 1
                var end = index
                while end < count && end - index < quotes && bytes[end] == 0x22 { end += 1 }
                guard end - index == quotes else { return end }
                var hashes = 0
                while end < count && bytes[end] == 0x23 && hashes < kind.hashes { hashes += 1; end += 1 }
                if hashes == kind.hashes { string = nil }
                return end
            default:
                return next
            }
        }

        /// Skips a block comment (they nest in Swift) starting at `index`; returns the index after it.
        mutating func skipBlockComment(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int) -> Int {
            var depth = 0
            var index = start
            let count = bytes.count
            while index < count {
                let byte = bytes[index]
                if byte == 0x2F && index + 1 < count && bytes[index + 1] == 0x2A {
                    depth += 1
                    index += 2
                } else if byte == 0x2A && index + 1 < count && bytes[index + 1] == 0x2F {
                    depth -= 1
                    index += 2
                    if depth == 0 { return index }
                } else {
                    if byte == 0x0A { line += 1; lineStart = index + 1 }
                    index += 1
                }
            }
            return index
        }

        /// Drops the generic levels a `<` opened that this byte shows were comparisons after all.
        mutating func closeGenerics() {
            while open.last == 0x3C {
                open.removeLast()
                generics -= 1
            }
        }

        func excess(_ index: Int, _ limit: Limit) -> Excess {
            Excess(line: line, column: index - lineStart + 1, limit: limit)
        }

        static func isNameByte(_ byte: UInt8) -> Bool { ByteSearch.isNameByte(byte) }
    }
}
