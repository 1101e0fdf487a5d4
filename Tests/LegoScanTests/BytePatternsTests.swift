import Testing
@testable import LegoScan

/// The one-pass search of several patterns says what one `ByteSearch` per pattern says.
struct BytePatternsTests {
    @Test func itAgreesWithOneSearchPerPattern() {
        // Anchored at their first pair, at a camel hump (`eR`, `lS`) and at a pair with a capital (`Mo`).
        let words = ["Module", "URLRoute", "#if", ".se", "ab", "isSelf", "bMod"]
        let patterns = BytePatterns(words)
        var generator = SystemRandomNumberGenerator()
        // Few letters, so random text holds a pattern now and then, and the longer ones' first two bytes often.
        let alphabet = Array("ModuleRS#if.sab \n".utf8)
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
        // A pattern anchored past its first pair is found at the very start and end of the bytes.
        let humped = BytePatterns(["registerRoute"])
        #expect(humped.occurs(in: Array("registerRoute".utf8)) && humped.occurs(in: Array("x.registerRoute".utf8)))
        #expect(!humped.occurs(in: Array("gisterRoute".utf8)) && !humped.occurs(in: Array("registerRout".utf8)))
    }
}
