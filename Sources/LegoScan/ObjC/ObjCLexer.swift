/// A purpose-built, tolerant Objective-C lexer: just enough of the language to find the framework's macros and
/// message sends, and to know what is not code.
///
/// No Objective-C parser library can be installed here (no libclang bindings, no network beyond Debian and PyPI),
/// so this reads the bytes itself: `//` and `/* */` comments, `@"…"` and C strings with escapes (any UTF-8 inside,
/// Chinese included), character literals, numbers, identifiers, `@keywords`, and preprocessor lines (with `\`
/// continuations) are skipped, as is everything between `#if 0` and its `#else`/`#elif`/`#endif`. Brackets are
/// matched in one pass with a stack; a stray or unclosed one becomes a warning and the rest is still read.
/// It never fails: every byte sequence gives tokens.
struct ObjCLexer {
    /// One token: its kind, its byte range in the file, and where it starts.
    struct Token {
        /// What the token is.
        enum Kind: UInt8 {
            case identifier, atKeyword, objcString, cString, character, number, punctuation
        }
        /// The kind.
        var kind: Kind
        // Offsets, lines and columns are stored in 32 bits (20-byte tokens instead of 40; files over 256 MB are
        // skipped before lexing), which halves the lexer's memory on a 10 MB file.
        private var startOffset: Int32
        private var endOffset: Int32
        private var lineNumber: Int32
        private var columnNumber: Int32
        /// First byte.
        var start: Int { Int(startOffset) }
        /// One past the last byte.
        var end: Int { Int(endOffset) }
        /// 1-based line of the first byte.
        var line: Int { Int(lineNumber) }
        /// 1-based column (UTF-8 bytes) of the first byte.
        var column: Int { Int(columnNumber) }

        /// Creates a token.
        init(kind: Kind, start: Int, end: Int, line: Int, column: Int) {
            self.kind = kind
            startOffset = Int32(truncatingIfNeeded: start)
            endOffset = Int32(truncatingIfNeeded: end)
            lineNumber = Int32(truncatingIfNeeded: line)
            columnNumber = Int32(truncatingIfNeeded: column)
        }
    }

    /// A problem found while reading, with its line.
    struct Problem: Equatable {
        /// 1-based line.
        var line: Int
        /// What is wrong.
        var message: String
    }

    /// The file's bytes.
    let bytes: [UInt8]
    /// The tokens, in order.
    private(set) var tokens: [Token] = []
    /// For each token that opens `(`, `[` or `{`: the index of its closer, or -1 when it has none.
    private(set) var partner: [Int32] = []
    /// Problems (unbalanced brackets, unterminated literals and comments); at most a few per file.
    private(set) var problems: [Problem] = []
    /// Text that is not code: a comment's inside, or the lines of a `#if 0` block. Scan reads it again only to say
    /// what a transition there would have done (a note, never an edge).
    struct Inactive: Equatable {
        /// Why it is not code.
        enum Kind: Equatable { case comment, disabledBlock }
        /// The kind.
        var kind: Kind
        /// First byte of the text (after `//` or `/*`).
        var start: Int
        /// One past its last byte (before `*/`).
        var end: Int
    }
    /// Comments and `#if 0` blocks, in file order.
    private(set) var inactive: [Inactive] = []
    /// A conditional directive: `#if`/`#ifdef`/`#ifndef` opens, `#elif`/`#else` starts the next clause, `#endif` closes.
    struct Conditional: Equatable {
        /// What it does.
        enum Kind: Equatable { case open, nextClause, close }
        /// The kind.
        var kind: Kind
        /// The offset of its `#`.
        var offset: Int
        /// Its line.
        var line: Int
    }
    /// Conditional directives in file order (those inside an `#if 0` block too, but for its own `#if`'s).
    private(set) var conditionals: [Conditional] = []
    /// `#define NAME @"text"` (or `"text"`) lines: a name that stands for one string, and its line.
    private(set) var stringDefines: [(name: String, value: String, line: Int)] = []
    /// `#define` lines whose body uses one of XFLegoVIPER's `XF_` macros (`#define XQPushURL(url) XF_PUSH_URLComponent_Fast(url)`):
    /// the app's own macro, which the scan does not expand, and its line.
    private(set) var frameworkMacroWrappers: [(name: String, line: Int)] = []

    private var brackets = BracketMatcher()
    private var position = 0
    private var line = 1
    private var lineStart = 0
    private var atLineStart = true

    /// Lexes `bytes` completely.
    init(bytes: [UInt8]) {
        self.bytes = bytes
        tokens.reserveCapacity(bytes.count / 6)
        run()
        partner = brackets.partners(tokenCount: tokens.count)
        if let problem = brackets.problem { report(problem.message, line: problem.line) }
        brackets = BracketMatcher()
    }

    // MARK: - Reading

    private mutating func run() {
        let count = bytes.count
        while position < count {
            let byte = bytes[position]
            // Indentation is most of a file's bytes: a predictable compare before the switch's indirect jump.
            if byte == 0x20 {
                position += 1
                // Indentation, and the blanked-out code of a re-read of what is not run: eight spaces a step.
                while position + 8 <= count, bytes.withUnsafeBytes({ $0.loadUnaligned(fromByteOffset: position, as: UInt64.self) }) == Self.eightSpaces {
                    position += 8
                }
                continue
            }
            switch byte {
            case 0x0A:
                newline()
            case 0x20, 0x09, 0x0D, 0x0B, 0x0C:
                position += 1
            case UInt8(ascii: "#") where atLineStart:
                directive()
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"):
                skipLineComment()
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
                skipBlockComment()
            case UInt8(ascii: "@") where peek(1) == UInt8(ascii: "\""):
                atLineStart = false
                let start = position, column = self.column
                let startLine = line
                position += 1
                quoted(UInt8(ascii: "\""), what: "string")
                tokens.append(Token(kind: .objcString, start: start, end: position, line: startLine, column: column))
            case UInt8(ascii: "\""):
                atLineStart = false
                let start = position, column = self.column, startLine = line
                quoted(UInt8(ascii: "\""), what: "string")
                tokens.append(Token(kind: .cString, start: start, end: position, line: startLine, column: column))
            case UInt8(ascii: "'"):
                atLineStart = false
                let start = position, column = self.column, startLine = line
                quoted(UInt8(ascii: "'"), what: "character literal")
                tokens.append(Token(kind: .character, start: start, end: position, line: startLine, column: column))
            case UInt8(ascii: "@") where Self.isIdentifierHead(peek(1)):
                atLineStart = false
                let start = position, column = self.column
                position += 1
                while position < count, Self.isIdentifierBody(bytes[position]) { position += 1 }
                tokens.append(Token(kind: .atKeyword, start: start, end: position, line: line, column: column))
            default:
                atLineStart = false
                let start = position, column = self.column
                if Self.isIdentifierHead(byte) {
                    while position < count, Self.isIdentifierBody(bytes[position]) { position += 1 }
                    tokens.append(Token(kind: .identifier, start: start, end: position, line: line, column: column))
                } else if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                    while position < count, Self.isIdentifierBody(bytes[position]) || bytes[position] == UInt8(ascii: ".") { position += 1 }
                    tokens.append(Token(kind: .number, start: start, end: position, line: line, column: column))
                } else {
                    position += 1
                    tokens.append(Token(kind: .punctuation, start: start, end: position, line: line, column: column))
                    brackets.read(byte, token: tokens.count - 1, line: line)
                }
            }
        }
    }

    private var column: Int { position - lineStart + 1 }

    private func peek(_ offset: Int) -> UInt8 {
        let index = position + offset
        return index < bytes.count ? bytes[index] : 0
    }

    /// Whether `byte` can start an identifier (`$` and every non-ASCII byte included, as clang takes them).
    static func isIdentifierHead(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || byte == 0x5F || byte == 0x24 || byte >= 0x80
    }

    /// Whether `byte` can continue an identifier.
    static func isIdentifierBody(_ byte: UInt8) -> Bool {
        isIdentifierHead(byte) || (byte >= 0x30 && byte <= 0x39)
    }

    private mutating func newline() {
        position += 1
        line += 1
        lineStart = position
        atLineStart = true
    }

    private mutating func report(_ message: String, line: Int) {
        if problems.count < 8 { problems.append(Problem(line: line, message: message)) }
    }

    private mutating func skipLineComment() {
        // A backslash before the newline continues a `//` comment onto the next line, as in C.
        let start = position + 2
        defer { inactive.append(Inactive(kind: .comment, start: min(start, position), end: position)) }
        while true {
            position = ByteSearch.firstIndex(of: Self.newlineByte, in: bytes, range: position..<bytes.count) ?? bytes.count
            guard position < bytes.count, bytes[position - 1] == UInt8(ascii: "\\") else { return }
            newline()
        }
    }

    private mutating func skipBlockComment() {
        let startLine = line
        position += 2
        let start = position
        // From one `*` to the next with `memchr`, counting the lines between: comments are a good part of a file.
        while position < bytes.count {
            let star = ByteSearch.firstIndex(of: Self.starByte, in: bytes, range: position..<bytes.count) ?? bytes.count
            while let newlineAt = ByteSearch.firstIndex(of: Self.newlineByte, in: bytes, range: position..<star) {
                position = newlineAt
                newline()
                atLineStart = false
            }
            position = star
            guard position < bytes.count else { break }
            if peek(1) == UInt8(ascii: "/") {
                inactive.append(Inactive(kind: .comment, start: start, end: position))
                position += 2
                return
            }
            position += 1
        }
        inactive.append(Inactive(kind: .comment, start: start, end: position))
        report("unterminated /* comment", line: startLine)
    }

    /// Reads a quoted literal starting at the opening quote; an unescaped newline ends it (with a warning).
    private mutating func quoted(_ quote: UInt8, what: String) {
        let startLine = line
        position += 1
        while position < bytes.count {
            let byte = bytes[position]
            if byte == quote { position += 1; return }
            if byte == UInt8(ascii: "\\") {
                position += 1
                // A backslash that ends the file escapes nothing: the token must not reach past the last byte.
                guard position < bytes.count else { break }
                if bytes[position] == 0x0A { newline(); atLineStart = false; continue }
                position += 1
                continue
            }
            if byte == 0x0A {
                report("unterminated \(what)", line: startLine)
                return
            }
            position += 1
        }
        report("unterminated \(what)", line: startLine)
    }

    // MARK: - Preprocessor

    /// Skips one preprocessor line (and its continuations); `#if 0` skips its whole block.
    private mutating func directive() {
        let startLine = line
        let start = position
        // Bytes until a `#define` needs reading: a `String` per `#import` and `#endif` was a twentieth of a scan.
        let text = directiveLine()
        let words = Self.leadingWords(text)
        guard let keyword = words.first else { return }
        if keyword.elementsEqual("if".utf8) || keyword.elementsEqual("ifdef".utf8) || keyword.elementsEqual("ifndef".utf8) {
            conditionals.append(Conditional(kind: .open, offset: start, line: startLine))
        } else if keyword.elementsEqual("elif".utf8) || keyword.elementsEqual("else".utf8) {
            conditionals.append(Conditional(kind: .nextClause, offset: start, line: startLine))
        } else if keyword.elementsEqual("endif".utf8) {
            conditionals.append(Conditional(kind: .close, offset: start, line: startLine))
        }
        if keyword.elementsEqual("if".utf8), let second = words.second,
           second.elementsEqual("0".utf8) || second.elementsEqual("false".utf8)
            || second.starts(with: "__IPHONE_OS_VERSION_M".utf8) && Self.isBelowEverySupportedIOS(text) {
            skipDisabledBlock(from: startLine)
        } else if keyword.elementsEqual("define".utf8), words.hasThird, let define = Self.stringDefine(String(decoding: text, as: UTF8.self)) {
            stringDefines.append((define.name, define.value, startLine))
        } else if keyword.elementsEqual("define".utf8), let name = words.second, !name.starts(with: "XF_".utf8) {
            // The body, after the name and its parameter list, opening a module through one of the framework's macros.
            let afterName = text[name.endIndex...]
            let body = afterName.first == UInt8(ascii: "(") ? afterName.drop { $0 != UInt8(ascii: ")") }.dropFirst() : afterName
            let bytes = Array(body)
            if Self.openingMacroPrefixes.contains(where: { ByteSearch.firstIndex(of: $0, in: bytes, range: 0..<bytes.count) != nil }) {
                frameworkMacroWrappers.append((String(decoding: name, as: UTF8.self), startLine))
            }
        }
    }

    /// The starts of XFLegoVIPER's macros that open a module (push, present, put, show, sub-interface).
    static let openingMacroPrefixes: [[UInt8]] = ["XF_PUSH_", "XF_Present_", "XF_PUT_", "XF_Show", "XF_SubUInterface"].map { Array($0.utf8) }

    /// Whether an `#if`'s condition is `__IPHONE_OS_VERSION_MIN_REQUIRED < V` or `__IPHONE_OS_VERSION_MAX_ALLOWED < V`
    /// with V at most iOS 11.0 (`__IPHONE_7_0`, or its number `70000`): false in every build Xcode can still make, whose
    /// oldest deployment target is iOS 11 (Xcode 14) and whose SDKs are newer. Such a block holds code for iOS 6
    /// (opvexe/AcneTreatment's, which no longer even compiles) and is skipped as `#if 0` is.
    static func isBelowEverySupportedIOS(_ text: ArraySlice<UInt8>) -> Bool {
        guard text.count < 160 else { return false }
        var words = String(decoding: text, as: UTF8.self)
            .split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "(" || $0 == ")" }).map(String.init)
        // `if MACRO < V`, or `if MACRO<V` written without spaces.
        if words.count == 2, let less = words[1].firstIndex(of: "<") {
            words = [words[0], String(words[1][..<less]), "<", String(words[1][words[1].index(after: less)...])].filter { !$0.isEmpty }
        }
        guard words.count == 4, words[0] == "if", words[2] == "<",
              words[1] == "__IPHONE_OS_VERSION_MIN_REQUIRED" || words[1] == "__IPHONE_OS_VERSION_MAX_ALLOWED" else { return false }
        let version: (major: Int, minor: Int)
        if words[3].hasPrefix("__IPHONE_") {
            let parts = words[3].dropFirst("__IPHONE_".count).split(separator: "_", omittingEmptySubsequences: false)
            guard (1...3).contains(parts.count), let major = Int(parts[0]), let minor = parts.count > 1 ? Int(parts[1]) : 0 else { return false }
            version = (major, minor)
        } else {
            guard let number = Int(words[3]), number >= 20000 else { return false }
            version = (number / 10000, number / 100 % 100)
        }
        return version.major < 11 || (version.major == 11 && version.minor == 0)
    }

    /// The first two words of a directive's text (split at spaces, tabs and parentheses) and whether a third follows,
    /// without an array of every word: most directives are `#import`, `#if` and `#endif`.
    private static func leadingWords(_ text: ArraySlice<UInt8>) -> (first: ArraySlice<UInt8>?, second: ArraySlice<UInt8>?, hasThird: Bool) {
        func isSeparator(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == UInt8(ascii: "(") || byte == UInt8(ascii: ")") }
        var first: ArraySlice<UInt8>?, second: ArraySlice<UInt8>?
        var index = text.startIndex
        while index < text.endIndex {
            while index < text.endIndex, isSeparator(text[index]) { index += 1 }
            guard index < text.endIndex else { break }
            if second != nil { return (first, second, true) }
            let start = index
            while index < text.endIndex, !isSeparator(text[index]) { index += 1 }
            if first == nil { first = text[start..<index] } else { second = text[start..<index] }
        }
        return (first, second, false)
    }

    /// `NAME @"text"` from a `define NAME @"text"` directive; nil for function-like macros, escapes and anything else.
    static func stringDefine(_ text: String) -> (name: String, value: String)? {
        var rest = text.dropFirst("define".count).drop { $0 == " " || $0 == "\t" }
        let name = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        guard !name.isEmpty else { return nil }
        rest = rest.dropFirst(name.count)
        guard rest.first == " " || rest.first == "\t" else { return nil }
        var value = rest.drop { $0 == " " || $0 == "\t" }
        while value.last == " " || value.last == "\t" { value = value.dropLast() }
        if value.first == "@" { value = value.dropFirst() }
        guard value.count >= 2, value.first == "\"", value.last == "\"" else { return nil }
        let inner = value.dropFirst().dropLast()
        guard !inner.contains("\"") && !inner.contains("\\") else { return nil }
        return (String(name), String(inner))
    }

    /// The directive's bytes after `#`, continuations joined, without the spaces around; leaves `position` at the newline that ends it.
    private mutating func directiveLine() -> ArraySlice<UInt8> {
        position += 1
        if let simple = simpleDirectiveLine() { return simple }
        var collected: [UInt8] = []
        while position < bytes.count {
            let byte = bytes[position]
            if byte == 0x0A {
                if position > 0, bytes[position - 1] == UInt8(ascii: "\\") {
                    collected.removeLast()
                    newline()
                    continue
                }
                break
            }
            if byte == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") { skipBlockComment(); continue }
            if byte == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "/") { skipLineComment(); break }
            if collected.count < 256 { collected.append(byte) }
            position += 1
            // `//` inside a string (`#define kURL @"xf://search"`) is not a comment.
            if byte == UInt8(ascii: "\"") {
                while position < bytes.count, bytes[position] != 0x0A, bytes[position] != UInt8(ascii: "\"") {
                    if bytes[position] == UInt8(ascii: "\\"), position + 1 < bytes.count, bytes[position + 1] != 0x0A {
                        if collected.count < 256 { collected.append(bytes[position]) }
                        position += 1
                    }
                    if collected.count < 256 { collected.append(bytes[position]) }
                    position += 1
                }
                if position < bytes.count, bytes[position] == UInt8(ascii: "\"") {
                    if collected.count < 256 { collected.append(bytes[position]) }
                    position += 1
                }
            }
        }
        atLineStart = false
        return Self.trimmingSpaces(collected[...])
    }

    /// The common directive (`#import <UIKit/UIKit.h>`, `#endif`): a line with no comment and no continuation, read
    /// in place (what the general reading would collect) without an array per directive; nil for any other line.
    private mutating func simpleDirectiveLine() -> ArraySlice<UInt8>? {
        let end = ByteSearch.firstIndex(of: Self.newlineByte, in: bytes, range: position..<bytes.count) ?? bytes.count
        guard end == bytes.count || end == position || bytes[end - 1] != UInt8(ascii: "\\") else { return nil }
        var index = position
        while index + 1 < end {
            if bytes[index] == UInt8(ascii: "/"), bytes[index + 1] == UInt8(ascii: "/") || bytes[index + 1] == UInt8(ascii: "*") { return nil }
            index += 1
        }
        let line = bytes[position..<min(end, position + 256)]
        position = end
        atLineStart = false
        return Self.trimmingSpaces(line)
    }

    /// Eight spaces, as one word.
    private static let eightSpaces: UInt64 = 0x2020_2020_2020_2020

    /// A line feed, as a pattern for `ByteSearch` (`memchr`).
    static let newlineByte: [UInt8] = [0x0A]
    /// An asterisk, as a pattern for `ByteSearch`: where a block comment may end.
    private static let starByte: [UInt8] = [UInt8(ascii: "*")]

    /// Space, tab or carriage return: the bytes `trimmingSpaces` trims as characters.
    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D }

    /// `text` without the spaces, tabs and carriage returns around it.
    static func trimmingSpaces(_ text: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var lower = text.startIndex, upper = text.endIndex
        while lower < upper, isSpace(text[lower]) { lower += 1 }
        while upper > lower, isSpace(text[upper - 1]) { upper -= 1 }
        return text[lower..<upper]
    }

    /// Skips lines until the `#else`, `#elif` or `#endif` that closes the disabled `#if`, nested `#if`s included.
    private mutating func skipDisabledBlock(from startLine: Int) {
        var depth = 0
        let start = position
        // The block's text ends where its closing directive starts.
        var lastLineStart = position
        defer { inactive.append(Inactive(kind: .disabledBlock, start: start, end: max(start, lastLineStart))) }
        while position < bytes.count {
            if atLineStart, bytes[position] == UInt8(ascii: "#") { lastLineStart = position }
            if bytes[position] == 0x0A { newline(); continue }
            if bytes[position] == 0x20 || bytes[position] == 0x09 { position += 1; continue }
            if atLineStart, bytes[position] == UInt8(ascii: "#") {
                let (directiveStart, startingLine) = (position, line)
                let text = directiveLine()
                if text.starts(with: "if".utf8) { depth += 1; continue }
                if text.starts(with: "endif".utf8) {
                    if depth == 0 {
                        conditionals.append(Conditional(kind: .close, offset: directiveStart, line: startingLine))
                        return
                    }
                    depth -= 1
                    continue
                }
                if depth == 0, text.starts(with: "else".utf8) || text.starts(with: "elif".utf8) {
                    conditionals.append(Conditional(kind: .nextClause, offset: directiveStart, line: startingLine))
                    return
                }
                continue
            }
            // Nothing else on a line of the block matters: on to its newline.
            atLineStart = false
            position = ByteSearch.firstIndex(of: Self.newlineByte, in: bytes, range: position..<bytes.count) ?? bytes.count
        }
        report("#if 0 block has no #endif", line: startLine)
    }

    // MARK: - Brackets

    /// Matches brackets as their tokens are made, with a stack (one pass over the file, not a second over its tokens).
    private struct BracketMatcher {
        /// Openers not closed yet: token index, byte and line.
        private var open: [(token: Int32, byte: UInt8, line: Int32)] = []
        /// Opener and closer token indices, in the order they closed.
        private var pairs: [(open: Int32, close: Int32)] = []
        /// The first stray or unclosed bracket; one is enough to say the file's brackets are off.
        private(set) var problem: Problem?

        /// Takes punctuation `byte`, token `token` on `line`: an opener is pushed, a closer matched.
        @inline(__always)
        mutating func read(_ byte: UInt8, token: Int, line: Int) {
            switch byte {
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
                open.append((Int32(truncatingIfNeeded: token), byte, Int32(truncatingIfNeeded: line)))
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                close(byte, token: token, line: line)
            default:
                break
            }
        }

        private mutating func close(_ byte: UInt8, token: Int, line: Int) {
            let opener: UInt8 = byte == UInt8(ascii: ")") ? UInt8(ascii: "(") : byte == UInt8(ascii: "]") ? UInt8(ascii: "[") : UInt8(ascii: "{")
            // Recover from a missing closer: pop to the nearest matching opener if there is one.
            if let match = open.lastIndex(where: { $0.byte == opener }) {
                if match != open.count - 1, problem == nil {
                    let unclosed = open[match + 1]
                    problem = Problem(line: Int(unclosed.line),
                                      message: "unbalanced brackets: '\(Character(Unicode.Scalar(unclosed.byte)))' is never closed")
                }
                pairs.append((open[match].token, Int32(truncatingIfNeeded: token)))
                // Almost always the innermost: `removeLast` is a decrement, a range removal a generic call.
                if match == open.count - 1 { open.removeLast() } else { open.removeSubrange(match...) }
            } else if problem == nil {
                problem = Problem(line: line, message: "unbalanced brackets: '\(Character(Unicode.Scalar(byte)))' closes nothing")
            }
        }

        /// For each of `tokenCount` tokens the index of its closer, or -1; an opener left open becomes the problem
        /// when there is none yet.
        mutating func partners(tokenCount: Int) -> [Int32] {
            if let first = open.first, problem == nil {
                problem = Problem(line: Int(first.line), message: "unbalanced brackets: '\(Character(Unicode.Scalar(first.byte)))' is never closed")
            }
            var partner = [Int32](repeating: -1, count: tokenCount)
            for pair in pairs { partner[Int(pair.open)] = pair.close }
            return partner
        }
    }
}

extension ObjCLexer.Token {
    /// Whether the token is a string literal (`@"…"` or `"…"`).
    var isString: Bool { kind == .objcString || kind == .cString }
}

extension ObjCLexer {
    /// The token's source text.
    func text(_ token: Token) -> String {
        String(decoding: bytes[token.start..<token.end], as: UTF8.self)
    }

    /// Whether the token is exactly the ASCII punctuation `byte`.
    func isPunctuation(_ index: Int, _ byte: UInt8) -> Bool {
        index >= 0 && index < tokens.count && tokens[index].kind == .punctuation && bytes[tokens[index].start] == byte
    }

    /// When token `index` opens `(`, `[` or `{`: the index just past its closer (past the opener itself when the
    /// closer is missing or lies beyond `limit`); nil for any other token. Walks skip nested groups with it.
    func indexAfterGroup(_ index: Int, limit: Int) -> Int? {
        let token = tokens[index]
        guard token.kind == .punctuation else { return nil }
        let byte = bytes[token.start]
        guard byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") else { return nil }
        let closer = Int(partner[index])
        return closer > index && closer < limit ? closer + 1 : index + 1
    }

    /// Whether the token is the identifier `word` (compared byte by byte, no String made).
    func isIdentifier(_ index: Int, _ word: StaticString) -> Bool {
        guard index >= 0, index < tokens.count else { return false }
        let token = tokens[index]
        guard token.kind == .identifier || token.kind == .atKeyword, token.end - token.start == word.utf8CodeUnitCount else { return false }
        let pointer = word.utf8Start
        for offset in 0..<word.utf8CodeUnitCount where bytes[token.start + offset] != pointer[offset] { return false }
        return true
    }

    /// The value of a string literal token, escapes decoded (`\n`, `\t`, `\"`, `\\`, octal and `\x`, `\u`).
    func stringValue(_ token: Token) -> String {
        var start = token.start + 1
        if token.kind == .objcString { start += 1 }
        var end = token.end
        if end > start, bytes[end - 1] == UInt8(ascii: "\"") { end -= 1 }
        guard start < end else { return "" }
        var out: [UInt8] = []
        out.reserveCapacity(end - start)
        var index = start
        while index < end {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "\\"), index + 1 < end else { out.append(byte); index += 1; continue }
            let next = bytes[index + 1]
            index += 2
            switch next {
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                var value = Int(next - UInt8(ascii: "0"))
                var digits = 1
                while digits < 3, index < end, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "7") {
                    value = value * 8 + Int(bytes[index] - UInt8(ascii: "0")); index += 1; digits += 1
                }
                out.append(UInt8(truncatingIfNeeded: value))
            case UInt8(ascii: "x"), UInt8(ascii: "u"), UInt8(ascii: "U"):
                let limit = next == UInt8(ascii: "x") ? 2 : next == UInt8(ascii: "u") ? 4 : 8
                var value: UInt32 = 0
                var digits = 0
                while digits < limit, index < end, let digit = hexValue(bytes[index]) {
                    value = value * 16 + digit; index += 1; digits += 1
                }
                if next == UInt8(ascii: "x") { out.append(UInt8(truncatingIfNeeded: value)) }
                else if let scalar = Unicode.Scalar(value) { out.append(contentsOf: Array(String(scalar).utf8)) }
            case 0x0A: break
            default: out.append(next)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}

extension String {
    /// The text without leading and trailing spaces and tabs.
    func trimmingSpaces() -> String {
        var slice = Substring(self)
        while let first = slice.first, first == " " || first == "\t" || first == "\r" { slice = slice.dropFirst() }
        while let last = slice.last, last == " " || last == "\t" || last == "\r" { slice = slice.dropLast() }
        return String(slice)
    }
}
