import Foundation
import LegoModel
import LegoTestSupport
import Testing
@testable import LegoScan

/// Bad files give a warning naming file and line, and the rest of the app is still scanned.
@Suite struct BadInputTests {
    private static let goodFile = """
    @implementation XFGoodRouting
    XF_AutoAssemblyModule_Fast
    - (void)go { XF_PUSH_Component_Fast(@"Other") }
    @end
    """

    private func scan(_ files: [String: [UInt8]]) throws -> AppScanner.Outcome {
        let directory = try TemporaryDirectory()
        for (name, bytes) in files { try Data(bytes).write(to: URL(fileURLWithPath: directory.file(name))) }
        try Data(Self.goodFile.utf8).write(to: URL(fileURLWithPath: directory.file("Good.m")))
        return try AppScanner.scan(directory: directory.path)
    }

    @Test func aBinaryFileIsSkippedWithAWarning() throws {
        let outcome = try scan(["Bin.m": Array("line\nXF_PUSH_Component_Fast(@\"A\")\0\u{1}".utf8)])
        #expect(outcome.warnings.map { "\($0.location.file):\($0.location.line)" } == ["Bin.m:2"])
        #expect(outcome.app.edges(.push) == ["Good -> Other"])
    }

    @Test func aGBKFileWarnsWithTheLineAndItsCodeIsStillRead() throws {
        // `NSString *s = @"中文";` in GBK on line 2, then a push on line 3.
        let bytes = Array("@implementation XFGbkRouting\nNSString *s = @\"".utf8) + [0xD6, 0xD0, 0xCE, 0xC4]
            + Array("\";\n- (void)go { XF_PUSH_Component_Fast(@\"Good\") }\n@end\n".utf8)
        let outcome = try scan(["Gbk.m": bytes])
        #expect(outcome.warnings.map { "\($0.location.file):\($0.location.line)" } == ["Gbk.m:2"])
        #expect(outcome.warnings.first?.message.contains("UTF-8") == true)
        #expect(outcome.app.edges(.push).contains("Gbk -> Good"))
    }

    @Test func unbalancedBracketsWarnAndLaterCodeIsStillRead() throws {
        let text = "@implementation XFOddRouting\n- (void)go { [self foo:(\n}\nXF_PUSH_Component_Fast(@\"Good\")\n@end\n"
        let outcome = try scan(["Odd.m": Array(text.utf8)])
        #expect(outcome.warnings.map { "\($0.location.file):\($0.location.line)" } == ["Odd.m:2"])
        #expect(outcome.app.edges(.push).contains("Odd -> Good"))
    }

    @Test func aTenMegabyteSingleLineFileIsReadInOnePass() throws {
        var line = Array("@implementation XFBigRouting\n".utf8)
        let filler = Array("x = [a b:(c)]; ".utf8)
        while line.count < 10_000_000 { line += filler }
        line += Array("XF_PUSH_Component_Fast(@\"Good\")\n@end\n".utf8)
        let outcome = try scan(["Big.m": line])
        #expect(outcome.warnings.isEmpty)
        #expect(outcome.app.edges(.push).contains("Big -> Good"))
    }

    @Test func aFolderWithoutFrameworkCodeIsAClearError() {
        #expect(throws: ScanError.noFrameworkCode(path: ScanFixtures.path("NoFramework"), files: 1)) {
            try AppScanner.scan(directory: ScanFixtures.path("NoFramework"))
        }
        #expect(throws: ScanError.notADirectory(path: ScanFixtures.path("nowhere"))) {
            try AppScanner.scan(directory: ScanFixtures.path("nowhere"))
        }
    }
}
