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
        // Each statement within the per-statement limits, the file past the work one (`costLimit`): 150 of these took
        // 12 s, 100 of the `@[` ones 27 s and 100 of the generic ones 4 s in the optimized fuzzing build.
        ("many-brackets", statements(" _ = " + String(repeating: "[", count: 12) + String(repeating: "]", count: 12), 150), 34),
        ("many-at-brackets", statements(" _ = " + String(repeating: "@[", count: 12) + String(repeating: "]", count: 12), 100), 10),
        ("many-generics", statements(" _ = a" + String(repeating: "<A", count: 40), 100), 81),
        // Generics inside `[` at the `[` limit: the fuzzer's (Fuzz/Corpus/fuzz-scan-swift/generics-in-at-brackets.swift)
        // took 14 s of the fuzzing build; the generics' cost doubles with each `[` around them.
        ("generics-in-brackets", "let y = " + String(repeating: "@[", count: 12) + String(repeating: "A<", count: 7)
            + String(repeating: ">", count: 7) + String(repeating: "]", count: 12), 1),
    ]

    /// A function whose body is `statement` `count` times, one per line from line 2.
    private static func statements(_ statement: String, _ count: Int) -> String {
        "func f() {\n" + String(repeating: statement + "\n", count: count) + "}\n"
    }

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

    @Test func aFileOfManyNestedStatementsIsRefusedForItsTotalWork() throws {
        let file = try #require(Self.hostile.first { $0.name == "many-brackets" })
        let refusal = try #require(SwiftReader.refusal(Array(file.text.utf8), file: "Many.swift"))
        #expect(refusal.message == "too many nested '[' and generic '<' in one file, up to here (the Swift parser would take too long or overflow its stack); skipped")
        // One statement fewer than where the work ran out is parsed.
        let fewer = Self.statements(" _ = " + String(repeating: "[", count: 12) + String(repeating: "]", count: 12), 32)
        #expect(SwiftReader.refusal(Array(fewer.utf8), file: "Fewer.swift") == nil)
    }

    /// Real Swift, and a large generated table of nested literals, stay far below the work limit.
    @Test func realSwiftIsFarBelowTheWorkLimit() throws {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
        let files = try #require(FileManager.default.enumerator(atPath: fixtures.path)).compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        #expect(files.count >= 10)
        for file in files {
            let bytes = try [UInt8](Data(contentsOf: fixtures.appendingPathComponent(file)))
            #expect(SwiftNesting.estimatedCost(of: bytes) < SwiftNesting.costLimit / 100, "\(file)")
        }
        let table = "let table: [String: [[Int]]] = [\n" + String(repeating: "    \"key\": [[1, 2], [3, [4][0]]],\n", count: 3_000) + "]\n"
        #expect(SwiftReader.refusal(Array(table.utf8), file: "Table.swift") == nil)
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
