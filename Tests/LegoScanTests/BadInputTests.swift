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

    /// Issue #21: a UTF-16 source (Xcode can save one) was skipped as "binary (a NUL byte)".
    @Test func aUTF16SourceWithAByteOrderMarkIsReadAndOneWithoutSaysUTF16() throws {
        let text = "@implementation XFWideRouting\n- (void)go { XF_PUSH_Component_Fast(@\"Good\") }\n@end\n"
        let units = Array(text.utf16)
        let littleEndian: [UInt8] = [0xFF, 0xFE] + units.flatMap { unit -> [UInt8] in [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let bigEndian: [UInt8] = [0xFE, 0xFF] + units.flatMap { unit -> [UInt8] in [UInt8(unit >> 8), UInt8(unit & 0xFF)] }
        for bytes in [littleEndian, bigEndian] {
            let outcome = try scan(["Wide.m": bytes])
            #expect(outcome.warnings.isEmpty, "\(outcome.warnings)")
            #expect(outcome.app.edges(.push).contains("Wide -> Good"), "\(outcome.app.edges(.push))")
        }
        let bare = try scan(["Bare.m": Array(littleEndian.dropFirst(2))])
        #expect(bare.warnings.map(\.message) == ["UTF-16 without a byte-order mark; save it as UTF-8 (or with a BOM) to scan it"])
    }

    /// Issue #21: names that are not UTF-8 were dropped without a word (GBK names from an archive unzipped on Linux).
    @Test func aFileAndAFolderNamedInGBKAreScannedWithAWarningNamingThem() throws {
        let directory = try TemporaryDirectory()
        // 中文 in GBK: D6 D0 CE C4.
        let folder = Array(directory.path.utf8) + [0x2F, 0xD6, 0xD0, 0xCE, 0xC4]
        try #require((folder + [0]).withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { mkdir($0.baseAddress!, 0o755) } } == 0)
        let file = folder + Array("/XFGbk".utf8) + [0xCE, 0xC4] + Array("Routing.m".utf8)
        let source = "@implementation XFGbkRouting\n- (void)go { XF_PUSH_Component_Fast(@\"Good\") }\n@end\n"
        let descriptor = (file + [0]).withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT, 0o644) } }
        try #require(descriptor >= 0)
        _ = Array(source.utf8).withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        try Data(Self.goodFile.utf8).write(to: URL(fileURLWithPath: directory.file("Good.m")))
        let outcome = try AppScanner.scan(directory: directory.path)
        #expect(outcome.fileCount == 2)
        #expect(outcome.app.edges(.push).contains("Gbk -> Good"), "\(outcome.app.edges(.push))")
        let warned = outcome.warnings.filter { $0.message.contains("not UTF-8") }.map(\.location.file)
        #expect(warned == ["\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}", "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}/XFGbk\u{FFFD}\u{FFFD}Routing.m"], "\(warned)")
    }

    /// Issue #21: folders nested past PATH_MAX were dropped without a word.
    @Test func aFolderPastPathMaxIsAWarningNamingIt() throws {
        let directory = try TemporaryDirectory()
        let name = String(repeating: "d", count: 250)
        var descriptor = open(directory.path, O_RDONLY | O_DIRECTORY)
        var depth = 0
        while (depth + 1) * 251 + directory.path.utf8.count < Int(PATH_MAX) + 300 {
            try #require(mkdirat(descriptor, name, 0o755) == 0)
            let next = openat(descriptor, name, O_RDONLY | O_DIRECTORY)
            close(descriptor)
            descriptor = next
            depth += 1
        }
        close(descriptor)
        try Data(Self.goodFile.utf8).write(to: URL(fileURLWithPath: directory.file("Good.m")))
        let outcome = try AppScanner.scan(directory: directory.path)
        let long = outcome.warnings.filter { $0.message.contains("longer than \(PATH_MAX) bytes") }
        #expect(long.count == 1, "\(outcome.warnings)")
        #expect(long.first?.location.file.hasPrefix(name + "/" + name) == true)
        #expect(outcome.app.edges(.push) == ["Good -> Other"])
    }

    /// A folder the scan cannot list is a warning naming it (root reads every folder, so this runs as a user only).
    @Test(.enabled(if: getuid() != 0))
    func anUnreadableFolderIsAWarningNamingIt() throws {
        let directory = try TemporaryDirectory()
        let locked = directory.file("Locked")
        try FileManager.default.createDirectory(atPath: locked, withIntermediateDirectories: true)
        try Data(Self.goodFile.utf8).write(to: URL(fileURLWithPath: directory.file("Good.m")))
        try #require(chmod(locked, 0) == 0)
        defer { chmod(locked, 0o755) }
        let outcome = try AppScanner.scan(directory: directory.path)
        #expect(outcome.warnings.map(\.location.file) == ["Locked"])
        #expect(outcome.warnings.first?.message.hasPrefix("cannot list the folder (Permission denied)") == true)
    }

    /// A file is read into an array of the size `fstat` gave; one that says less than it holds (a file that grew
    /// since, or a kernel file that says 0) is still read to its end.
    @Test func aFileHoldingMoreThanItsSizeSaysIsReadToItsEnd() throws {
        let kernelFile = "/proc/self/status"
        guard FileManager.default.fileExists(atPath: kernelFile) else { return }
        guard case .bytes(let read) = SourceTree.contents(of: .init(path: Array(kernelFile.utf8), relativePath: "status", language: .objectiveC))
        else { Issue.record("\(kernelFile) was not read"); return }
        #expect(String(decoding: read, as: UTF8.self).hasPrefix("Name:"))
        #expect(read.last == 0x0A && read.count > 100)
        let directory = try TemporaryDirectory()
        let bytes = Array(repeating: Array("x = 1;\n".utf8), count: 20_000).flatMap { $0 }
        try Data(bytes).write(to: URL(fileURLWithPath: directory.file("A.m")))
        guard case .bytes(let whole) = SourceTree.contents(of: .init(path: Array(directory.file("A.m").utf8), relativePath: "A.m", language: .objectiveC))
        else { Issue.record("A.m was not read"); return }
        #expect(whole == bytes)
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

    /// The routing imports are found in one pass: a two-megabyte line of `Routing.h` names is read once, not once per
    /// name back to the line's start.
    @Test func aLineOfManyRoutingHeadersIsReadInOnePass() {
        let line = Array(("#import " + String(repeating: "XRouting.h", count: 200_000) + "\n#import <Shop/BDJShopRouting.h>\n").utf8)
        let found = ObjCReader.importedRoutings(line, file: "Big.m")
        #expect(found.count == 200_001)
        #expect(found.last.map { "\($0.className) \($0.location.line)" } == "BDJShopRouting 2")
    }

    @Test func aFolderWithoutFrameworkCodeIsAClearError() {
        #expect(throws: ScanError.noFrameworkCode(path: ScanFixtures.path("NoFramework"), files: 1, frameworks: [.xflegoViper])) {
            try AppScanner.scan(directory: ScanFixtures.path("NoFramework"))
        }
        #expect(throws: ScanError.notADirectory(path: ScanFixtures.path("nowhere"))) {
            try AppScanner.scan(directory: ScanFixtures.path("nowhere"))
        }
    }
}
