import Foundation
import LegoTestSupport
import Testing

/// Issue #14: reports a pull request can act on and a command line typed end to end, run as the built binary.
@Suite struct TypedCommandLineTests {
    private func faults(_ runner: CommandRunner) throws {
        let outcome = try runner.lego("record", CommandRunner.packageFile("samples/bdj-faults.yml"), "-o", "faults.jsonl")
        try #require(outcome.status == 0, "\(outcome.stderr)")
    }

    @Test func checkIntoAFileSaysItsSummaryOnStandardErrorAndQuietSaysNothing() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        try faults(runner)
        let loud = try runner.lego("check", "faults.jsonl", "-o", "report.txt")
        #expect(loud.status == 1)
        #expect(loud.stdout.isEmpty)
        #expect(loud.stderr.hasPrefix("5 findings: 4 errors, 1 warning ("), "\(loud.stderr)")
        #expect(loud.stderr.hasSuffix(" → report.txt\n"))
        let quiet = try runner.lego("check", "faults.jsonl", "--format", "sarif", "-o", "report.sarif", "--quiet")
        #expect(quiet.status == 1)
        #expect(quiet.stdout.isEmpty && quiet.stderr.isEmpty, "\(quiet.stderr)")
        // Errors still come through --quiet.
        let broken = try runner.lego("check", "missing.jsonl", "-q")
        #expect(broken.status == 2)
        #expect(broken.stderr.hasPrefix("lego-trace: error: missing.jsonl: "))
    }

    @Test func markdownReportForTheStepSummary() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        try faults(runner)
        let outcome = try runner.lego("check", "faults.jsonl", "--format", "markdown")
        #expect(outcome.status == 1)
        #expect(outcome.stdout.hasPrefix("## lego-trace: 5 findings: 4 errors, 1 warning"))
        #expect(outcome.stdout.contains("[leaked-module](https://github.com/lego-trace/lego-trace/blob/main/docs/check.md#leaked-module)"))
    }

    @Test func aValueOutsideAnOptionsEnumIsAUsageErrorListingTheValues() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        for (arguments, values) in [
            (["check", "--format", "xml"], "text, json, sarif, junit, github, markdown"),
            (["check", "--fail-on", "fatal"], "error, warning, note, never"),
            (["check", "--url-check", "loose"], "strict, legacy"),
            (["check", "--color", "sometimes"], "auto, always, never"),
            (["graph", "out.svg", "--layout", "spring"], "auto, dot, neato, fdp, sfdp, circo, twopi"),
            (["graph", "out.svg", "--format", "gif"], "dot, svg, png, pdf, json"),
        ] {
            let outcome = try runner.run(CommandRunner.product("lego-trace"), arguments)
            #expect(outcome.status == 2, "\(arguments)")
            // ArgumentParser quotes a short list ('a', 'b' or 'c') and bullets a long one ("  - a").
            for value in values.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
                #expect(outcome.stderr.contains("'\(value)'") || outcome.stderr.contains("  - \(value)\n"), "\(arguments): \(outcome.stderr)")
            }
        }
    }

    @Test func completionOffersEachOptionsValues() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        let script = try runner.lego("--generate-completion-script", "bash")
        #expect(script.status == 0)
        for values in ["text json sarif junit github markdown", "error warning note never", "strict legacy", "auto always never",
                       "auto dot neato fdp sfdp circo twopi", "dot svg png pdf json"] {
            // bash's script lists a value set as 'a'$'\n''b'.
            let listed = values.split(separator: " ").map { "'\($0)'" }.joined(separator: "$'\\n'")
            #expect(script.stdout.contains(listed), "completion lacks \(values)")
        }
    }

    @Test func dashIsStandardInputForATraceAndStandardOutputForAnOutput() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        try faults(runner)
        let trace = try runner.read("faults.jsonl")
        let checked = try runner.lego("check", "-", "--format", "json", "-o", "-", stdin: trace)
        #expect(checked.status == 1, "\(checked.stderr)")
        let report = try JSONSerialization.jsonObject(with: Data(checked.stdout.utf8)) as? [String: Any]
        #expect((report?["findings"] as? [Any])?.count == 5)
        let drawn = try runner.lego("graph", "-", "-", "--format", "dot", stdin: trace)
        #expect(drawn.status == 0, "\(drawn.stderr)")
        #expect(drawn.stdout.hasPrefix("digraph"))
        #expect(drawn.stderr.contains("→ standard output"))
    }

    @Test func graphReadsTheConfigOnlyWhenItMarksFindingsAndTakesTheAnalyzersOptions() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        try faults(runner)
        try runner.write(".lego-trace.yml", "rules: [not a map\n")
        #expect(try runner.lego("graph", "faults.jsonl", "plain.dot", "--no-findings").status == 0)
        let marked = try runner.lego("graph", "faults.jsonl", "marked.dot")
        #expect(marked.status == 2)
        #expect(marked.stderr.contains(".lego-trace.yml"))
        try runner.write("ok.yml", "grace: 30\n")
        let configured = try runner.lego("graph", "faults.jsonl", "ok.dot", "--config", "ok.yml", "--url-check", "legacy", "--grace", "1")
        #expect(configured.status == 0, "\(configured.stderr)")
    }

    @Test func focusSaysHowManyFindingsItDoesNotDraw() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        try faults(runner)
        let outcome = try runner.lego("graph", "faults.jsonl", "focus.dot", "--focus", "SignIn", "--depth", "0")
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("1 finding marked (4 findings on modules not drawn here)"), "\(outcome.stderr)")
    }

    @Test func contradictoryOrMeaninglessGraphArgumentsAreErrors() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        try faults(runner)
        let depth = try runner.lego("graph", "faults.jsonl", "out.svg", "--depth", "2")
        #expect(depth.status == 2)
        #expect(depth.stderr.contains("--depth needs --focus"))
        let past = try runner.lego("graph", "faults.jsonl", "out.svg", "--at", "999999")
        #expect(past.status == 2)
        #expect(past.stderr.contains("--at 999999 is past the end of faults.jsonl (its last event is seq "), "\(past.stderr)")
        #expect(!runner.exists("out.svg"))
        let contradiction = try runner.lego("graph", "faults.jsonl", "out.svg", "--format", "png")
        #expect(contradiction.status == 2)
        #expect(contradiction.stderr.contains("'out.svg' ends in .svg, but --format is png"))
        #expect(try runner.lego("graph", "faults.jsonl", "out.png.tmp", "--format", "png").status == 0)
    }

    @Test func explainingAMisspeltRuleSuggestsTheNearestOne() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        let outcome = try runner.lego("rules", "--explain", "leaked-modul")
        #expect(outcome.status == 2)
        #expect(outcome.stderr == "lego-trace: error: unknown rule 'leaked-modul'; did you mean `leaked-module`?\n")
    }

    @Test func everyRuleHasASectionInCheckMdWhoseAnchorIsItsID() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        let doc = try String(contentsOfFile: CommandRunner.packageFile("docs/check.md"), encoding: .utf8)
        // GitHub's anchor for "### `leaked-module`" is "leaked-module": SARIF helpUri and markdown links rely on it.
        let anchors = Set(doc.split(separator: "\n").filter { $0.hasPrefix("### ") }.map {
            $0.dropFirst(4).lowercased().filter { $0.isLetter || $0.isNumber || $0 == "-" || $0 == " " }.replacingOccurrences(of: " ", with: "-")
        })
        let rules = try runner.lego("rules").stdout.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }
            .filter { $0.contains("-") && $0.allSatisfy { $0.isLowercase || $0 == "-" } }
        #expect(rules.count >= 8)
        for rule in rules { #expect(anchors.contains(rule), "docs/check.md has no section anchored #\(rule)") }
    }
}

/// One clock and one count: `record`, `check` and `graph` say the same of one trace, and say what they count.
@Suite struct OneClockTests {
    @Test func recordAndCheckReportTheSameEventsAndTraceTime() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        let recorded = try runner.lego("record", CommandRunner.packageFile("samples/bdj-faults.yml"), "-o", "faults.jsonl")
        try #require(recorded.status == 0)
        // "recorded BDJ: 446 events, 9.31 s of trace time, 120 steps, 30 modules declared"
        let said = try #require(recorded.stderr.split(separator: "\n").first { $0.hasPrefix("recorded ") })
        let facts = said.split(separator: ":", maxSplits: 1)[1].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(facts[3].hasSuffix("modules declared"))
        let checked = try runner.lego("check", "faults.jsonl", "--fail-on", "never")
        #expect(checked.stdout.contains("(\(facts[0]), \(facts[1]))"), "record said \(said); check said \(checked.stdout)")
        let drawn = try runner.lego("graph", "faults.jsonl", "g.dot")
        #expect(drawn.stderr.contains(" modules drawn, "))
    }
}

/// A scenario trace names its scenario, so the `line` of its events can be read as lines of that file.
@Suite struct ScenarioLineTests {
    @Test func aRecordedScenarioNamesItsFileInTheHeaderAndTheEmbeddedSampleDoesNot() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        try runner.write("app.yml", try String(contentsOfFile: CommandRunner.packageFile("samples/bdj-app.yml"), encoding: .utf8))
        #expect(try runner.lego("record", "app.yml", "-o", "app.jsonl").status == 0)
        let header = try #require(try runner.read("app.jsonl").split(separator: "\n").first)
        #expect(header.hasSuffix(",\"scenario\":\"app.yml\",\"framework\":\"xflegoviper\"}"), "\(header)")
        #expect(try runner.lego("record", "-o", "embedded.jsonl").status == 0)
        #expect(try runner.read("embedded.jsonl").split(separator: "\n").first?.contains("\"scenario\"") == false)
    }
}

/// Findings of a scenario trace point at the YAML step that caused them; the goldens pin the whole reports.
@Suite struct ScenarioLocationTests {
    /// The seeded-fault scenario recorded as `faults.yml` in `runner`, checked with `format`.
    private func checked(_ runner: CommandRunner, format: String) throws -> String {
        try runner.write("faults.yml", try String(contentsOfFile: CommandRunner.packageFile("samples/bdj-faults.yml"), encoding: .utf8))
        try #require(try runner.lego("record", "faults.yml", "-o", "faults.jsonl").status == 0)
        let outcome = try runner.lego("check", "faults.jsonl", "-f", format, "--fail-on", "never")
        try #require(outcome.status == 0, "\(outcome.stderr)")
        return outcome.stdout
    }

    @Test func sarifPointsEachFindingAtItsScenarioStepAndKeepsTheTraceLineAsRelated() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        let sarif = try checked(runner, format: "sarif")
        let yaml = try runner.read("faults.yml").split(separator: "\n", omittingEmptySubsequences: false)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.utf8)) as? [String: Any])
        let results = try #require((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        #expect(results.count == 5)
        for result in results {
            let physical = try #require((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
            #expect((physical["artifactLocation"] as? [String: Any])?["uri"] as? String == "faults.yml")
            let line = try #require((physical["region"] as? [String: Any])?["startLine"] as? Int)
            // Every finding points at a journey step (a `- ` item of the journey list).
            #expect(yaml[line - 1].trimmingCharacters(in: .whitespaces).hasPrefix("- "), "line \(line): \(yaml[line - 1])")
            let related = try #require(result["relatedLocations"] as? [[String: Any]])
            let traceURIs = related.compactMap { (($0["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: Any])?["uri"] as? String }
            #expect(traceURIs.contains("faults.jsonl"))
        }
        // %SRCROOT% is the working directory, a fresh one per run.
        try goldens.check(sarif.replacingOccurrences(of: runner.directory, with: "/SRCROOT"), named: "faults-check.sarif")
    }

    @Test func junitHasOneCasePerFindingOfTheSeededFaults() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        let junit = try checked(runner, format: "junit")
        // `--fail-on never`: nothing fails the run, so no case is a failure, and every finding is still there.
        #expect(!junit.contains("<failure "))
        #expect(junit.components(separatedBy: "<testcase ").count - 1 == 5 + 4)
        try goldens.check(junit, named: "faults-check.junit.xml")
        let failing = try runner.lego("check", "faults.jsonl", "-f", "junit", "--fail-on", "warning")
        #expect(failing.status == 1)
        #expect(failing.stdout.components(separatedBy: "<failure ").count - 1 == 5, "4 errors and a warning reach --fail-on warning")
    }

    @Test func githubAnnotationsAndTheTextReportNameTheYAMLLine() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        let github = try checked(runner, format: "github")
        #expect(github.split(separator: "\n").filter { $0.hasPrefix("::") }.allSatisfy { $0.contains("file=faults.yml,line=") })
        let text = try runner.lego("check", "faults.jsonl", "--fail-on", "never").stdout
        #expect(text.contains("faults.yml:"), "\(text)")
    }

    @Test func findingsOfAnImportedTracePointAtTheConsoleLogLine() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        try runner.write("faults.yml", try String(contentsOfFile: CommandRunner.packageFile("samples/bdj-faults.yml"), encoding: .utf8))
        let recorded = try runner.lego("record", "faults.yml", "-o", "run.jsonl", "--logs")
        try runner.write("console.log", recorded.stderr)
        try #require(try runner.lego("import", "console.log", "-o", "imported.jsonl").status == 0)
        let json = try runner.lego("check", "imported.jsonl", "-f", "json", "--fail-on", "never")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let findings = try #require(report["findings"] as? [[String: Any]])
        #expect(!findings.isEmpty)
        let log = try runner.read("console.log").split(separator: "\n", omittingEmptySubsequences: false)
        for finding in findings {
            let location = try #require(finding["location"] as? [String: Any])
            #expect(location["kind"] as? String == "consoleLog")
            #expect(location["file"] as? String == "console.log")
            let line = try #require(location["line"] as? Int)
            #expect(line >= 1 && line <= log.count)
        }
    }
}
