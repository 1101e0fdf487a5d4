import Testing
@testable import LegoScan

/// The one-pass search of several patterns says what one `ByteSearch` per pattern says.
struct BytePatternsTests {
    @Test func itAgreesWithOneSearchPerPattern() {
        let words = ["Module", "URLRoute", "#if", ".se", "ab"]
        let patterns = BytePatterns(words)
        var generator = SystemRandomNumberGenerator()
        // Few letters, so random text holds a pattern now and then, and the longer ones' first two bytes often.
        let alphabet = Array("Module#if.sab \n".utf8)
        var found = 0
        for _ in 0..<2_000 {
            let length = Int.random(in: 0..<40, using: &generator)
            let bytes = (0..<length).map { _ in alphabet.randomElement(using: &generator)! }
            let expected = words.contains { ByteSearch.contains(Array($0.utf8), in: bytes) }
            #expect(patterns.occurs(in: bytes) == expected, "\(String(decoding: bytes, as: UTF8.self))")
            if expected { found += 1 }
        }
        #expect(found > 100 && found < 1_900, "both answers were tried: \(found) of 2,000 held a pattern")
    }

    @Test func patternsAtTheEdgesAreFound() {
        let patterns = BytePatterns(["Module", "#if"])
        #expect(patterns.occurs(in: Array("Module".utf8)))
        #expect(patterns.occurs(in: Array("x #if".utf8)))
        #expect(!patterns.occurs(in: Array("Modul".utf8)))
        #expect(!patterns.occurs(in: Array("#i".utf8)))
        #expect(!patterns.occurs(in: [UInt8]()))
    }
}
