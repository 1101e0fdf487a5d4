import Foundation
import LegoTestSupport
import Testing

/// `check TRACE --source SRC_DIR` / `--model app.json`: a recorded app's findings on its source lines, run as the binary.
@Suite struct CheckSourceJoinTests {
    /// The fault sample's SignIn (leaked) and PostComment (duplicate) modules as an app's source would declare them.
    private func writeSource(in runner: CommandRunner) throws {
        try FileManager.default.createDirectory(atPath: runner.path("src"), withIntermediateDirectories: true)
        try runner.write("src/BDJSignInRouting.h", """
            @interface BDJSignInRouting : XFRouting
            @end
            """)
        try runner.write("src/BDJSignInRouting.m", """
            #import "BDJSignInRouting.h"

            @implementation BDJSignInRouting
            XF_AutoAssemblyModule_Fast
            @end
            """)
        try runner.write("src/BDJPostCommentRouting.swift", """
            class BDJPostCommentRouting: XFRouting {}
            """)
    }

    private func findings(_ outcome: CommandRunner.Outcome) throws -> [[String: Any]] {
        let report = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]
        return report?["findings"] as? [[String: Any]] ?? []
    }

    @Test func aLeakedAndADuplicateModulePointAtTheirClassesAndKeepTheTraceLine() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        try #require(try runner.lego("record", CommandRunner.packageFile("samples/bdj-faults.yml"), "-o", "faults.jsonl").status == 0)
        try writeSource(in: runner)
        let outcome = try runner.lego("check", "faults.jsonl", "--source", "src", "--format", "json")
        #expect(outcome.status == 1, "\(outcome.stderr)")
        let all = try findings(outcome)
        let leak = try #require(all.first { $0["ruleId"] as? String == "leaked-module" })
        let location = leak["location"] as? [String: Any]
        // The @implementation line, not the @interface of the header.
        #expect(location?["file"] as? String == "src/BDJSignInRouting.m")
        #expect(location?["line"] as? Int == 3)
        #expect((leak["evidence"] as? [[String: Any]])?.first?["kind"] as? String == "trace")
        let duplicate = try #require(all.first { $0["ruleId"] as? String == "duplicate-module-name" && $0["module"] as? String == "PostComment" })
        #expect((duplicate["location"] as? [String: Any])?["file"] as? String == "src/BDJPostCommentRouting.swift")
        // Post has no class in this source: its finding stays on the trace's line.
        let post = try #require(all.first { $0["ruleId"] as? String == "duplicate-module-name" && $0["module"] as? String == "Post" })
        #expect((post["location"] as? [String: Any])?["kind"] as? String == "scenario")

        // The same from the scan's model.
        #expect(try runner.lego("scan", "src", "--model", "app.json", "--fail-on", "never").status == 0)
        let fromModel = try runner.lego("check", "faults.jsonl", "--model", "app.json", "--format", "json")
        let modelLeak = try findings(fromModel).first { $0["ruleId"] as? String == "leaked-module" }
        #expect((modelLeak?["location"] as? [String: Any])?["file"] as? String == "src/BDJSignInRouting.m")
    }

    @Test func anUnreadableSourceOrModelExitsTwoWithOneLine() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        try #require(try runner.lego("record", "-o", "app.jsonl").status == 0)
        let missing = try runner.lego("check", "app.jsonl", "--source", "no-such-dir")
        #expect(missing.status == 2)
        #expect(missing.stderr.split(separator: "\n").count == 1, "\(missing.stderr)")
        #expect(missing.stderr.contains("no-such-dir"))
        try runner.write("bad.json", "{\"schema\": \"something-else\"}")
        let bad = try runner.lego("check", "app.jsonl", "--model", "bad.json")
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("bad.json is not a `lego-trace scan --model` file"))
        let both = try runner.lego("check", "app.jsonl", "--model", "bad.json", "--source", "src")
        #expect(both.status == 2)
    }
}
