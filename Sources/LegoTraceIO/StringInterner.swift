import LegoModel

/// A fixed-size cache that turns repeated UTF-8 byte runs (class names, URLs) into one shared `String`.
///
/// Trace strings repeat constantly; reusing one `String` saves an allocation and a UTF-8 validation
/// per field and lets the replay share storage. Memory is bounded: a colliding entry is replaced.
struct StringInterner {
    // Short strings too: Swift stores them inline (nothing to share), but making one validates and builds it again,
    // about twice what a cache hit costs (#24's callgrind profile).
    private static let maximumLength = 96
    /// Slots of a cache made with `init()`.
    static let defaultSlotCount = 4096

    /// One cached string with what identifies its bytes: the hash (with the length in the low seven bits; 0 when the
    /// slot is empty) and the first and last eight bytes, which are all of them up to sixteen.
    // A hit on a short string (most names) reads this one slot and never the `String`: confirming it through the
    // string's UTF-8 view was a third of a lookup (#24's tenth round). Apart, keys and strings took two cache misses.
    private struct Slot {
        var key: UInt64 = 0
        var first: UInt64 = 0
        var last: UInt64 = 0
        var string = ""
    }

    private var slots: [Slot]
    private let slotMask: Int
    /// Set when a string was not valid UTF-8 and was repaired with U+FFFD; the reader clears it per line.
    var repairedInvalidUTF8 = false

    /// Creates an empty cache of `slotCount` slots (a power of two; tests use one, so every string shares a slot).
    init(slotCount: Int = defaultSlotCount) {
        precondition(slotCount > 0 && slotCount & (slotCount - 1) == 0, "slotCount must be a power of two")
        slots = Array(repeating: Slot(), count: slotCount)
        slotMask = slotCount - 1
    }

    /// The string for `bytes` (invalid UTF-8 is repaired with U+FFFD).
    ///
    /// A repaired string is never cached, so each line with those bytes is decoded (and reported as repaired) again.
    mutating func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let count = bytes.count
        guard count > 0, count <= Self.maximumLength, let source = bytes.baseAddress else {
            return decode(bytes)
        }
        let (first, last) = Self.words(source, count)
        let hash = Self.hash(source, count, first, last)
        let key = (hash & ~0x7F) | UInt64(count)
        let index = Int(truncatingIfNeeded: hash >> 52) & slotMask
        let hit = slots.withUnsafeBufferPointer { slots -> String? in
            let slot = slots[index]
            guard slot.key == key, slot.first == first, slot.last == last else { return nil }
            // Up to sixteen bytes the two words are the whole string; beyond, the middle is compared too.
            if count <= 16 { return slot.string }
            let same = slot.string.utf8.withContiguousStorageIfAvailable {
                $0.count == count && memcmpBytes($0.baseAddress! + 8, source + 8, count - 16)
            }
            return same == true ? slot.string : nil
        }
        if let hit { return hit }
        // The shared check steps over ASCII eight bytes at a time; only text with high bytes (Chinese names, emoji)
        // is checked byte by byte, and a cached string once.
        guard UTF8Validation.isValid(bytes) else {
            // A repaired string is not the line's bytes: cached under them, a later line would skip the repair.
            repairedInvalidUTF8 = true
            return String(decoding: bytes, as: UTF8.self)
        }
        let string = String(decoding: bytes, as: UTF8.self)
        slots[index] = Slot(key: key, first: first, last: last, string: string)
        return string
    }

    /// Decodes UTF-8, noting (in `repairedInvalidUTF8`) when invalid bytes had to be replaced with U+FFFD.
    mutating func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        if !UTF8Validation.isValid(bytes) { repairedInvalidUTF8 = true }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The first and last eight bytes of a string of `count` (1...) bytes, read without a byte loop; for fewer than
    /// eight, two overlapping halves (or the first, middle and last byte). With the length they are all the bytes of a
    /// string of up to sixteen.
    @inline(__always)
    private static func words(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> (UInt64, UInt64) {
        let raw = UnsafeRawPointer(bytes)
        if count >= 8 {
            return (raw.loadUnaligned(as: UInt64.self), raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
        }
        let word: UInt64
        if count >= 4 {
            word = UInt64(raw.loadUnaligned(as: UInt32.self)) | UInt64(raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)) << 32
        } else {
            word = UInt64(bytes[0]) | UInt64(bytes[count >> 1]) << 8 | UInt64(bytes[count - 1]) << 16
        }
        return (word, word)
    }

    // A multiply-xorshift mix of the two words and, beyond sixteen bytes, of the eight-byte words between them.
    @inline(__always)
    private static func hash(_ bytes: UnsafePointer<UInt8>, _ count: Int, _ first: UInt64, _ last: UInt64) -> UInt64 {
        var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(truncatingIfNeeded: count)
        hash = (hash ^ first) &* 0xBF58_476D_1CE4_E5B9
        hash ^= hash >> 29
        if count > 16 {
            let raw = UnsafeRawPointer(bytes)
            var index = 8
            while index + 8 < count {
                hash = (hash ^ raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) &* 0xBF58_476D_1CE4_E5B9
                hash ^= hash >> 29
                index += 8
            }
        }
        hash = (hash ^ last) &* 0xBF58_476D_1CE4_E5B9
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
