import Foundation
import LegoTestSupport
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
        #expect(outcome.stdout.hasSuffix("8 findings: 3 errors, 4 warnings, 1 note (5 source files scanned)\n"))
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

    /// An absolute path inside the working directory: SARIF locations relative to %SRCROOT%, a finding silenced by a
    /// comment kept as an in-source suppression and counted, the log valid SARIF 2.1.0; `--format xcode` for Xcode.
    @Test func sarifOfAnAbsolutePathIsRelativeToTheSourceRootAndKeepsCommentSuppressions() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        try FileManager.default.copyItem(atPath: Self.fixtureApp, toPath: runner.path("BDJApp"))
        let routing = runner.path("BDJApp/Modules/精华 Essence/BDJEssenceRouting.m")
        var lines = try String(contentsOfFile: routing, encoding: .utf8).components(separatedBy: "\n")
        lines.insert("    // lego-trace:disable-next-line unregistered-url -- opened only in a debug build", at: 32)
        try lines.joined(separator: "\n").write(toFile: routing, atomically: true, encoding: .utf8)

        let text = try runner.lego("scan", runner.path("BDJApp"), "--fail-on", "never")
        #expect(text.stdout.hasSuffix("7 findings: 3 errors, 3 warnings, 1 note (5 source files scanned); 1 finding suppressed in the source\n"), "\(text.stdout)")
        _ = try runner.lego("scan", runner.path("BDJApp"), "-f", "sarif", "-o", "scan.sarif", "--fail-on", "never")
        let sarif = try runner.read("scan.sarif")
        try SchemaValidator.sarif.validate(sarif, name: "scan.sarif")
        let run = try #require(((JSONSerialization.jsonObject(with: Data(sarif.utf8)) as? [String: Any])?["runs"] as? [[String: Any]])?.first)
        #expect((run["automationDetails"] as? [String: Any])?["id"] as? String == "lego-trace/scan/")
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == 8)
        let silenced = results.filter { $0["suppressions"] != nil }
        #expect(silenced.map { $0["ruleId"] as? String } == ["unregistered-url"])
        let suppression = (silenced.first?["suppressions"] as? [[String: Any]])?.first
        #expect(suppression?["kind"] as? String == "inSource")
        for result in results {
            let artifact = (result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
            let location = artifact?["artifactLocation"] as? [String: String]
            #expect(location?["uriBaseId"] == "%SRCROOT%")
            #expect(location?["uri"]?.hasPrefix("BDJApp/") == true, "\(location ?? [:])")
        }

        let xcode = try runner.lego("scan", runner.path("BDJApp"), "-f", "xcode", "--fail-on", "never")
        #expect(xcode.status == 0)
        let diagnostics = xcode.stdout.split(separator: "\n")
        #expect(diagnostics.count == 7)
        #expect(diagnostics.contains { $0.hasPrefix(runner.path("BDJApp/App/BDJAppDelegate.m") + ":13:") && $0.hasSuffix("[duplicate-module-name]") })
        #expect(diagnostics.allSatisfy { $0.contains(": error: ") || $0.contains(": warning: ") })
    }

    /// `scan --format html` makes the interactive page of the static graph and the findings; `--open` opens what was
    /// written (here with a stand-in opener that notes the path) and needs a file.
    @Test func scanWritesTheHTMLPageAndOpenOpensIt() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        try runner.write("opener.sh", "#!/bin/sh\necho \"$1\" > opened.txt\n")
        chmod(runner.path("opener.sh"), 0o755)
        let outcome = try runner.lego("scan", Self.fixtureApp, "-f", "html", "-o", "scan.html", "--open", "--fail-on", "never",
                                      environment: ["LEGO_TRACE_OPENER": runner.path("opener.sh")])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let page = try runner.read("scan.html")
        #expect(page.hasPrefix("<!DOCTYPE html>") && page.contains("<table id=\"findings\""))
        #expect(page.contains("\"findingMarks\":[") && page.contains("<svg"), "the static graph is drawn")
        #expect(try runner.read("opened.txt") == "scan.html\n")
        let refused = try runner.lego("scan", Self.fixtureApp, "-f", "html", "--open")
        #expect(refused.status == 2 && refused.stderr.contains("--open opens a file"), "\(refused.stderr)")
        _ = try runner.lego("record", "-o", "t.jsonl")
        let drawn = try runner.lego("graph", "t.jsonl", "t.html", "--open", environment: ["LEGO_TRACE_OPENER": runner.path("opener.sh")])
        #expect(drawn.status == 0)
        #expect(try runner.read("opened.txt") == "t.html\n")
        let failing = try runner.lego("graph", "t.jsonl", "t.svg", "--open", environment: ["LEGO_TRACE_OPENER": "false"])
        #expect(failing.status == 0 && failing.stderr.contains("false could not open t.svg"), "the file was written: \(failing.stderr)")
    }

    /// Issue #21: `scan --graph app.txt` suggested `--format`, which scan does not have.
    @Test func aGraphPathWithoutAKnownExtensionSuggestsOnlyWhatScanHas() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        for path in ["graph.txt", "graph", "-"] {
            let scan = try runner.lego("scan", Self.fixtureApp, "--graph", path)
            #expect(scan.status == 2, "\(scan.stderr)")
            #expect(scan.stderr.contains(".svg"), "\(scan.stderr)")
            #expect(!scan.stderr.contains("--format"), "\(scan.stderr)")
        }
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
        #expect(outcome.stderr.contains("XFLegoVIPER"))
        #expect(outcome.stderr.contains("code found in 1 source file"))
        #expect(outcome.stderr.split(separator: "\n").count == 1)
        let named = try runner.lego("scan", CommandRunner.packageFile("Tests/LegoScanTests/Fixtures/NoFramework"), "--framework", "xflego-viper")
        #expect(named.status == 2)
        #expect(named.stderr.contains("no XFLegoVIPER code found in 1 source file (no module classes"))
        let unknown = try runner.lego("scan", CommandRunner.packageFile("Tests/LegoScanTests/Fixtures/NoFramework"), "--framework", "beehive")
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("beehive"))
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
