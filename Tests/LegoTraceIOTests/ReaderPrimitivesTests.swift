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
        interner.repairedInvalidUTF8 = false
        let chinese = Array("模块名称".utf8)
        #expect(chinese.withUnsafeBufferPointer { interner.string($0) } == "模块名称" && !interner.repairedInvalidUTF8)
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
}
