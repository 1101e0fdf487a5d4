@testable import LegoTraceIO
import Testing

/// The byte-level pieces under the trace reader (#24's third round): word-at-a-time comparison, the string cache's
/// hash of short strings, and keys read as one word. Each is checked against the plain byte-by-byte answer.
@Suite struct ReaderPrimitivesTests {
    @Test func byteEqualityMatchesArrayEqualityAtEveryLengthAndPosition() {
        for count in 0...40 {
            let base = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
            base.withUnsafeBufferPointer { left in
                let leftStart = left.baseAddress ?? UnsafePointer(bitPattern: 1)!
                #expect(memcmpBytes(leftStart, leftStart, count))
                for position in 0..<count {
                    var other = base
                    other[position] ^= 0x40
                    let equal = other.withUnsafeBufferPointer { memcmpBytes(leftStart, $0.baseAddress!, count) }
                    #expect(!equal, "a difference at byte \(position) of \(count) went unseen")
                }
            }
        }
    }

    @Test func theStringCacheGivesTheDecodedStringForEveryLength() {
        var interner = StringInterner()
        // Twice over: the first pass fills the cache, the second must hit it and still answer right; strings of one
        // length that differ in one byte must not be taken for each other.
        for _ in 0..<2 {
            for count in 0...120 {
                for variant in 0..<3 {
                    var bytes = (0..<count).map { UInt8(0x61 + ($0 % 26)) }
                    if count > 0 { bytes[(count * variant) / 3] = UInt8(0x30 + variant) }
                    let expected = String(decoding: bytes, as: UTF8.self)
                    let got = bytes.withUnsafeBufferPointer { interner.string($0) }
                    #expect(got == expected)
                }
            }
        }
        #expect(!interner.repairedInvalidUTF8)
        let invalid: [UInt8] = [0x41, 0xFF, 0x42]
        let repaired = invalid.withUnsafeBufferPointer { interner.string($0) }
        #expect(repaired == "A\u{FFFD}B" && interner.repairedInvalidUTF8)
        // The same bytes on a later line are repaired, and reported, again: the cache holds only what matches them.
        interner.repairedInvalidUTF8 = false
        #expect(invalid.withUnsafeBufferPointer { interner.string($0) } == "A\u{FFFD}B" && interner.repairedInvalidUTF8)
        interner.repairedInvalidUTF8 = false
        let chinese = Array("模块名称".utf8)
        #expect(chinese.withUnsafeBufferPointer { interner.string($0) } == "模块名称" && !interner.repairedInvalidUTF8)
    }

    @Test func aCachedStringIsNeverTakenForAnotherOfItsLength() {
        // One slot: every string lands on the one cached before it, so only the comparison of the slot's hash, length
        // and first and last eight bytes (and, beyond sixteen bytes, the bytes between) tells them apart.
        var interner = StringInterner(slotCount: 1)
        for count in 1...40 {
            let base = (0..<count).map { UInt8(0x41 + ($0 * 7) % 26) }
            let baseText = String(decoding: base, as: UTF8.self)
            for position in 0..<count {
                var other = base
                other[position] = 0x7A - other[position] % 3
                let otherText = String(decoding: other, as: UTF8.self)
                #expect(base.withUnsafeBufferPointer { interner.string($0) } == baseText)
                #expect(other.withUnsafeBufferPointer { interner.string($0) } == otherText, "byte \(position) of \(count)")
                #expect(other.withUnsafeBufferPointer { interner.string($0) } == otherText, "byte \(position) of \(count), cached")
            }
        }
    }

    @Test func aShortKeyIsReadAsTheWordOfItsBytes() {
        for key in ["t", "th", "seq", "kind", "layer", "effect", "objects", "peerName", "a\u{7F}"] {
            let line = Array("\"\(key)\":12345678,\"x\":1}".utf8)
            line.withUnsafeBufferPointer { buffer in
                var cursor = JSONCursor(buffer)
                #expect(cursor.shortKeyWord() == KeyWord.word(key), "key \(key)")
                #expect(cursor.current == 0x3A, "key \(key): the cursor stops at the colon")
            }
        }
    }

    @Test func aKeyThatIsLongEscapedOrNearTheEndIsLeftToTheStringReader() {
        for text in ["\"peerNames\":1,\"x\":12}", "\"na\\u006de\":1,\"x\":1}", "\"t\":1}", "\"a\tb\":1,\"xx\":1}", "x\"t\":1,\"x\":1}"] {
            let line = Array(text.utf8)
            line.withUnsafeBufferPointer { buffer in
                var cursor = JSONCursor(buffer)
                #expect(cursor.shortKeyWord() == nil, "\(text)")
                #expect(cursor.position == buffer.baseAddress!, "\(text): the cursor did not move")
            }
        }
    }

    @Test func timesReadAsTheNearestDouble() throws {
        // Seven digits on either side of the point (the most read a word at a time), eight (the first left to the
        // digit loop), fractions with leading zeros.
        var texts = ["0", "7", "0.5", "0.003065", "12.25", "123456789012345", "12345678901234.5", "1234567890123456",
                     "0.1234567890123456789", "1e3", "2.5E-2", "-0.75", "-3", "99999999999999999999", "1.000000",
                     "9999999.9999999", "1234567.0000001", "12345678.5", "1.12345678", "0.0000001", "0.00000001",
                     "1000000.05", "00.5"]
        var state: UInt64 = 0x1234_5678
        for _ in 0..<3_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            // One to eight digits before the point, each length alike.
            let whole = (state >> 20) % [10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000][Int(state >> 58) % 8]
            let fraction = (state >> 40) % 10_000_000
            let digits = Int(state % 8)
            let fractionText = String((String(repeating: "0", count: Int(state >> 61)) + String(fraction)).prefix(digits))
            texts.append(fractionText.isEmpty ? "\(whole)" : "\(whole).\(fractionText)")
        }
        // With a long enough rest of the line, a number of up to seven digits, a point and up to seven more is read a
        // word at a time; without, digit by digit: both are compared.
        for text in texts {
            for terminator in [",", "}", " ", "", #","th":1,"kind":"focus"}"#, "}                "] {
                let line = Array((text + terminator).utf8)
                let (value, consumed) = try line.withUnsafeBufferPointer { buffer in
                    var cursor = JSONCursor(buffer)
                    return (try cursor.double(), cursor.position - buffer.baseAddress!)
                }
                #expect(value == Double(text), "\(text)\(terminator)")
                #expect(consumed == text.utf8.count, "\(text)\(terminator): the cursor stops after the number")
            }
        }
        for malformed in ["1.", "1.}", "1.e5", "1x", "1.5.5", "-", "e5", "1e", "12345678901234.x", "0.5x", "12.34.5", "1.2e"]
            .flatMap({ [$0, $0 + "                "] }) {
            let line = Array(malformed.utf8)
            let threw = line.withUnsafeBufferPointer { buffer in
                var cursor = JSONCursor(buffer)
                do { _ = try cursor.double(); return false } catch { return true }
            }
            #expect(threw, "\(malformed) must be refused")
        }
    }

    @Test func integersReadAsTheirValueAtEveryLength() throws {
        var numbers: [UInt64] = [0, 1, 9, 10, 99, 100, 1_234_567, 9_999_999, 10_000_000, 12_345_678, 99_999_999, 100_000_000,
                                 UInt64.max, UInt64.max - 1, 4_294_967_295]
        var state: UInt64 = 42
        for _ in 0..<5_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            numbers.append(state >> (state % 64))
        }
        for number in numbers {
            for tail in [",\"x\":1}", "}", "]", " ", ""] {
                let line = Array("\(number)\(tail)".utf8)
                let value = try line.withUnsafeBufferPointer { buffer in
                    var cursor = JSONCursor(buffer)
                    let value = try cursor.unsigned()
                    #expect(cursor.position == buffer.baseAddress! + String(number).utf8.count, "\(number)\(tail): stops after the digits")
                    return value
                }
                #expect(value == number, "\(number)\(tail)")
            }
        }
        for malformed in ["12a,\"x\":1}", "1.5,\"x\":1}", "-1,\"xx\":1}", "x1234567}", "123\u{e9}45678", "18446744073709551616}"] {
            let line = Array(malformed.utf8)
            let threw = line.withUnsafeBufferPointer { buffer in
                var cursor = JSONCursor(buffer)
                do { _ = try cursor.unsigned(); return false } catch { return true }
            }
            #expect(threw, "\(malformed) must be refused")
        }
    }
}
