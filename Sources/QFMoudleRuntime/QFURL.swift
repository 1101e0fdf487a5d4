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

    /// The parts of the URL `text`, read on its UTF-8 bytes as `NSURLComponents` splits them (`&` followed by a
    /// combining mark still separates two items, which splitting by `Character` did not; a scan resolves thousands of
    /// URLs, and that splitting was a fifth of its time).
    public init(_ text: String) {
        scheme = Self.scheme(of: text)
        let utf8 = text.utf8
        var items: [Item] = []
        var parameters: [Parameter] = []
        // A `#` before any `?` starts the fragment, which holds the rest (`Web://#/detail?id=1` has no query: RFC 3986,
        // as NSURLComponents reads it).
        if let mark = utf8.firstIndex(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }), utf8[mark] == UInt8(ascii: "?") {
            let start = utf8.index(after: mark)
            let query = utf8[start..<(utf8[start...].firstIndex(of: UInt8(ascii: "#")) ?? utf8.endIndex)]
            for piece in query.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
                if let equals = piece.firstIndex(of: UInt8(ascii: "=")) {
                    let key = piece[..<equals], value = piece[piece.index(after: equals)...]
                    items.append(Item(key: Self.percentDecoded(key), value: Self.percentDecoded(value)))
                    parameters.append(Parameter(key: String(decoding: key, as: UTF8.self), value: String(decoding: value, as: UTF8.self)))
                } else {
                    items.append(Item(key: Self.percentDecoded(piece), value: nil))
                    parameters.append(Parameter(key: String(decoding: piece, as: UTF8.self), value: ""))
                }
            }
        }
        self.items = items
        self.parameters = parameters.isEmpty ? nil : parameters
    }

    /// The scheme of the URL `text`, case kept: what comes before its first `:` when that is letters, digits, `+`, `-`
    /// and `.` only; nil otherwise.
    public static func scheme(of text: String) -> String? {
        let utf8 = text.utf8
        guard let colon = utf8.firstIndex(of: UInt8(ascii: ":")), colon > utf8.startIndex else { return nil }
        let head = text[..<colon]
        if head.utf8.allSatisfy({ $0 < 0x80 }) {
            let valid = head.utf8.allSatisfy { byte in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                    || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            }
            return valid ? String(head) : nil
        }
        return head.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." }) ? String(head) : nil
    }

    /// `%XX` sequences decoded as UTF-8; `+` stays `+` (`NSURLComponents` does not read it as a space). Invalid
    /// sequences are kept as written.
    static func percentDecoded(_ text: String) -> String {
        percentDecoded(text.utf8[...])
    }

    /// `percentDecoded` of UTF-8 bytes.
    static func percentDecoded(_ utf8: Substring.UTF8View) -> String {
        guard utf8.contains(UInt8(ascii: "%")) else { return String(decoding: utf8, as: UTF8.self) }
        let utf8 = Array(utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
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
