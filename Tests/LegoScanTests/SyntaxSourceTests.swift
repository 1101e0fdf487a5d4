import SwiftParser
import SwiftSyntax
import Testing
@testable import LegoScan

/// A node's text sliced from the parsed bytes is exactly swift-syntax's `trimmedDescription`, without its tree copies.
@Suite struct SyntaxSourceTests {
    @Test func everyNodesTextIsItsTrimmedDescription() {
        let text = """
            // 注释 with a URL: uiBus.openURL(forPush: "xf://a/b", customCode: nil)
            final class 模块Routing: XFRouting /* trailing */ {
                let names = ["A", "B"] // 🚀
                func go() {
                    #if false
                    uiBus.openURL(forPush: "xf://disabled", customCode: nil)
                    #endif
                    URLRouter.default.openRoute("nn://home?a=\\"1\\"").map { $0 }.filter { _ in true }
                }
            }
            """
        let source = SyntaxSource(bytes: Array(text.utf8))
        let tree = Parser.parse(source: text)
        var checked = 0
        for node in [Syntax(tree)] + tree.descendants {
            #expect(node.text(in: source) == node.trimmedDescription)
            checked += 1
        }
        #expect(checked > 100)
    }
}

extension SyntaxSourceTests {
    /// Lines counted on the bytes give every token's start and end where swift-syntax's converter puts them, with
    /// `\r\n`, a lone `\r`, Chinese, emoji and a multi-line string.
    @Test func everyTokensLocationIsTheConvertersLocation() {
        let text = "// 注释\r\nfinal class 模块: NSObject {\r    let s = \"\"\"\n    a 🚀\r\n    \"\"\"\n\n\tfunc go() { _ = \"x\" }\r\n}\n// end"
        let source = SyntaxSource(bytes: Array(text.utf8))
        let tree = Parser.parse(source: text)
        let converter = SourceLocationConverter(fileName: "F.swift", tree: tree)
        var checked = 0
        for token in tree.tokens(viewMode: .sourceAccurate) {
            for position in [token.position, token.positionAfterSkippingLeadingTrivia, token.endPositionBeforeTrailingTrivia, token.endPosition] {
                let expected = converter.location(for: position)
                #expect(source.location(for: position) == SyntaxSource.Position(line: expected.line, column: expected.column), "\(position)")
                checked += 1
            }
        }
        #expect(checked > 60)
    }
}

private extension SyntaxProtocol {
    /// Every node below this one, depth first.
    var descendants: [Syntax] { children(viewMode: .sourceAccurate).flatMap { [$0] + $0.descendants } }
}
