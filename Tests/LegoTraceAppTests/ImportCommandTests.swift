import Foundation
import Testing

/// `lego-trace import` then `check` and `graph`, run as the built binary.
@Suite struct ImportCommandTests {
    /// A console log with both framework logs, in the documented format (tabs as documented).
    static func consoleLog() throws -> String {
        let fixtures = CommandRunner.packageFile("Tests/LegoImportTests/Fixtures")
        let name = try FileManager.default.contentsOfDirectory(atPath: fixtures).sorted().first { $0.contains("leak") && $0.hasSuffix(".log") }
        return try String(contentsOfFile: fixtures + "/" + (name ?? "missing.log"), encoding: .utf8)
    }

    @Test func importThenCheckAndGraphWorkEndToEnd() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        try runner.write("console.log", try Self.consoleLog())
        let imported = try runner.lego("import", "console.log", "-o", "imported.jsonl")
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stderr.contains("process"))
        let header = try runner.read("imported.jsonl").split(separator: "\n")[0]
        #expect(header.contains("\"source\":\"import\""))
        let check = try runner.lego("check", "imported.jsonl")
        #expect(check.status == 1, "\(check.stdout)\(check.stderr)")
        #expect(check.stdout.contains("leaked-module"))
        #expect(check.stdout.contains("URL"), "check must say URL hierarchy could not be checked")
        let graph = try runner.lego("graph", "imported.jsonl", "imported.svg")
        #expect(graph.status == 0, "\(graph.stderr)")
        #expect(runner.exists("imported.svg"))
    }

    @Test func importReadsStandardInput() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        let outcome = try runner.lego("import", "-", "-o", "stdin.jsonl", stdin: try Self.consoleLog())
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(runner.exists("stdin.jsonl"))
    }

    @Test func logsWithoutFrameworkLinesOrMissingFilesFailClearly() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        try runner.write("plain.log", "2019-06-03 14:07:21.118000+0800 App[42:1] hello\nnothing to see\n")
        try runner.write("empty.log", "")
        for input in ["plain.log", "empty.log", "missing.log"] {
            let outcome = try runner.lego("import", input)
            #expect(outcome.status == 2, "\(input)")
            #expect(outcome.stderr.contains(input), "\(input): \(outcome.stderr)")
            #expect(!runner.exists("lego-trace.jsonl"))
        }
    }
}
