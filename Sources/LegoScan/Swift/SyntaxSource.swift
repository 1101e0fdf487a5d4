import SwiftSyntax

/// The bytes a syntax tree was parsed from, to read a node's text as a slice of them: swift-syntax's
/// `trimmedDescription` copies the node's whole tree first, which made reading a chain of calls quadratic.
struct SyntaxSource {
    /// The file's UTF-8 bytes, exactly as parsed.
    let bytes: [UInt8]
    /// The offset of each line's first byte; `\n`, `\r\n` and a lone `\r` end a line, as swift-syntax counts them.
    private let lineStarts: [Int]
    /// The function bodies left out of what was parsed, if any: positions are mapped back to the file's.
    private let omission: SwiftBodyOmission?

    /// A line and a 1-based UTF-8 column.
    struct Position: Sendable, Hashable {
        /// 1-based line.
        var line: Int
        /// 1-based column in UTF-8 bytes.
        var column: Int
    }

    /// The source `bytes`, with its lines counted once.
    init(bytes: [UInt8]) {
        self.bytes = bytes
        omission = nil
        lineStarts = Self.lineStarts(of: bytes)
    }

    /// The file `original` parsed as `omission.bytes`: locations are the original's.
    init(_ omission: SwiftBodyOmission, original: [UInt8]) {
        bytes = omission.bytes
        self.omission = omission
        lineStarts = Self.lineStarts(of: original)
    }

    private static func lineStarts(of bytes: [UInt8]) -> [Int] {
        var starts = [0]
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == 0x0A || (byte == 0x0D && (index == bytes.count || bytes[index] != 0x0A)) { starts.append(index) }
        }
        return starts
    }

    /// Where `position` is, as swift-syntax's `SourceLocationConverter` says it, without walking the tree to build one
    /// (a tenth of a Swift scan's time).
    func location(for position: AbsolutePosition) -> Position {
        let parsed = min(max(position.utf8Offset, 0), bytes.count)
        let offset = omission?.originalOffset(parsed) ?? parsed
        var low = 0, high = lineStarts.count
        while low + 1 < high {
            let middle = (low + high) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle }
        }
        return Position(line: low + 1, column: offset - lineStarts[low] + 1)
    }
}

extension SyntaxProtocol {
    /// The node's source text without its leading and trailing trivia (`trimmedDescription`, without the copies).
    func text(in source: SyntaxSource) -> String {
        let start = positionAfterSkippingLeadingTrivia.utf8Offset, end = endPositionBeforeTrailingTrivia.utf8Offset
        guard 0 <= start, start <= end, end <= source.bytes.count else { return trimmedDescription }
        return String(decoding: source.bytes[start..<end], as: UTF8.self)
    }
}

extension IfConfigClauseSyntax {
    /// The `#if` this clause belongs to and the clause's index in it (0 for the `#if` itself), for `SourceBranch`.
    var directiveAndIndex: (directive: IfConfigDeclSyntax, index: Int)? {
        guard let list = parent?.as(IfConfigClauseListSyntax.self), let directive = list.parent?.as(IfConfigDeclSyntax.self) else { return nil }
        return (directive, list.firstIndex { $0.id == id }.map { list.distance(from: list.startIndex, to: $0) } ?? 0)
    }
}
