import Foundation
import SwiftSyntax
import Testing
@testable import LegoScan

/// The function bodies NNModule-swift's scan leaves out of what swift-syntax parses: only bodies that cannot hold a
/// fact, with every position mapped back to the file's, so the facts are those of the whole file.
struct SwiftBodyOmissionTests {
    private func omission(_ text: String, keepingBodiesWith word: String = "Module") -> SwiftBodyOmission {
        SwiftBodyOmission(Array(text.utf8), keeping: BytePatterns([word]).occurs(in:))
    }

    /// The text parsed, with a body kept when it holds `word`.
    private func omitted(_ text: String, keepingBodiesWith word: String = "Module") -> String {
        String(decoding: omission(text, keepingBodiesWith: word).bytes, as: UTF8.self)
    }

    @Test func aBodyWithoutTheWordsIsLeftOutAndPositionsMapBack() throws {
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
        let omission = omission(text)
        #expect(String(decoding: omission.bytes, as: UTF8.self) == """
        final class Screen: UIViewController {
            func openNext() {
                Module.routeService.openRoute("next")
            }
            func updateTitle(_ title: String) {}
            init(name: String = { "x" }()) {}
            deinit {}
        }
        """)
        // Every byte kept maps back to the same byte of the file: the `}` after a left-out body is the file's `}`.
        let original = Array(text.utf8)
        var previous = -1
        for (offset, byte) in omission.bytes.enumerated() {
            let back = omission.originalOffset(offset)
            #expect(original[back] == byte && back > previous, "offset \(offset)")
            previous = back
        }
        // A location after a left-out body is the file's line and column.
        let deinitOffset = try #require(omission.bytes.indices.first { omission.bytes[$0...].starts(with: "deinit".utf8) })
        let source = SyntaxSource(omission, original: original)
        #expect(source.location(for: AbsolutePosition(utf8Offset: deinitOffset)) == SyntaxSource.Position(line: 10, column: 5))
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
        #expect(omitted(text) == """
        protocol Service {
            func start()
            var name: String { get }
            func stop() -> Bool
        }
        struct Holder { let made = Holder.init(); func make() -> Holder {} }
        """)
    }

    @Test func aNestedFunctionOfAKeptBodyIsLeftOutOnItsOwn() {
        let text = "func setUp() { func helper() { print(1) }\nModule.register(service: A.self, used: B.self) }"
        #expect(omitted(text) == "func setUp() { func helper() {}\nModule.register(service: A.self, used: B.self) }")
    }

    @Test func unpairedBracesLeaveTheFileWhole() {
        for text in ["func a() { print(1) ", "func a() { print(1) }}", "func a() { \"\\(", "func"] {
            #expect(omitted(text, keepingBodiesWith: "nothing") == text)
        }
    }

    /// The reader keeps every body that holds a word it acts on, conditional compilation and local classes included.
    @Test func theReaderKeepsBodiesWithTheFrameworksWordsAndDirectives() {
        for body in ["Module.routeService.openRoute(\"a\")", "bus.send(Refresh.self)", "refreshSet.addTarget(self)",
                     "class Local {}", "#if DEBUG\n}\nfunc b() {\n#endif", "URLRouteParser(defaultScheme: \"x\")"] {
            let text = "func a() {\n\(body)\n}\n"
            let result = SwiftBodyOmission(Array(text.utf8), keeping: NNSwiftReader.bodyWords.occurs(in:))
            #expect(String(decoding: result.bytes, as: UTF8.self) == text, "\(body)")
        }
    }

    /// Every Swift file of the scan's fixtures and of this package's sources gives the same NNModule-swift facts, with
    /// the same locations, read without its bodies as read whole.
    @Test func theFactsOfRealSwiftFilesAreThoseOfTheWholeFile() throws {
        let root = ScanFixtures.packageRoot
        var files = 0, omittedFiles = 0, facts = 0
        for folder in ["Tests/LegoScanTests/Fixtures", "Sources", "Tests/LegoScanTests"] {
            let enumerator = try #require(FileManager.default.enumerator(atPath: root.appendingPathComponent(folder).path))
            for case let path as String in enumerator where path.hasSuffix(".swift") {
                let bytes = Array(try Data(contentsOf: root.appendingPathComponent(folder).appendingPathComponent(path)))
                guard NNSwiftReader.mayCallTheFramework(bytes) else { continue }
                let whole = NNSwiftReader.read(text: String(decoding: bytes, as: UTF8.self), file: path)
                #expect(NNSwiftReader.read(bytes: bytes, file: path) == whole, "\(folder)/\(path)")
                files += 1
                facts += whole.registrations.count + whole.routes.count + whole.opens.count + whole.events.count + whole.classes.count
                if SwiftBodyOmission(bytes, keeping: { _ in false }).bytes != bytes { omittedFiles += 1 }
            }
        }
        #expect(files > 20 && omittedFiles > 20 && facts > 50, "the comparison read real code: \(files) files, \(facts) facts")
    }
}
