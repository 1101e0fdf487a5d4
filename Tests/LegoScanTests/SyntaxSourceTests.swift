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

private extension SyntaxProtocol {
    /// Every node below this one, depth first.
    var descendants: [Syntax] { children(viewMode: .sourceAccurate).flatMap { [$0] + $0.descendants } }
}
