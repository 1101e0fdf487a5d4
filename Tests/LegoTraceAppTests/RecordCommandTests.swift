import Foundation
import Testing
@testable import LegoTraceApp

/// `lego-trace record` in its three forms, run as the built binary.
@Suite struct RecordCommandTests {
    @Test func recordWithNoArgumentsWritesTheEmbeddedSampleToTheDefaultTrace() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        let outcome = try runner.lego("record")
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(runner.exists("lego-trace.jsonl"))
        #expect(outcome.stderr.contains("trace: lego-trace.jsonl"))
        #expect(outcome.stderr.contains("events"))
        #expect(outcome.stderr.contains("modules"))
        #expect(outcome.stdout.isEmpty)
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

    @Test func recordProgramIntoAMissingDirectoryFailsBeforeRunningIt() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        let outcome = try runner.lego("record", "-o", "/no/such/dir/x.jsonl", "--", "/bin/sh", "-c", "touch ran")
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("/no/such/dir/x.jsonl: cannot write: directory '/no/such/dir' does not exist"), "\(outcome.stderr)")
        #expect(!runner.exists("ran"), "the program ran although its trace could not be written")
    }

    @Test func recordProgramThatIsNotExecutableSaysSo() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        let outcome = try runner.lego("record", "--", "/etc/passwd")
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("cannot run '/etc/passwd': not executable"), "\(outcome.stderr)")
        let missing = try runner.lego("record", "--", "/no/such/program")
        #expect(missing.stderr.contains("cannot run '/no/such/program': no such file"), "\(missing.stderr)")
    }

    @Test func recordProgramThatWritesNoTraceKeepsThePreviousOne() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        try runner.write("lego-trace.jsonl", "previous trace")
        let outcome = try runner.lego("record", "--", "/bin/sh", "-c", "exit 0")
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("wrote no trace"), "\(outcome.stderr)")
        #expect(outcome.stderr.contains("still holds the previous trace"))
        #expect(try runner.read("lego-trace.jsonl") == "previous trace")
        let failing = try runner.lego("record", "--", "/bin/sh", "-c", "exit 7")
        #expect(failing.status == 7)
    }

    @Test func recordThatCannotWriteItsTraceFailsAndKeepsThePreviousOne() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        try runner.write("capped.jsonl", "previous trace")
        // 16 blocks of 512 bytes: the embedded sample's trace (~60 KB) does not fit.
        let legoTrace = CommandRunner.product("lego-trace")
        let outcome = try runner.run("/bin/sh", ["-c", "ulimit -f 16; exec \"$0\" record -o capped.jsonl", legoTrace])
        #expect(outcome.status == 2, "\(outcome.stdout)\(outcome.stderr)")
        #expect(outcome.stderr.contains("capped.jsonl: cannot write: File too large"), "\(outcome.stderr)")
        #expect(outcome.stderr.contains("'capped.jsonl' still holds the previous trace"))
        #expect(!outcome.stdout.contains("recorded"))
        #expect(try runner.read("capped.jsonl") == "previous trace")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: runner.directory).filter { $0.contains(".tmp-") }
        #expect(leftovers.isEmpty, "\(leftovers)")
    }

    /// Issue #21: with standard output closed, `record -o` and `import -o` wrote the trace and then exited 2.
    @Test func recordAndImportSucceedWithStandardOutputClosed() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        let lego = CommandRunner.product("lego-trace")
        let record = try runner.run("/bin/sh", ["-c", "exec \"$0\" record -o closed.jsonl >&-", lego])
        #expect(record.status == 0, "\(record.stderr)")
        #expect(record.stderr.contains("recorded BDJ"), "\(record.stderr)")
        let program = try runner.run("/bin/sh", ["-c", "exec \"$0\" record -o program.jsonl -- \"$1\" >&-", lego, CommandRunner.product("lego-example")])
        #expect(program.status == 0, "\(program.stderr)")
        try runner.write("console.log", try String(contentsOfFile: CommandRunner.packageFile("Tests/LegoImportTests/Fixtures/leak.log"), encoding: .utf8))
        let imported = try runner.run("/bin/sh", ["-c", "exec \"$0\" import console.log -o imported.jsonl >&-", lego])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stderr.contains("imported "), "\(imported.stderr)")
    }

    /// Issue #21: the runtime can only print that its trace is incomplete and exit 0; record committed the cut trace.
    @Test func recordProgramWhoseTraceLostItsTailKeepsThePreviousOneAndFails() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        try runner.write("t.jsonl", "previous trace")
        // What a program leaves when its disk fills up: a header and events, no end marker, and exit status 0.
        let header = #"{"format":"lego-trace","version":"1.0","producer":"test","start":"2026-01-01T00:00:00Z","app":"App"}"#
        let event = #"{"seq":1,"t":0,"th":1,"kind":"focus"}"#
        let script = "printf '%s\\n' '\(header)' '\(event)' > \"$LEGO_TRACE_FILE\"; echo 'lego-runtime: the trace is incomplete' >&2"
        let outcome = try runner.lego("record", "-o", "t.jsonl", "--", "/bin/sh", "-c", script)
        #expect(outcome.status == 2, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("left its trace incomplete"), "\(outcome.stderr)")
        #expect(outcome.stderr.contains("'t.jsonl' still holds the previous trace"), "\(outcome.stderr)")
        #expect(try runner.read("t.jsonl") == "previous trace")
        // `ulimit -f`: the program is killed by SIGXFSZ part-way through its trace (exit 153).
        let capped = try runner.run("/bin/sh", ["-c", "ulimit -f 1; exec \"$0\" record -o t.jsonl -- \"$1\"",
                                                CommandRunner.product("lego-trace"), CommandRunner.product("lego-example")])
        #expect(capped.status != 0, "\(capped.stderr)")
        #expect(try runner.read("t.jsonl") == "previous trace")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: runner.directory).filter { $0.contains(".tmp-") }
        #expect(leftovers.isEmpty, "\(leftovers)")
    }

    /// Issue #21: Ctrl-C or SIGTERM during `record SCENARIO -o FILE` left `.FILE.tmp-PID-0` behind (15 runs in 20).
    @Test(arguments: [SIGINT, SIGTERM])
    func recordOfAScenarioStoppedBySignalLeavesNoTemporaryFile(signal: Int32) throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        try runner.write("out.jsonl", "previous trace")
        // About a second of recording, so most signals land while it runs.
        try runner.write("long.yml", "app:\n  name: Long\n  prefix: XF\n  modules:\n    - {name: Home}\n    - {name: Post}\n"
            + "journey:\n  - showRoot: Home\n" + String(repeating: "  - push: Post\n  - pop\n", count: 10_000))
        for delay in [50_000, 150_000, 300_000, 600_000] as [useconds_t] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: CommandRunner.product("lego-trace"))
            process.arguments = ["record", "long.yml", "-o", "out.jsonl"]
            process.currentDirectoryURL = URL(fileURLWithPath: runner.directory)
            process.standardError = FileHandle.nullDevice
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            usleep(delay)
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: runner.directory).filter { $0.contains(".tmp-") }
            #expect(leftovers.isEmpty, "after \(delay) µs: \(leftovers)")
            // Either the recording finished first and replaced the trace, or the signal ended it and the previous one stayed.
            let text = try runner.read("out.jsonl")
            if process.terminationReason == .uncaughtSignal {
                #expect(process.terminationStatus == signal)
                #expect(text == "previous trace")
            } else {
                #expect(process.terminationStatus == 0)
                #expect(text.hasPrefix("{\"format\":\"lego-trace\""))
                try runner.write("out.jsonl", "previous trace")
            }
        }
    }

    /// Whether `pid` is gone (a zombie counts: nothing runs any more).
    private func isGone(_ pid: Int32) -> Bool {
        guard kill(pid, 0) == 0 else { return errno == ESRCH }
        let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        return stat.split(separator: ")").last?.split(separator: " ").first == "Z"
    }

    /// Starts `record -o looping.jsonl -- sh -c SCRIPT`, where the script first writes its pid to `child.pid`, and
    /// returns once it has.
    private func startLooping(_ runner: CommandRunner, ignoringSignals: Bool,
                              loop: String = "sleep 0.05") throws -> (record: Process, child: Int32) {
        let script = (ignoringSignals ? "trap '' INT TERM HUP; " : "") + "echo $$ > child.pid; while :; do \(loop); done"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandRunner.product("lego-trace"))
        process.arguments = ["record", "-o", "looping.jsonl", "--", "/bin/sh", "-c", script]
        process.currentDirectoryURL = URL(fileURLWithPath: runner.directory)
        process.standardError = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(20)
        while (try? runner.read("child.pid"))?.hasSuffix("\n") != true && Date() < deadline { usleep(10_000) }
        let child = try #require(Int32(try runner.read("child.pid").trimmingCharacters(in: .whitespacesAndNewlines)))
        return (process, child)
    }

    /// Issue #21: a program that ignores signals could not be stopped; a second interrupt after the grace kills it.
    @Test(.timeLimit(.minutes(1)))
    func aSecondInterruptAfterTheGraceKillsAProgramThatIgnoresSignals() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        let (record, child) = try startLooping(runner, ignoringSignals: true)
        kill(record.processIdentifier, SIGINT)
        usleep(300_000)
        #expect(record.isRunning, "the first interrupt is only passed on")
        usleep(useconds_t(ProgramRunner.killGrace / 1000))
        kill(record.processIdentifier, SIGINT)
        record.waitUntilExit()
        #expect(record.terminationStatus == 128 + SIGINT)
        #expect(isGone(child), "the program \(child) survived the second interrupt")
    }

    /// Issue #21: `kill -9` of lego-trace left its program running, orphaned.
    @Test(.timeLimit(.minutes(1)))
    func theProgramDiesWithLegoTraceEvenByKill9() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        let (record, child) = try startLooping(runner, ignoringSignals: false)
        kill(record.processIdentifier, SIGKILL)
        record.waitUntilExit()
        let deadline = Date().addingTimeInterval(5)
        while !isGone(child) && Date() < deadline { usleep(20_000) }
        #expect(isGone(child), "the program \(child) outlived lego-trace")
        if !isGone(child) { kill(-child, SIGKILL) }
    }

    @Test(arguments: [SIGTERM, SIGINT, SIGHUP])
    func recordProgramPassesSignalsOnAndLeavesNothingRunning(signal: Int32) throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        // The program writes its pid, then appends to its trace until it is stopped.
        let (process, child) = try startLooping(runner, ignoringSignals: false, loop: "echo '{}' >> \"$LEGO_TRACE_FILE\"; sleep 0.02")
        usleep(100_000)
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        #expect(process.terminationStatus == 128 + signal)
        #expect(kill(child, 0) != 0 && errno == ESRCH, "the program \(child) is still running after lego-trace exited")
        #expect(runner.exists("looping.jsonl"), "the interrupted program's trace was not kept")
    }
}

/// Every producer ends its trace with the clean-end marker, and a trace cut short says so (issue #13, item 8).
@Suite struct TraceEndTests {
    @Test func recordedTracesEndWithTheEndMarkerAndNothingAfterIt() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        #expect(try runner.lego("record", "-o", "scenario.jsonl").status == 0)
        #expect(try runner.lego("record", "-o", "program.jsonl", "--", CommandRunner.product("lego-example")).status == 0)
        for name in ["scenario.jsonl", "program.jsonl"] {
            let lines = try runner.read(name).split(separator: "\n")
            #expect(lines.last?.contains("\"kind\":\"trace.end\"") == true, "\(name) ends with \(lines.last ?? "")")
            #expect(lines.filter { $0.contains("\"kind\":\"trace.end\"") }.count == 1)
        }
        let check = try runner.lego("check", "scenario.jsonl", "--format", "json")
        #expect(check.stdout.contains("\"endedCleanly\": true"), "\(check.stdout.prefix(400))")
    }

    @Test func aTraceCutAfterAPopGivesAnUnconfirmedNoteAndSaysItEndedEarly() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        #expect(try runner.lego("record", CommandRunner.packageFile("samples/bdj-faults.yml"), "-o", "faults.jsonl").status == 0)
        // Cut the recording right after the first dismissal: its module deinitializes in the whole trace, but the
        // cut one cannot show that, so it may only suspect a leak.
        let lines = try runner.read("faults.jsonl").split(separator: "\n").map(String.init)
        let dismissal = try #require(lines.firstIndex { $0.contains("\"op\":\"dismiss\"") && $0.contains("transition.begin") })
        try runner.write("cut.jsonl", lines[...(dismissal + 1)].joined(separator: "\n") + "\n")
        let cut = try runner.lego("check", "cut.jsonl")
        #expect(cut.stdout.contains("leaked-module (1 note)"), "an unconfirmed leak is a note, not an error: \(cut.stdout)")
        #expect(cut.stdout.contains("unconfirmed"))
        #expect(cut.stdout.contains("cut.jsonl: the trace has no end marker"))
        let whole = try runner.lego("check", "faults.jsonl")
        #expect(!whole.stdout.contains("unconfirmed") && !whole.stdout.contains("no end marker"), "\(whole.stdout)")
        let json = try runner.lego("check", "cut.jsonl", "--format", "json")
        #expect(json.stdout.contains("\"endedCleanly\": false"))
    }
}
