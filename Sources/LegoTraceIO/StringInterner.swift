/// A fixed-size cache that turns repeated UTF-8 byte runs (class names, URLs) into one shared `String`.
///
/// Trace strings repeat constantly; reusing one `String` saves an allocation and a UTF-8 validation
/// per field and lets the replay share storage. Memory is bounded: a colliding entry is replaced.
struct StringInterner {
    // Strings of at most 15 UTF-8 bytes are stored inline by Swift and need no cache.
    private static let inlineLimit = 15
    private static let maximumLength = 96
    private static let slotCount = 4096

    private var hashes: [UInt64]
    private var lengths: [Int]
    private var strings: [String]
    private var arena: [UInt8]
    /// Set when a string was not valid UTF-8 and was repaired with U+FFFD; the reader clears it per line.
    var repairedInvalidUTF8 = false

    /// Creates an empty cache.
    init() {
        hashes = Array(repeating: 0, count: Self.slotCount)
        lengths = Array(repeating: -1, count: Self.slotCount)
        strings = Array(repeating: "", count: Self.slotCount)
        arena = Array(repeating: 0, count: Self.slotCount * Self.maximumLength)
    }

    /// The string for `bytes` (invalid UTF-8 is repaired with U+FFFD).
    mutating func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let count = bytes.count
        guard count > Self.inlineLimit, count <= Self.maximumLength, let source = bytes.baseAddress else {
            return decode(bytes)
        }
        let hash = Self.hash(source, count)
        let slot = Int(truncatingIfNeeded: hash >> 52) & (Self.slotCount - 1)
        let offset = slot * Self.maximumLength
        let matches = hashes[slot] == hash && lengths[slot] == count && arena.withUnsafeBufferPointer {
            memcmpBytes($0.baseAddress! + offset, source, count)
        }
        if matches { return strings[slot] }
        let string = decode(bytes)
        hashes[slot] = hash
        lengths[slot] = count
        strings[slot] = string
        arena.withUnsafeMutableBufferPointer { ($0.baseAddress! + offset).update(from: source, count: count) }
        return string
    }

    /// Decodes UTF-8, noting (in `repairedInvalidUTF8`) when invalid bytes had to be replaced with U+FFFD.
    mutating func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        // ASCII needs no validation; only text with high bytes (Chinese names, emoji) pays for the second check,
        // and a cached string pays it once.
        guard bytes.contains(where: { $0 >= 0x80 }) else { return String(decoding: bytes, as: UTF8.self) }
        if let valid = String(validating: bytes, as: UTF8.self) { return valid }
        repairedInvalidUTF8 = true
        return String(decoding: bytes, as: UTF8.self)
    }

    // Eight bytes at a time with a multiply-xorshift mix: a few nanoseconds for a class name.
    private static func hash(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> UInt64 {
        var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(truncatingIfNeeded: count)
        let raw = UnsafeRawPointer(bytes)
        var index = 0
        while index + 8 <= count {
            let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            hash = (hash ^ word) &* 0xBF58_476D_1CE4_E5B9
            hash ^= hash >> 29
            index += 8
        }
        if index < count {
            var word: UInt64 = 0
            var shift: UInt64 = 0
            while index < count {
                word |= UInt64(bytes[index]) << shift
                shift += 8
                index += 1
            }
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
    var index = 0
    while index + 8 <= count {
        if UnsafeRawPointer(lhs).loadUnaligned(fromByteOffset: index, as: UInt64.self)
            != UnsafeRawPointer(rhs).loadUnaligned(fromByteOffset: index, as: UInt64.self) { return false }
        index += 8
    }
    while index < count {
        if lhs[index] != rhs[index] { return false }
        index += 1
    }
    return true
}
