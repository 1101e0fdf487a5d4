import Foundation
import LegoModel
import Testing
@testable import LegoImport

@Test func journeyImportsTheBusiestProcessAndNamesIt() throws {
    let result = try ImportFixtures.load("journey.log")
    #expect(result.process.pid == 4242)
    #expect(result.process.name == "App")
    #expect(result.process.reason.contains("most framework lines"))
    #expect(result.process.reason.contains("Widget Extension[5151]"))
    #expect(result.stats.snapshots == 9)
    #expect(result.warnings.isEmpty)
    #expect(result.header.producer == "lego-trace-import 0.1.0")
    #expect(result.header.start == "2019-06-03T14:07:21.100000+08:00")
    #expect(result.header.app == "App")
    #expect(result.header.source == "import")
    #expect(result.header.importedFrom == ImportFixtures.path("journey.log"))
    #expect(result.stats.events == result.events.count)
    // The multi-line dictionary and the other thread's output are not framework lines.
    #expect(result.stats.frameworkLines < result.stats.linesRead - 9)
    #expect(!result.events.contains { $0.name == "Weather" })
}

@Test func seqIsDenseTimesAreMonotonicAndEveryEventHasALine() throws {
    let result = try ImportFixtures.load("journey.log")
    #expect(result.events.map(\.seq) == Array(1...UInt64(result.events.count)))
    #expect(result.events.first?.time == 0)
    #expect(zip(result.events, result.events.dropFirst()).allSatisfy { $0.time <= $1.time })
    #expect(result.events.allSatisfy { $0.line != nil })
    // The clock jumped back two seconds at the fourth routing link log: its events keep the previous time.
    let jumped = try #require(result.events.first { $0.kind == .snapshot && $0.value == "routing link log" && $0.time > 1.3 })
    #expect(abs(jumped.time - 1.315) < 1e-6)
    let last = try #require(result.events.last)
    #expect(abs(last.time - 1.915) < 1e-6)
}

@Test func modulePrefixLineBecomesPrefixSet() throws {
    let result = try ImportFixtures.load("journey.log")
    let first = try #require(result.events.first)
    #expect(first.kind == .prefixSet)
    #expect(first.value == "BDJ")
    #expect(first.ok == true)
    #expect(first.line == 1)
}

@Test func snapshotEventsGiveTheirLogAndLineRange() throws {
    let result = try ImportFixtures.load("journey.log")
    let snapshots = result.events.filter { $0.kind == .snapshot }
    #expect(snapshots.count == 9)
    #expect(snapshots[0].value == "component trace log")
    #expect(snapshots[0].line == 3)
    #expect(snapshots[0].count == 7)
    #expect(snapshots[1].value == "routing link log")
    #expect(snapshots[1].line == 8)
    #expect(snapshots[1].count == 13)
}

@Test func pidOptionPicksAnotherProcess() throws {
    let result = try ImportFixtures.load("journey.log", options: ImportOptions(pid: 5151))
    #expect(result.process.pid == 5151)
    #expect(result.process.name == "Widget Extension")
    #expect(result.process.reason.contains("pid option"))
    #expect(result.events.contains { $0.kind == .componentAdd && $0.name == "Weather" })
    #expect(result.header.app == "Widget Extension")
}

@Test func unknownPidIsAClearError() {
    #expect {
        _ = try ImportFixtures.load("journey.log", options: ImportOptions(pid: 9999))
    } throws: { error in
        let text = "\(error)"
        return text.contains("journey.log") && text.contains("9999") && text.contains("4242") && !text.contains("\n")
    }
}

@Test func legacyPrefixesAndCRLFLineEnds() throws {
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: ImportFixtures.path("legacy-crlf.log"))))
    #expect(bytes.contains(0x0D))
    let result = try ImportFixtures.load("legacy-crlf.log")
    #expect(result.warnings.isEmpty)
    #expect(result.stats.snapshots == 4)
    #expect(result.header.start == "2016-11-07T10:00:00.123")
    #expect(result.events.allSatisfy { !($0.name ?? "").contains("\r") && !($0.className ?? "").contains("\r") })
    let adds = result.events.filter { $0.kind == .routingAdd }.map(\.name)
    #expect(adds == ["IndexTab", "PostComment"])
    let last = try #require(result.events.last)
    #expect(abs(last.time - 1.392) < 1e-6)
}

@Test func rawLinesWithoutPrefixes() throws {
    let result = try ImportFixtures.load("raw.log")
    #expect(result.process.pid == nil)
    #expect(result.process.name == nil)
    #expect(result.process.reason.contains("no NSLog prefixes"))
    #expect(result.stats.snapshots == 4)
    #expect(result.warnings.isEmpty)
    #expect(result.header.start == "")
    #expect(result.header.app == "unknown")
    #expect(result.events.allSatisfy { $0.time == 0 })
    let state = ImportFixtures.replay(result.events)
    #expect(state.routingNames == ["IndexTab", "PostComment"])
    #expect(state.componentNames == ["IndexTab", "PostComment"])
}

@Test func garbledAndTruncatedBlocksAreSkippedWithTheirLines() throws {
    let result = try ImportFixtures.load("garbled.log")
    #expect(result.warnings.map(\.lines) == [12...18, 19...24, 38...42])
    #expect(result.warnings[0].message.contains("garbled component trace log"))
    #expect(result.warnings[0].message.contains("line 18"))
    #expect(result.warnings[1].message.contains("truncated routing link log"))
    #expect(result.warnings[2].message.contains("truncated component trace log"))
    #expect(result.warnings[0].description.hasPrefix("lines 12-18: "))
    #expect(result.stats.snapshots == 4)
    #expect(!result.events.contains { $0.name == "PostComment" || $0.name == "Search" })
    let state = ImportFixtures.replay(result.events)
    #expect(state.routingNames == ["IndexTab", "Setting"])
    #expect(state.componentNames == ["IndexTab", "Setting"])
}

@Test func garbledRawBlockIsSkippedUpToTheNextHeader() throws {
    let text = [
        "Component trace log:", "(", "\t-> IndexTab", ")",
        "current routing count: 1", "Routing link:", "Root Routing(0): (", "\tBDJIndexTabRouting", "\tBDJ Broken Routing", "\t-> BDJXRouting", ")",
        "current routing count: 1", "Routing link:", "Root Routing(0): (", "\tBDJIndexTabRouting", ")",
    ].joined(separator: "\n")
    let result = try ImportFixtures.load(text: text)
    #expect(result.warnings.map(\.lines) == [5...11])
    #expect(result.stats.snapshots == 2)
    #expect(!result.events.contains { $0.className == "BDJXRouting" })
}

@Test func binaryJunkIsRefused() {
    let junk = (0..<4096).map { UInt8(truncatingIfNeeded: ($0 &* 2_654_435_761) >> 13) }
    #expect {
        _ = try ConsoleImporter().importLog(bytes: junk, name: "junk.bin")
    } throws: { error in
        guard case .binary = error as? ImportError else { return false }
        return "\(error)".hasPrefix("junk.bin: ") && "\(error)".contains("binary")
    }
}

@Test func emptyFileIsRefused() {
    for bytes in [[], Array(" \n\r\n\t\n".utf8)] as [[UInt8]] {
        #expect {
            _ = try ConsoleImporter().importLog(bytes: bytes, name: "empty.log")
        } throws: { error in
            (error as? ImportError) == .empty(file: "empty.log") && "\(error)".hasPrefix("empty.log: ")
        }
    }
}

@Test func logWithoutFrameworkLinesIsRefused() {
    let text = ImportFixtures.prefix("21.000000") + "hello\n" + ImportFixtures.prefix("21.100000") + "(\n\tnot a tree\n)\n"
    #expect {
        _ = try ImportFixtures.load(text: text)
    } throws: { error in
        (error as? ImportError) == .noFrameworkLines(file: "inline.log", linesRead: 4) && "\(error)".contains("inline.log")
    }
}

@Test func onlyGarbledBlocksIsRefused() {
    let text = (ImportFixtures.componentLog("21.000000", ["(", "\tIndexTab", "]"])).joined(separator: "\n")
    #expect {
        _ = try ImportFixtures.load(text: text)
    } throws: { error in
        guard case .noValidBlocks = error as? ImportError else { return false }
        return "\(error)".contains("inline.log") && "\(error)".contains("line 5")
    }
}

@Test func missingFileIsAClearError() {
    #expect {
        _ = try ConsoleImporter().importLog(path: "/nonexistent/console.log")
    } throws: { error in
        (error as? ImportError) == .unreadable(file: "/nonexistent/console.log", reason: "no such file")
    }
}

@Test func hostileNamesAreKeptVerbatim() throws {
    let names = ["Quote\"d", "Back\\slash", "<script>", "表情😀", "中文模块"]
    let tree = ["("] + names.enumerated().map { "\t" + ($0.offset == names.count - 1 ? "-> " : "") + $0.element } + [")"]
    let result = try ImportFixtures.load(text: ImportFixtures.componentLog("21.000000", tree).joined(separator: "\n"))
    let added = result.events.filter { $0.kind == .componentAdd }.compactMap(\.name)
    #expect(added == names)
    #expect(result.warnings.isEmpty)
}

@Test func nameWithBracketsOrSpacesIsGarbled() throws {
    let text = (ImportFixtures.componentLog("21.000000", ["(", "\t-> IndexTab", ")"])
        + ImportFixtures.componentLog("22.000000", ["(", "\tIndexTab", "\t-> alert(1)", ")"])).joined(separator: "\n")
    let result = try ImportFixtures.load(text: text)
    #expect(result.warnings.map(\.lines) == [6...11])
    #expect(result.warnings[0].message.contains("line 10"))
    #expect(result.stats.snapshots == 1)
}

@Test func logStreamColumnsAreReadAsRawLinesWithTimes() throws {
    func stream(_ second: String, _ message: String) -> String {
        "2019-06-03 14:07:\(second)+0800 0x14e5f1   Default     0x0                  4242   0    App: \(message)"
    }
    let text = [
        "Filtering the log data using \"process == \\\"App\\\"\"",
        "Timestamp                       Thread     Type        Activity             PID    TTL  ",
        stream("21.100000", "inspectModulePrefix: BDJ"),
        stream("21.110000", "Component trace log:"), stream("21.110000", ""), "(", "\t-> IndexTab", ")",
        stream("21.125000", "current routing count: 1"), stream("21.125000", "Routing link:"), stream("21.125000", ""),
        "Root Routing(0): (", "\tBDJIndexTabRouting", ")",
        stream("22.500000", "Component trace log:"), stream("22.500000", ""), "(", "\tIndexTab", "\t-> Post", ")",
    ].joined(separator: "\n")
    let result = try ImportFixtures.load(text: text)
    #expect(result.warnings.isEmpty)
    #expect(result.stats.snapshots == 3)
    #expect(result.events.first?.kind == .prefixSet)
    #expect(result.header.start == "2019-06-03T14:07:21.100000+08:00")
    #expect(abs((result.events.last?.time ?? 0) - 1.4) < 1e-9)
    let state = ImportFixtures.replay(result.events)
    #expect(state.componentNames == ["IndexTab", "Post"])
    #expect(state.routingNames == ["IndexTab"])
}

@Test func standardInputIsReadForDash() throws {
    let saved = dup(0)
    let file = open(ImportFixtures.path("legacy-crlf.log"), O_RDONLY)
    try #require(saved >= 0 && file >= 0)
    dup2(file, 0)
    close(file)
    defer {
        dup2(saved, 0)
        close(saved)
    }
    let result = try ConsoleImporter().importLog(path: "-")
    #expect(result.stats.snapshots == 4)
    #expect(result.header.importedFrom == "-")
}

@Test func controlBytesInsideABlockMakeItGarbled() throws {
    let text = (ImportFixtures.componentLog("21.000000", ["(", "\t-> IndexTab", ")"])
        + ImportFixtures.componentLog("22.000000", ["(", "\tIndex\u{01}Tab", "\t-> Post", ")"])).joined(separator: "\n")
    let result = try ImportFixtures.load(text: text)
    #expect(result.warnings.count == 1)
    #expect(result.warnings[0].message.contains("control bytes"))
    #expect(result.stats.snapshots == 1)
}

@Test func processWithValidBlocksIsPreferredOverOneWithOnlyGarbage() throws {
    let other = "2019-06-03 14:07:21.000000+0800 Other[777:1] "
    let garbage = [other + "Component trace log:", other, "(", "\tA", "\tB", "\tC", "\tD", "]"]
    let valid = ImportFixtures.componentLog("22.000000", ["(", "\t-> IndexTab", ")"])
    let result = try ImportFixtures.load(text: (garbage + valid).joined(separator: "\n"))
    #expect(result.process.pid == 4242)
    #expect(result.process.reason.contains("Other[777] 8"))
    #expect(result.process.reason.contains("readable framework blocks"))
}
