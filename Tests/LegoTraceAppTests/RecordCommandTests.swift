import Foundation
import Testing

/// `lego-trace record` in its three forms, run as the built binary.
@Suite struct RecordCommandTests {
    @Test func recordWithNoArgumentsWritesTheEmbeddedSampleToTheDefaultTrace() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        let outcome = try runner.lego("record")
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(runner.exists("lego-trace.jsonl"))
        #expect(outcome.stderr.contains("trace: lego-trace.jsonl"))
        #expect(outcome.stdout.contains("events"))
        #expect(outcome.stdout.contains("modules"))
        let firstLine = try runner.read("lego-trace.jsonl").split(separator: "\n").first.map(String.init) ?? ""
        #expect(firstLine.contains("\"format\":\"lego-trace\""))
        #expect(try runner.read("lego-trace.jsonl").contains("bdj://"))
    }

    @Test func recordScenarioWritesWhereToldAndSummarizes() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        let outcome = try runner.lego("record", CommandRunner.packageFile("samples/bdj-faults.yml"), "-o", "faults.jsonl")
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(runner.exists("faults.jsonl"))
        #expect(!runner.exists("lego-trace.jsonl"))
        #expect(outcome.stderr.contains("trace: faults.jsonl"))
    }

    @Test func recordScenarioWithAMistakeNamesFileLineAndColumn() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        try runner.write("bad.yml", "app:\n  name: Broken\n  prefx: BDJ\n")
        let outcome = try runner.lego("record", "bad.yml")
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("bad.yml:3:"), "\(outcome.stderr)")
        #expect(!runner.exists("lego-trace.jsonl"))
    }

    @Test func recordProgramCollectsItsTraceAndPassesItsExitStatusThrough() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        let example = CommandRunner.product("lego-example")
        let outcome = try runner.lego("record", "-o", "example.jsonl", "--", example, "--exit-code", "3")
        #expect(outcome.status == 3, "\(outcome.stderr)")
        let trace = try runner.read("example.jsonl")
        let lines = trace.split(separator: "\n")
        #expect(lines.count > 10)
        #expect(lines[0].contains("\"app\":\"LegoExample\""))
        #expect(trace.contains("\"kind\":\"module.assemble\""))

        let clean = try runner.lego("record", "-o", "example2.jsonl", "--", example)
        #expect(clean.status == 0, "\(clean.stderr)")
        let check = try runner.lego("check", "example2.jsonl")
        #expect(check.status == 0 || check.status == 1, "\(check.stderr)")
    }

    @Test func recordProgramThatDoesNotExistIsAUsageError() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        let outcome = try runner.lego("record", "--", "no-such-program-lego")
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("no-such-program-lego"))
    }

    @Test func exampleProgramWritesNothingWithoutTheEnvironmentVariable() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        let outcome = try runner.run(CommandRunner.product("lego-example"), [])
        #expect(outcome.status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: runner.directory).isEmpty)
    }
}
