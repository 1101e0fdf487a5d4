#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Several byte patterns looked for in one pass: whether a file or a function body names any word of a framework's API.
///
/// One `memchr` search per pattern stopped at every `M`, `r` or `o` of ordinary code for `Module`, `registerRoute` or
/// `openRoute`, a tenth of an NNModule-swift scan; this reads each byte once and compares only where the first two
/// bytes of some pattern occur.
struct BytePatterns: Sendable {
    private let patterns: [[UInt8]]
    /// One bit per pair of bytes that starts a pattern.
    private let pairs: [UInt64]

    /// The patterns, each at least two bytes long.
    init(_ patterns: [[UInt8]]) {
        precondition(patterns.allSatisfy { $0.count >= 2 }, "a pattern of BytePatterns has at least two bytes")
        self.patterns = patterns
        var pairs = [UInt64](repeating: 0, count: 1 << 10)
        for pattern in patterns {
            let key = Int(pattern[0]) << 8 | Int(pattern[1])
            pairs[key >> 6] |= 1 << UInt64(key & 63)
        }
        self.pairs = pairs
    }

    /// The patterns of `words`' UTF-8 bytes.
    init(_ words: [String]) { self.init(words.map { Array($0.utf8) }) }

    /// Whether any pattern occurs in `bytes`.
    func occurs(in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count >= 2, let base = bytes.baseAddress else { return false }
        return pairs.withUnsafeBufferPointer { pairs in
            var previous = base[0]
            for index in 1..<bytes.count {
                let current = base[index]
                let key = Int(previous) << 8 | Int(current)
                if pairs[key >> 6] & (1 << UInt64(key & 63)) != 0 && matches(at: index - 1, in: bytes) { return true }
                previous = current
            }
            return false
        }
    }

    /// Whether any pattern occurs in `bytes`.
    func occurs(in bytes: [UInt8]) -> Bool { bytes.withUnsafeBufferPointer { occurs(in: $0) } }

    private func matches(at start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        patterns.contains { pattern in
            start + pattern.count <= bytes.count
                && pattern.withUnsafeBufferPointer { memcmp(bytes.baseAddress! + start, $0.baseAddress!, pattern.count) == 0 }
        }
    }
}
