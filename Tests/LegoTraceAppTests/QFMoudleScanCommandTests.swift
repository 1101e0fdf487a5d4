import Foundation
import LegoTestSupport
import Testing

/// `lego-trace scan` of QFMoudle apps through the built binary: detection, the summary, exit codes, SARIF, and a
/// scenario `record` runs.
@Suite struct QFMoudleScanCommandTests {
    static let faultsApp = CommandRunner.packageFile("Tests/LegoScanTests/Fixtures/QFFaultsApp")
    static let cleanApp = CommandRunner.packageFile("Tests/LegoScanTests/Fixtures/QFCleanApp")

    @Test func aQFMoudleAppIsDetectedSummarisedAndFailsOnItsErrors() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        let outcome = try runner.lego("scan", Self.faultsApp, "--fail-on", "error")
        #expect(outcome.status == 1, "\(outcome.stderr)")
        #expect(outcome.stdout.contains("  framework  QFMoudle (detected: its markers in "))
        #expect(outcome.stdout.contains("  router     XYRouter (\(Self.faultsApp)/XYRouter.m:7:12); class = protocol name with suffix \"SI\" (read at \(Self.faultsApp)/XYRouter.m:28:12)\n"))
        #expect(outcome.stdout.contains("  protocols  7 declared, 5 modules (1 without a class, 1 not adopting its protocol)\n"))
        #expect(outcome.stdout.contains("QFHomeViewController.m:13:24  literal  MoudleDetail://?title=Hi: query key `title`"))
        #expect(outcome.stdout.hasSuffix("8 findings: 4 errors, 4 warnings (4 source files scanned)\n"), "\(outcome.stdout)")
        let clean = try runner.lego("scan", Self.cleanApp, "--fail-on", "note")
        #expect(clean.status == 0, "\(clean.stdout)")
        let named = try runner.lego("scan", Self.cleanApp, "--framework", "xflegoviper")
        #expect(named.status == 2)
        #expect(named.stderr.contains("no XFLegoVIPER code found"))
    }

    @Test func sarifNamesTheQFRulesAndPointsIntoTheSource() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        let outcome = try runner.lego("scan", Self.faultsApp, "-f", "sarif", "-o", "scan.sarif", "--fail-on", "never")
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let sarif = try runner.read("scan.sarif")
        try SchemaValidator.sarif.validate(sarif, name: "scan.sarif")
        for rule in ["qf-missing-impl", "qf-unknown-scheme", "qf-impl-not-conforming", "qf-kvc-unknown-key", "qf-kvc-nil-scalar",
                     "qf-kvc-type-mismatch", "qf-kvc-weak-target"] {
            #expect(sarif.contains("\"ruleId\": \"\(rule)\""), "\(rule)")
        }
        #expect(sarif.contains("\"uri\": \"file://\(Self.faultsApp)/QFHomeViewController.m\""))
    }

    @Test func theScenarioItWritesRecordsAndChecks() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        let scan = try runner.lego("scan", Self.faultsApp, "--scenario", "app.yml", "--model", "app.json", "--graph", "scan.dot", "--fail-on", "never")
        #expect(scan.status == 0, "\(scan.stderr)")
        #expect(try runner.read("app.yml").contains("framework: qfmoudle"))
        #expect(try runner.read("app.json").contains("\"schema\": \"lego-trace-scan-qfmoudle\""))
        #expect(try runner.read("scan.dot").contains("MoudleCart"))
        let record = try runner.lego("record", "app.yml", "-o", "app.jsonl")
        #expect(record.status == 0, "\(record.stderr)")
        let check = try runner.lego("check", "app.jsonl")
        #expect(check.status == 1)
        for rule in ["qf-missing-impl", "qf-unknown-scheme", "qf-kvc-unknown-key", "qf-kvc-nil-scalar", "qf-kvc-type-mismatch"] {
            #expect(check.stdout.contains(rule), "\(rule)")
        }
    }

    /// A URL with a newline, a forged workflow command, markup, a quote and Chinese, in a file and protocol named in
    /// Chinese: one line per finding in text and GitHub annotations, and a scenario `record` still reads.
    @Test func hostileNamesInTheSourceStayData() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        try FileManager.default.createDirectory(atPath: runner.path("evil"), withIntermediateDirectories: true)
        try runner.write("evil/详情.m", """
            @protocol 详情 <NSObject>
            @property (nonatomic, copy) NSString *标题;
            @end
            @interface 详情 : NSObject <详情>
            @end
            @implementation Opener
            - (void)go { [[QFRouter router] interfaceForURL:[NSURL URLWithString:@"详情://?bad\\n::error file=a.m::pwned<script>\\"x=1"]]; }
            @end
            """)
        let text = try runner.lego("scan", runner.path("evil"), "--fail-on", "never")
        #expect(text.status == 0, "\(text.stderr)")
        #expect(!text.stdout.contains("\n::error"))
        #expect(text.stdout.contains("evil/详情.m:7:"))
        let github = try runner.lego("scan", runner.path("evil"), "-f", "github", "--fail-on", "never")
        #expect(github.stdout.split(separator: "\n").filter { $0.hasPrefix("::") }.count == 1, "\(github.stdout)")
        _ = try runner.lego("scan", runner.path("evil"), "--scenario", "evil.yml", "--fail-on", "never")
        let record = try runner.lego("record", "evil.yml", "-o", "evil.jsonl")
        #expect(record.status == 0, "\(record.stderr)")
        let check = try runner.lego("check", "evil.jsonl")
        #expect(check.stdout.contains("qf-kvc-unknown-key"))
    }
}
