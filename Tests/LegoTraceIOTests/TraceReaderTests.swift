import Foundation
import LegoModel
import LegoTestSupport
import Testing
@testable import LegoTraceIO

private let headerLine = #"{"format":"lego-trace","version":"1.0","producer":"test","start":"2026-01-01T00:00:00Z","app":"App"}"#

private func trace(_ lines: String..., newlineAtEnd: Bool = true) -> String {
    ([headerLine] + lines).joined(separator: "\n") + (newlineAtEnd ? "\n" : "")
}

/// Reads a whole trace file, returning the error instead of throwing it.
private func readAll(_ path: String, lenient: Bool = false) -> Result<(header: TraceHeader, events: [TraceEvent], diagnostics: TraceReader.Diagnostics), TraceIOError> {
    Result { () throws(TraceIOError) in try TraceReader.readAll(path: path, options: .init(lenient: lenient)) }
}

/// Writes the synthetic header and `events` with the trace encoder to `path`; returns `path`.
private func encoded(_ events: [TraceEvent], to path: String) throws -> String {
    var bytes: [UInt8] = []
    TraceEncoding.encode(SyntheticTrace.header, into: &bytes)
    for event in events { TraceEncoding.encode(event, into: &bytes) }
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
}

private let hostileStrings = [
    "quote \" and backslash \\", "new\nline\tand\rreturn", "control \u{01}\u{1F}\u{7F}\u{85}", "<script>alert('x')</script>",
    "emoji 😀👩‍👩‍👧", "中文模块名", "", "a long class name BDJVeryLongModuleNameForInterningRouting",
]

/// One event of every kind with every field set, using hostile text in every string field.
private func everyKindWithEveryField() -> [TraceEvent] {
    TraceEvent.Kind.allCases.enumerated().map { index, kind in
        let text = hostileStrings[index % hostileStrings.count]
        return TraceEvent(
            seq: UInt64(index + 1), time: Double(index * 1_234_567) / 1_000_000, thread: UInt32(index % 3 + 1), kind: kind,
            name: text, className: text + "Routing", object: ObjectID(index) * 1_000_003, peer: .max - ObjectID(index),
            peerName: text + "peer", url: "bdj://essence/\(text)?a=1&b=\(text)", layer: TraceEvent.Layer.allCases[index % 7],
            relation: TraceEvent.Relation.allCases[index % 5], effect: TraceEvent.RegistryEffect.allCases[index % 4],
            operation: TraceEvent.Operation.allCases[index % 7], moduleKind: TraceEvent.ModuleKind.allCases[index % 4],
            gene: text + "gene", value: text, count: index - 5, ok: index % 2 == 0, objects: (0..<index % 4).map { ObjectID($0) },
            params: [Parameter(key: text, value: text), Parameter(key: "z", value: "")], line: index * 10
        )
    }
}

@Test func everyKindAndEveryFieldRoundTripsIncludingHostileStrings() throws {
    let directory = try TemporaryDirectory()
    let events = everyKindWithEveryField()
    var bytes: [UInt8] = []
    TraceEncoding.encode(TraceHeader(producer: "p", start: "s", app: "<b>应用</b>", importedFrom: "x\ny.log"), into: &bytes)
    for event in events { TraceEncoding.encode(event, into: &bytes) }
    let path = directory.file("all.jsonl")
    try Data(bytes).write(to: URL(fileURLWithPath: path))

    let read = try readAll(path).get()
    #expect(read.header.app == "<b>应用</b>")
    #expect(read.header.importedFrom == "x\ny.log")
    #expect(read.events == events)
    #expect(read.diagnostics.isClean)
    #expect(Set(read.events.map(\.kind)) == Set(TraceEvent.Kind.allCases))
}

@Test func clearingAnEventForTheNextLineLeavesNoFieldOfThePreviousOne() throws {
    for var event in everyKindWithEveryField() {
        EventLineParser.clear(&event)
        #expect(event == EventLineParser.blankEvent)
    }
    // A full line then a minimal one: nothing of the first may leak into the second.
    let directory = try TemporaryDirectory()
    let full = everyKindWithEveryField()
    var events: [TraceEvent] = []
    for (index, event) in full.enumerated() {
        var first = event
        first.seq = UInt64(2 * index + 1)
        events.append(first)
        events.append(TraceEvent(seq: UInt64(2 * index + 2), kind: event.kind))
    }
    let path = try encoded(events, to: directory.file("alternating.jsonl"))
    #expect(try readAll(path).get().events == events)
}

@Test func eventsWithOnlyRequiredFieldsRoundTripWithAbsentFieldsStillAbsent() throws {
    let directory = try TemporaryDirectory()
    let events = TraceEvent.Kind.allCases.enumerated().map { TraceEvent(seq: UInt64($0.offset + 1), kind: $0.element) }
    let path = try encoded(events, to: directory.file("minimal.jsonl"))
    #expect(try readAll(path).get().events == events)
}

@Test func syntheticTraceReadsBackExactlyAsGenerated() throws {
    let directory = try TemporaryDirectory()
    let path = directory.file("synthetic.jsonl")
    try SyntheticTrace.write(events: 30_000, to: path)
    let read = try readAll(path).get()
    #expect(read.header == SyntheticTrace.header)
    #expect(Array(read.events.dropLast()) == SyntheticTrace.events(count: 30_000))
    #expect(read.events.last?.kind == .traceEnd && read.events.last?.count == 30_000)
    let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
    #expect((100...160).contains(size / 30_000), "average line length \(size / 30_000) bytes")
}

@Test func keysInAnyOrderUnknownKeysEscapesAndNullsAreAccepted() throws {
    let directory = try TemporaryDirectory()
    let path = try directory.write(trace(
        #"  { "kind" : "object.alloc" , "future":{"a":[1,{"b":null}],"c":"}"}, "name":"\u0050ost \ud83d\ude00 \u4e2d","seq":1,"t":1e-3,"th":3,"peer":null,"\u006fbj":5 }  "#,
        #"{"seq":2,"kind":"url.open","params":{"id":"\"7\"","empty":""},"objs":[ 1 , 2 ],"ok":true,"t":2}"#
    ), to: "order.jsonl")
    let events = try readAll(path).get().events
    #expect(events == [
        TraceEvent(seq: 1, time: 0.001, thread: 3, kind: .objectAlloc, name: "Post 😀 中", object: 5),
        TraceEvent(seq: 2, time: 2, kind: .urlOpen, ok: true, objects: [1, 2], params: [Parameter(key: "id", value: "\"7\""), Parameter(key: "empty", value: "")]),
    ])
}

@Test func truncatedLastLineIsReportedAndTolerated() throws {
    let directory = try TemporaryDirectory()
    let path = try directory.write(trace(#"{"seq":1,"kind":"focus"}"#, #"{"seq":2,"kind":"foc"#, newlineAtEnd: false), to: "cut.jsonl")
    let read = try readAll(path).get()
    #expect(read.events.map(\.seq) == [1])
    #expect(read.diagnostics.truncatedLastLine == 3)
    #expect(!read.diagnostics.isClean)
}

@Test func completeLastLineWithoutNewlineIsAnEvent() throws {
    let directory = try TemporaryDirectory()
    let path = try directory.write(trace(#"{"seq":1,"kind":"focus"}"#, #"{"seq":2,"kind":"focus"}"#, newlineAtEnd: false), to: "nonl.jsonl")
    let read = try readAll(path).get()
    #expect(read.events.map(\.seq) == [1, 2])
    #expect(read.diagnostics.isClean)
}

@Test func malformedLineIsReportedWithItsLineNumber() throws {
    let directory = try TemporaryDirectory()
    let path = try directory.write(trace(#"{"seq":1,"kind":"focus"}"#, #"{"seq":2,"kind":"focus""#, #"{"seq":3,"kind":"focus"}"#), to: "bad.jsonl")
    let reader = try TraceReader(path: path)
    #expect(try reader.next()?.seq == 1)
    #expect(reader.lineNumber == 2)
    #expect(throws: TraceIOError.malformed(file: path, line: 3, reason: "expected ',' or '}' at column 24, found end of line")) { try reader.next() }
    let error = try #require(readAll(path).failure)
    #expect(error.description == "\(path):3: expected ',' or '}' at column 24, found end of line")
}

@Test(arguments: [
    (#"not json"#, "expected '{' starting an event object at column 1, found 'n'"),
    (#"{"kind":"focus"}"#, "event has no \"seq\""),
    (#"{"seq":1}"#, "event has no \"kind\""),
    (#"{"seq":0,"kind":"focus"}"#, "\"seq\" must be at least 1"),
    (#"{"seq":-1,"kind":"focus"}"#, "expected a non-negative integer at column 8, found '-'"),
    (#"{"seq":1,"kind":"focus","layer":"view"}"#, "unknown \"layer\" value \"view\""),
    (#"{"seq":1,"kind":"focus","name":"a\qb"}"#, "invalid escape '\\q' in a string"),
    ("{\"seq\":1,\"kind\":\"focus\",\"name\":\"tab\tin\"}", "control character in a string at column 36; it must be escaped"),
    (#"{"seq":1,"kind":"focus"} trailing"#, "expected the end of the line after the event at column 26, found 't'"),
    (#"{"seq":99999999999999999999,"kind":"focus"}"#, "number too large at column 8"),
    (#"{"seq":1,"kind":"focus","objs":[1,"x"]}"#, "expected a non-negative integer at column 35, found '\"'"),
    (#"{"seq":1,"kind":"focus","params":{"a":1}}"#, "expected a string value in \"params\" at column 39, found '1'"),
])
func malformedLinesSayWhatIsWrong(line: String, reason: String) throws {
    let directory = try TemporaryDirectory()
    let path = try directory.write(trace(line), to: "bad.jsonl")
    #expect(readAll(path).failure == .malformed(file: path, line: 2, reason: reason))
}

@Test func lenientModeSkipsAndCountsBadLines() throws {
    let directory = try TemporaryDirectory()
    var lines = [#"{"seq":1,"kind":"focus"}"#]
    for index in 0..<150 { lines.append("garbage \(index)") }
    lines.append(#"{"seq":2,"kind":"focus"}"#)
    let path = try directory.write(([headerLine] + lines).joined(separator: "\n") + "\n", to: "lenient.jsonl")
    let read = try readAll(path, lenient: true).get()
    #expect(read.events.map(\.seq) == [1, 2])
    #expect(read.diagnostics.skippedLineCount == 150)
    #expect(read.diagnostics.skippedLines.count == 100)
    #expect(read.diagnostics.skippedLines.first == .init(line: 3, reason: "expected '{' starting an event object at column 1, found 'g'"))
    #expect(read.diagnostics.skippedLines.last?.line == 102)
    #expect(!read.diagnostics.isClean)
}

@Test func unknownKindsAreCountedAndSkippedNeverAnError() throws {
    let directory = try TemporaryDirectory()
    let path = try directory.write(trace(
        #"{"seq":1,"kind":"focus"}"#, #"{"seq":2,"kind":"gesture.swipe","dx":3}"#, #"{"seq":3,"kind":"gesture.swipe"}"#,
        #"{"seq":4,"kind":"memory.warning"}"#, #"{"seq":5,"kind":"link"}"#
    ), to: "unknown.jsonl")
    let reader = try TraceReader(path: path)
    #expect(try reader.next()?.seq == 1)
    #expect(try reader.next()?.seq == 5)
    #expect(reader.lineNumber == 6)
    #expect(try reader.next() == nil)
    #expect(reader.diagnostics.unknownKinds == ["gesture.swipe": 2, "memory.warning": 1])
    #expect(reader.diagnostics.skippedLineCount == 0)
}

@Test func newerMajorVersionIsRefusedAndNewerMinorIsRead() throws {
    let directory = try TemporaryDirectory()
    let newer = try directory.write(#"{"format":"lego-trace","version":"3.0","producer":"x","start":"s","app":"a"}"# + "\n", to: "v3.jsonl")
    let error = try #require(readAll(newer).failure)
    #expect(error.description == "\(newer):1: trace format 3.0 is newer than this lego-trace understands (1.x and 2.x); upgrade lego-trace")

    let minor = try directory.write(#"{"format":"lego-trace","version":"1.7","producer":"x","start":"s","app":"a","newField":{"k":1}}"# + "\n" + #"{"seq":1,"kind":"focus","newKey":true}"# + "\n", to: "v1_7.jsonl")
    let read = try readAll(minor).get()
    #expect(read.header.version == FormatVersion(major: 1, minor: 7))
    #expect(read.events.count == 1)
}

@Test(arguments: [
    ("", "empty file, not a lego-trace trace"),
    ("\n", "the first line is not a lego-trace header (empty line)"),
    (#"{"seq":1,"kind":"focus"}"# + "\n", "the first line is not a lego-trace header (no \"format\"; is this a lego-trace trace?)"),
    (#"{"format":"chrome-trace","version":"1.0"}"# + "\n", "not a lego-trace trace (format \"chrome-trace\", expected \"lego-trace\")"),
    (#"{"format":"lego-trace","version":"one"}"# + "\n", "the header's version \"one\" is not MAJOR.MINOR"),
    ("PK\u{03}\u{04} zip data\n", "the first line is not a lego-trace header (expected '{' at column 1, found 'P')"),
])
func badHeadersAreOneLineErrors(text: String, reason: String) throws {
    let directory = try TemporaryDirectory()
    let path = try directory.write(text, to: "header.jsonl")
    let error = try #require(readAll(path).failure)
    #expect(error == .invalidHeader(file: path, reason: reason))
    #expect(error.description == "\(path):1: \(reason)")
}

@Test func outOfOrderSeqIsAnErrorOrSkippedWhenLenient() throws {
    let directory = try TemporaryDirectory()
    let path = try directory.write(trace(#"{"seq":1,"kind":"focus"}"#, #"{"seq":3,"kind":"focus"}"#, #"{"seq":2,"kind":"focus"}"#, #"{"seq":3,"kind":"focus"}"#, #"{"seq":4,"kind":"focus"}"#), to: "order.jsonl")
    let error = try #require(readAll(path).failure)
    #expect(error.description == "\(path):4: out-of-order seq 2 after 3")
    let read = try readAll(path, lenient: true).get()
    #expect(read.events.map(\.seq) == [1, 3, 4])
    #expect(read.diagnostics.skippedLines == [.init(line: 4, reason: "out-of-order seq 2 after 3"), .init(line: 5, reason: "out-of-order seq 3 after 3")])
}

@Test func missingDirectoryAndUnreadablePathsAreOneLineErrors() throws {
    let directory = try TemporaryDirectory()
    let missing = directory.file("nope.jsonl")
    #expect(readAll(missing).failure?.description == "\(missing): cannot open: no such file")
    #expect(readAll(directory.path).failure?.description == "\(directory.path): cannot open: it is a directory, not a trace file")
    let hostile = directory.file("bad\nname.jsonl")
    #expect(readAll(hostile).failure?.description == "\(directory.path)/bad\\nname.jsonl: cannot open: no such file")
    if getuid() != 0 {
        let locked = try directory.write(trace(), to: "locked.jsonl")
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: locked)
        #expect(readAll(locked).failure?.description == "\(locked): cannot open: permission denied")
    }
}

@Test func blankLinesAndCarriageReturnsAreIgnored() throws {
    let directory = try TemporaryDirectory()
    let path = try directory.write(headerLine + "\r\n" + #"{"seq":1,"kind":"focus"}"# + "\r\n\n   \n" + #"{"seq":2,"kind":"focus"}"# + "\r\n", to: "crlf.jsonl")
    let read = try readAll(path).get()
    #expect(read.events.map(\.seq) == [1, 2])
    #expect(read.diagnostics.isClean)
}

@Test func linesLongerThanTheReadBufferAreRead() throws {
    let directory = try TemporaryDirectory()
    let huge = String(repeating: "长", count: 1_500_000)
    var bytes = Array(trace().utf8)
    TraceEncoding.encode(TraceEvent(seq: 1, kind: .urlOpen, params: [Parameter(key: "blob", value: huge)]), into: &bytes)
    TraceEncoding.encode(TraceEvent(seq: 2, kind: .focus), into: &bytes)
    let path = directory.file("long.jsonl")
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let events = try readAll(path).get().events
    #expect(events.count == 2)
    #expect(events.first?.params?.first?.value == huge)
}

@Test func readsFromAFileDescriptorSuchAsAPipe() throws {
    let pipe = Pipe()
    let text = trace(#"{"seq":1,"kind":"focus"}"#, #"{"seq":2,"kind":"link","rel":"sub"}"#)
    pipe.fileHandleForWriting.write(Data(text.utf8))
    try pipe.fileHandleForWriting.close()
    let reader = try TraceReader(fileDescriptor: pipe.fileHandleForReading.fileDescriptor, name: "<stdin>")
    var seqs: [UInt64] = []
    while let event = try reader.next() { seqs.append(event.seq) }
    #expect(seqs == [1, 2])
    #expect(reader.header.app == "App")
}

extension Result {
    /// The error, if this is a failure.
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

@Test func linesThatLeaveTheUsualKeyOrderPartWayAreStillRead() throws {
    let directory = try TemporaryDirectory()
    let path = try directory.write(trace(
        #"{"seq":5,"t":1.5,"kind":"focus","th":2}"#,
        #"{"seq":6, "t":2,"th":1,"kind":"focus"}"#,
        #"{"seq":7,"t":3,"th":4,"kind":"focus","seq":8}"#,
        #"{"seq":9,"t":3,"th":4,"kind":"link","kind":"focus"}"#
    ), to: "partial.jsonl")
    let events = try readAll(path).get().events
    #expect(events == [
        TraceEvent(seq: 5, time: 1.5, thread: 2, kind: .focus),
        TraceEvent(seq: 6, time: 2, thread: 1, kind: .focus),
        TraceEvent(seq: 8, time: 3, thread: 4, kind: .focus),
        TraceEvent(seq: 9, time: 3, thread: 4, kind: .focus),
    ])
}

/// JSON allows whitespace around every `:` and `,`; Python's `json.dumps` writes `"seq": 1, "t": 0.5` (issue #21).
@Test func whitespaceWhereverJSONAllowsItIsReadOnTheUsualKeyOrder() throws {
    let directory = try TemporaryDirectory()
    let path = try directory.write(trace(
        #"{"seq": 1, "t": 0.5, "th": 2, "kind": "focus", "name": "Post"}"#,
        #"{"seq":2,"t":\#t0.75,"th":\#t 3,"kind":"focus"}"#,
        #"{"seq" :3 ,"t" : 1 , "th" :4,"kind" :"focus" }"#,
        #"{"seq":4,"t": null,"th": null,"kind":"focus"}"#,
        #"{"seq":\#n5,"t":\#n2,"th":\#n1,"kind":\#n"focus"}"#.replacingOccurrences(of: "\n", with: " "),
        // And between later members: before and after each comma and colon, before a key and a value.
        #"{"seq":6,"kind":"object.alloc" ,"name" : "Post",  "obj":\#t7 ,\#t"cls": "P" , "peerName" :null }"#
    ), to: "spaced.jsonl")
    let events = try readAll(path).get().events
    #expect(events == [
        TraceEvent(seq: 1, time: 0.5, thread: 2, kind: .focus, name: "Post"),
        TraceEvent(seq: 2, time: 0.75, thread: 3, kind: .focus),
        TraceEvent(seq: 3, time: 1, thread: 4, kind: .focus),
        TraceEvent(seq: 4, time: 0, thread: 0, kind: .focus),
        TraceEvent(seq: 5, time: 2, thread: 1, kind: .focus),
        TraceEvent(seq: 6, kind: .objectAlloc, name: "Post", className: "P", object: 7),
    ])
}

@Test func unknownKindNamesAreCountedInBoundedMemory() throws {
    let directory = try TemporaryDirectory()
    let lines = (1...1_500).map { #"{"seq":\#($0),"kind":"future.kind\#($0)"}"# }
    let path = try directory.write(([headerLine] + lines).joined(separator: "\n") + "\n", to: "many.jsonl")
    let read = try readAll(path).get()
    #expect(read.events.isEmpty)
    #expect(read.diagnostics.unknownKinds.count == TraceReader.Diagnostics.keptUnknownKinds + 1)
    #expect(read.diagnostics.unknownKinds[TraceReader.Diagnostics.otherUnknownKinds] == 500)
    #expect(read.diagnostics.unknownKinds.values.reduce(0, +) == 1_500)
}

@Test func integersAtTheEdgeOfTheirRangeAreReadExactly() throws {
    let directory = try TemporaryDirectory()
    let path = try directory.write(trace(
        #"{"seq":18446744073709551614,"kind":"focus","obj":18446744073709551615,"n":-9223372036854775808,"line":9223372036854775807}"#,
        #"{"seq":18446744073709551615,"kind":"focus","n":0}"#
    ), to: "edges.jsonl")
    let events = try readAll(path).get().events
    #expect(events == [
        TraceEvent(seq: .max - 1, kind: .focus, object: .max, count: .min, line: .max),
        TraceEvent(seq: .max, kind: .focus, count: 0),
    ])
    let over = try directory.write(trace(#"{"seq":18446744073709551616,"kind":"focus"}"#), to: "over.jsonl")
    #expect(readAll(over).failure == .malformed(file: over, line: 2, reason: "number too large at column 8"))
}

/// The kind table is sized from its cases: a fixed 64 slots once meant the 32nd kind would stop every read.
@Test func aByteTableHoldsAsManyCasesAsItIsGiven() {
    struct Many: RawRepresentable, Hashable {
        var rawValue: String
    }
    let cases = (0..<100).map { Many(rawValue: "kind.number\($0)") }
    let table = ByteTable(cases)
    for value in cases {
        let found = Array(value.rawValue.utf8).withUnsafeBufferPointer { table.lookup($0) }
        #expect(found == value)
    }
    #expect(Array("kind.number100".utf8).withUnsafeBufferPointer { table.lookup($0) } == nil)
}

@Test func aRecorderHeaderWithItsDeviceAndFrameworkKeysReadsAsRecordedByTheRecorder() throws {
    let directory = try TemporaryDirectory()
    // The header line recorders/objc/LegoTraceRecorder/LTWriter.m writes.
    let header = #"{"format":"lego-trace","version":"1.0","producer":"lego-trace-recorder 0.1.0","start":"2026-11-24T20:57:43.445Z","app":"BDJ","source":"recorder","framework":"XFLegoVIPER 4.20.1","device":"arm64, Version 17.4 (Build 21E213)"}"#
    let path = directory.file("recorder.jsonl")
    try Data((header + "\n" + #"{"seq":1,"t":0.0002,"th":1,"kind":"url.register","name":"Home","url":"xf://home","effect":"added"}"# + "\n").utf8)
        .write(to: URL(fileURLWithPath: path))
    let read = try readAll(path).get()
    #expect(read.header.source == "recorder")
    #expect(read.header.recordedBy == .recorder)
    #expect(read.header.producer == "lego-trace-recorder 0.1.0")
    #expect(read.events.count == 1)
    #expect(read.diagnostics.isClean)
}

@Test func anUnknownSourceIsKeptAsWrittenAndNamesNoKnownWriter() throws {
    let directory = try TemporaryDirectory()
    let path = directory.file("future.jsonl")
    try Data((#"{"format":"lego-trace","version":"1.0","producer":"x","start":"s","app":"A","source":"android-recorder"}"# + "\n").utf8)
        .write(to: URL(fileURLWithPath: path))
    let read = try readAll(path).get()
    #expect(read.header.source == "android-recorder")
    #expect(read.header.recordedBy == nil)
}

/// The framework a trace belongs to is a value from its header on (issue #20): never guessed, never dropped.
@Suite struct FrameworkHeaderTests {
    @Test func aHeaderWithoutFrameworkIsXFLegoVIPERAsEveryTraceBeforeTheSeam() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(#"{"format":"lego-trace","version":"1.0","producer":"x","start":"s","app":"a"}"# + "\n", to: "old.jsonl")
        let header = try readAll(path).get().header
        #expect(header.framework == .xflegoViper)
        #expect(header.frameworkVersion == nil)
    }

    @Test func theRecordersNameAndVersionAndTheRuntimesRawValueBothRead() throws {
        let directory = try TemporaryDirectory()
        let recorder = try directory.write(#"{"format":"lego-trace","version":"1.0","producer":"r","start":"s","app":"a","source":"recorder","framework":"XFLegoVIPER 4.20.1"}"# + "\n", to: "r.jsonl")
        let recorded = try readAll(recorder).get().header
        #expect(recorded.framework == .xflegoViper)
        #expect(recorded.frameworkVersion == "4.20.1")
        let nn = try directory.write(#"{"format":"lego-trace","version":"2.0","producer":"x","start":"s","app":"a","framework":"nnmodule","frameworkVersion":"1.0.6"}"# + "\n", to: "nn.jsonl")
        let header = try readAll(nn).get().header
        #expect(header.framework == .nnModule)
        #expect(header.frameworkVersion == "1.0.6")
        #expect(header.version == FormatVersion(major: 2, minor: 0))
    }

    @Test func anUnknownFrameworkIsRefusedAtTheHeaderLineNamingTheOnesKnown() throws {
        let directory = try TemporaryDirectory()
        for value in [#""beehive""#, #""""#, "7"] {
            let path = try directory.write(#"{"format":"lego-trace","version":"2.0","producer":"x","start":"s","app":"a","framework":"# + value + "}\n"
                                           + #"{"seq":1,"kind":"focus"}"# + "\n", to: "b.jsonl")
            let error = try #require(readAll(path).failure)
            #expect(error.description.hasPrefix("\(path):1: the header names the framework "), "\(error)")
            #expect(error.description.hasSuffix("which this lego-trace does not know (it knows xflegoviper, qfmoudle, nnmodule); upgrade lego-trace"))
        }
    }

    @Test func theHeaderRoundTripsItsFrameworkAndVersion() throws {
        var out: [UInt8] = []
        TraceEncoding.encode(TraceHeader(producer: "p", start: "s", app: "a", framework: .qfMoudle, frameworkVersion: "0.1"), into: &out)
        let text = String(decoding: out, as: UTF8.self)
        #expect(text == #"{"format":"lego-trace","version":"2.0","producer":"p","start":"s","app":"a","source":"runtime","framework":"qfmoudle","frameworkVersion":"0.1"}"# + "\n")
        let directory = try TemporaryDirectory()
        let header = try readAll(try directory.write(text, to: "qf.jsonl")).get().header
        #expect(header.framework == .qfMoudle && header.frameworkVersion == "0.1" && header.version.major == 2)
    }
}
