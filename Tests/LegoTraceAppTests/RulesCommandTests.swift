import Testing

/// `lego-trace rules`, `--help` and `--version`, run as the built binary.
@Suite struct RulesCommandTests {
    @Test func rulesListsEveryDetectorAligned() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        let outcome = try runner.lego("rules")
        #expect(outcome.status == 0)
        let ids = ["leaked-module", "duplicate-module-name", "illegal-url-hierarchy", "unregistered-url",
                   "unknown-component", "lost-event", "naming-convention"]
        let lines = outcome.stdout.split(separator: "\n")
        for id in ids { #expect(lines.contains { $0.hasPrefix(id) }, "missing \(id)") }
        // The severity column starts at one offset on every rule line.
        let ruleLines = lines.filter { line in ids.contains { line.hasPrefix($0) } }
        let severityColumns = Set(ruleLines.map { line -> Int in
            let afterID = line.firstIndex(of: " ") ?? line.endIndex
            let severity = line[afterID...].firstIndex { $0 != " " } ?? line.endIndex
            return line.distance(from: line.startIndex, to: severity)
        })
        #expect(severityColumns.count == 1)
    }

    @Test func explainPrintsTheWhyAndUnknownIdsFail() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        let explain = try runner.lego("rules", "--explain", "leaked-module")
        #expect(explain.status == 0)
        #expect(explain.stdout.count > 200)
        let unknown = try runner.lego("rules", "--explain", "no-such-rule")
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("no-such-rule"))
    }

    @Test func frameworkListsTheRulesThatApplyToItAndExplainSaysWhere() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        let all = try runner.lego("rules").stdout
        let xf = try runner.lego("rules", "--framework", "xflegoviper")
        #expect(xf.status == 0)
        // Every rule but the QFMoudle and NNModule-swift ones applies to XFLegoVIPER: the same ids in the same order.
        func ids(_ text: String) -> [String] {
            text.split(separator: "\n").prefix { !$0.isEmpty }.map { String($0.prefix { $0 != " " }) }
        }
        #expect(ids(xf.stdout) == ids(all).filter { !$0.hasPrefix("qf-") && !$0.hasPrefix("nn-") })
        let qf = try runner.lego("rules", "--framework", "qfmoudle")
        #expect(ids(qf.stdout).filter { $0.hasPrefix("qf-") }.count == 9)
        #expect(ids(qf.stdout).contains("leaked-module") && ids(qf.stdout).contains("orphan-component") && !ids(qf.stdout).contains("lost-event"))
        #expect(all.split(separator: "\n").contains { $0.hasPrefix("leaked-module ") && $0.contains(" error    xflegoviper,qfmoudle,nnmodule  ") })
        let nn = try runner.lego("rules", "--framework", "NNModule-swift")
        #expect(nn.status == 0)
        #expect(ids(nn.stdout).contains("leaked-module"))
        #expect(!ids(nn.stdout).contains("illegal-url-hierarchy"))
        #expect(ids(nn.stdout).filter { $0.hasPrefix("nn-") }.count == 19)
        let unknown = try runner.lego("rules", "--framework", "beehive")
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("beehive"))
        #expect(try runner.lego("rules", "--explain", "leaked-module").stdout.contains("applies to: XFLegoVIPER, QFMoudle, NNModule-swift"))
    }

    @Test func usageErrorsExitTwo() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        let outcome = try runner.lego("frobnicate")
        #expect(outcome.status == 2)
        #expect(try runner.lego("--version").stdout.contains("0.1.0"))
    }
}
