import SwiftSyntax

/// The bytes a syntax tree was parsed from, to read a node's text as a slice of them: swift-syntax's
/// `trimmedDescription` copies the node's whole tree first, which made reading a chain of calls quadratic.
struct SyntaxSource {
    /// The file's UTF-8 bytes, exactly as parsed.
    let bytes: [UInt8]
}

extension SyntaxProtocol {
    /// The node's source text without its leading and trailing trivia (`trimmedDescription`, without the copies).
    func text(in source: SyntaxSource) -> String {
        let start = positionAfterSkippingLeadingTrivia.utf8Offset, end = endPositionBeforeTrailingTrivia.utf8Offset
        guard 0 <= start, start <= end, end <= source.bytes.count else { return trimmedDescription }
        return String(decoding: source.bytes[start..<end], as: UTF8.self)
    }
}
