import Foundation
import LegoTraceApp
import Testing
import Yams

/// What a team adopting lego-trace copies or installs from the repository: the licence, the podspec at the root,
/// the CI recipes in docs/ci, the release workflow, scripts/install and the Homebrew formula.
@Suite struct RepositoryFilesTests {
    private static func text(_ path: String) throws -> String {
        try String(contentsOfFile: CommandRunner.packageFile(path), encoding: .utf8)
    }

    @Test func theLicenceIsMITAndEveryManifestSaysSo() throws {
        #expect(try Self.text("LICENSE").hasPrefix("MIT License\n"))
        for manifest in ["Package.swift", "recorders/objc/Package.swift"] {
            let lines = try Self.text(manifest).split(separator: "\n")
            #expect(lines.count > 1 && lines[1] == "// SPDX-License-Identifier: MIT", "\(manifest)")
        }
        #expect(try Self.podspec()["license"] == "{ :type => 'MIT', :file => 'LICENSE' }")
        #expect(try Self.text("Formula/lego-trace.rb").contains("  license \"MIT\"\n"))
    }

    /// `s.NAME = VALUE` lines of the root podspec.
    private static func podspec() throws -> [String: String] {
        var values: [String: String] = [:]
        for line in try text("LegoTraceRecorder.podspec").split(separator: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("s."), let equals = trimmed.firstIndex(of: "=") else { continue }
            let key = trimmed[trimmed.index(trimmed.startIndex, offsetBy: 2)..<equals].trimmingCharacters(in: .whitespaces)
            values[key] = trimmed[trimmed.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        }
        return values
    }

    /// What `pod spec lint` checks of the files, without CocoaPods: the globs match the recorder's sources, the public
    /// header and licence exist, and the version and tag are the tool's release.
    @Test func thePodspecAtTheRootPointsIntoTheRecorder() throws {
        let spec = try Self.podspec()
        #expect(spec["name"] == "'LegoTraceRecorder'")
        #expect(spec["version"] == "'\(LegoTrace.version)'", "one tag releases the tool and the recorder")
        #expect(spec["source"] == #"{ :git => 'https://github.com/lego-trace/lego-trace.git', :tag => "v#{s.version}" }"#)
        #expect(spec["platform"] == ":ios, '12.0'")
        #expect(try Self.text("recorders/objc/Package.swift").contains("platforms: [.iOS(.v12)]"), "the same minimum for SwiftPM")
        #expect(spec["source_files"] == "'recorders/objc/LegoTraceRecorder/**/*.{h,m}'")
        let folder = CommandRunner.packageFile("recorders/objc/LegoTraceRecorder")
        let sources = try #require(FileManager.default.subpathsOfDirectory(atPath: folder) as [String]?)
            .filter { $0.hasSuffix(".h") || $0.hasSuffix(".m") }
        #expect(sources.count >= 10 && sources.contains("LegoTraceRecorder.m") && sources.contains("include/LegoTraceRecorder.h"))
        let header = try #require(spec["public_header_files"]).trimmingCharacters(in: CharacterSet(charactersIn: "'"))
        #expect(FileManager.default.fileExists(atPath: CommandRunner.packageFile(header)), "\(header)")
        #expect(header.hasPrefix("recorders/objc/LegoTraceRecorder/"), "inside source_files")
        #expect(FileManager.default.fileExists(atPath: CommandRunner.packageFile("LICENSE")))
        #expect(!FileManager.default.fileExists(atPath: CommandRunner.packageFile("recorders/objc/LegoTraceRecorder.podspec")),
                "one podspec: a second one of the same name would be found by :path installs of recorders/objc")
    }

    /// Every workflow parses as YAML with the structure GitHub requires; the recipes are complete (checkout, the
    /// SARIF upload with a category per command, permissions, a step summary); every lego-trace command in them
    /// uses options the built tool has; the README shows one of them whole.
    @Test(arguments: ["docs/ci/lego-trace-scenario.yml", "docs/ci/lego-trace-ui-tests.yml", "docs/ci/lego-trace-scan.yml",
                      ".github/workflows/release.yml"])
    func workflowsAreCompleteAndUseRealOptions(path: String) throws {
        let text = try Self.text(path)
        let root = try #require(try Yams.compose(yaml: text)?.mapping, "\(path) is not a YAML mapping")
        // `on` is a string key to GitHub; a YAML 1.1 reader may take it for `true`, so keys are compared as written.
        let keys = Set(root.keys.compactMap(\.string))
        #expect(keys.isSuperset(of: ["name", "on", "jobs", "permissions"]), "\(path): \(keys.sorted())")
        let jobs = try #require(root["jobs"]?.mapping)
        #expect(!jobs.isEmpty)
        var uses: [String] = []
        var runs: [String] = []
        for (name, job) in jobs {
            let job = try #require(job.mapping, "\(path): job \(name.string ?? "?")")
            #expect(job["runs-on"] != nil, "\(path): job \(name.string ?? "?") has no runs-on")
            let steps = try #require(job["steps"]?.sequence, "\(path): job \(name.string ?? "?") has no steps")
            #expect(!steps.isEmpty)
            for step in steps {
                let step = try #require(step.mapping)
                #expect((step["uses"] == nil) != (step["run"] == nil), "\(path): a step has one of uses and run")
                if let action = step["uses"]?.string {
                    uses.append(action)
                    if action.hasPrefix("github/codeql-action/upload-sarif") {
                        #expect(action == "github/codeql-action/upload-sarif@v4")
                        let with = step["with"]?.mapping
                        #expect(with?["sarif_file"]?.string != nil)
                        #expect(with?["category"]?.string?.hasPrefix("lego-trace/") == true, "\(path): a category per command")
                    }
                }
                if let script = step["run"]?.string { runs.append(script) }
            }
        }
        #expect(uses.contains { $0.hasPrefix("actions/checkout@") })
        guard path.hasPrefix("docs/ci/") else { return }
        #expect(root["permissions"]?.mapping?["security-events"]?.string == "write")
        #expect(runs.contains { $0.contains("$GITHUB_STEP_SUMMARY") })
        #expect(runs.contains { $0.contains("--baseline") })
        try Self.expectRealOptions(in: runs.joined(separator: "\n"), path: path)
        if path == "docs/ci/lego-trace-scenario.yml" {
            #expect(try Self.text("README.md").contains("```yaml\n" + text + "```\n"), "the README shows \(path) whole")
        }
    }

    /// Each `lego-trace SUBCOMMAND … --option` in `script` names an option the subcommand's `--help` lists.
    private static func expectRealOptions(in script: String, path: String) throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        let joined = script.replacingOccurrences(of: "\\\n", with: " ")
        let pattern = try NSRegularExpression(pattern: #"lego-trace (record|check|graph|scan|export|import|rules)\b([^|>;&\n]*)"#)
        var commands = 0
        for match in pattern.matches(in: joined, range: NSRange(joined.startIndex..., in: joined)) {
            guard let sub = Range(match.range(at: 1), in: joined), let rest = Range(match.range(at: 2), in: joined) else { continue }
            let help = try runner.lego(String(joined[sub]), "--help").stdout
            commands += 1
            for word in joined[rest].split(separator: " ") where word.hasPrefix("--") {
                let option = word.split(separator: "=")[0]
                #expect(help.contains(option + " ") || help.contains(option + "\n") || help.contains(option + ","),
                        "\(path): lego-trace \(joined[sub]) has no \(option)")
            }
        }
        #expect(commands > 0, "\(path) runs lego-trace")
    }

    /// `scripts/install PREFIX` lays out the binary, the completions and the licence (with a built binary, as the
    /// release workflow packs it).
    @Test func theInstallScriptInstallsUnderThePrefix() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        let outcome = try runner.run(CommandRunner.packageFile("scripts/install"), [runner.path("prefix")],
                                     environment: ["LEGO_TRACE_BINARY": CommandRunner.product("lego-trace")])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        for file in ["bin/lego-trace", "share/bash-completion/completions/lego-trace", "share/zsh/site-functions/_lego-trace",
                     "share/fish/vendor_completions.d/lego-trace.fish", "share/doc/lego-trace/LICENSE"] {
            #expect(runner.exists("prefix/" + file), "\(file)")
        }
        let version = try runner.run(runner.path("prefix/bin/lego-trace"), ["--version"])
        #expect(version.stdout == LegoTrace.version + "\n")
        let refused = try runner.run(CommandRunner.packageFile("scripts/install"), ["/proc/lego-trace"],
                                     environment: ["LEGO_TRACE_BINARY": CommandRunner.product("lego-trace")])
        #expect(refused.status == 2 && refused.stderr.contains("give a prefix of your own"), "\(refused.stderr)")
    }

    /// Homebrew builds the tagged release from source with Graphviz; Mint installs the executable named after the
    /// package; the release workflow packs what docs/ci downloads.
    @Test func theFormulaMintAndTheReleaseAgreeOnTheVersionAndTheNames() throws {
        let formula = try Self.text("Formula/lego-trace.rb")
        #expect(formula.contains("tag: \"v\(LegoTrace.version)\""))
        #expect(formula.contains("depends_on \"graphviz\"\n"))
        #expect(formula.contains("bin.install \".build/release/lego-trace\""))
        #expect(formula.contains("test do"))
        #expect(try Self.text("Package.swift").contains("name: \"lego-trace\",\n"))
        #expect(try Self.text("Package.swift").contains(".executable(name: \"lego-trace\", targets: [\"lego-trace\"])"))
        let release = try Self.text(".github/workflows/release.yml")
        for recipe in ["docs/ci/lego-trace-scenario.yml", "docs/ci/lego-trace-ui-tests.yml"] {
            let text = try Self.text(recipe)
            #expect(text.contains("LEGO_TRACE_VERSION: \"\(LegoTrace.version)\""))
            // The archive names the recipes download are the ones the release packs.
            #expect(text.contains("lego-trace-$LEGO_TRACE_VERSION-") && release.contains("name=\"lego-trace-$version-"))
        }
        for platform in ["linux-${{ matrix.arch }}", "macos-arm64"] { #expect(release.contains(platform)) }
        #expect(release.contains("arch: x86_64") && release.contains("arch: aarch64"))
        #expect(release.contains(".sha256"))
    }

    /// The README's `lego-example` command builds what it runs, and the example's findings are the three the README
    /// calls deliberate.
    @Test func theREADMEsExampleCommandWorksAsWrittenAndItsFaultsAreDeliberate() throws {
        let readme = try Self.text("README.md")
        #expect(readme.contains("swift build --product lego-example && lego-trace record -o app.jsonl -- .build/debug/lego-example"))
        #expect(readme.contains("It is **deliberately faulty**"))
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        #expect(try runner.lego("record", "-o", "app.jsonl", "--", CommandRunner.product("lego-example")).status == 0)
        let check = try runner.lego("check", "app.jsonl")
        #expect(check.status == 1)
        #expect(check.stdout.contains("illegal-url-hierarchy (3 errors)"), "\(check.stdout)")
        #expect(check.stdout.contains("\n3 findings: 3 errors ("), "\(check.stdout)")
    }
}
