import Testing
import LegoModel

/// The UTF-8 check of the scan and the trace reader says what the standard library's validation says, without copying the file.
struct UTF8ValidationTests {
    @Test func itAgreesWithTheStandardLibraryOnRandomBytes() {
        var generator = SystemRandomNumberGenerator()
        // Bytes around every boundary of RFC 3629's table (overlong leads, surrogates, above U+10FFFF), among ASCII
        // runs long enough for the eight-byte steps.
        let edges: [UInt8] = [0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xEC, 0xED,
                              0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF]
        var invalid = 0
        for _ in 0..<20_000 {
            let length = Int.random(in: 0..<24, using: &generator)
            let bytes = (0..<length).map { _ in
                Bool.random(using: &generator) ? UInt8(ascii: "a") : edges.randomElement(using: &generator)!
            }
            let expected = String(validating: bytes, as: UTF8.self) != nil
            #expect(UTF8Validation.isValid(bytes) == expected, "\(bytes)")
            if !expected { invalid += 1 }
        }
        #expect(invalid > 1_000)
    }

    @Test func itReadsEveryKindOfSequenceAndStopsAtTheEnd() {
        let text = "ASCII before a sequence: 中文 emoji 👋🏽 é \u{10FFFF} \u{FFFF} \u{D7FF} \u{E000} end"
        #expect(UTF8Validation.isValid(Array(text.utf8)))
        // Each one cut short at the end of the buffer, after a run of eight ASCII bytes.
        for sequence in ["é", "中", "👋"] {
            let bytes = Array("12345678".utf8) + Array(sequence.utf8)
            for cut in 1..<sequence.utf8.count { #expect(!UTF8Validation.isValid(Array(bytes.dropLast(cut)))) }
        }
        // A surrogate (U+D800 as CESU), an overlong slash, a lead beyond U+10FFFF, a lone continuation.
        for bad: [UInt8] in [[0xED, 0xA0, 0x80], [0xC0, 0xAF], [0xF4, 0x90, 0x80, 0x80], [0x80], [0xE0, 0x80, 0x80]] {
            #expect(!UTF8Validation.isValid(Array("12345678".utf8) + bad + Array("12345678".utf8)))
        }
    }
}
