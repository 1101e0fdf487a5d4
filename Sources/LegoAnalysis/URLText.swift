import LegoModel

/// Allocation-light URL helpers for the detectors' per-open checks; they split URLs exactly like `ComponentURL`.
enum URLText {
    /// The route key: the text before `?` (the URL itself when it has no query, without copying).
    static func routeKey(_ url: String) -> String {
        guard let mark = url.utf8.firstIndex(of: UInt8(ascii: "?")) else { return url }
        return String(url[..<mark])
    }

    /// Whether the scheme starts with `http`, in any case, as the framework routes it to the HTTP handler.
    static func isHTTP(_ url: String) -> Bool {
        var bytes = url.utf8.makeIterator()
        for expected in "http".utf8 {
            guard let byte = bytes.next(), byte | 0x20 == expected else { return false }
        }
        // Only a scheme counts, as in `ComponentURL.isHTTP`: the text before `://`, itself before `?`.
        let end = url.utf8.firstIndex(of: UInt8(ascii: "?")) ?? url.utf8.endIndex
        return schemeEnd(url.utf8[..<end]) != nil
    }

    /// The index just after the first `://` (a hand-written scan: `firstRange(of:)` cost more than the whole check).
    private static func schemeEnd(_ bytes: Substring.UTF8View) -> String.Index? {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if bytes[index] == UInt8(ascii: ":") {
                let slash1 = bytes.index(after: index)
                if slash1 < bytes.endIndex, bytes[slash1] == UInt8(ascii: "/") {
                    let slash2 = bytes.index(after: slash1)
                    if slash2 < bytes.endIndex, bytes[slash2] == UInt8(ascii: "/") { return bytes.index(after: slash2) }
                }
            }
            index = bytes.index(after: index)
        }
        return nil
    }

    /// The module names a URL's host and path claim, first letter upper-cased; empty when it has fewer than `minimum`.
    static func modules(_ url: String, minimum: Int) -> [String] {
        let utf8 = url.utf8
        let end = utf8.firstIndex(of: UInt8(ascii: "?")) ?? utf8.endIndex
        var start = utf8.startIndex
        if let scheme = schemeEnd(utf8[..<end]) { start = scheme }
        let body = url[start..<end]
        var count = 0
        var previousSlash = true
        for byte in body.utf8 {
            if byte == UInt8(ascii: "/") { previousSlash = true } else if previousSlash { count += 1; previousSlash = false }
        }
        guard count >= minimum else { return [] }
        return body.split(separator: "/").map { capitalizedFirst($0) }
    }

    private static func capitalizedFirst(_ segment: Substring) -> String {
        guard let first = segment.utf8.first else { return "" }
        // ASCII fast path (Character upper-casing dominated this check in profiles); anything else as Naming does it.
        guard first >= UInt8(ascii: "a"), first <= UInt8(ascii: "z") else {
            return first < 0x80 ? String(segment) : Naming.capitalizedFirst(segment)
        }
        return String(unsafeUninitializedCapacity: segment.utf8.count) { buffer in
            var index = 0
            for byte in segment.utf8 {
                buffer[index] = index == 0 ? first - 32 : byte
                index += 1
            }
            return index
        }
    }
}
