import Foundation
import LegoModel
import LegoTestSupport
import Testing
@testable import LegoScan

/// Swift sources that made swift-syntax take minutes or overflow its stack (issue #21): refused before parsing with
/// their position, and the rest of the app still scanned.
@Suite struct SwiftNestingTests {
    private static func interpolated(_ depth: Int) -> String {
        (0..<depth).reduce("\"x\"") { inner, _ in "\"\\(" + inner + ")\"" }
    }

    static let hostile: [(name: String, text: String, line: Int)] = [
        ("at-brackets", "let x = 1\nlet y = " + String(repeating: "@[", count: 31) + String(repeating: "]", count: 31) + "\n", 2),
        ("brackets", "let y = " + String(repeating: "[", count: 1000) + String(repeating: "]", count: 1000), 1),
        ("subscripts", "let y = a" + String(repeating: "[a", count: 20) + String(repeating: "]", count: 20), 1),
        ("generics", "let y: " + String(repeating: "A<", count: 3000) + "Int" + String(repeating: ">", count: 3000) + " = 1", 1),
        ("parentheses", "\n\nlet y = " + String(repeating: "(", count: 5000) + "1" + String(repeating: ")", count: 5000), 3),
        ("interpolation", "let y = " + interpolated(300), 1),
        ("unclosed", "func f() {\n" + String(repeating: "{[(\n", count: 100), 14),
    ]

    @Test(arguments: hostile.map(\.name))
    func deepNestingIsRefusedWithItsPosition(name: String) throws {
        let file = try #require(Self.hostile.first { $0.name == name })
        let refusal = try #require(SwiftReader.refusal(Array(file.text.utf8), file: "Deep.swift"))
        #expect(refusal.location.file == "Deep.swift")
        #expect(refusal.location.line == file.line)
        #expect(refusal.message.hasSuffix("; skipped"))
    }

    @Test func ordinarySwiftIsParsed() {
        let text = ##"""
            /* a [[[[[[[[[[[[[[[[ comment /* nested ((( */ ]]] */
            // [[[[[[[[[[[[[[[[[[[[[[[[[[[[
            let pattern = "[[[[[[[[[[[[[[[[[[[[ \" ((((((("
            let raw = #"[[[[[[[[[[[[[[ \#(value) "[[[[[[[[[[[["#
            let text = """
                [[[[[[[[[[[[[[[[[[[[ \(name.map { "\($0)[[[[[[[[[[[[[[[" }) "
                """
            let table: [String: [[Int]]] = ["a": [[1, 2], [3]]]
            for i in 0..<n where i<m && a<b { if x >= y, f(a: b) -> Void {} }
            var body: some View { VStack { HStack { Text("\(items[index[0]].name)").font(.title) } } }
            let grid: Array<Array<Dictionary<String, Set<Int>>>> = []
            """##
        #expect(SwiftReader.refusal(Array(text.utf8), file: "Fine.swift") == nil)
        // Comparisons never closed by `>` do not pile up as generics across statements.
        let comparisons = String(repeating: "if a<b { c = d<e }\nlet f = g<h\n", count: 500)
        #expect(SwiftReader.refusal(Array(comparisons.utf8), file: "Compare.swift") == nil)
    }

    @Test func aSwiftFileLargerThanTheParseLimitIsSkipped() throws {
        let big = [UInt8](repeating: 0x20, count: SwiftReader.maximumFileBytes + 1)
        let refusal = try #require(SwiftReader.refusal(big, file: "Big.swift"))
        #expect(refusal.location.line == 1)
        #expect(refusal.message.contains("larger than the 4 MB parsed for a Swift file"))
    }

    @Test(.timeLimit(.minutes(1)))
    func aHostileSwiftFileIsSkippedAndTheRestOfTheAppScanned() throws {
        let directory = try TemporaryDirectory()
        for file in Self.hostile {
            try Data(file.text.utf8).write(to: URL(fileURLWithPath: directory.file(file.name + ".swift")))
        }
        try Data("@implementation XFGoodRouting\nXF_AutoAssemblyModule_Fast\n- (void)go { XF_PUSH_Component_Fast(@\"Other\") }\n@end\n".utf8)
            .write(to: URL(fileURLWithPath: directory.file("Good.m")))
        let outcome = try AppScanner.scan(directory: directory.path)
        #expect(outcome.warnings.map { "\($0.location.file):\($0.location.line)" }.sorted()
            == Self.hostile.map { "\($0.name).swift:\($0.line)" }.sorted())
        #expect(outcome.app.edges(.push) == ["Good -> Other"])
    }

    /// Recursion a test thread's stack (512 KB) or the main thread's (8 MB) could not hold.
    @Test func largeStackHoldsDeepRecursion() {
        func depth(_ remaining: Int) -> Int {
            var frame = (remaining, remaining, remaining, remaining, remaining, remaining, remaining, remaining)
            return withUnsafeMutablePointer(to: &frame) { pointer in remaining == 0 ? pointer.pointee.0 : 1 + depth(remaining - 1) }
        }
        #expect(LargeStack.run { depth(200_000) } == 200_000)
    }
}
