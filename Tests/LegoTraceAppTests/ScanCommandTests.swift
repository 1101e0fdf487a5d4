import Foundation
import Testing

/// `lego-trace scan` end to end: the built binary on the fixture app and on the corpus app.
@Suite struct ScanCommandTests {
    static let fixtureApp = CommandRunner.packageFile("Tests/LegoScanTests/Fixtures/BDJApp")
    static let corpusApp: String? = {
        let path = URL(fileURLWithPath: CommandRunner.packageRoot).deletingLastPathComponent()
            .appendingPathComponent("shared/corpora/XFLegoVIPERExample").path
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }()

    @Test func theSummaryAndFindingsAreAlignedAndFailOnMapsToTheExitCode() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        let outcome = try runner.lego("scan", Self.fixtureApp, "--fail-on", "error")
        #expect(outcome.status == 1)
        #expect(outcome.stdout.contains("  modules        6: VIPER 5 (1 shared), MVVM 0, MVC 1\n"))
        #expect(outcome.stdout.contains("Modules/精华 Essence/BDJEssenceRouting.m:33:17  literal  no route is registered for bdj://indexTab/nowhere"))
        #expect(outcome.stdout.hasSuffix("8 findings: 5 errors, 3 warnings (5 source files scanned)\n"))
        let quiet = try runner.lego("scan", Self.fixtureApp, "--fail-on", "never")
        #expect(quiet.status == 0)
    }

    @Test func sarifPointsIntoTheSourceFilesAndTheBaselineSuppressesKnownFindings() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        let sarif = try runner.lego("scan", Self.fixtureApp, "-f", "sarif", "-o", "scan.sarif", "--write-baseline", "base.json")
        #expect(sarif.status == 0, "writing a baseline accepts the findings as known, as for check")
        let text = try String(contentsOfFile: runner.path("scan.sarif"), encoding: .utf8)
        #expect(text.contains("\"uri\": \"file://\(Self.fixtureApp)/App/BDJAppDelegate.m\""))
        #expect(text.contains("\"uri\": \"file://\(Self.fixtureApp)/Modules/%E7%B2%BE%E5%8D%8E%20Essence/BDJEssenceRouting.m\""))
        #expect(text.contains("\"startLine\": 13"))
        #expect(text.contains("\"certainty\": \"literal\""))
        let again = try runner.lego("scan", Self.fixtureApp, "--baseline", "base.json")
        #expect(again.status == 0)
        #expect(again.stdout.contains("8 known findings suppressed"))
    }

    @Test func graphDrawsAScanModelWithItsFindingsMarked() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        _ = try runner.lego("scan", Self.fixtureApp, "--model", "app.json", "--fail-on", "never")
        let graph = try runner.lego("graph", "app.json", "app.dot")
        #expect(graph.status == 0, "\(graph.stderr)")
        #expect(graph.stderr.contains("graph of scan model: 6 modules"))
        let at = try runner.lego("graph", "app.json", "app.dot", "--at", "end")
        #expect(at.status == 2)
        #expect(at.stderr.contains("--at applies to traces only"))
    }

    @Test func unreadableFilesAreWarningsWithFileAndLineAndTheRestIsScanned() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        let folder = runner.path("My App 应用")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data("@implementation XFGoodRouting\nXF_AutoAssemblyModule_Fast\n- (void)go { XF_PUSH_Component_Fast(@\"Good\") }\n@end\n".utf8)
            .write(to: URL(fileURLWithPath: folder + "/Good.m"))
        try Data([0x2F, 0x2F, 0x0A, 0x00, 0x01]).write(to: URL(fileURLWithPath: folder + "/Bin.m"))
        let outcome = try runner.lego("scan", "My App 应用", "--fail-on", "never")
        #expect(outcome.status == 0)
        #expect(outcome.stdout.contains("My App 应用/Bin.m:2:1: binary data (a NUL byte) in a source file; skipped"))
        #expect(outcome.stdout.contains("  transitions    1: push 1"))
    }

    @Test func aFolderWithoutFrameworkCodeExitsTwoWithOneLine() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        let outcome = try runner.lego("scan", CommandRunner.packageFile("Tests/LegoScanTests/Fixtures/NoFramework"))
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("no XFLegoVIPER code found in 1 source file"))
        #expect(outcome.stderr.split(separator: "\n").count == 1)
    }

    @Test(.enabled(if: corpusApp != nil, "../shared/corpora/XFLegoVIPERExample is absent"))
    func theCorpusScenarioRecordsChecksAndDraws() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        let app = try #require(Self.corpusApp)
        let scan = try runner.lego("scan", app, "--scenario", "app.yml", "--model", "app.json", "--graph", "scan.svg")
        #expect(scan.status == 0, "\(scan.stderr)")
        // The corpus's one real defect, a warning (exit 0): LGSettingViewModel lives as LGSetting, opened as Setting.
        #expect(scan.stdout.contains("LGSettingViewModel.h:11"))
        #expect(scan.stdout.contains("naming-convention"))
        let model = try String(contentsOfFile: runner.path("app.json"), encoding: .utf8)
        #expect(model.contains("\"schema\": \"lego-trace-scan\""))
        #expect(try String(contentsOfFile: runner.path("scan.svg"), encoding: .utf8).contains("<svg"))
        let record = try runner.lego("record", "app.yml", "-o", "app.jsonl")
        #expect(record.status == 0, "\(record.stderr)")
        #expect(!record.stderr.contains("refused"))
        let check = try runner.lego("check", "app.jsonl", "--fail-on", "never")
        #expect(check.status == 0, "\(check.stderr)")
        let graph = try runner.lego("graph", "app.jsonl", "app.svg")
        #expect(graph.status == 0, "\(graph.stderr)")
        #expect(try String(contentsOfFile: runner.path("app.svg"), encoding: .utf8).contains("PictureResults"))
        let fromModel = try runner.lego("graph", "app.json", "model.dot")
        #expect(fromModel.status == 0, "\(fromModel.stderr)")
        #expect(try String(contentsOfFile: runner.path("model.dot"), encoding: .utf8).contains("\"SubControl2\""))
    }
}
