import Foundation
import LegoTestSupport
import Testing

/// `lego-trace scan` on the NNModule-swift fixture apps, end to end with the built binary.
@Suite struct NNModuleScanCommandTests {
    static let cleanApp = CommandRunner.packageFile("Tests/LegoScanTests/Fixtures/NNShopApp")
    static let faultsApp = CommandRunner.packageFile("Tests/LegoScanTests/Fixtures/NNFaultsApp")

    @Test func theFrameworkIsDetectedAndErrorsMapToTheExitCode() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        let clean = try runner.lego("scan", Self.cleanApp)
        #expect(clean.status == 0, "\(clean.stderr)")
        #expect(clean.stdout.contains("  framework      NNModule-swift (detected: its markers in "), "\(clean.stdout)")
        #expect(clean.stdout.contains("  services       2 registrations of 2 services (1 from Objective-C), 1 lookup\n"), "\(clean.stdout)")
        let faults = try runner.lego("scan", Self.faultsApp)
        #expect(faults.status == 1, "errors fail the scan, as for check")
        #expect(faults.stdout.contains("NNFaultsApp/ShopModule/ShopModule.swift:45:20   literal  CartService is looked up"), "\(faults.stdout)")
        #expect(faults.stdout.hasSuffix("11 findings: 4 errors, 5 warnings, 2 notes (3 source files scanned)\n"), "\(faults.stdout)")
        #expect(try runner.lego("scan", Self.faultsApp, "--fail-on", "never").status == 0)
        let named = try runner.lego("scan", Self.faultsApp, "--framework", "NNModule-swift", "--fail-on", "never")
        #expect(named.status == 0)
        #expect(!named.stdout.contains("detected"))
        let wrong = try runner.lego("scan", CommandRunner.packageFile("Tests/LegoScanTests/Fixtures/BDJApp"), "--framework", "nnmodule")
        #expect(wrong.status == 2)
        #expect(wrong.stderr.contains("no NNModule-swift code found"), "\(wrong.stderr)")
    }

    @Test func sarifModelScenarioAndGraphAreWrittenAndTheScenarioRecords() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        let scan = try runner.lego("scan", Self.faultsApp, "-f", "sarif", "-o", "scan.sarif", "--model", "app.json", "--scenario", "app.yml",
                                   "--graph", "app.dot", "--fail-on", "never")
        #expect(scan.status == 0, "\(scan.stderr)")
        let sarif = try runner.read("scan.sarif")
        try SchemaValidator.sarif.validate(sarif, name: "scan.sarif")
        #expect(sarif.contains("\"ruleId\": \"nn-observer-discarded\""))
        #expect(sarif.contains("ShopModule/ShopModule.swift"))
        let model = try #require(try JSONSerialization.jsonObject(with: Data(runner.read("app.json").utf8)) as? [String: Any])
        #expect(model["framework"] as? String == "nnmodule")
        #expect((model["findings"] as? [Any])?.count == 11)
        #expect(try runner.read("app.dot").contains("PayService"))
        let record = try runner.lego("record", "app.yml", "-o", "app.jsonl")
        #expect(record.status == 0, "\(record.stderr)")
        #expect(!record.stderr.contains("refused"))
        let check = try runner.lego("check", "app.jsonl", "--fail-on", "never")
        #expect(check.stdout.contains("nn-service-missing"), "\(check.stdout)")
    }
}
