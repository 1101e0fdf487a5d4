import Foundation
import LegoTestSupport
import Testing

/// `lego-trace check` exit codes, formats, baselines and bad input, run as the built binary.
@Suite struct CheckCommandTests {
    private func recorded(_ sample: String, as name: String, in runner: CommandRunner) throws {
        let outcome = try runner.lego("record", CommandRunner.packageFile("samples/\(sample)"), "-o", name)
        try #require(outcome.status == 0, "\(outcome.stderr)")
    }

    /// XFURLRoute `open:transitionBlock:` (a331d32^) checks on a background queue: in a recorded file the tab opened
    /// by URL during its tab bar's init is reported as a race, as in memory.
    @Test func legacyCheckOfTheTabsSampleReportsTheRaceFromAFile() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        try recorded("tabs-app.yml", as: "tabs.jsonl", in: runner)
        let outcome = try runner.lego("check", "tabs.jsonl", "--url-check", "legacy")
        #expect(outcome.status == 0, "a race is a warning")
        #expect(outcome.stdout.contains("xf://mainTab/weibo (legacy check): race: the framework's asynchronous check fails if it runs at once"))
        #expect(outcome.stdout.contains("1 finding: 1 warning"))
    }

    @Test func cleanSampleChecksWithExitZeroAndNoFindings() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        _ = try runner.lego("record")
        let outcome = try runner.lego("check")
        #expect(outcome.status == 0, "\(outcome.stdout)\(outcome.stderr)")
        #expect(outcome.stdout.contains("No findings"))
    }

    @Test func faultSampleFailsWithExitOneAndItsThreeFaults() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        try recorded("bdj-faults.yml", as: "faults.jsonl", in: runner)
        let outcome = try runner.lego("check", "faults.jsonl")
        #expect(outcome.status == 1)
        for rule in ["leaked-module", "duplicate-module-name", "illegal-url-hierarchy"] {
            #expect(outcome.stdout.contains(rule), "missing \(rule) in\n\(outcome.stdout)")
        }
        #expect(try runner.lego("check", "faults.jsonl", "--fail-on", "never").status == 0)
    }

    @Test func jsonAndSarifReportsAreWellFormedAndWrittenToOutput() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        try recorded("bdj-faults.yml", as: "faults.jsonl", in: runner)
        let json = try runner.lego("check", "faults.jsonl", "--format", "json", "-o", "report.json")
        #expect(json.status == 1)
        let report = try JSONSerialization.jsonObject(with: Data(try runner.bytes("report.json"))) as? [String: Any]
        let findings = report?["findings"] as? [[String: Any]] ?? []
        #expect(findings.count == 5)

        let sarif = try runner.lego("check", "faults.jsonl", "--format", "sarif")
        #expect(sarif.status == 1)
        let log = try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any]
        #expect(log?["version"] as? String == "2.1.0")
        let run = (log?["runs"] as? [[String: Any]])?.first
        let results = run?["results"] as? [[String: Any]] ?? []
        #expect(results.count == 5)
        for result in results {
            let location = (result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
            let line = (location?["region"] as? [String: Any])?["startLine"] as? Int ?? 0
            #expect(line >= 2, "events start on line 2 (line 1 is the header)")
            #expect((result["partialFingerprints"] as? [String: Any])?.isEmpty == false)
        }
    }

    @Test func baselineSuppressesKnownFindingsAndReportsWhatItSuppressed() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        try recorded("bdj-faults.yml", as: "faults.jsonl", in: runner)
        let write = try runner.lego("check", "faults.jsonl", "--write-baseline", "baseline.json")
        // Writing a baseline accepts the findings as known: that step of a CI job succeeds.
        #expect(write.status == 0)
        #expect(runner.exists("baseline.json"))
        let again = try runner.lego("check", "faults.jsonl", "--baseline", "baseline.json")
        #expect(again.status == 0, "\(again.stdout)\(again.stderr)")
        #expect(again.stdout.contains("3"))
        _ = try runner.lego("record", "-o", "clean.jsonl")
        let stale = try runner.lego("check", "clean.jsonl", "--baseline", "baseline.json")
        #expect(stale.status == 0)
        #expect(stale.stdout.lowercased().contains("no longer"), "\(stale.stdout)")
    }

    /// A CI job's first run has no baseline yet: a note and an empty baseline, not exit 2; `--write-baseline` writes it.
    @Test func missingBaselineOnTheFirstRunIsANoteAndAnEmptyBaseline() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        try recorded("bdj-faults.yml", as: "faults.jsonl", in: runner)
        let first = try runner.lego("check", "faults.jsonl", "--baseline", "baseline.json", "--format", "sarif", "-o", "first.sarif")
        #expect(first.status == 1, "every finding is new, so the errors fail as --fail-on says: \(first.stderr)")
        #expect(first.stderr.contains("lego-trace: note: the baseline baseline.json does not exist yet"), "\(first.stderr)")
        #expect(!runner.exists("baseline.json"), "only --write-baseline writes it")
        let sarif = try runner.read("first.sarif")
        #expect(sarif.contains("\"missing\": true"), "\(sarif.prefix(400))")
        let never = try runner.lego("check", "faults.jsonl", "--baseline", "baseline.json", "--fail-on", "never")
        #expect(never.status == 0)
        #expect(never.stdout.contains("does not exist yet, so every finding is new"), "\(never.stdout)")
        let both = try runner.lego("check", "faults.jsonl", "--baseline", "baseline.json", "--write-baseline", "baseline.json")
        #expect(both.status == 0, "\(both.stderr)")
        #expect(try runner.lego("check", "faults.jsonl", "--baseline", "baseline.json").status == 0)
        try runner.write("broken.json", "{")
        #expect(try runner.lego("check", "faults.jsonl", "--baseline", "broken.json").status == 2, "an unreadable baseline still is an input error")
    }

    /// The SARIF of a run with a baseline validates against the 2.1.0 schema, keeps the known findings as
    /// suppressions (so code scanning does not close them as fixed), and names its command's category.
    @Test func sarifWithABaselineValidatesAndKeepsKnownFindingsAsSuppressions() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        try recorded("bdj-faults.yml", as: "faults.jsonl", in: runner)
        _ = try runner.lego("check", "faults.jsonl", "--write-baseline", "baseline.json")
        let outcome = try runner.lego("check", runner.path("faults.jsonl"), "--baseline", "baseline.json", "-f", "sarif", "-o", "known.sarif")
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let text = try runner.read("known.sarif")
        try SchemaValidator.sarif.validate(text, name: "known.sarif")
        let run = try #require(((JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])?["runs"] as? [[String: Any]])?.first)
        #expect((run["automationDetails"] as? [String: Any])?["id"] as? String == "lego-trace/check/")
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == 5)
        #expect(results.allSatisfy { ($0["suppressions"] as? [[String: Any]])?.first?["kind"] as? String == "external" })
        let base = (run["originalUriBaseIds"] as? [String: Any])?["%SRCROOT%"] as? [String: Any]
        #expect((base?["uri"] as? String)?.hasPrefix("file:///") == true)
        // The trace was named by its absolute path inside the working directory: still relative to %SRCROOT%.
        let related = (results[0]["relatedLocations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
        #expect(related?["artifactLocation"] as? [String: String] == ["uri": "faults.jsonl", "uriBaseId": "%SRCROOT%"])
    }

    @Test func malformedLineStopsWithItsLineNumberUnlessLenient() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        _ = try runner.lego("record")
        var lines = try runner.read("lego-trace.jsonl").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines[4] = "{\"seq\": this is not json"
        try runner.write("broken.jsonl", lines.joined(separator: "\n"))
        let strict = try runner.lego("check", "broken.jsonl")
        #expect(strict.status == 2)
        #expect(strict.stderr.contains("broken.jsonl:5"), "\(strict.stderr)")
        let lenient = try runner.lego("check", "broken.jsonl", "--lenient")
        #expect(lenient.status != 2, "\(lenient.stderr)")
        #expect((lenient.stdout + lenient.stderr).contains("skipped"))
    }

    @Test func aLargeTraceChecksTheSameOnTwoThreadsAndOnOne() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        // Over 8 MB, so the default run parses on a second thread; LEGO_TRACE_THREADS=1 keeps it to one.
        try SyntheticTrace.write(events: 70_000, to: runner.path("large.jsonl"))
        let size = try FileManager.default.attributesOfItem(atPath: runner.path("large.jsonl"))[.size] as? Int ?? 0
        try #require(size > 8_000_000)
        let threaded = try runner.lego("check", "large.jsonl", "--format", "sarif")
        let single = try runner.lego("check", "large.jsonl", "--format", "sarif", environment: ["LEGO_TRACE_THREADS": "1"])
        #expect(threaded.status == 1, "\(threaded.stderr)")
        #expect(threaded.stdout.contains("leaked-module"))
        #expect(threaded.stdout == single.stdout)
        #expect(threaded.status == single.status)
    }

    @Test func truncatedLastLineIsAWarningNotAFailure() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        _ = try runner.lego("record")
        let text = try runner.read("lego-trace.jsonl")
        try runner.write("cut.jsonl", String(text.dropLast(20)))
        let outcome = try runner.lego("check", "cut.jsonl")
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect((outcome.stdout + outcome.stderr).contains("truncated"))
    }

    @Test func unreadableInputsAreOneLineErrorsWithExitTwo() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        try runner.write("empty.jsonl", "")
        try FileManager.default.createDirectory(atPath: runner.path("adir"), withIntermediateDirectories: true)
        try runner.write("noheader.jsonl", "{\"seq\":1,\"t\":0,\"th\":1,\"kind\":\"focus\"}\n")
        for input in ["missing.jsonl", "empty.jsonl", "adir", "noheader.jsonl"] {
            let outcome = try runner.lego("check", input)
            #expect(outcome.status == 2, "\(input): \(outcome.stderr)")
            #expect(outcome.stderr.contains(input))
            #expect(outcome.stderr.split(separator: "\n").count == 1, "\(input): \(outcome.stderr)")
        }
        let usage = try runner.lego("check", "--format", "yaml")
        #expect(usage.status == 2)
        #expect(usage.stderr.contains("yaml"))
    }

    @Test func configFileAllowlistsAModuleMeantToOutliveItsScreen() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        try recorded("bdj-faults.yml", as: "faults.jsonl", in: runner)
        let json = try runner.lego("check", "faults.jsonl", "--format", "json")
        let report = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let leak = (report?["findings"] as? [[String: Any]])?.first { $0["ruleId"] as? String == "leaked-module" }
        let module = try #require(leak?["module"] as? String)
        try runner.write(".lego-trace.yml", "allow:\n  leaked-module: [\"\(module)\"]\n")
        let allowed = try runner.lego("check", "faults.jsonl", "--format", "json")
        let allowedReport = try JSONSerialization.jsonObject(with: Data(allowed.stdout.utf8)) as? [String: Any]
        let rules = (allowedReport?["findings"] as? [[String: Any]] ?? []).compactMap { $0["ruleId"] as? String }
        #expect(rules.sorted() == ["duplicate-module-name", "duplicate-module-name", "illegal-url-hierarchy", "orphan-component"])
    }
}

/// A trace of a framework this build does not know, or of a newer major format, is refused by every command that
/// reads traces (issue #20): an NNModule trace must never pass as a clean XFLegoVIPER app in an older build.
@Suite struct ForeignTraceTests {
    @Test(arguments: [
        (#"{"format":"lego-trace","version":"2.0","producer":"x","start":"s","app":"a","framework":"beehive"}"#,
         #"foreign.jsonl:1: the header names the framework "beehive", which this lego-trace does not know"#),
        (#"{"format":"lego-trace","version":"3.0","producer":"x","start":"s","app":"a"}"#,
         "foreign.jsonl:1: trace format 3.0 is newer than this lego-trace understands (1.x and 2.x); upgrade lego-trace"),
    ])
    func everyTraceReadingCommandRefusesItWithExitTwo(header: String, message: String) throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        try runner.write("foreign.jsonl", header + "\n" + #"{"seq":1,"t":0,"th":1,"kind":"focus","name":"A","obj":1,"ok":true}"# + "\n")
        for command in [["check", "foreign.jsonl"], ["graph", "foreign.jsonl", "out.dot"], ["export", "foreign.jsonl", "out.json"],
                        ["check", "foreign.jsonl", "--format", "sarif"]] {
            let outcome = try runner.run(CommandRunner.product("lego-trace"), command)
            #expect(outcome.status == 2, "\(command)")
            #expect(outcome.stderr.contains(message), "\(command): \(outcome.stderr)")
        }
    }
}
