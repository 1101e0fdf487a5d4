/// Recognises test targets in an app's folder: files that import a test framework, and the test folders holding them.
///
/// A test bundle is another executable: its mocks, stub registrations and deliberate failures (`XCTAssertThrows` of a
/// bad open) are not the app's, and merged with it they both invent findings and hide real ones.
enum TestCode {
    /// The test framework a file imports (`XCTest`, `Testing`, `Quick`, `Kiwi` …), or nil for app code.
    ///
    /// Only an import directive at the start of a line counts, so a comment or a string naming XCTest does not.
    static func importedFramework(in bytes: [UInt8], language: SourceTree.Language) -> String? {
        switch language {
        case .objectiveC:
            for (needle, name) in objectiveCImports where lineStarts(with: needle, in: bytes) { return name }
        case .swift:
            for (needle, name) in swiftImports where lineStarts(with: needle, in: bytes, wordEnd: true) { return name }
        }
        return nil
    }

    /// Whether a folder's name marks a test target (`AppTests`, `AppUITests`, `Tests`, `CartSpecs`), ignoring case. The
    /// singular (`ABTest`, `Latest`, `SpeedTest`) names app features as often as tests.
    static func isTestFolderName(_ name: Substring) -> Bool {
        let lower = name.lowercased()
        // `TestHelpers`, `TestSupport`, `Testing`: a folder of test support beside the tests.
        let support = name.hasPrefix("Testing") || (name.hasPrefix("Test") && name.dropFirst(4).first?.isUppercase == true)
        return support || testFolderSuffixes.contains { lower.hasSuffix($0) }
    }

    /// The folder a test file's target is: the innermost folder above it named like a test target, widened through the
    /// test-named folders around it (`Tests/AppTests/…` is `Tests`, `App/ABTest/Tests/…` is `App/ABTest/Tests`); nil when
    /// the file's own folder is not test-named (the file alone is test code).
    static func testFolder(of relativePath: String) -> String? {
        let parts = relativePath.split(separator: "/").dropLast()
        guard var index = parts.lastIndex(where: isTestFolderName) else { return nil }
        // Widened only through a package's own `Tests`/`Specs` folder (`Tests/AppTests`): an app or feature named
        // `CarSpecs` or `ProductSpecs` holding its tests is app code.
        while index > parts.startIndex, ["tests", "specs"].contains(parts[index - 1].lowercased()) { index -= 1 }
        return parts[...index].joined(separator: "/")
    }

    private static let testFolderSuffixes = ["tests", "specs"]

    private static let objectiveCImports: [([UInt8], String)] = [
        ("#import <XCTest/", "XCTest"), ("#include <XCTest/", "XCTest"), ("@import XCTest", "XCTest"),
        ("@import Quick", "Quick"), ("@import Nimble", "Nimble"), ("@import Kiwi", "Kiwi"), ("@import Specta", "Specta"),
        ("@import Expecta", "Expecta"), ("@import OCMock", "OCMock"),
        ("#import <Kiwi/", "Kiwi"), ("#import \"Kiwi.h\"", "Kiwi"), ("#import <Specta/", "Specta"), ("#import <Expecta/", "Expecta"),
        ("#import <OCMock/", "OCMock"), ("#import <Quick/", "Quick"), ("#import <Nimble/", "Nimble"), ("#import <KIF/", "KIF"),
        ("#import <FBSnapshotTestCase/", "FBSnapshotTestCase"),
    ].map { (Array($0.0.utf8), $0.1) }

    private static let swiftImports: [([UInt8], String)] = [
        ("import XCTest", "XCTest"), ("@testable import", "XCTest"), ("import Testing", "Swift Testing"), ("import Quick", "Quick"),
        ("import Nimble", "Nimble"), ("import SnapshotTesting", "SnapshotTesting"), ("import KIF", "KIF"),
        ("import iOSSnapshotTestCase", "iOSSnapshotTestCase"),
    ].map { (Array($0.0.utf8), $0.1) }

    /// Whether `needle` occurs at the start of a line (after spaces or tabs); with `wordEnd`, not followed by a letter,
    /// digit or `_` (`import Testing` is not `import TestingHelpers`).
    private static func lineStarts(with needle: [UInt8], in bytes: [UInt8], wordEnd: Bool = false) -> Bool {
        var from = 0
        while let hit = ByteSearch.firstIndex(of: needle, in: bytes, range: from..<bytes.count) {
            from = hit + 1
            var start = hit
            while start > 0, bytes[start - 1] == 0x20 || bytes[start - 1] == 0x09 { start -= 1 }
            guard start == 0 || bytes[start - 1] == 0x0A || bytes[start - 1] == 0x0D else { continue }
            // A line of a `/* … */` comment (a doc comment showing how to test) is no import.
            if insideBlockComment(hit, bytes) { continue }
            let end = hit + needle.count
            if wordEnd, end < bytes.count, ByteSearch.isNameByte(bytes[end]) { continue }
            return true
        }
        return false
    }

    /// Whether offset `index` lies inside a `/* … */` comment: the last `/*` before it is not closed before it.
    private static func insideBlockComment(_ index: Int, _ bytes: [UInt8]) -> Bool {
        var open = false
        var cursor = 0
        while cursor + 1 < index {
            if bytes[cursor] == UInt8(ascii: "/"), bytes[cursor + 1] == UInt8(ascii: "*"), !open { open = true; cursor += 2; continue }
            if bytes[cursor] == UInt8(ascii: "*"), bytes[cursor + 1] == UInt8(ascii: "/"), open { open = false; cursor += 2; continue }
            cursor += 1
        }
        return open
    }

}
