import LegoModel

/// Allocation-light URL helpers for the detectors' per-open checks; they split URLs exactly like `ComponentURL`.
///
/// They work on the URL's UTF-8 bytes directly: the generic `Substring` and `firstRange(of:)` paths cost
/// over 10,000 instructions per open in profiles, more than the whole hierarchy check.
enum URLText {
    /// Whether the scheme starts with `http`, in any case: `ComponentURL.isHTTP`, the text before `://` before `?`.
    static func isHTTP(_ url: String) -> Bool {
        withBytes(url) { bytes in
            guard bytes.count >= 4, bytes[0] | 0x20 == UInt8(ascii: "h"), bytes[1] | 0x20 == UInt8(ascii: "t"),
                  bytes[2] | 0x20 == UInt8(ascii: "t"), bytes[3] | 0x20 == UInt8(ascii: "p") else { return false }
            return schemeEnd(bytes, before: queryStart(bytes)) != nil
        }
    }

    /// The module names a URL's host and path claim, first letter upper-cased; empty when it has fewer than `minimum`.
    static func modules(_ url: String, minimum: Int) -> [String] {
        withBytes(url) { bytes in
            let end = queryStart(bytes)
            let start = schemeEnd(bytes, before: end) ?? 0
            var ranges: [Range<Int>] = []
            var segmentStart = start
            for index in start...end {
                if index == end || bytes[index] == UInt8(ascii: "/") {
                    if index > segmentStart { ranges.append(segmentStart..<index) }
                    segmentStart = index + 1
                }
            }
            guard ranges.count >= minimum else { return [] }
            return ranges.map { capitalizedFirst(UnsafeBufferPointer(rebasing: bytes[$0])) }
        }
    }

    private static func withBytes<R>(_ url: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = url.utf8.withContiguousStorageIfAvailable(body) { return result }
        let copy = Array(url.utf8)
        return copy.withUnsafeBufferPointer(body)
    }

    private static func queryStart(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        bytes.firstIndex(of: UInt8(ascii: "?")) ?? bytes.count
    }

    /// The offset just after the first `://` before `end`.
    private static func schemeEnd(_ bytes: UnsafeBufferPointer<UInt8>, before end: Int) -> Int? {
        var index = 0
        while index + 2 < end {
            if bytes[index] == UInt8(ascii: ":"), bytes[index + 1] == UInt8(ascii: "/"), bytes[index + 2] == UInt8(ascii: "/") {
                return index + 3
            }
            index += 1
        }
        return nil
    }

    private static func capitalizedFirst(_ segment: UnsafeBufferPointer<UInt8>) -> String {
        let first = segment[0]
        // ASCII needs one byte changed; anything else is upper-cased as Naming does it.
        guard first < 0x80 else { return Naming.capitalizedFirst(Substring(String(decoding: segment, as: UTF8.self))) }
        return String(unsafeUninitializedCapacity: segment.count) { buffer in
            _ = buffer.initialize(from: segment)
            if first >= UInt8(ascii: "a"), first <= UInt8(ascii: "z") { buffer[0] = first - 32 }
            return segment.count
        }
    }
}
