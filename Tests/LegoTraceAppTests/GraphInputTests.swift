import Foundation
import Testing

/// `graph` reads its input once (issue #21): it used to open the path to sniff for a scan model and again to read the
/// trace, which hung forever on a FIFO and lost a pipe's first bytes ("not a lego-trace header").
@Suite struct GraphInputTests {
    private func shell(_ runner: CommandRunner, _ script: String) throws -> CommandRunner.Outcome {
        // `timeout` turns the old hang into a failure (exit 124) instead of a stuck test run.
        try runner.run("/bin/sh", ["-c", "timeout 60 /bin/sh -c '\(script)'"], environment: ["LEGO": CommandRunner.product("lego-trace")])
    }

    @Test func aTraceThroughAFIFOAPipeAndStandardInputIsDrawn() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        #expect(try runner.lego("record", "-o", "trace.jsonl").status == 0)
        for (name, script) in [
            ("fifo", "mkfifo f && { cat trace.jsonl > f & } && \"$LEGO\" graph f fifo.dot"),
            ("pipe", "cat trace.jsonl | \"$LEGO\" graph /dev/stdin pipe.dot"),
            ("dash", "cat trace.jsonl | \"$LEGO\" graph - dash.dot"),
        ] {
            let outcome = try shell(runner, script)
            #expect(outcome.status == 0, "\(name): \(outcome.status) \(outcome.stderr)")
            #expect(outcome.stderr.contains("graph: "), "\(name): \(outcome.stderr)")
            #expect(runner.exists(name + ".dot"), "\(name)")
        }
    }

    @Test func aScanModelThroughAPipeIsDrawnAndAMalformedOneSaysSo() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        _ = try runner.lego("scan", CommandRunner.packageFile("Tests/LegoScanTests/Fixtures/BDJApp"), "--model", "app.json", "--fail-on", "never")
        let piped = try shell(runner, "cat app.json | \"$LEGO\" graph - app.dot")
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(piped.stderr.contains("graph of scan model: 6 modules"), "\(piped.stderr)")

        try runner.write("bad.json", "{\"schema\": \"lego-trace-scan\", \"modules\": 5}\n")
        let bad = try runner.lego("graph", "bad.json", "bad.dot")
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("bad.json: not a valid lego-trace scan model"), "\(bad.stderr)")
        #expect(!bad.stderr.contains("header"), "\(bad.stderr)")
    }
}
