import Foundation
import LegoModel
import Testing
@testable import LegoScan

/// `scan` without `--framework` picks the framework whose markers most files hold, says so, and dispatches to its
/// scanner; a named framework scan cannot read yet is a clear error.
struct FrameworkDetectionTests {
    @Test func anXFLegoVIPERAppIsDetectedAndScannedAsOne() throws {
        let outcome = try AppScanner.scan(directory: ScanFixtures.path("BDJApp"), framework: nil)
        let detection = try #require(outcome.detection)
        #expect(detection.framework == .xflegoViper)
        #expect(detection.counts[.xflegoViper, default: 0] > 0)
        #expect(outcome.app.framework == .xflegoViper)
        let typed = try AppScanner.scan(directory: ScanFixtures.path("BDJApp"))
        #expect(outcome.app.moduleCount == typed.app.modules.count)
        let summary = ScanSummary.lines(outcome, source: "BDJApp")
        #expect(summary.contains { $0.hasPrefix("  framework ") && $0.contains("XFLegoVIPER (detected: its markers in ") })
    }

    @Test func aNamedFrameworkIsNotDetectedAndSaysNothingAboutDetection() throws {
        let outcome = try AppScanner.scan(directory: ScanFixtures.path("BDJApp"), framework: .xflegoViper)
        #expect(outcome.detection == nil)
        #expect(!ScanSummary.lines(outcome, source: "BDJApp").contains { $0.contains("framework") })
    }

    @Test func aFolderWithNoFrameworkMarkersNamesTheFrameworksLookedFor() {
        #expect(throws: ScanError.noFrameworkCode(path: ScanFixtures.path("NoFramework"), files: 1,
                                                  frameworks: FrameworkScanners.all.map(\.framework))) {
            try AppScanner.scan(directory: ScanFixtures.path("NoFramework"), framework: nil)
        }
    }

    @Test func aFrameworkWithoutAScannerIsAClearError() {
        for framework in Framework.allCases where FrameworkScanners.scanner(for: framework) == nil {
            #expect(throws: ScanError.unsupportedFramework(framework)) {
                try AppScanner.scan(directory: ScanFixtures.path("BDJApp"), framework: framework)
            }
        }
    }

    @Test func markersAreFoundAnywhereInAFileAndOnlyWhole() {
        let text = Array("#import \"XFLegoVIPER.h\"\nXF_PUSH".utf8)
        #expect(ByteSearch.contains(Array("#import".utf8), in: text))
        #expect(ByteSearch.contains(Array("XF_PUSH".utf8), in: text))
        #expect(ByteSearch.contains(Array("XFLegoVIPER".utf8), in: text))
        #expect(!ByteSearch.contains(Array("XF_PUSHX".utf8), in: text))
        #expect(!ByteSearch.contains(Array("XXF_".utf8), in: text))
        #expect(!ByteSearch.contains(Array("X".utf8), in: []))
        #expect(!ByteSearch.contains([], in: text))
        // Within a range only: a marker that starts inside but ends past it is not there.
        #expect(ByteSearch.firstIndex(of: Array("XF_PUSH".utf8), in: text, range: 20..<text.count) == text.count - 7)
        #expect(!ByteSearch.contains(Array("XF_PUSH".utf8), in: text, range: 0..<(text.count - 1)))
        #expect(!ByteSearch.contains(Array("#import".utf8), in: text, range: 1..<text.count))
        #expect(ByteSearch.containsAny([Array("nope".utf8), Array("LegoVIPER".utf8)], in: "#import \"XFLegoVIPER.h\""))
        #expect(!ByteSearch.containsAny([Array("nope".utf8)], in: "注释 XF"))
    }

    @Test func theFrameworkMostFilesUseWins() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("detect-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let scanners: [any FrameworkScanner] = [XFScanner(), StubScanner(framework: .nnModule, markers: ["import NNModule"])]
        var files: [SourceTree.File] = []
        for (index, text) in ["import NNModule\n", "import NNModule\n", "#import \"XFLegoVIPER.h\"\n", "let x = 1\n"].enumerated() {
            let url = directory.appendingPathComponent("F\(index).swift")
            try Data(text.utf8).write(to: url)
            files.append(SourceTree.File(path: Array(url.path.utf8), relativePath: url.lastPathComponent, language: .swift))
        }
        let detection = try #require(FrameworkDetection.detect(scanners: scanners, files: files))
        #expect(detection.framework == .nnModule)
        #expect(detection.counts == [.nnModule: 2, .xflegoViper: 1])
        #expect(detection.description == "its markers in 2 files; XFLegoVIPER's in 1")
    }
}

/// A scanner that only has markers, to test detection between frameworks before each has a scanner.
private struct StubScanner: FrameworkScanner {
    var framework: Framework
    var markers: [String]
    var frameworkTypes: Set<String> { [] }
    func read(bytes: [UInt8], file: String, language: SourceTree.Language) -> ScanFacts { ScanFacts() }
    func app(from facts: ScanFacts) -> ScannedApp { ScannedApp(facts: facts) }
}
