import Testing
@testable import LegoScan

@Suite struct ObjCLexerTests {
    private func texts(_ source: String) -> [String] {
        let lexer = ObjCLexer(bytes: Array(source.utf8))
        return lexer.tokens.map { lexer.text($0) }
    }

    /// A file that ends inside a string on a backslash (found by fuzz-scan-objc, seed `string-ending-in-backslash.m`):
    /// the string's token ends at the last byte, so every reader's slice of it stays in the file.
    @Test(arguments: ["NSString *text = @\"abc\\", "x = '\\", "t = @\"\\"])
    func aStringEndingTheFileOnABackslashStaysInsideIt(_ source: String) {
        let lexer = ObjCLexer(bytes: Array(source.utf8))
        #expect(lexer.tokens.allSatisfy { $0.start <= $0.end && $0.end <= source.utf8.count })
        #expect(lexer.problems.contains { $0.message.hasPrefix("unterminated") })
        // The readers of every framework take it without trapping.
        _ = QFObjCReader.read(bytes: Array(source.utf8), file: "A.m")
        _ = ObjCReader.read(bytes: Array(source.utf8), file: "A.m")
        _ = NNObjCReader.read(bytes: Array(source.utf8), file: "A.m")
    }

    @Test func commentsAndPreprocessorLinesAreNotTokens() {
        let tokens = texts("""
        #import "A.h"
        #define XF_PUSH_Component_Fast(x) \\
            [self push:x]
        // XF_PUSH_Component_Fast(@"a")
        /* XF_PUSH_Component_Fast(@"b") */ foo
        """)
        #expect(tokens == ["foo"])
    }

    @Test func ifZeroBlocksAreSkippedWithTheirNestedIfsAndElseBranchIsKept() {
        let tokens = texts("""
        #if 0
        hidden1
        #if 1
        hidden2
        #endif
        #else
        shown
        #endif
        after
        """)
        #expect(tokens == ["shown", "after"])
    }

    @Test func stringLiteralsKeepEscapesAndChineseAndHideWhatLooksLikeCode() throws {
        let source = #"x = @"XF_PUSH(@\"in\") 中文 \\" "c\tq"; y = '\''; z = '[';"#
        let lexer = ObjCLexer(bytes: Array(source.utf8))
        let strings = lexer.tokens.filter(\.isString).map { lexer.stringValue($0) }
        #expect(strings == [#"XF_PUSH(@"in") 中文 \"#, "c\tq"])
        #expect(lexer.tokens.filter { $0.kind == .character }.count == 2)
        // The `[` in a character literal opens nothing.
        #expect(lexer.problems.isEmpty)
    }

    @Test func bracketsAreMatchedAndAStrayOneIsReportedWithItsLine() {
        let balanced = ObjCLexer(bytes: Array("[a b:(c) d:{e}]".utf8))
        #expect(balanced.partner[0] == Int32(balanced.tokens.count - 1))
        let stray = ObjCLexer(bytes: Array("a\nb(\nc[d]\n".utf8))
        #expect(stray.problems.map(\.line) == [2])
        #expect(stray.problems.first?.message.contains("never closed") == true)
    }

    @Test func linesAndColumnsCountUTF8BytesAfterMultiLineComments() {
        let lexer = ObjCLexer(bytes: Array("/* 中\n */ ab\n  cd".utf8))
        #expect(lexer.tokens.map(\.line) == [2, 3])
        #expect(lexer.tokens.map(\.column) == [5, 3])
    }
}
