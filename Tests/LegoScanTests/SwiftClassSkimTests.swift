import Foundation
import Testing
@testable import LegoScan

/// The byte-level class reader that NNModule-swift's scan uses for files naming none of the framework's API: it must
/// find what swift-syntax finds, or a superclass chain (and with it an impl's `implPriority`) goes unknown.
struct SwiftClassSkimTests {
    /// swift-syntax's answer, as the NNModule reader records it.
    private func parsed(_ text: String) -> [SwiftClassSkim.Declaration] {
        NNSwiftReader.read(text: text, file: "F.swift").classes.map {
            .init(name: $0.name, superclass: $0.superclass, line: $0.location.line, column: $0.location.column)
        }
    }

    private func skimmed(_ text: String) -> [SwiftClassSkim.Declaration] { SwiftClassSkim.declarations(in: Array(text.utf8)) }

    @Test func itFindsWhatSwiftSyntaxFindsInTrickySpellings() {
        let text = #"""
        import UIKit
        /* class Hidden: NSObject {} /* nested */ class StillHidden {} */
        // class Commented: NSObject
        final class Plain: NSObject, LoginService {
            class func make() -> Plain { Plain() }
            class var shared: Plain { Plain() }
            static let text = "class InString: NSObject { \("class InInterpolation") }"
            let raw = #"a "quoted" class RawString: X \#(1 + (2)) "#
            let block = """
                class InMultiline: NSObject
                \(value("class Nested"))
                """
        }
        protocol Service: class {}
        public class Box<T: Equatable, U>: Base<T>.Inner<U>, Service where T: Hashable {}
        @objc(XYZ) open class `Escaped` : UIViewController {}
        class Leaf {}
        let x = object.class
        func f() { class Local: Leaf {}; _ = Local() }
        @available(iOS 13, *) class 帖子😀: NSObject {}
        import class Foundation.NSObject
        func register(class cls: AnyClass, _ other: Int, class second: AnyClass) {}
        class Mapper: Base<(Int) -> Int, String>, Service {}
        """#
        let expected = parsed(text)
        #expect(expected.map(\.name) == ["Plain", "Box", "`Escaped`", "Leaf", "Local", "帖子😀", "Mapper"], "the test's premise: what swift-syntax sees")
        #expect(skimmed(text) == expected)
    }

    /// Reading stops after the last `class` of the file and the clauses that may follow it: what comes after holds no
    /// declaration, however the declarations before it are spelled.
    @Test func readingStopsAfterTheLastClassWordWithItsClauses() {
        let body = String(repeating: "    func f() { let s = \"}\"; print(s) }\n", count: 2_000)
        let longClause = "Base<" + (0..<120).map { "T\($0)" }.joined(separator: ", ") + ">"
        for text in [
            "final class Top: NSObject {\n\(body)}\n// a subclass would go here\n",
            "\(body)\nclass Last: \(longClause), Service {}\n",
            "let s = \"no declarations here\"\n\(body)",
            "/* class Hidden: A */\n\(body)class Shown: B {}\n",
        ] {
            #expect(skimmed(text) == parsed(text))
        }
    }

    /// The last `class` is found eight bytes at a time from the end: at every alignment, at the file's first and last
    /// bytes, and behind an `a` of ordinary code in the same eight bytes.
    @Test func theLastClassWordIsFoundAtEveryAlignment() {
        for padding in 0..<17 {
            let spaces = String(repeating: " ", count: padding)
            for text in [
                "\(spaces)class A: B {}",
                "class A: B {}\(spaces)",
                "let a = 1\n\(spaces)class A: B {}\(spaces)//aaaa",
                "class A {}\n\(spaces)let classa = 1; class B: C",
            ] {
                #expect(skimmed(text) == parsed(text), "padding \(padding): \(text.debugDescription)")
            }
        }
        #expect(skimmed("clas").isEmpty && skimmed("").isEmpty)
    }

    /// The protocols a file declares, as swift-syntax finds them: not a composition, an argument label, a member named
    /// `protocol`, an import, or a word in a comment or string.
    @Test func itFindsTheProtocolsSwiftSyntaxFinds() {
        let text = #"""
            import protocol Foundation.NSCoding
            protocol Plain {}
            public protocol Service: AnyObject, Plain where Self: NSObject {}
            @objc(XYZService) protocol `Escaped` {}
            // protocol Commented {}
            let s = "protocol InString {}"
            typealias Both = protocol<Plain, Service>
            func f(protocol p: Plain) { _ = x.protocol; g(a: 1, protocol: p) }
            enum Outer { protocol Inner {} }
            class Last: NSObject {}
            """#
        let parsed = NNSwiftReader.read(text: text, file: "F.swift").protocols
        #expect(parsed == ["Plain", "Service", "`Escaped`", "Inner"], "the test's premise: what swift-syntax sees")
        #expect(SwiftClassSkim.read(Array(text.utf8)).protocols == parsed)
        // The reading stops after the last `protocol` too.
        let tail = String(repeating: "func f() { }\n", count: 2_000) + "protocol AtTheEnd {}\n"
        #expect(SwiftClassSkim.read(Array(tail.utf8)).protocols == ["AtTheEnd"])
    }

    /// The aliases of plain or dotted types a file declares, as the syntax reader keeps them: not a generic alias, a
    /// composition, an optional, a function type, a member named `typealias`, or a word in a comment or string.
    @Test func itFindsTheAliasesOfPlainTypesTheSyntaxReaderKeeps() {
        let text = #"""
            typealias LoginService = LoginServiceProtocol
            public typealias Qualified = App.Services.PayService;
            typealias Both = Plain & Service
            typealias Maybe = Plain?
            typealias Handler = (String) -> Void
            typealias List<T> = Array<T>
            typealias Boxed = Box<Plain>
            // typealias Commented = Plain
            let s = "typealias InString = Plain"
            enum Outer { typealias Inner = Plain }
            let x = y.typealias
            typealias Split = Plain
                & Service
            let visibility: Visibility = .private
            typealias Existential = any App.Plain
            #if DEBUG
            fileprivate typealias Guarded = Plain
            #endif
            protocol Owner { typealias InProtocol = Plain }
            func f() { typealias Local = Plain }
            class Last: NSObject {}
            """#
        let parsed = NNSwiftReader.read(text: text, file: "F.swift").typeAliases
            .map { "\($0.name)=\($0.target)@\($0.location.line):\($0.location.column)\($0.fileScoped ? " private" : "")" }
        // Inside a type or a function an alias is that scope's own name.
        #expect(parsed == ["LoginService=LoginServiceProtocol@1:11", "Qualified=App.Services.PayService@2:18", "Existential=App.Plain@15:11", "Guarded=Plain@17:23 private"],
                "the test's premise: what the syntax reader keeps")
        #expect(SwiftClassSkim.read(Array(text.utf8)).aliases.map { "\($0.name)=\($0.target)@\($0.line):\($0.column)\($0.fileScoped ? " private" : "")" } == parsed)
        // The reading stops after the last `typealias` too.
        let tail = String(repeating: "func f() { }\n", count: 2_000) + "typealias AtTheEnd = Plain\n"
        #expect(SwiftClassSkim.read(Array(tail.utf8)).aliases.map(\.name) == ["AtTheEnd"])
    }

    /// Old Mac line endings (a lone `\r`) end comments, strings and lines, as swift-syntax reads them.
    @Test func loneCarriageReturnsEndLines() {
        let text = "// header\rclass A: NSObject {}\r\r\nlet s = \"x\r\"\rclass B: A {}\r/* a\rb */ class C {}\n"
        #expect(parsed(text).map(\.name) == ["A", "B", "C"])
        #expect(skimmed(text) == parsed(text))
    }

    /// Every Swift file of the scan's fixtures and of this package's scanner and runtime sources: real code, read both ways.
    @Test func itAgreesWithSwiftSyntaxOnRealSwiftFiles() throws {
        let root = ScanFixtures.packageRoot
        let folders = ["Tests/LegoScanTests/Fixtures", "Sources/LegoScan", "Sources/LegoRuntime", "Sources/NNModuleRuntime"]
        var files = 0, classes = 0
        for folder in folders {
            let enumerator = try #require(FileManager.default.enumerator(atPath: root.appendingPathComponent(folder).path))
            for case let path as String in enumerator where path.hasSuffix(".swift") {
                let text = try String(contentsOf: root.appendingPathComponent(folder).appendingPathComponent(path), encoding: .utf8)
                let expected = parsed(text)
                #expect(skimmed(text) == expected, "\(folder)/\(path)")
                files += 1
                classes += expected.count
            }
        }
        #expect(files > 40 && classes > 20, "the comparison read real code: \(files) files, \(classes) classes")
    }

    /// Bytes that are not code never trap or hang it: unterminated strings, comments and interpolations, deep nesting.
    @Test func badBytesEndTheReadingWithoutATrap() {
        for text in ["class", "class A: \"", "/* class A", "\"\\(", String(repeating: "\"\\(", count: 10_000) + "class A {}",
                     "class A<", "class A: B<C", "#\"\\#(", "class `A", "class A: B, \u{FFFD}"] {
            _ = skimmed(text)
        }
        // A declaration's clauses are bounded: a file of unfinished ones is read in linear time, not quadratic.
        #expect(skimmed(String(repeating: "class A: B ", count: 20_000)).count == 20_000)
        #expect(skimmed(String(repeating: "class A< ", count: 20_000)).count == 20_000)
        #expect(skimmed("class A: B<C").first?.superclass == "B<C")
    }

    /// Each call and declaration the NNModule-swift reader turns into a fact, written as an app would: the prefilter lets
    /// every one through to swift-syntax (drop a word from `apiWords` and its snippet fails here).
    @Test(arguments: [
        "Module.register(service: LoginService.self, used: LoginServiceImpl.self)",
        "_ = Module.service(of: LoginService.self)",
        "let router = URLRouter(with: upper)",
        "_ = URLRouteParser(defaultScheme: \"shop\")",
        "router.registerRoute(\"login\") { _, _, _ in true }",
        "router.delayedRegisterRoute(\"login\") { _, _, _ in true }",
        "router.registerRoutes([\"a\", \"b\"], used: sub)",
        "router.openRoute(\"login\")",
        "router.updateRedirectRoutes([\"old\": \"new\"])",
        "router.routeInterceptor.append(LoginCheck())",
        "EventBus.register(LoginEvent.self, target: self)",
        "EventBus.send(LoginEvent.self) { $0.didLogin() }",
        "EventBus.remove(LoginEvent.self, target: self)",
        "center.addObserver(forName: .init(\"cart\"), isSticky: true) { _ in }",
        "app.notificationService.post(name: Notification.Name(\"cart\"))",
        "app.tabService.addRegister(HomeTab.self)",
    ])
    func everyFactOfTheReaderPassesThePrefilter(call: String) {
        let text = "final class Home: NSObject {\n    func start() {\n        \(call)\n    }\n}\n"
        var facts = NNSwiftReader.read(text: text, file: "Home.swift")
        facts.classes = []
        #expect(facts != NNFacts(), "the snippet must give the reader a fact: \(call)")
        #expect(NNSwiftReader.mayCallTheFramework(Array(text.utf8)), "\(call)")
        // Nor is the function body holding it left out of the parse (`SwiftBodyOmission`).
        #expect(NNSwiftReader.read(bytes: Array(text.utf8), file: "Home.swift") == NNSwiftReader.read(text: text, file: "Home.swift"), "\(call)")
    }

    /// The declarations that give facts: a priority, an event set used in its file, a bootstrap method.
    @Test func everyDeclarationOfTheReaderPassesThePrefilter() {
        let declarations = [
            "final class Impl: NSObject { static var implPriority: Int { 100 } }",
            "let changes = EventSet<CartEvent>()\nfunc f() { changes.send { $0.changed() } }",
            "let changes = EventSet<CartEvent>()\nfunc f() { changes.addTarget(self) }\nfunc g() { changes.removeTarget(self) }",
            "extension Module.RegisterService { @objc static func registerLogin() {} }",
        ]
        for text in declarations {
            var facts = NNSwiftReader.read(text: text, file: "Decl.swift")
            facts.classes = []
            #expect(facts != NNFacts() && NNSwiftReader.mayCallTheFramework(Array(text.utf8)), "\(text)")
            #expect(NNSwiftReader.read(bytes: Array(text.utf8), file: "Decl.swift").events == facts.events, "\(text)")
        }
    }

    /// The prefilter: a file with none of the API's words is read for its classes alone, and loses no other fact.
    @Test func aFileWithoutTheFrameworksWordsHasNoOtherFacts() throws {
        let root = ScanFixtures.packageRoot
        var skipped = 0
        for folder in ["Sources/LegoScan", "Sources/LegoRuntime", "Tests/LegoScanTests/Fixtures"] {
            let enumerator = try #require(FileManager.default.enumerator(atPath: root.appendingPathComponent(folder).path))
            for case let path as String in enumerator where path.hasSuffix(".swift") {
                let bytes = Array(try Data(contentsOf: root.appendingPathComponent(folder).appendingPathComponent(path)))
                guard !NNSwiftReader.mayCallTheFramework(bytes) else { continue }
                var full = NNSwiftReader.read(text: String(decoding: bytes, as: UTF8.self), file: path)
                let light = NNSwiftReader.read(bytes: bytes, file: path)
                #expect(light.classes == full.classes, "\(path)")
                #expect(light.protocols == full.protocols, "\(path)")
                #expect(light.typeAliases == full.typeAliases, "\(path)")
                full.classes = []
                full.protocols = []
                full.typeAliases = []
                // A type's own aliases are read only with the syntax tree: they matter to lookups written inside the type,
                // which name the API, so their file is read in full (an extension in another file is the rare exception).
                full.typeScopedAliases = []
                // Structs and enums matter only to recognise the framework's own files, whose every value type's name
                // holds a word of the API (checked below), so such a file is always read in full.
                full.valueTypes = []
                #expect(full == NNFacts(), "\(path): a fact the prefilter would lose")
                skipped += 1
            }
        }
        #expect(skipped > 10)
        for name in NNScanner.ownTypes {
            #expect(NNSwiftReader.apiWords.occurs(in: Array(name.utf8)), "\(name)")
        }
        // One event-bus call alone makes a file worth parsing.
        let bus = "final class Home { func start() { EventBus.shared.register(LoginEvent.self, target: self) } }"
        #expect(NNSwiftReader.mayCallTheFramework(Array(bus.utf8)))
        #expect(NNSwiftReader.read(bytes: Array(bus.utf8), file: "Home.swift").events.count == 1)
        #expect(!NNSwiftReader.mayCallTheFramework(Array("final class Cell: UITableViewCell { let id = \"cell\" }".utf8)))
    }
}
