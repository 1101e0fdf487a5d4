import Foundation
import LegoGoldenSupport
import LegoTraceApp
import Testing

/// The command line's goldens (help, completion, reports of the seeded faults), in `Tests/LegoTraceAppTests/Golden`.
let goldens = GoldenFile("Tests/LegoTraceAppTests/Golden")

/// The help text is part of the interface: reviewed golden files, re-recorded on purpose with
/// `LEGO_RECORD_GOLDENS=1 swift test --filter HelpTextTests`.
@Suite struct HelpTextTests {
    @Test(arguments: ["", "record", "check", "graph", "export", "import", "scan", "rules"])
    func helpMatchesItsGolden(subcommand: String) throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        let arguments = subcommand.isEmpty ? ["--help"] : [subcommand, "--help"]
        let outcome = try runner.run(CommandRunner.product("lego-trace"), arguments, environment: ["COLUMNS": "100"])
        #expect(outcome.status == 0)
        try goldens.check(outcome.stdout, named: "help-\(subcommand.isEmpty ? "lego-trace" : subcommand).txt")
    }

    /// Shell completion offers each option's values (the enums), so its scripts are interface too.
    @Test(arguments: ["bash", "zsh", "fish"])
    func completionScriptMatchesItsGolden(shell: String) throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        let outcome = try runner.lego("--generate-completion-script", shell)
        #expect(outcome.status == 0)
        try goldens.check(outcome.stdout, named: "completion.\(shell)")
        // `rules --explain` completes the rule ids.
        for rule in LegoTrace.ruleIDs { #expect(outcome.stdout.contains(rule), "\(shell) does not offer \(rule)") }
    }
}
