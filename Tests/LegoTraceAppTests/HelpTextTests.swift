import Foundation
import Testing

/// The help text is part of the interface: reviewed golden files, re-recorded on purpose with
/// `LEGO_RECORD_GOLDENS=1 swift test --filter HelpTextTests`.
@Suite struct HelpTextTests {
    static let goldenDirectory = CommandRunner.packageFile("Tests/LegoTraceAppTests/Golden")

    @Test(arguments: ["", "record", "check", "graph", "export", "import", "scan", "rules"])
    func helpMatchesItsGolden(subcommand: String) throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        let arguments = subcommand.isEmpty ? ["--help"] : [subcommand, "--help"]
        let outcome = try runner.run(CommandRunner.product("lego-trace"), arguments, environment: ["COLUMNS": "100"])
        #expect(outcome.status == 0)
        try Self.check(outcome.stdout, golden: "help-\(subcommand.isEmpty ? "lego-trace" : subcommand).txt")
    }

    /// Shell completion offers each option's values (the enums), so its scripts are interface too.
    @Test(arguments: ["bash", "zsh", "fish"])
    func completionScriptMatchesItsGolden(shell: String) throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        let outcome = try runner.lego("--generate-completion-script", shell)
        #expect(outcome.status == 0)
        try Self.check(outcome.stdout, golden: "completion.\(shell)")
    }

    /// Compares with the golden, or rewrites it with `LEGO_RECORD_GOLDENS=1` and fails, so a re-record is never silent.
    static func check(_ actual: String, golden name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let path = goldenDirectory + "/" + name
        if ProcessInfo.processInfo.environment["LEGO_RECORD_GOLDENS"] == "1" {
            try actual.write(toFile: path, atomically: true, encoding: .utf8)
            Issue.record("re-recorded \(name): review the diff, then run again without LEGO_RECORD_GOLDENS", sourceLocation: sourceLocation)
            return
        }
        let golden = try #require(
            try? String(contentsOfFile: path, encoding: .utf8), "missing golden \(name): record it with LEGO_RECORD_GOLDENS=1",
            sourceLocation: sourceLocation)
        #expect(actual == golden, "output differs from golden \(name)", sourceLocation: sourceLocation)
    }
}
