import Foundation
import LegoModel
import LegoRuntime
import Testing

/// The two framework logs, compared byte for byte with text built from the documented format.
@Suite struct ConsoleLogTests {
    /// IndexTab with sub-modules Essence and New, which pushed Post (the docs' example).
    private func docsJourney(_ app: BDJApp) throws {
        let root = try #require(app.runtime.showRoot("IndexTab").module)
        _ = try #require(app.runtime.addSub("Essence", to: root).module)
        _ = try #require(app.runtime.addSub("New", to: root).module)
        _ = try #require(app.runtime.push("Post", from: root).module)
    }

    @Test func routingLinkLogMatchesTheDocumentedTextAfterAPush() throws {
        let app = BDJApp(logs: true)
        app.runtime.enableLogs(routing: true, component: false)
        try docsJourney(app)

        let linkTree = "\n"
            + "Root Routing(0): (\n"
            + "\tBDJIndexTabRouting\n"
            + "\tSub Routing: (\n"
            + "\t\tBDJEssenceRouting\n"
            + "\t\tBDJNewRouting\n"
            + "\t)\n"
            + "\t-> BDJPostRouting\n"
            + ")\n"
            + "Sub Routing from BDJIndexTabRouting(0): (\n"
            + "\tBDJEssenceRouting\n"
            + ")\n"
            + "Sub Routing from BDJIndexTabRouting(1): (\n"
            + "\tBDJNewRouting\n"
            + ")"
        let rootOnly = "current routing count: 1\nRouting link:\n\nRoot Routing(0): (\n\tBDJIndexTabRouting\n)\n"
        let afterPush = "current routing count: 4\nRouting link:\n" + linkTree + "\n"
        #expect(app.console.text == rootOnly + afterPush)
    }

    @Test func componentTraceLogMatchesTheDocumentedTextWithItsStrayTabs() throws {
        let app = BDJApp(logs: true)
        app.runtime.enableLogs(routing: false, component: true)
        try docsJourney(app)

        let rootOnly = "Component trace log:\n\n(\n\t-> IndexTab\n)\n"
        let tree = "\n"
            + "(\n"
            + "\tIndexTab\n"
            + "\t[\t\t\t\n"
            + "\t\t(\n"
            + "\t\t\tEssence\n"
            + "\t\t)\t\t\t\n"
            + "\t\t(\n"
            + "\t\t\tNew\n"
            + "\t\t)\n"
            + "\t]\n"
            + "\t-> Post\n"
            + ")"
        // Sub-components are added ~15 ms later without a log.
        #expect(app.console.text == rootOnly + "Component trace log:\n" + tree + "\n")
    }

    @Test func popPrintsTheLinkLogThenTheComponentLogWithTheMarkerOnTheLastName() throws {
        let app = BDJApp(logs: true)
        try docsJourney(app)
        let before = app.console.text.count
        #expect(app.runtime.pop().ok)

        let printed = String(app.console.text.dropFirst(before))
        let link = "current routing count: 3\nRouting link:\n"
            + "\nRoot Routing(0): (\n\tBDJIndexTabRouting\n\tSub Routing: (\n\t\tBDJEssenceRouting\n\t\tBDJNewRouting\n\t)\n)"
            + "\nSub Routing from BDJIndexTabRouting(0): (\n\tBDJEssenceRouting\n)"
            + "\nSub Routing from BDJIndexTabRouting(1): (\n\tBDJNewRouting\n)\n"
        // `-> ` marks every component named like the last name in the table: here the sub-module New.
        let component = "Component trace log:\n"
            + "\n(\n\tIndexTab\n\t[\t\t\t\n\t\t(\n\t\t\tEssence\n\t\t)\t\t\t\n\t\t(\n\t\t\t-> New\n\t\t)\n\t]\n)\n"
        #expect(printed == link + component)
    }

    @Test func aRoutingChainPrintsEachNextAndNestedSubBlocksOneTabDeeper() throws {
        let app = BDJApp(logs: true)
        app.runtime.enableLogs(routing: true, component: false)
        let root = try #require(app.runtime.showRoot("IndexTab").module)
        let post = try #require(app.runtime.push("Post", from: root).module)
        _ = try #require(app.runtime.addSub("VideoPost", to: root).module)
        _ = try #require(app.runtime.addSub("VoicePost", to: post).module)
        _ = try #require(app.runtime.push("PostComment", from: post).module)

        let last = try #require(app.console.text.components(separatedBy: "Routing link:\n").last)
        let expected = "\nRoot Routing(0): (\n"
            + "\tBDJIndexTabRouting\n"
            + "\tSub Routing: (\n\t\tBDJVideoPostRouting\n\t)\n"
            + "\t-> BDJPostRouting\n"
            + "\t\tSub Routing: (\n\t\t\t\tBDJVoicePostRouting\n\t\t)\n"
            + "\t-> BDJPostCommentRouting\n"
            + ")\n"
        // The loop stops at the first routing with a previous routing (Post), so the subs never get their own block.
        #expect(last == expected)
    }

    @Test func nslogFramingPrefixesEachMessageLikeTheXcodeConsole() throws {
        let app = BDJApp(logs: true)
        app.runtime.consoleFraming = .nslog
        _ = try #require(app.runtime.showRoot("IndexTab").module)

        let lines = app.console.text.split(separator: "\n", omittingEmptySubsequences: false)
        let prefix = #/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{6}[+-]\d{4} BDJ\[\d+:\d+\] /#
        #expect(lines.count == 12)
        #expect(lines[0].firstMatch(of: prefix) != nil && lines[0].hasSuffix("] Component trace log:"))
        #expect(lines[1].firstMatch(of: prefix) != nil && lines[1].hasSuffix("] "))
        #expect(lines[2] == "(" && lines[3] == "\t-> IndexTab" && lines[4] == ")")
        #expect(lines[5].hasSuffix("] current routing count: 1"))
        #expect(lines[6].hasSuffix("] Routing link:"))
        #expect(lines[7].firstMatch(of: prefix) != nil && lines[8] == "Root Routing(0): (")
        #expect(lines[9] == "\tBDJIndexTabRouting" && lines[10] == ")" && lines[11].isEmpty)
    }

    @Test func nothingIsPrintedUnlessLogsAreEnabled() throws {
        let app = BDJApp()
        try docsJourney(app)
        _ = app.runtime.pop()
        #expect(app.console.text.isEmpty)
    }
}
