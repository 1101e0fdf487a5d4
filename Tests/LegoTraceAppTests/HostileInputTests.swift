import Foundation
import Testing

/// Hostile inputs through the built binary: each gets a one-line error and exit 2, never a crash (issue #13).
@Suite struct HostileInputTests {
    @Test func deeplyNestedYAMLIsRefusedByEveryCommandThatReadsIt() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        let deep = "app:\n  name: " + String(repeating: "[", count: 8000) + "\n"
        try runner.write("deep.yml", deep)
        let record = try runner.lego("record", "deep.yml", "-o", "x.jsonl")
        #expect(record.status == 2, "\(record.stderr)")
        #expect(record.stderr.contains("deep.yml:2:"), "\(record.stderr)")
        #expect(record.stderr.contains("nesting deeper than"))

        #expect(try runner.lego("record", "-o", "trace.jsonl").status == 0)
        try runner.write("config.yml", "allow: " + String(repeating: "[", count: 8000))
        let check = try runner.lego("check", "trace.jsonl", "--config", "config.yml")
        #expect(check.status == 2, "\(check.stderr)")
        #expect(check.stderr.contains("config.yml:1:"), "\(check.stderr)")
        try runner.write(".lego-trace.yml", "allow: " + String(repeating: "{a: ", count: 8000))
        let graph = try runner.lego("graph", "trace.jsonl", "out.dot")
        #expect(graph.status == 2, "\(graph.stderr)")
        #expect(graph.stderr.contains(".lego-trace.yml:1:"), "\(graph.stderr)")
    }

    /// Bytes that must never reach a terminal or a CI log raw: ESC, BEL, NUL, a bidi override, a line separator.
    private func assertInert(_ outcome: CommandRunner.Outcome, _ command: String, workflowCommands: Bool = false) {
        for (stream, text) in [("stdout", outcome.stdout), ("stderr", outcome.stderr)] {
            for scalar in ["\u{1B}", "\u{07}", "\u{0}", "\u{202E}", "\u{2028}"] as [Unicode.Scalar] {
                #expect(!text.unicodeScalars.contains(scalar), "\(command) wrote U+\(String(scalar.value, radix: 16)) raw to \(stream)")
            }
            for line in text.split(separator: "\n") {
                // The runner trims leading whitespace before it looks for `::`, and runs `##[command]` anywhere.
                let trimmed = line.drop { $0 == " " || $0 == "\t" }
                #expect(!line.contains("##["), "\(command) let a trace write ##[ on \(stream): \(line)")
                // Only the github format writes workflow commands, and none of them may be the trace's.
                let forged = workflowCommands ? trimmed.hasPrefix("::error file=a.swift") : trimmed.hasPrefix("::")
                #expect(!forged, "\(command) let a trace forge a workflow command on \(stream): \(line)")
                #expect(!trimmed.hasPrefix("forged"), "\(command) let a name start a fresh line on \(stream): \(line)")
            }
        }
    }

    @Test func namesFromTracesScenariosAndPathsNeverReachTheTerminalRaw() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        let evil = #"evil\u001b[31m\u0007\u202e\u2028\nforged line\n  ::error file=a.swift::pwned ##[add-mask]x"#
        try runner.write("evil.jsonl", """
            {"format":"lego-trace","version":"1.0","producer":"test","start":"2026-11-23T00:00:00Z","app":"\(evil)","source":"runtime"}
            {"seq":1,"t":0.1,"th":1,"kind":"\(evil)","name":"\(evil)"}
            {"seq":2,"t":0.2,"th":1,"kind":"module.assemble","name":"\(evil)","cls":"\(evil)Routing","obj":1,"mk":"viper"}
            not json at all \u{1B}[2J
            {"seq":3,"t":0.3,"th":1,"kind":"object.deinit","obj":1}

            """)
        let check = try runner.lego("check", "evil.jsonl", "--lenient")
        assertInert(check, "check")
        #expect((check.stdout + check.stderr).contains("\\u{1B}[31m"), "\(check.stdout)\(check.stderr)")
        assertInert(try runner.lego("check", "evil.jsonl"), "strict check")
        assertInert(try runner.lego("check", "evil.jsonl", "--lenient", "--format", "github"), "check --format github", workflowCommands: true)
        assertInert(try runner.lego("graph", "evil.jsonl", "evil.dot"), "graph")

        try runner.write("evil.yml", """
            app:
              name: "BDJ\\e[2J\\u202E\\nforged line\\n::error::x"
              prefix: BDJ
              modules:
                - {name: Post}
            journey:
              - showRoot: Post
            """)
        let record = try runner.lego("record", "evil.yml", "-o", "evil-app.jsonl")
        #expect(record.status == 0, "\(record.stderr)")
        assertInert(record, "record")

        let missing = try runner.lego("check", "no\u{1B}[31msuch\nforged line.jsonl")
        #expect(missing.status == 2)
        assertInert(missing, "check of a hostile path")
        assertInert(try runner.lego("rules", "--explain", "x\u{1B}[2J\nforged line"), "rules --explain")
    }
}

/// `check /dev/zero` and `import /dev/zero` stop at the line limit with a one-line error instead of exhausting memory.
@Suite struct EndlessInputTests {
    @Test func devZeroIsAnOverlongFirstLineForEveryReader() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        let check = try runner.lego("check", "/dev/zero", "--max-line-bytes", "1048576")
        #expect(check.status == 2)
        #expect(check.stderr.contains("/dev/zero:1: line longer than 1 MiB (the limit; raise it with --max-line-bytes)"), "\(check.stderr)")
        let imported = try runner.lego("import", "/dev/zero", "--max-line-bytes", "1048576", "-o", "x.jsonl")
        #expect(imported.status == 2)
        #expect(imported.stderr.contains("/dev/zero:1: line longer than 1 MiB"), "\(imported.stderr)")
        #expect(!runner.exists("x.jsonl"))
        let graph = try runner.lego("graph", "/dev/zero", "x.dot", "--max-line-bytes", "1048576")
        #expect(graph.status == 2, "\(graph.stderr)")
        let zero = try runner.lego("check", "x.jsonl", "--max-line-bytes", "0")
        #expect(zero.status == 2)
        #expect(zero.stderr.contains("--max-line-bytes must be a positive number of bytes"))
    }
}
