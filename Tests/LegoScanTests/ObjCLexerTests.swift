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

    /// A block for iOS versions no Xcode builds for any more is skipped as `#if 0` is: opvexe/AcneTreatment keeps iOS 6
    /// code, with a stray `)`, under `#if __IPHONE_OS_VERSION_MIN_REQUIRED < __IPHONE_7_0`, which gave a false
    /// "unbalanced brackets" warning. A version an app may still target, or a longer condition, is read as code.
    @Test func aBlockForIOSVersionsNoXcodeBuildsIsSkipped() {
        for condition in ["__IPHONE_OS_VERSION_MIN_REQUIRED < __IPHONE_7_0", "__IPHONE_OS_VERSION_MIN_REQUIRED<__IPHONE_7_0",
                          "(__IPHONE_OS_VERSION_MAX_ALLOWED < 110000)", "__IPHONE_OS_VERSION_MIN_REQUIRED < __IPHONE_11_0"] {
            let lexer = ObjCLexer(bytes: Array("#if \(condition)\nold)\n#else\nshown\n#endif\nafter".utf8))
            #expect(lexer.tokens.map { lexer.text($0) } == ["shown", "after"], "\(condition)")
            #expect(lexer.problems.isEmpty, "\(condition)")
        }
        for condition in ["__IPHONE_OS_VERSION_MIN_REQUIRED < __IPHONE_13_0", "__IPHONE_OS_VERSION_MIN_REQUIRED >= __IPHONE_7_0",
                          "__IPHONE_OS_VERSION_MIN_REQUIRED < __IPHONE_7_0 && DEBUG", "TARGET_OS_IPHONE"] {
            let lexer = ObjCLexer(bytes: Array("#if \(condition)\nkept\n#endif\nafter".utf8))
            #expect(lexer.tokens.map { lexer.text($0) } == ["kept", "after"], "\(condition)")
        }
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

    /// Comments are skipped with `memchr` (to the next `*`, to the line's end) and most directives read in place: the
    /// lines, the columns and what counts as the start of a line must be what a byte-by-byte reading gave.
    @Test func commentsSkippedBySearchKeepLinesColumnsAndLineStarts() {
        let lexer = ObjCLexer(bytes: Array("/* a * b ** \n\n*/ x\n// c \\\n d\ny /* 中\n\n ** */ z\n/* u".utf8))
        #expect(lexer.tokens.map { lexer.text($0) } == ["x", "y", "z"])
        #expect(lexer.tokens.map(\.line) == [3, 6, 8])
        #expect(lexer.tokens.map(\.column) == [4, 1, 8])
        #expect(lexer.problems.map(\.line) == [9])
        #expect(lexer.inactive.map(\.kind) == [.comment, .comment, .comment, .comment])
        // A one-line comment leaves the line's start a line start; a comment over lines does not.
        let sameLine = ObjCLexer(bytes: Array("/* a */ #define K @\"v\"\n".utf8))
        #expect(sameLine.stringDefines.map(\.name) == ["K"] && sameLine.tokens.isEmpty)
        let overLines = ObjCLexer(bytes: Array("/* a\n */ #define K @\"v\"\n".utf8))
        #expect(overLines.stringDefines.isEmpty && overLines.tokens.count == 4)
    }

    @Test func directivesReadInPlaceOrCollectedGiveTheSameWords() {
        let lexer = ObjCLexer(bytes: Array("""
        #define A @"a"   \r
        #define B @"x//y"
        #define C @"c" // note
        #define D /* note */ @"d"
        #  define E \\
          @"e"
        #if 0 // off
        hidden
        #endif
        #ifdef X /* on */
        shown
        #endif
        """.utf8))
        #expect(lexer.stringDefines.map { "\($0.name)=\($0.value)@\($0.line)" } == ["A=a@1", "B=x//y@2", "C=c@3", "D=d@4", "E=e@5"])
        #expect(lexer.tokens.map { lexer.text($0) } == ["shown"])
        #expect(lexer.conditionals.map(\.kind) == [.open, .close, .open, .close])
        #expect(lexer.conditionals.map(\.line) == [7, 9, 10, 12])
    }

    @Test func identifierBytesAreLettersDigitsUnderscoreDollarAndEveryNonASCIIByte() {
        for byte in UInt8.min...UInt8.max {
            let scalar = Character(Unicode.Scalar(byte))
            let expected = byte >= 0x80 || (scalar.isASCII && (scalar.isLetter || scalar.isNumber)) || scalar == "_" || scalar == "$"
            #expect(ObjCLexer.isIdentifierBody(byte) == expected, "byte \(byte)")
            #expect(ObjCLexer.isIdentifierHead(byte) == (expected && !(scalar.isASCII && scalar.isNumber)), "byte \(byte)")
        }
    }
}
