import Foundation
import Testing

/// The help text is part of the interface: reviewed golden files, re-recorded on purpose with
/// `LEGO_RECORD_GOLDENS=1 swift test --filter HelpTextTests`.
@Suite struct HelpTextTests {
    static let goldenDirectory = CommandRunner.packageFile("Tests/LegoTraceAppTests/Golden")

    @Test(arguments: ["", "record", "check", "graph", "import", "scan", "rules"])
    func helpMatchesItsGolden(subcommand: String) throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        let arguments = subcommand.isEmpty ? ["--help"] : [subcommand, "--help"]
        let outcome = try runner.run(CommandRunner.product("lego-trace"), arguments, environment: ["COLUMNS": "100"])
        #expect(outcome.status == 0)
        let name = "help-\(subcommand.isEmpty ? "lego-trace" : subcommand).txt"
        let path = Self.goldenDirectory + "/" + name
        if ProcessInfo.processInfo.environment["LEGO_RECORD_GOLDENS"] == "1" {
            try outcome.stdout.write(toFile: path, atomically: true, encoding: .utf8)
            return
        }
        let golden = try #require(
            try? String(contentsOfFile: path, encoding: .utf8),
            "missing golden \(name): record it with LEGO_RECORD_GOLDENS=1")
        #expect(outcome.stdout == golden)
    }
}
