import Foundation
import LegoModel
import Testing
@testable import LegoScan

/// A routing method that holds a transition and that nothing calls never runs: its transitions are notes, not edges.
/// Any doubt keeps the edge: a name written anywhere (Swift's shorter base name, a selector string, a comment), a
/// selector the framework sends, a class that is no routing, a superclass the app does not declare.
@Suite struct NeverCalledMethodsTests {
    private static let files: [String: String] = [
        "XFHomeRouting.h": """
            @interface XFHomeRouting : XFRouting
            - (void)transitionToDetail;
            - (void)transitionToOld;
            @end
            """,
        "XFHomeRouting.m": """
            #import "XFHomeRouting.h"
            @implementation XFHomeRouting
            - (void)transitionToDetail {
                XF_PUSH_URLComponent_Fast(@"xf://home/detail")
            }
            - (void)transitionToOld {
                XF_PUSH_URLComponent_Fast(@"xf://home/old")
            }
            - (void)transitionToSwiftWithName:(NSString *)name {
                XF_PUSH_URLComponent_Fast(@"xf://home/swift")
            }
            - (void)componentWillBecomeFocus {
                XF_PUSH_URLComponent_Fast(@"xf://home/focus")
            }
            - (void)transitionByString {
                XF_PUSH_URLComponent_Fast(@"xf://home/string")
            }
            - (void)transitionInAComment {
                XF_PUSH_URLComponent_Fast(@"xf://home/comment")
            }
            @end
            """,
        "XFHomePresenter.m": """
            @interface XFHomePresenter : XFPresenter
            @end
            @implementation XFHomePresenter
            - (void)didTapDetail {
                [(XFHomeRouting *)self.routing transitionToDetail];
                SEL later = NSSelectorFromString(@"transitionByString");
                // keep transitionInAComment for the next release
            }
            - (void)presenterMethodNobodyCalls {
                XF_PUSH_URLComponent_Fast(@"xf://home/presenter")
            }
            @end
            """,
        "Caller.swift": """
            final class Caller {
                func go(routing: XFHomeRouting) { routing.transitionToSwift(withName: "x") }
            }
            """,
        "XFPartRouting.m": """
            #import "XFPartRouting.h"
            @interface XFPartRouting : XFRouting
            @end
            @implementation XFPartRouting
            - (void)transitionDeclaredInAMissingHeader {
                XF_PUSH_URLComponent_Fast(@"xf://part/away")
            }
            @end
            """,
        "XFMineRouting.swift": """
            class XFMineRouting: XFRouting {
                private func transitionNobodyCallsInSwift() {
                    uiBus.openURL(forPush: "xf://mine/old", customCode: nil)
                }
                private func transitionCalledBelow() {
                    uiBus.openURL(forPush: "xf://mine/called", customCode: nil)
                }
                func transitionInternal() {
                    uiBus.openURL(forPush: "xf://mine/internal", customCode: nil)
                }
                func go() { transitionCalledBelow() }
            }
            """,
        "XFLooseRouting.m": """
            @interface XFLooseRouting : XFBaseRouting
            @end
            @implementation XFLooseRouting
            - (void)transitionNobodyCalls {
                XF_PUSH_URLComponent_Fast(@"xf://loose/away")
            }
            @end
            """,
    ]

    private static func scan() throws -> ScannedApp {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("never-called-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        return try AppScanner.scan(directory: folder.path).app
    }

    @Test func onlyARoutingMethodNamedNowhereLosesItsEdge() throws {
        let app = try Self.scan()
        let edges = Set(app.transitions.compactMap(\.url))
        #expect(edges == ["xf://home/detail", "xf://home/swift", "xf://home/focus", "xf://home/string", "xf://home/comment",
                          "xf://home/presenter", "xf://loose/away", "xf://part/away", "xf://mine/called", "xf://mine/internal"])
        let neverCalled = app.inactiveTransitions.filter { $0.reason == .neverCalled }
        #expect(Set(neverCalled.map { "\($0.transition.url ?? "-") \($0.transition.fact.location.file):\($0.transition.fact.location.line)" })
                == ["xf://home/old XFHomeRouting.m:7", "xf://mine/old XFMineRouting.swift:3"])
    }

    @Test func itIsANoteSayingWhy() throws {
        let result = StaticAnalyzer.analyze(try Self.scan())
        #expect(result.limitations.contains { $0.hasPrefix("never runs (in a method nothing calls): push Home -> xf://home/old at XFHomeRouting.m:7") })
        #expect(result.findings.allSatisfy { $0.location?.sourceLocation.line != 7 || $0.location?.sourceLocation.file != "XFHomeRouting.m" })
    }

    @Test func declarationsAreNotUsesButEveryOtherSpellingIs() {
        let bytes = { (text: String) in Array(text.utf8) }
        #expect(!NeverCalledMethods.isUsed("go", in: bytes("- (void)go;\n+ (id) go {\n  func go() {}\n}")))
        #expect(NeverCalledMethods.isUsed("go", in: bytes("[self go];")))
        #expect(NeverCalledMethods.isUsed("go", in: bytes("@selector(go)")))
        #expect(NeverCalledMethods.isUsed("go", in: bytes("x = a - (int)b; go")))
        #expect(!NeverCalledMethods.isUsed("go", in: bytes("goHome; ago; go_on")))
        #expect(NeverCalledMethods.wordPrefixes(of: "goToDetail") == ["goToDetail", "goTo", "go"])
        #expect(NeverCalledMethods.mayBeCalledUnnamed("setTitle") && NeverCalledMethods.mayBeCalledUnnamed("initWithName")
                && NeverCalledMethods.mayBeCalledUnnamed("receiveComponentEventName") && !NeverCalledMethods.mayBeCalledUnnamed("settle"))
    }

    /// The corpus app calls every routing method it writes; with one call taken out, that method's present is a note
    /// and its target loses its only way in.
    @Test(.enabled(if: ScanFixtures.corpusApp != nil)) func theCorpusCallsEveryRoutingMethodUntilOneCallIsTakenOut() throws {
        let corpus = try #require(ScanFixtures.corpusApp)
        let whole = try AppScanner.scan(directory: corpus).app
        #expect(whole.inactiveTransitions.filter { $0.reason == .neverCalled }.isEmpty)

        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("never-called-corpus-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: copy) }
        try FileManager.default.copyItem(atPath: corpus, toPath: copy.path)
        let presenter = copy.appendingPathComponent("XFLegoVIPERExample/Classes/Application/Components/SearchPicture/Search/User Interface/Presenter/XFSearchPresenter.m")
        let text = try String(contentsOf: presenter, encoding: .utf8)
        #expect(text.contains("[Routing transition2About];"))
        try Data(text.replacingOccurrences(of: "[Routing transition2About];", with: ";").utf8).write(to: presenter)
        let cut = try AppScanner.scan(directory: copy.path).app
        let notes = cut.inactiveTransitions.filter { $0.reason == .neverCalled }
        #expect(notes.map { "\($0.transition.fact.kind.rawValue) \($0.transition.url ?? "-")" } == ["present xf://search/about?nav=UI"])
        #expect(cut.transitions.count == whole.transitions.count - 1)
    }
}
