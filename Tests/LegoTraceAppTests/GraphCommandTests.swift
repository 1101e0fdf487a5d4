import Foundation
import FoundationXML
import Testing

/// `lego-trace graph` formats, options and bad input, run as the built binary.
@Suite struct GraphCommandTests {
    @Test func graphAfterRecordDrawsTheDefaultTraceToSVG() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        _ = try runner.lego("record")
        let outcome = try runner.lego("graph", "out.svg")
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let document = try XMLDocument(data: Data(try runner.bytes("out.svg")))
        #expect(document.rootElement()?.name == "svg")
        let text = document.rootElement()?.stringValue ?? ""
        for module in ["IndexTab", "PostComment"] { #expect(text.contains(module), "missing \(module)") }
    }

    @Test func formatFollowsTheExtensionAndFormatOverridesIt() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        _ = try runner.lego("record", CommandRunner.packageFile("samples/bdj-faults.yml"))
        #expect(try runner.lego("graph", "g.png").status == 0)
        #expect(Array(try runner.bytes("g.png").prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
        #expect(try runner.lego("graph", "g.pdf").status == 0)
        #expect(String(decoding: try runner.bytes("g.pdf").prefix(5), as: UTF8.self) == "%PDF-")
        #expect(try runner.lego("graph", "g.dot").status == 0)
        #expect(try runner.read("g.dot").hasPrefix("digraph"))
        #expect(try runner.lego("graph", "g.json").status == 0)
        #expect((try JSONSerialization.jsonObject(with: Data(try runner.bytes("g.json")))) is [String: Any])
        #expect(try runner.lego("graph", "g.txt", "--format", "dot").status == 0)
        #expect(try runner.read("g.txt").hasPrefix("digraph"))
        // Two runs on one trace give byte-identical DOT.
        _ = try runner.lego("graph", "again.dot")
        #expect(try runner.read("again.dot") == (try runner.read("g.dot")))
    }

    /// An orphan is marked as an orphan and a leak `graph --at` cannot confirm yet as unconfirmed: neither is labelled
    /// a leak; the whole trace still marks the confirmed leak as leaked.
    @Test func orphansAndUnconfirmedLeaksAreNotLabelledLeaks() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        _ = try runner.lego("record", CommandRunner.packageFile("samples/bdj-faults.yml"))
        #expect(try runner.lego("graph", "all.dot").status == 0)
        let all = try runner.read("all.dot")
        let line = { (dot: String, module: String) in dot.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .first { $0.hasPrefix("\"m:\(module)\"") || $0.hasPrefix("\"m:\(module)#") } ?? "" }
        #expect(line(all, "PublishContent").contains("⚠ orphan") && !line(all, "PublishContent").contains("leaked"), "\(line(all, "PublishContent"))")
        #expect(line(all, "SignIn").contains("⚠ leaked"))
        // SignIn was dismissed at seq 308: at seq 320 the trace stops inside its grace period.
        #expect(try runner.lego("graph", "early.dot", "--at", "320").status == 0)
        let early = try runner.read("early.dot")
        #expect(line(early, "SignIn").contains("⚠ unconfirmed") && !line(early, "SignIn").contains("leaked"), "\(line(early, "SignIn"))")
    }

    @Test func atFocusAndLayoutNarrowThePicture() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        _ = try runner.lego("record")
        #expect(try runner.lego("graph", "all.dot").status == 0)
        #expect(try runner.lego("graph", "end.dot", "--at", "end").status == 0)
        #expect(try runner.lego("graph", "early.dot", "--at", "5").status == 0)
        #expect(try runner.read("early.dot").count < (try runner.read("all.dot")).count)
        #expect(try runner.lego("graph", "focus.dot", "--focus", "IndexTab", "--depth", "1").status == 0)
        #expect(try runner.read("focus.dot").count < (try runner.read("all.dot")).count)
        let unknown = try runner.lego("graph", "x.dot", "--focus", "NoSuchModule")
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("NoSuchModule"))
        #expect(try runner.lego("graph", "neato.svg", "--layout", "neato").status == 0)
    }

    @Test func badRequestsFailWithExitTwoAndLeaveNoFileBehind() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        let missing = try runner.lego("graph", "missing.jsonl", "out.svg")
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("missing.jsonl"))
        #expect(!runner.exists("out.svg"))
        _ = try runner.lego("record")
        let badExtension = try runner.lego("graph", "out.bmp")
        #expect(badExtension.status == 2)
        #expect(badExtension.stderr.contains(".bmp"))
        let badLayout = try runner.lego("graph", "out.svg", "--layout", "spring")
        #expect(badLayout.status == 2)
        let unwritable = try runner.lego("graph", "no/such/dir/out.svg")
        #expect(unwritable.status == 2)
        #expect(unwritable.stderr.contains("no/such/dir"))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: runner.directory).filter { $0.contains("tmp") || $0.hasPrefix("out") }
        #expect(leftovers.isEmpty, "\(leftovers)")
    }

    @Test func namesOf20KiBSurviveDOTReadBackByTheDotCommandAndTheInProcessRenderer() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        // 20,480 bytes each: ASCII with characters DOT escapes, and Chinese with emoji.
        let names = [String(repeating: "Ab\"c\\d&e", count: 2_560), String(repeating: "模块😀", count: 2_048)]
        try runner.write("long.yml", """
            app:
              name: Long
              prefix: LG
              modules:
                - {name: Root}
            \(names.map { "    - {name: '\($0)'}" }.joined(separator: "\n"))
            journey:
              - showRoot: Root
            \(names.map { "  - {push: '\($0)', from: Root}" }.joined(separator: "\n"))

            """)
        let recorded = try runner.lego("record", "long.yml", "-o", "long.jsonl")
        #expect(recorded.status == 0, "\(recorded.stderr)")
        #expect(try runner.lego("graph", "long.jsonl", "long.dot").status == 0)
        #expect(try runner.read("long.dot").contains("\\\n"), "the long names are split with continuations")
        let command = try runner.run("/usr/bin/env", ["dot", "-Tsvg", runner.path("long.dot")])
        #expect(command.status == 0, "dot could not read the DOT: \(command.stderr)")
        let rendered = try runner.lego("graph", "long.jsonl", "long.svg")
        #expect(rendered.status == 0, "\(rendered.stderr)")
        for svg in [command.stdout, try runner.read("long.svg")] {
            let document = try XMLDocument(data: Data(svg.utf8))
            let texts = try document.nodes(forXPath: "//*[local-name()='text']").map { $0.stringValue ?? "" }
            for name in names { #expect(texts.contains(name), "the \(name.prefix(6))… name is missing or cut") }
        }
    }
}
