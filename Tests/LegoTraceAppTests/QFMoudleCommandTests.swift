import Foundation
import Testing

/// QFMoudle scenarios through the built binary: record, check, graph and html, with hostile names and bad input.
@Suite struct QFMoudleCommandTests {
    /// Protocol and class names that must come out escaped: ESC, a newline, a workflow command, markup, Chinese.
    private let evil = #"Evil\e[31m\nforged line\n::error file=a.swift::pwned<script>alert(1)</script>购物车"#

    private func scenario(_ evil: String) -> String {
        """
        framework: qfmoudle
        app:
          name: "\(evil)"
          protocols:
            - {name: Root}
            - name: "\(evil)"
              properties: [{name: coupon, type: NSString, attributes: [copy]}]
          classes:
            - {name: Root, adopts: [Root], controllers: {interfaceViewController: RootViewController}}
            - {name: "\(evil)", controllers: {interfaceViewController: "\(evil)ViewController"}}
        journey:
          - showRoot: Root
          - open: {protocol: "\(evil)", callback: shown}
          - resolveURL: "cart://?coupon=1"
          - back
          - advanceClock: 3

        """
    }

    @Test func hostileQFMoudleNamesNeverReachTheTerminalOrPagesRaw() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        try runner.write("evil.yml", scenario(evil))
        let record = try runner.lego("record", "evil.yml", "-o", "evil.jsonl")
        #expect(record.status == 0, "\(record.stderr)")
        let check = try runner.lego("check", "evil.jsonl")
        #expect(check.status == 1)
        // The non-conforming class, the unknown scheme, the callback cycle and the leak it causes.
        for rule in ["qf-impl-not-conforming", "qf-unknown-scheme", "qf-callback-retains-caller", "leaked-module"] {
            #expect(check.stdout.contains(rule), "\(rule) missing from \(check.stdout)")
        }
        for outcome in [check, try runner.lego("check", "evil.jsonl", "--format", "github")] {
            for text in [outcome.stdout, outcome.stderr] {
                #expect(!text.unicodeScalars.contains("\u{1B}"))
                #expect(!text.split(separator: "\n").contains { $0.hasPrefix("forged") || $0.hasPrefix("::error file=a.swift") })
            }
        }
        #expect(try runner.lego("graph", "evil.jsonl", "evil.html").status == 0)
        let page = try String(contentsOfFile: runner.path("evil.html"), encoding: .utf8)
        #expect(!page.contains("<script>alert(1)"))
        #expect(page.contains("购物车"))
    }

    @Test func aMalformedQFMoudleScenarioExitsTwoWithItsLine() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        try runner.write("bad.yml", scenario("Cart").replacingOccurrences(of: "  - back\n", with: "  - bakc\n"))
        let record = try runner.lego("record", "bad.yml", "-o", "bad.jsonl")
        #expect(record.status == 2)
        #expect(record.stderr.contains("bad.yml:15:5: unknown step `bakc`"), "\(record.stderr)")
    }
}
