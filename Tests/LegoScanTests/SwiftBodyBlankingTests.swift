import Foundation
import Testing
@testable import LegoScan

/// The function bodies NNModule-swift's scan blanks before swift-syntax parses a file: only bodies that cannot hold a
/// fact, with every position kept, so the facts are those of the whole file.
struct SwiftBodyBlankingTests {
    /// The blanked text, with a body kept when it holds `word`.
    private func blanked(_ text: String, keepingBodiesWith word: String = "Module") -> String {
        let result = SwiftBodyBlanking.blanked(Array(text.utf8)) { ByteSearch.contains(Array(word.utf8), in: $0) }
        return String(decoding: result, as: UTF8.self)
    }

    /// Spaces and tabs out; what a reader of the blanked text sees.
    private func squeezed(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.split(separator: " ").joined(separator: " ") }.joined(separator: "\n")
    }

    @Test func aBodyWithoutTheWordsBecomesSpacesWithItsLineEndsKept() {
        let text = """
        final class Screen: UIViewController {
           func openNext() {
               Module.routeService.openRoute("next")
           }
           func updateTitle(_ title: String) {
               let label = "第1页 \\(title.map { $0 })"
               accessibilityLabel = label
           }
           init(name: String = { "x" }()) { super.init(nibName: nil, bundle: nil) }
           deinit { print("bye") }
        }
        """
        let result = blanked(text)
        #expect(result.utf8.count == text.utf8.count)
        #expect(squeezed(result) == """
        final class Screen: UIViewController {
        func openNext() {
        Module.routeService.openRoute("next")
        }
        func updateTitle(_ title: String) {
        

        }
        init(name: String = { "x" }()) { }
        deinit { }
        }
        """)
    }

    @Test func requirementsWithoutBodiesAndCallsOfInitAreNotBodies() {
        let text = """
        protocol Service {
           func start()
           var name: String { get }
           func stop() -> Bool
        }
        struct Holder { let made = Holder.init(); func make() -> Holder { .init() } }
        """
        // `var name`'s accessor block follows a requirement: it is not `start()`'s body.
        #expect(squeezed(blanked(text)) == """
        protocol Service {
        func start()
        var name: String { get }
        func stop() -> Bool
        }
        struct Holder { let made = Holder.init(); func make() -> Holder { } }
        """)
    }

    @Test func aNestedFunctionOfAKeptBodyIsBlankedOnItsOwn() {
        let text = "func setUp() { func helper() { print(1) }\nModule.register(service: A.self, used: B.self) }"
        #expect(squeezed(blanked(text)) == "func setUp() { func helper() { }\nModule.register(service: A.self, used: B.self) }")
    }

    @Test func unpairedBracesLeaveTheFileWhole() {
        for text in ["func a() { print(1) ", "func a() { print(1) }}", "func a() { \"\\(", "func"] {
           #expect(blanked(text) == text)
        }
    }

    /// The reader keeps every body that holds a word it acts on, conditional compilation and local classes included.
    @Test func theReaderKeepsBodiesWithTheFrameworksWordsAndDirectives() {
        for body in ["Module.routeService.openRoute(\"a\")", "bus.send(Refresh.self)", "refreshSet.addTarget(self)",
                    "class Local {}", "#if DEBUG\n}\nfunc b() {\n#endif", "URLRouteParser(defaultScheme: \"x\")"] {
           let text = "func a() {\n\(body)\n}\n"
           let result = SwiftBodyBlanking.blanked(Array(text.utf8)) { body in NNSwiftReader.bodyWords.contains { ByteSearch.contains($0, in: body) } }
           #expect(String(decoding: result, as: UTF8.self) == text, "\(body)")
        }
    }

    /// Every Swift file of the scan's fixtures and of this package's sources gives the same NNModule-swift facts read with
    /// its bodies blanked as read whole.
    @Test func theFactsOfRealSwiftFilesAreThoseOfTheWholeFile() throws {
        let root = ScanFixtures.packageRoot
        var files = 0, blankedFiles = 0, facts = 0
        for folder in ["Tests/LegoScanTests/Fixtures", "Sources", "Tests/LegoScanTests"] {
           let enumerator = try #require(FileManager.default.enumerator(atPath: root.appendingPathComponent(folder).path))
           for case let path as String in enumerator where path.hasSuffix(".swift") {
               let bytes = Array(try Data(contentsOf: root.appendingPathComponent(folder).appendingPathComponent(path)))
               guard NNSwiftReader.mayCallTheFramework(bytes) else { continue }
               let whole = NNSwiftReader.read(text: String(decoding: bytes, as: UTF8.self), file: path)
               #expect(NNSwiftReader.read(bytes: bytes, file: path) == whole, "\(folder)/\(path)")
               files += 1
               facts += whole.registrations.count + whole.routes.count + whole.opens.count + whole.events.count + whole.classes.count
               if SwiftBodyBlanking.blanked(bytes, keeping: { _ in false }) != bytes { blankedFiles += 1 }
           }
        }
        #expect(files > 20 && blankedFiles > 20 && facts > 50, "the comparison read real code: \(files) files, \(facts) facts")
    }
}
