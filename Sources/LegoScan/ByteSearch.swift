#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Substring search over source bytes with `memchr`/`memcmp`: the generic `firstRange(of:)` of a byte slice goes
/// through Foundation's `DataProtocol` and cost a third of a scan (glibc keeps `memmem` behind `_GNU_SOURCE`).
enum ByteSearch {
    /// Whether `byte` may continue a name in Objective-C or Swift: an ASCII letter, digit or `_`, or any byte of a
    /// non-ASCII character.
    static func isNameByte(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x5F || byte >= 0x80
    }

    /// The offset of the first `pattern` within `bytes[range]` (all of `bytes` when nil), or nil.
    static func firstIndex(of pattern: [UInt8], in bytes: [UInt8], range: Range<Int>? = nil) -> Int? {
        bytes.withUnsafeBufferPointer { firstIndex(of: pattern, in: $0, range: range ?? 0..<$0.count) }
    }

    /// Whether `bytes[range]` (all of `bytes` when nil) holds `pattern`.
    static func contains(_ pattern: [UInt8], in bytes: [UInt8], range: Range<Int>? = nil) -> Bool {
        firstIndex(of: pattern, in: bytes, range: range) != nil
    }

    /// Whether `text` holds any of `patterns` (comment trivia handed over as a `String`).
    static func containsAny(_ patterns: [[UInt8]], in text: String) -> Bool {
        var text = text
        return text.withUTF8 { utf8 in patterns.contains { firstIndex(of: $0, in: utf8, range: 0..<utf8.count) != nil } }
    }

    private static func firstIndex(of pattern: [UInt8], in haystack: UnsafeBufferPointer<UInt8>, range: Range<Int>) -> Int? {
        guard let first = pattern.first, let base = haystack.baseAddress, range.lowerBound >= 0, range.upperBound <= haystack.count,
              range.count >= pattern.count else { return nil }
        return pattern.withUnsafeBufferPointer { needle -> Int? in
            guard let needleBase = needle.baseAddress else { return nil }
            var offset = range.lowerBound
            let last = range.upperBound - needle.count
            while offset <= last {
                guard let hit = memchr(base + offset, Int32(first), last - offset + 1) else { return nil }
                let at = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                if memcmp(base + at, needleBase, needle.count) == 0 { return at }
                offset = at + 1
            }
            return nil
        }
    }
}
