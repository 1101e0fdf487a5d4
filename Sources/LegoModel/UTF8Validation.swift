/// Whether bytes are valid UTF-8, without making a `String` of them.
///
/// `String(validating:)` copies the file into a new string only to throw it away (and, called on a buffer from outside
/// the standard library, runs generic: metadata lookups per call, a thousand instructions for a trace's short Chinese
/// value). Source and traces are mostly ASCII, which this skips eight bytes at a time, checking only the multi-byte
/// sequences (RFC 3629: no overlong forms, no surrogates, nothing above U+10FFFF). The scan's files and the trace
/// reader's strings both use it.
package enum UTF8Validation {
    /// True when `bytes` are valid UTF-8.
    package static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let count = bytes.count
        var index = 0
        while index < count {
            if count - index >= 8 {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                let high = word & 0x8080_8080_8080_8080
                if high == 0 {
                    index += 8
                    continue
                }
                // Step to the first byte with its high bit set.
                index += high.littleEndian.trailingZeroBitCount / 8
            }
            let lead = base[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var low: UInt8 = 0x80, high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; low = 0xA0
            case 0xE1...0xEC, 0xEE, 0xEF: length = 3
            case 0xED: length = 3; high = 0x9F
            case 0xF0: length = 4; low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; high = 0x8F
            default: return false
            }
            guard count - index >= length else { return false }
            let second = base[index + 1]
            guard second >= low, second <= high else { return false }
            for offset in 2..<max(length, 2) where base[index + offset] & 0xC0 != 0x80 { return false }
            index += length
        }
        return true
    }

    /// True when `bytes` are valid UTF-8.
    package static func isValid(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { isValid($0) }
    }
}
