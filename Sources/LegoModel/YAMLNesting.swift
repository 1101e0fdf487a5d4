/// A bound on how deeply YAML text nests, checked on its bytes before any YAML parser sees it.
///
/// Yams composes nested collections recursively, so a document of thousands of nested `[` (or block
/// collections indented ever deeper) overflows the stack and kills the process with SIGSEGV. Scenarios and
/// config files nest a handful of levels; anything deeper than `limit` is refused with its position.
public enum YAMLNesting {
    /// The deepest nesting accepted: scenarios need about six levels.
    public static let limit = 100

    /// Where nesting first went deeper than the limit.
    public struct Excess: Sendable, Hashable, CustomStringConvertible {
        /// 1-based line.
        public var line: Int
        /// 1-based column, in bytes.
        public var column: Int
        /// The limit that was exceeded.
        public var limit: Int

        /// Creates a position past the limit.
        public init(line: Int, column: Int, limit: Int) {
            self.line = line
            self.column = column
            self.limit = limit
        }

        /// `nesting deeper than N`.
        public var description: String { "nesting deeper than \(limit)" }
    }

    /// The first place `text` nests deeper than `limit`, or nil when it stays within it.
    ///
    /// Counts flow collections (`[`, `{`) outside quotes and comments, block collections by indentation,
    /// and compact ones (`- - x`, `? - x`); block scalar contents (`|`, `>`) are text and not counted.
    /// It may over-count odd but valid YAML; it never under-counts what Yams would nest.
    public static func firstExcess(in text: String, limit: Int = limit) -> Excess? {
        var scanner = Scanner(limit: limit)
        var bytes = Array(text.utf8)
        bytes.append(0x0A)
        return bytes.withUnsafeBufferPointer { scanner.scan($0) }
    }

    private struct Scanner {
        let limit: Int
        var line = 1
        var flowDepth = 0
        var indents: [Int] = []
        enum Quote { case none, single, double }
        var quote = Quote.none
        /// While inside a block scalar: the indentation its content must exceed.
        var blockScalarParent: Int?

        init(limit: Int) { self.limit = limit }

        mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> Excess? {
            var start = 0
            while start < bytes.count {
                var end = start
                while end < bytes.count && bytes[end] != 0x0A { end += 1 }
                if let excess = scanLine(bytes, start, end) { return excess }
                line += 1
                start = end + 1
            }
            return nil
        }

        mutating func scanLine(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Excess? {
            var index = start
            while index < end && bytes[index] == 0x20 { index += 1 }
            let indent = index - start
            let blank = index == end || bytes[index] == 0x0D || bytes[index] == 0x23 && quote == .none && flowDepth == 0
            if let parent = blockScalarParent {
                if blank || indent > parent { return nil }
                blockScalarParent = nil
            }
            if blank && quote == .none { return nil }
            if quote == .none && flowDepth == 0 {
                while let last = indents.last, last >= indent { indents.removeLast() }
                indents.append(indent)
                // Compact nesting: each further `- ` or `? ` at the start of the line opens one more level.
                var compact = 0
                while index + 1 < end, bytes[index] == 0x2D || bytes[index] == 0x3F, bytes[index + 1] == 0x20 {
                    compact += 1
                    index += 2
                    while index < end && bytes[index] == 0x20 { index += 1 }
                }
                // Kept on the stack at this line's indentation, so lines nested under them count them too.
                if compact > 1 { indents.append(contentsOf: repeatElement(indent, count: compact - 1)) }
                if indents.count > limit { return Excess(line: line, column: index - start + 1, limit: limit) }
            }
            let depthBase = indents.count
            var previous: UInt8 = 0x20
            var tokenStart = index
            var tokenEnd = index
            while index < end {
                let byte = bytes[index]
                switch quote {
                case .single:
                    if byte == 0x27 {
                        if index + 1 < end && bytes[index + 1] == 0x27 { index += 1 } else { quote = .none }
                    }
                case .double:
                    if byte == 0x5C { index += 1 } else if byte == 0x22 { quote = .none }
                case .none:
                    switch byte {
                    case 0x23 where previous == 0x20 || previous == 0x09:
                        index = end
                        continue
                    case 0x22 where Self.startsToken(previous):
                        quote = .double
                    case 0x27 where Self.startsToken(previous):
                        quote = .single
                    case 0x5B, 0x7B:
                        flowDepth += 1
                        if depthBase + flowDepth > limit { return Excess(line: line, column: index - start + 1, limit: limit) }
                    case 0x5D, 0x7D:
                        flowDepth = max(0, flowDepth - 1)
                    default:
                        break
                    }
                }
                if byte != 0x20 && byte != 0x09 && byte != 0x0D {
                    if previous == 0x20 || previous == 0x09 { tokenStart = index }
                    tokenEnd = index + 1
                }
                previous = byte
                index += 1
            }
            // What follows a block scalar header, more indented than its line, is text: `|` or `>` with at most
            // two indicators as the line's last token. (After a plain scalar such lines continue the scalar.)
            if quote == .none && flowDepth == 0 && Self.isBlockScalarHeader(bytes, tokenStart, tokenEnd) {
                blockScalarParent = indent
            }
            return nil
        }

        /// Whether a quote after `byte` opens a quoted scalar rather than sitting inside plain text (`it's`).
        static func startsToken(_ byte: UInt8) -> Bool {
            switch byte {
            case 0x20, 0x09, 0x5B, 0x7B, 0x2C, 0x3A, 0x2D, 0x3F: true
            default: false
            }
        }

        /// Whether `bytes[start..<end]` is `|` or `>` followed by at most two indicators (`+`, `-`, `1`–`9`).
        static func isBlockScalarHeader(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
            guard end > start, end - start <= 3, bytes[start] == 0x7C || bytes[start] == 0x3E else { return false }
            return bytes[(start + 1)..<end].allSatisfy { $0 == 0x2B || $0 == 0x2D || (0x31...0x39).contains($0) }
        }
    }
}
