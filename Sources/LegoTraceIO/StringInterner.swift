import LegoModel

/// A fixed-size cache that turns repeated UTF-8 byte runs (class names, URLs) into one shared `String`.
///
/// Trace strings repeat constantly; reusing one `String` saves an allocation and a UTF-8 validation
/// per field and lets the replay share storage. Memory is bounded: a colliding entry is replaced.
struct StringInterner {
    // Short strings too: Swift stores them inline (nothing to share), but making one validates and builds it again,
    // about twice what a cache hit costs (#24's callgrind profile).
    private static let maximumLength = 96
    private static let slotCount = 4096

    // A lookup touches two cache lines: the slot's key (its hash with the length in the low seven bits; 0 when empty)
    // and its string, whose own bytes confirm the hit. A separate copy of the bytes, and apart from them the hashes
    // and the lengths, made four, and the misses were most of a lookup's time (`perf annotate`).
    private var keys: [UInt64]
    private var strings: [String]
    /// Set when a string was not valid UTF-8 and was repaired with U+FFFD; the reader clears it per line.
    var repairedInvalidUTF8 = false

    /// Creates an empty cache.
    init() {
        keys = Array(repeating: 0, count: Self.slotCount)
        strings = Array(repeating: "", count: Self.slotCount)
    }

    /// The string for `bytes` (invalid UTF-8 is repaired with U+FFFD).
    ///
    /// A repaired string's bytes are not the line's, so it never matches and each line with those bytes is decoded
    /// (and reported as repaired) again.
    mutating func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let count = bytes.count
        guard count > 0, count <= Self.maximumLength, let source = bytes.baseAddress else {
            return decode(bytes)
        }
        let hash = Self.hash(source, count)
        let key = (hash & ~0x7F) | UInt64(count)
        let slot = Int(truncatingIfNeeded: hash >> 52) & (Self.slotCount - 1)
        if keys[slot] == key {
            let cached = strings[slot]
            let same = cached.utf8.withContiguousStorageIfAvailable { $0.count == count && memcmpBytes($0.baseAddress!, source, count) }
            if same == true { return cached }
        }
        let string = decode(bytes)
        keys[slot] = key
        strings[slot] = string
        return string
    }

    /// Decodes UTF-8, noting (in `repairedInvalidUTF8`) when invalid bytes had to be replaced with U+FFFD.
    mutating func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        // The shared check steps over ASCII eight bytes at a time; only text with high bytes (Chinese names, emoji)
        // is checked byte by byte, and a cached string once.
        if !UTF8Validation.isValid(bytes) { repairedInvalidUTF8 = true }
        return String(decoding: bytes, as: UTF8.self)
    }

    // Eight bytes at a time with a multiply-xorshift mix; the last word overlaps the one before, and a short string is
    // read as two overlapping halves (or its first, middle and last byte), so no byte loop runs: most keys are short.
    private static func hash(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> UInt64 {
        let raw = UnsafeRawPointer(bytes)
        var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(truncatingIfNeeded: count)
        if count >= 8 {
            var index = 0
            while index + 8 < count {
                hash = (hash ^ raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) &* 0xBF58_476D_1CE4_E5B9
                hash ^= hash >> 29
                index += 8
            }
            hash = (hash ^ raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)) &* 0xBF58_476D_1CE4_E5B9
        } else if count >= 4 {
            let low = UInt64(raw.loadUnaligned(as: UInt32.self))
            let high = UInt64(raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self))
            hash = (hash ^ (low | high << 32)) &* 0xBF58_476D_1CE4_E5B9
        } else if count > 0 {
            let word = UInt64(bytes[0]) | UInt64(bytes[count >> 1]) << 8 | UInt64(bytes[count - 1]) << 16
            hash = (hash ^ word) &* 0xBF58_476D_1CE4_E5B9
        }
        hash ^= hash >> 31
        hash = hash &* 0x94D0_49BB_1331_11EB
        return hash ^ (hash >> 32)
    }
}

/// Byte equality of two runs of `count` bytes.
@inline(__always)
func memcmpBytes(_ lhs: UnsafePointer<UInt8>, _ rhs: UnsafePointer<UInt8>, _ count: Int) -> Bool {
    let left = UnsafeRawPointer(lhs)
    let right = UnsafeRawPointer(rhs)
    if count >= 8 {
        var index = 0
        while index + 8 < count {
            if left.loadUnaligned(fromByteOffset: index, as: UInt64.self) != right.loadUnaligned(fromByteOffset: index, as: UInt64.self) {
                return false
            }
            index += 8
        }
        // The last word overlaps the one before: no byte loop.
        return left.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self) == right.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
    }
    if count >= 4 {
        return left.loadUnaligned(as: UInt32.self) == right.loadUnaligned(as: UInt32.self)
            && left.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self) == right.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
    }
    var index = 0
    while index < count {
        if lhs[index] != rhs[index] { return false }
        index += 1
    }
    return true
}
