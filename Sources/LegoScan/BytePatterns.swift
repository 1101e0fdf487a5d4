#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Several byte patterns looked for in one pass: whether a file or a function body names any word of a framework's API.
///
/// One `memchr` search per pattern stopped at every `M`, `r` or `o` of ordinary code for `Module`, `registerRoute` or
/// `openRoute`, a tenth of an NNModule-swift scan; this reads each byte once and compares a pattern only where a pair
/// of its bytes occurs, the pair least likely in code (a camel-case hump such as `rR` of `registerRoute`).
struct BytePatterns: Sendable {
    /// A pattern, the offset in it of its anchor pair, and that pair as a 16-bit key.
    private struct Anchored: Sendable {
        var bytes: [UInt8]
        var offset: Int
        var key: Int
    }

    private let patterns: [Anchored]
    /// One bit per anchor pair.
    private let pairs: [UInt64]

    /// The patterns, each at least two bytes long.
    init(_ patterns: [[UInt8]]) {
        precondition(patterns.allSatisfy { $0.count >= 2 }, "a pattern of BytePatterns has at least two bytes")
        self.patterns = patterns.map { bytes in
            let offset = Self.anchor(bytes)
            return Anchored(bytes: bytes, offset: offset, key: Int(bytes[offset]) << 8 | Int(bytes[offset + 1]))
        }
        var pairs = [UInt64](repeating: 0, count: 1 << 10)
        for pattern in self.patterns { pairs[pattern.key >> 6] |= 1 << UInt64(pattern.key & 63) }
        self.pairs = pairs
    }

    /// The patterns of `words`' UTF-8 bytes.
    init(_ words: [String]) { self.init(words.map { Array($0.utf8) }) }

    /// The offset of the pair of `bytes` rarest in code: a lower-case letter before an upper-case one, else a pair
    /// with a byte that is not a lower-case letter, else the first.
    private static func anchor(_ bytes: [UInt8]) -> Int {
        func isLower(_ byte: UInt8) -> Bool { byte >= 0x61 && byte <= 0x7A }
        func isUpper(_ byte: UInt8) -> Bool { byte >= 0x41 && byte <= 0x5A }
        let offsets = 0..<(bytes.count - 1)
        return offsets.first { isLower(bytes[$0]) && isUpper(bytes[$0 + 1]) }
            ?? offsets.first { !isLower(bytes[$0]) || !isLower(bytes[$0 + 1]) }
            ?? 0
    }

    /// Whether any pattern occurs in `bytes`.
    func occurs(in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count >= 2, let base = bytes.baseAddress else { return false }
        return pairs.withUnsafeBufferPointer { pairs in
            var previous = base[0]
            for index in 1..<bytes.count {
                let current = base[index]
                let key = Int(previous) << 8 | Int(current)
                if pairs[key >> 6] & (1 << UInt64(key & 63)) != 0 && matches(key, pairAt: index - 1, in: bytes) { return true }
                previous = current
            }
            return false
        }
    }

    /// Whether any pattern occurs in `bytes`.
    func occurs(in bytes: [UInt8]) -> Bool { bytes.withUnsafeBufferPointer { occurs(in: $0) } }

    private func matches(_ key: Int, pairAt position: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        patterns.contains { pattern in
            let start = position - pattern.offset
            return pattern.key == key && start >= 0 && start + pattern.bytes.count <= bytes.count
                && pattern.bytes.withUnsafeBufferPointer { memcmp(bytes.baseAddress! + start, $0.baseAddress!, pattern.bytes.count) == 0 }
        }
    }
}
