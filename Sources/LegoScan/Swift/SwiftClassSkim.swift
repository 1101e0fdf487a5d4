#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The class and protocol declarations of a Swift file read from its bytes, without a syntax tree: for the files of an
/// app that call none of a framework's API, where a scanner needs only each class with the first type it inherits, the
/// protocols declared and the aliases of plain types (swift-syntax's parse is most of a Swift scan, `docs/performance.md`).
///
/// A small lexer: comments (nested `/* */`) are skipped, strings (`"`, `"""`, raw `#"…"#`) are one token whose
/// interpolations are code, names and punctuation are tokens. A declaration is `class` followed by a name that is not a
/// keyword (`class func`, `class var` and `protocol P: class` declare no class) and not after a `.`; its superclass is
/// the source text of the first inherited type, as swift-syntax's `inheritedTypes.first?.type` spells it. Regex
/// literals are not known to it: a `"` inside one starts a string, and declarations after it in that file may be lost.
enum SwiftClassSkim {
    /// A class the file declares.
    struct Declaration: Sendable, Hashable {
        /// The class name as written (backticks included, as swift-syntax's token text has them).
        var name: String
        /// The first inherited type's source text, if any.
        var superclass: String?
        /// 1-based line and UTF-8 column of the name.
        var line: Int, column: Int
    }

    /// The class declarations of `bytes`, in source order.
    static func declarations(in bytes: [UInt8]) -> [Declaration] { read(bytes).classes }

    /// A file-level `typealias Name = Target` naming a plain or dotted type (`P`, `Module.P`), the only kind a scanner
    /// resolves.
    struct Alias: Sendable, Hashable {
        /// The alias.
        var name: String
        /// The type it names, as written.
        var target: String
        /// Whether it is `private` or `fileprivate`.
        var fileScoped: Bool
        /// 1-based line and UTF-8 column of the name.
        var line: Int, column: Int
    }

    /// The class declarations of `bytes`, the names of the protocols it declares and its aliases of plain types, in
    /// source order.
    static func read(_ bytes: [UInt8]) -> (classes: [Declaration], protocols: [String], aliases: [Alias]) {
        bytes.withUnsafeBufferPointer { buffer in
            // Only `class`, `protocol` or `typealias` can start a declaration, and its clauses take a bounded number of
            // tokens: the file is read up to its last such word and the clauses that may follow it (most files declare
            // types first).
            guard let last = lastDeclarationWord(in: buffer) else { return ([], [], []) }
            var lexer = Lexer(bytes: buffer)
            lexer.stop = (offset: last, tokensAfter: 2 * declarationTokens + 8)
            let tokens = lexer.read()
            return (declarations(tokens, buffer), protocols(tokens, buffer), aliases(tokens, buffer))
        }
    }

    /// An offset within the last `class`, `protocol` or `typealias` of `buffer`, in code or not, or nil when there is none.
    private static func lastDeclarationWord(in buffer: UnsafeBufferPointer<UInt8>) -> Int? {
        guard buffer.count >= 5, let base = buffer.baseAddress else { return nil }
        func matches(_ word: StaticString, from start: Int) -> Bool {
            guard start >= 0, start + word.utf8CodeUnitCount <= buffer.count else { return false }
            return memcmp(base + start, word.utf8Start, word.utf8CodeUnitCount) == 0
        }
        // The three words hold an `l`: at `class`'s second byte, `protocol`'s last, `typealias`'s sixth.
        func isWord(at index: Int) -> Bool {
            base[index] == UInt8(ascii: "l")
                && (matches("class", from: index - 1) || matches("protocol", from: index - 7) || matches("typealias", from: index - 5))
        }
        // Backwards eight bytes at a time, stopping only at words holding an `l` (a byte-by-byte loop was a twentieth
        // of an NNModule-swift scan): a zero byte of `word ^ llllllll` flags it, with at most false flags above a
        // true one, which the check of the bytes around rules out.
        let raw = UnsafeRawPointer(base)
        var end = buffer.count
        while end >= 8 {
            let word = raw.loadUnaligned(fromByteOffset: end - 8, as: UInt64.self) ^ 0x6C6C_6C6C_6C6C_6C6C
            if (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080 != 0 {
                for index in stride(from: end - 1, through: end - 8, by: -1) where isWord(at: index) { return index }
            }
            end -= 8
        }
        for index in stride(from: end - 1, through: 0, by: -1) where isWord(at: index) { return index }
        return nil
    }

    /// The code tokens of `buffer`: names, string literals (one token each, their interpolations read as code) and
    /// punctuation bytes; comments and whitespace give none.
    static func tokens(in buffer: UnsafeBufferPointer<UInt8>) -> [Token] {
        var lexer = Lexer(bytes: buffer)
        return lexer.read()
    }

    /// A code token: a name (`isName`), a string literal, or one punctuation byte; 32-bit fields, as files over
    /// `SwiftReader.maximumFileBytes` are not read.
    struct Token {
        private var startOffset: Int32, endOffset: Int32
        private var lineNumber: Int32, columnNumber: Int32
        /// Whether it is a name.
        var isName: Bool
        /// The punctuation byte, 0 for names and strings.
        var byte: UInt8

        init(start: Int, end: Int, line: Int, column: Int, isName: Bool, byte: UInt8) {
            startOffset = Int32(truncatingIfNeeded: start)
            endOffset = Int32(truncatingIfNeeded: end)
            lineNumber = Int32(truncatingIfNeeded: line)
            columnNumber = Int32(truncatingIfNeeded: column)
            self.isName = isName
            self.byte = byte
        }

        /// First byte.
        var start: Int { Int(startOffset) }
        /// One past the last byte.
        var end: Int { Int(endOffset) }
        /// 1-based line.
        var line: Int { Int(lineNumber) }
        /// 1-based UTF-8 column.
        var column: Int { Int(columnNumber) }

        /// Whether it is the name `word` of `bytes`.
        func isName(_ word: StaticString, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            guard isName, end - start == word.utf8CodeUnitCount else { return false }
            for offset in 0..<word.utf8CodeUnitCount where bytes[start + offset] != word.utf8Start[offset] { return false }
            return true
        }
    }

    /// How many tokens a declaration's generic clause or first inherited type may take: a bound on the work per
    /// `class`, far past any real declaration.
    private static let declarationTokens = 256

    /// Words after `class` that make it a modifier, not a declaration.
    static let notNames: Set<[UInt8]> = Set([
        "func", "var", "let", "subscript", "init", "deinit", "override", "final", "static", "private", "fileprivate", "internal",
        "public", "open", "package", "required", "convenience", "dynamic", "lazy", "weak", "unowned", "nonisolated", "mutating",
        "nonmutating", "indirect", "prefix", "postfix", "infix", "typealias", "class", "where",
    ].map { Array($0.utf8) })

    private static func declarations(_ tokens: [Token], _ bytes: UnsafeBufferPointer<UInt8>) -> [Declaration] {
        func text(_ token: Token) -> [UInt8] { Array(bytes[token.start..<token.end]) }
        func isWord(_ index: Int, _ word: StaticString) -> Bool { index < tokens.count && tokens[index].isName(word, in: bytes) }
        var found: [Declaration] = []
        for index in tokens.indices where isWord(index, "class") {
            // Not `x.class`, `import class M.C`, or `class` as an argument label (`func f(class c: AnyClass)`).
            let previous = index > 0 ? tokens[index - 1] : nil
            guard index + 1 < tokens.count, tokens[index + 1].isName, !notNames.contains(text(tokens[index + 1])),
                  ![UInt8(ascii: "."), UInt8(ascii: "("), UInt8(ascii: ",")].contains(previous?.byte ?? 0),
                  !(previous.map { $0.isName && text($0) == Array("import".utf8) } ?? false) else { continue }
            let nameToken = tokens[index + 1]
            var next = index + 2
            if next < tokens.count, tokens[next].byte == UInt8(ascii: "<") { next = afterGenerics(tokens, from: next) }
            var superclass: String?
            if next < tokens.count, tokens[next].byte == UInt8(ascii: ":"), next + 1 < tokens.count {
                let first = next + 1
                var last = first
                var depth = 0
                var cursor = first
                while cursor < min(tokens.count, first + declarationTokens) {
                    let token = tokens[cursor]
                    if token.byte == UInt8(ascii: "{") || token.byte == UInt8(ascii: "}") || token.byte == UInt8(ascii: ";") { break }
                    if depth == 0 && (token.byte == UInt8(ascii: ",") || isWord(cursor, "where")) { break }
                    switch token.byte {
                    case UInt8(ascii: "<"), UInt8(ascii: "("), UInt8(ascii: "["): depth += 1
                    // The `>` of a function type's `->` closes nothing.
                    case UInt8(ascii: ">") where tokens[cursor - 1].byte == UInt8(ascii: "-") && tokens[cursor - 1].end == token.start: break
                    case UInt8(ascii: ">"), UInt8(ascii: ")"), UInt8(ascii: "]"): depth -= 1
                    default: break
                    }
                    if depth < 0 { break }
                    last = cursor
                    cursor += 1
                }
                superclass = String(decoding: bytes[tokens[first].start..<tokens[last].end], as: UTF8.self)
            }
            found.append(Declaration(name: String(decoding: text(nameToken), as: UTF8.self), superclass: superclass,
                                     line: nameToken.line, column: nameToken.column))
        }
        return found
    }

    /// The names after `protocol` that declare one: not `x.protocol`, an argument label, `import protocol M.P`, or the old
    /// composition `protocol<A, B>`.
    private static func protocols(_ tokens: [Token], _ bytes: UnsafeBufferPointer<UInt8>) -> [String] {
        var found: [String] = []
        for index in tokens.indices where tokens[index].isName("protocol", in: bytes) {
            let previous = index > 0 ? tokens[index - 1] : nil
            guard index + 1 < tokens.count, tokens[index + 1].isName,
                  ![UInt8(ascii: "."), UInt8(ascii: "("), UInt8(ascii: ",")].contains(previous?.byte ?? 0),
                  !(previous?.isName("import", in: bytes) ?? false) else { continue }
            let name = tokens[index + 1]
            found.append(String(decoding: bytes[name.start..<name.end], as: UTF8.self))
        }
        return found
    }

    /// Punctuation that continues a type on the next line (`& B`, `.Inner`, `<T>`, `?`, `!`, `(…) -> …`, `[…]`).
    private static let typeContinuations: Set<UInt8> = Set("&.<>?!([-".utf8)

    /// `typealias Name = A.B` at file level (outside every brace) whose target is a plain or dotted name ending its
    /// statement: not a generic alias, a composition (`&` on the next line too), a function or an optional type.
    private static func aliases(_ tokens: [Token], _ bytes: UnsafeBufferPointer<UInt8>) -> [Alias] {
        func text(_ token: Token) -> String { String(decoding: bytes[token.start..<token.end], as: UTF8.self) }
        var found: [Alias] = []
        var depth = 0
        for index in tokens.indices {
            switch tokens[index].byte {
            case UInt8(ascii: "{"): depth += 1
            case UInt8(ascii: "}"): depth = max(0, depth - 1)
            default: break
            }
            guard depth == 0, tokens[index].isName("typealias", in: bytes) else { continue }
            guard index + 3 < tokens.count, tokens[index + 1].isName, tokens[index + 2].byte == UInt8(ascii: "="),
                  tokens[index + 3].isName, index == 0 || tokens[index - 1].byte != UInt8(ascii: ".") else { continue }
            // `any P` is `P`'s key too.
            var first = index + 3
            if tokens[first].isName("any", in: bytes), first + 1 < tokens.count, tokens[first + 1].isName { first += 1 }
            var last = first
            while last + 2 < tokens.count, tokens[last + 1].byte == UInt8(ascii: "."), tokens[last + 1].start == tokens[last].end,
                  tokens[last + 2].isName {
                last += 2
            }
            if last + 1 < tokens.count {
                let next = tokens[last + 1]
                guard next.byte == UInt8(ascii: ";") || next.byte == UInt8(ascii: "}")
                        || (next.line > tokens[last].line && !typeContinuations.contains(next.byte)) else { continue }
            }
            // Modifiers on the alias's own line, none after a `.` (`= .private` ending the line before is a value).
            var modifier = index - 1
            var fileScoped = false
            while modifier >= 0, tokens[modifier].isName, tokens[modifier].line == tokens[index].line, index - modifier < 8,
                  modifier == 0 || tokens[modifier - 1].byte != UInt8(ascii: ".") {
                if tokens[modifier].isName("private", in: bytes) || tokens[modifier].isName("fileprivate", in: bytes) { fileScoped = true }
                modifier -= 1
            }
            let name = tokens[index + 1]
            found.append(Alias(name: text(name), target: String(decoding: bytes[tokens[first].start..<tokens[last].end], as: UTF8.self),
                               fileScoped: fileScoped, line: name.line, column: name.column))
        }
        return found
    }

    /// The index after the generic parameter clause opening at `start`.
    private static func afterGenerics(_ tokens: [Token], from start: Int) -> Int {
        var depth = 0
        var index = start
        while index < min(tokens.count, start + declarationTokens) {
            switch tokens[index].byte {
            case UInt8(ascii: "<"): depth += 1
            case UInt8(ascii: ">") where tokens[index - 1].byte == UInt8(ascii: "-") && tokens[index - 1].end == tokens[index].start: break
            case UInt8(ascii: ">"):
                depth -= 1
                if depth == 0 { return index + 1 }
            case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: ";"): return index
            case UInt8(ascii: ":") where depth == 0: return index
            default: break
            }
            index += 1
        }
        return index
    }

    /// The byte lexer behind `tokens(in:)`.
    private struct Lexer {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0
        var line = 1, lineStart = 0
        var tokens: [Token] = []
        /// Interpolations open: past `SwiftNesting.limit` the rest of the file is not read (hostile input, not code).
        var depth = 0
        /// Where reading may stop: once past `offset`, after `tokensAfter` more tokens (nil: read to the end).
        var stop: (offset: Int, tokensAfter: Int)?
        /// How many tokens there are when reading may stop.
        private var stopCount = Int.max

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        /// Bytes of a name: ASCII letters, digits, `_`, and every byte of a non-ASCII character.
        private static let nameBytes: [Bool] = (0...255).map { byte in
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x5F || byte >= 0x80
        }

        @inline(__always)
        static func isNameByte(_ byte: UInt8) -> Bool { nameBytes.withUnsafeBufferPointer { $0[Int(byte)] } }

        func at(_ offset: Int) -> UInt8 { offset < bytes.count ? bytes[offset] : 0 }

        mutating func read() -> [Token] {
            tokens.reserveCapacity(bytes.count / 4)
            code(interpolation: false)
            return tokens
        }

        mutating func newline(at offset: Int) {
            line += 1
            lineStart = offset + 1
        }

        /// Reads code up to the end, or (in an interpolation) up to its closing `)`, which it consumes.
        mutating func code(interpolation: Bool) {
            var parentheses = 0
            while index < bytes.count {
                if let stop, !interpolation, index > stop.offset {
                    if stopCount == Int.max { stopCount = tokens.count + stop.tokensAfter }
                    if tokens.count >= stopCount { return }
                }
                let byte = bytes[index]
                switch byte {
                case 0x0A:
                    newline(at: index)
                    index += 1
                case 0x0D:
                    // A lone `\r` ends a line, as swift-syntax counts them; `\r\n` ends one at its `\n`.
                    if at(index + 1) != 0x0A { newline(at: index) }
                    index += 1
                case 0x20, 0x09:
                    index += 1
                case UInt8(ascii: "/") where at(index + 1) == UInt8(ascii: "/"):
                    while index < bytes.count && bytes[index] != 0x0A && bytes[index] != 0x0D { index += 1 }
                case UInt8(ascii: "/") where at(index + 1) == UInt8(ascii: "*"):
                    blockComment()
                case UInt8(ascii: "\""):
                    var hashes = 0
                    while index - hashes - 1 >= 0 && bytes[index - hashes - 1] == UInt8(ascii: "#") { hashes += 1 }
                    string(hashes: hashes)
                case UInt8(ascii: "`"):
                    let start = index
                    index += 1
                    while index < bytes.count && bytes[index] != UInt8(ascii: "`") && bytes[index] != 0x0A { index += 1 }
                    if index < bytes.count && bytes[index] == UInt8(ascii: "`") { index += 1 }
                    append(start, isName: true, byte: 0)
                default:
                    if Self.isNameByte(byte) && !(0x30...0x39).contains(byte) {
                        let start = index
                        while index < bytes.count && Self.isNameByte(bytes[index]) { index += 1 }
                        append(start, isName: true, byte: 0)
                        continue
                    }
                    if interpolation {
                        if byte == UInt8(ascii: "(") { parentheses += 1 }
                        if byte == UInt8(ascii: ")") {
                            if parentheses == 0 { index += 1; return }
                            parentheses -= 1
                        }
                    }
                    index += 1
                    append(index - 1, isName: false, byte: byte)
                }
            }
        }

        mutating func append(_ start: Int, isName: Bool, byte: UInt8) {
            tokens.append(Token(start: start, end: isName ? index : start + 1, line: line, column: start - lineStart + 1, isName: isName, byte: byte))
        }

        /// Reads a string literal from its opening quote; `hashes` is the number of `#` written before it.
        mutating func string(hashes: Int) {
            let start = index
            let multiline = at(index + 1) == UInt8(ascii: "\"") && at(index + 2) == UInt8(ascii: "\"")
            index += multiline ? 3 : 1
            while index < bytes.count {
                let byte = bytes[index]
                if byte == 0x0A || byte == 0x0D {
                    if byte == 0x0A || at(index + 1) != 0x0A { newline(at: index) }
                    index += 1
                    if !multiline { break }
                    continue
                }
                if byte == UInt8(ascii: "\\") {
                    var next = index + 1
                    var seen = 0
                    while seen < hashes && at(next) == UInt8(ascii: "#") { seen += 1; next += 1 }
                    index = next
                    guard seen == hashes else { continue }
                    if at(index) == UInt8(ascii: "(") {
                        guard depth < SwiftNesting.limit else { index = bytes.count; return }
                        index += 1
                        depth += 1
                        code(interpolation: true)
                        depth -= 1
                    } else if hashes == 0 && at(index) != 0x0A && index < bytes.count {
                        index += 1
                    }
                    continue
                }
                if byte == UInt8(ascii: "\"") {
                    let quotes = multiline ? 3 : 1
                    var end = index
                    while end < bytes.count && end - index < quotes && bytes[end] == UInt8(ascii: "\"") { end += 1 }
                    guard end - index == quotes else { index = end; continue }
                    var seen = 0
                    while seen < hashes && at(end) == UInt8(ascii: "#") { seen += 1; end += 1 }
                    index = end
                    if seen == hashes { break }
                    continue
                }
                index += 1
            }
            tokens.append(Token(start: start, end: index, line: line, column: 0, isName: false, byte: 0))
        }

        /// Skips a block comment (they nest in Swift) from its `/*`.
        mutating func blockComment() {
            var depth = 0
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: "/") && at(index + 1) == UInt8(ascii: "*") {
                    depth += 1
                    index += 2
                } else if bytes[index] == UInt8(ascii: "*") && at(index + 1) == UInt8(ascii: "/") {
                    depth -= 1
                    index += 2
                    if depth == 0 { return }
                } else {
                    if bytes[index] == 0x0A || (bytes[index] == 0x0D && at(index + 1) != 0x0A) { newline(at: index) }
                    index += 1
                }
            }
        }
    }
}
