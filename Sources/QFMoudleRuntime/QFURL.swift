import LegoModel

/// The parts of a URL `interfaceForURL:` reads: the scheme and `NSURLComponents.queryItems`, in order.
public struct QFURL: Sendable, Hashable {
    /// One query item: its name and its percent-decoded value, nil when the item has no `=`.
    public struct Item: Sendable, Hashable {
        /// The key, percent-decoded.
        public var key: String
        /// The value, percent-decoded; nil without `=`.
        public var value: String?
    }

    /// The scheme, case kept (`NSURL` keeps it); nil when the text has none.
    public let scheme: String?
    /// The query items, in order (repeated keys kept: KVC applies each, the last wins).
    public let items: [Item]
    /// The query as `params` records it: keys and values as written.
    let parameters: [Parameter]?

    /// The parts of the URL `text`.
    public init(_ text: String) {
        if let colon = text.firstIndex(of: ":"), colon > text.startIndex,
           text[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." }) {
            scheme = String(text[..<colon])
        } else {
            scheme = nil
        }
        var query = ""
        if let mark = text.firstIndex(of: "?") {
            query = String(text[text.index(after: mark)...])
            if let hash = query.firstIndex(of: "#") { query = String(query[..<hash]) }
        }
        var items: [Item] = []
        var parameters: [Parameter] = []
        for piece in query.split(separator: "&", omittingEmptySubsequences: true) {
            if let equals = piece.firstIndex(of: "=") {
                let key = String(piece[..<equals]), value = String(piece[piece.index(after: equals)...])
                items.append(Item(key: Self.percentDecoded(key), value: Self.percentDecoded(value)))
                parameters.append(Parameter(key: key, value: value))
            } else {
                items.append(Item(key: Self.percentDecoded(String(piece)), value: nil))
                parameters.append(Parameter(key: String(piece), value: ""))
            }
        }
        self.items = items
        self.parameters = parameters.isEmpty ? nil : parameters
    }

    /// `%XX` sequences decoded as UTF-8; `+` stays `+` (`NSURLComponents` does not read it as a space). Invalid
    /// sequences are kept as written.
    static func percentDecoded(_ text: String) -> String {
        guard text.contains("%") else { return text }
        var bytes: [UInt8] = []
        let utf8 = Array(text.utf8)
        var index = 0
        while index < utf8.count {
            if utf8[index] == UInt8(ascii: "%"), index + 2 < utf8.count,
               let high = hexValue(utf8[index + 1]), let low = hexValue(utf8[index + 2]) {
                bytes.append(high << 4 | low)
                index += 3
            } else {
                bytes.append(utf8[index])
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
