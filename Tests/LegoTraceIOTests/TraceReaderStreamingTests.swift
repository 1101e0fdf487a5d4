import Foundation
import LegoModel
import LegoTestSupport
import Testing
@testable import LegoTraceIO

private let headerLine = #"{"format":"lego-trace","version":"1.0","producer":"test","start":"2026-01-01T00:00:00Z","app":"App"}"#

/// Small batches so a short trace crosses many batch boundaries and every recycled batch is refilled.
private let modes: [TraceReader.ReadMode] = [
    .sequential, .prefetching(), .prefetching(batchSize: 1, depth: 1), .prefetching(batchSize: 7, depth: 2),
]

/// What one `forEach` pass saw: events with their lines, the error it ended with, and the reader's diagnostics.
private struct Pass: Equatable {
    var events: [TraceEvent] = []
    var lines: [Int] = []
    var error: TraceIOError?
    var diagnostics = TraceReader.Diagnostics()
}

private func stream(_ path: String, mode: TraceReader.ReadMode, lenient: Bool = false, stopAt: Int? = nil,
                    maxLineBytes: Int = TraceReader.Options.defaultMaxLineBytes, pauseEvery: Int? = nil, splits: [Int]? = nil,
                    split: ((SplitBalance?) -> Void)? = nil) throws -> Pass {
    let reader = try TraceReader(path: path, options: .init(lenient: lenient, maxLineBytes: maxLineBytes))
    reader.splitSchedule = splits
    defer { split?(reader.lastSplit) }
    var pass = Pass()
    do {
        try reader.forEach(mode: mode) { event, line in
            if let pauseEvery, pass.events.count % pauseEvery == 0 { usleep(200) }
            pass.events.append(event)
            pass.lines.append(line)
            return pass.events.count != stopAt
        }
    } catch {
        pass.error = error
    }
    pass.diagnostics = reader.diagnostics
    return pass
}

private func writeLines(_ lines: [String], newlineAtEnd: Bool = true, in directory: TemporaryDirectory) throws -> String {
    try directory.write(([headerLine] + lines).joined(separator: "\n") + (newlineAtEnd ? "\n" : ""), to: "t.jsonl")
}

@Test(arguments: modes)
func everyModeStreamsTheSyntheticTraceExactlyWithLineNumbers(mode: TraceReader.ReadMode) throws {
    let directory = try TemporaryDirectory()
    let path = directory.file("synthetic.jsonl")
    try SyntheticTrace.write(events: 5_000, to: path)
    let pass = try stream(path, mode: mode)
    #expect(Array(pass.events.dropLast()) == SyntheticTrace.events(count: 5_000))
    #expect(pass.events.last?.kind == .traceEnd)
    #expect(pass.lines == Array(2...5_002))
    #expect(pass.error == nil)
    #expect(pass.diagnostics.isClean)
}

@Test(arguments: modes)
func aMalformedLineEndsTheStreamAfterEveryEventBeforeIt(mode: TraceReader.ReadMode) throws {
    let directory = try TemporaryDirectory()
    var lines = (1...20).map { #"{"seq":\#($0),"kind":"focus"}"# }
    lines.insert(#"{"seq":21,"kind":"focus""#, at: 15)
    let path = try writeLines(lines, in: directory)
    let pass = try stream(path, mode: mode)
    #expect(pass.events.map(\.seq) == Array(1...15))
    #expect(pass.lines.last == 16)
    #expect(pass.error == .malformed(file: path, line: 17, reason: "expected ',' or '}' at column 25, found end of line"))
}

@Test(arguments: modes)
func lenientSkipsTruncationAndUnknownKindsAreTheSameInEveryMode(mode: TraceReader.ReadMode) throws {
    let directory = try TemporaryDirectory()
    var lines: [String] = []
    for seq in 1...30 {
        lines.append(seq % 4 == 0 ? #"{"seq":\#(seq),"kind":"gesture.swipe"}"# : #"{"seq":\#(seq),"kind":"focus","name":"Post\#(seq)"}"#)
        if seq % 9 == 0 { lines.append("garbage \(seq)") }
    }
    lines.append(#"{"seq":31,"kind":"foc"#)
    let path = try writeLines(lines, newlineAtEnd: false, in: directory)
    let pass = try stream(path, mode: mode, lenient: true)
    let expected = try stream(path, mode: .sequential, lenient: true)
    #expect(pass == expected)
    #expect(pass.events.count == 23)
    #expect(pass.diagnostics.skippedLineCount == 3)
    #expect(pass.diagnostics.unknownKinds == ["gesture.swipe": 7])
    #expect(pass.diagnostics.truncatedLastLine == 35)
}

@Test(arguments: modes)
func stoppingEarlyEndsTheStreamWithoutAnError(mode: TraceReader.ReadMode) throws {
    let directory = try TemporaryDirectory()
    let path = directory.file("synthetic.jsonl")
    try SyntheticTrace.write(events: 1_000, to: path)
    let pass = try stream(path, mode: mode, stopAt: 100)
    #expect(pass.events == Array(SyntheticTrace.events(count: 100)))
    #expect(pass.error == nil)
}

@Test func prefetchingReadsAFileOfOnlyAHeader() throws {
    let directory = try TemporaryDirectory()
    let path = try writeLines([], in: directory)
    let pass = try stream(path, mode: .prefetching(batchSize: 4, depth: 2))
    #expect(pass == Pass())
}

@Test(arguments: modes)
func aLivePipeIsReadWithoutWaitingForAFullBatch(mode: TraceReader.ReadMode) throws {
    var descriptors: [Int32] = [0, 0]
    try #require(pipe(&descriptors) == 0)
    defer { close(descriptors[0]) }
    let text = ([headerLine] + (1...10).map { #"{"seq":\#($0),"kind":"focus"}"# }).joined(separator: "\n") + "\n"
    _ = text.withCString { write(descriptors[1], $0, strlen($0)) }
    // The writing end stays open, as with a producer still running: prefetching would wait for a batch
    // of 2,048 events that never comes, so a pipe is read sequentially.
    let reader = try TraceReader(fileDescriptor: descriptors[0], name: "pipe")
    var seen: [UInt64] = []
    try reader.forEach(mode: mode) { event, _ in
        seen.append(event.seq)
        return event.seq < 10
    }
    close(descriptors[1])
    #expect(seen == Array(1...10))
}

@Test func usingTheReaderInsideAPrefetchingBodyStopsWithAClearMessage() async throws {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let directory = try TemporaryDirectory()
        let path = directory.file("synthetic.jsonl")
        try SyntheticTrace.write(events: 100, to: path)
        let reader = try TraceReader(path: path)
        try reader.forEach(mode: .prefetching()) { _, _ in reader.lineNumber > 0 }
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("TraceReader used from the body of forEach(mode: .prefetching); use its line argument"), "\(message)")
}

/// Lines of every shape the reader's rules treat apart, in an order that puts each shape on both sides of a batch's
/// split (the reading thread parses the first lines of each batch, as many as `SplitBalance` says, the caller the rest).
private func linesOfEveryShape() -> [[UInt8]] {
    var lines: [[UInt8]] = []
    var seq = 0
    for round in 0..<12 {
        func next() -> Int { seq += 1; return seq }
        lines.append(Array(#"{"seq":\#(next()),"kind":"focus","name":"Post\#(round)"}"#.utf8))
        // A string with invalid UTF-8: read with U+FFFD and counted.
        lines.append(Array(#"{"seq":\#(next()),"kind":"focus","name":"Bad"#.utf8) + [0xFF, 0xC3] + Array(#""}"#.utf8))
        lines.append(Array(#"{"seq":\#(next()),"kind":"gesture.swipe\#(round % 3)"}"#.utf8))
        lines.append([])
        lines.append(Array("   ".utf8))
        lines.append(Array("garbage \(round)".utf8))
        // Longer than the 280-byte limit below.
        lines.append(Array(#"{"seq":\#(next()),"kind":"focus","name":""#.utf8) + Array(repeating: 0x61, count: 400) + Array(#""}"#.utf8))
        // Out of order: the seq before the last.
        lines.append(Array(#"{"seq":\#(seq - 1),"kind":"focus"}"#.utf8))
        lines.append(Array(#"{"seq":\#(next()),"kind":"module.resolve","name":"MoudleDetail","cls":"MoudleDetail","obj":\#(round + 1),"url":"MoudleDetail://detail?titleString=%E7%AC%AC\#(round)&page=\#(round)","mk":"protocol","ok":true,"params":{"titleString":"第\#(round)页","page":"\#(round)"}}"#.utf8))
    }
    return lines
}

/// A trace of `linesOfEveryShape()` ending in a cut-off last line; its path.
private func writeLinesOfEveryShape(in directory: TemporaryDirectory) throws -> String {
    let path = directory.file("shapes.jsonl")
    var bytes = Array((headerLine + "\n").utf8)
    for line in linesOfEveryShape() { bytes += line + [0x0A] }
    bytes += Array(#"{"seq":1000,"kind":"foc"#.utf8)
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
}

@Test(arguments: [TraceReader.ReadMode.prefetching(), .prefetching(batchSize: 1, depth: 1), .prefetching(batchSize: 2, depth: 2),
                  .prefetching(batchSize: 7, depth: 2), .prefetching(batchSize: 16, depth: 3)])
func everyLineShapeReadsTheSameWhicheverThreadParsesIt(mode: TraceReader.ReadMode) throws {
    let directory = try TemporaryDirectory()
    let path = try writeLinesOfEveryShape(in: directory)

    let lenient = try stream(path, mode: mode, lenient: true, maxLineBytes: 280)
    let expected = try stream(path, mode: .sequential, lenient: true, maxLineBytes: 280)
    #expect(lenient == expected)
    #expect(lenient.error == nil)
    #expect(lenient.events.count == 12 * 3)
    #expect(lenient.diagnostics.invalidUTF8LineCount == 12)
    #expect(lenient.diagnostics.unknownKinds == ["gesture.swipe0": 4, "gesture.swipe1": 4, "gesture.swipe2": 4])
    #expect(lenient.diagnostics.skippedLineCount == 12 * 3)
    #expect(lenient.diagnostics.truncatedLastLine == 12 * 9 + 2)
    #expect(lenient.events.last?.params?.first?.value == "第11页")

    let strict = try stream(path, mode: mode, maxLineBytes: 280)
    #expect(strict == (try stream(path, mode: .sequential, maxLineBytes: 280)))
    #expect(strict.error == .malformed(file: path, line: 7, reason: "expected '{' starting an event object at column 1, found 'g'"))
    #expect(strict.events.map(\.seq) == [1, 2])
}

/// The same lines with the split fixed batch by batch: none, all, and every place between, so each shape is parsed on
/// both threads and at both ends of a batch, whatever the timing.
@Test(arguments: [(batchSize: 1, splits: [0, 1]), (batchSize: 7, splits: [0, 7, 1, 6, 3, 4, 2, 5]),
                  (batchSize: 16, splits: [16, 0, 8, 15, 1]), (batchSize: 2048, splits: [0])])
func everyLineShapeReadsTheSameAtEverySplit(batchSize: Int, splits: [Int]) throws {
    let directory = try TemporaryDirectory()
    let path = try writeLinesOfEveryShape(in: directory)
    let mode = TraceReader.ReadMode.prefetching(batchSize: batchSize, depth: 2)

    let lenient = try stream(path, mode: mode, lenient: true, maxLineBytes: 280, splits: splits)
    #expect(lenient == (try stream(path, mode: .sequential, lenient: true, maxLineBytes: 280)))
    #expect(lenient.events.count == 12 * 3)
    #expect(lenient.diagnostics.invalidUTF8LineCount == 12)
    let strict = try stream(path, mode: mode, maxLineBytes: 280, splits: splits)
    #expect(strict == (try stream(path, mode: .sequential, maxLineBytes: 280)))
    #expect(strict.error == .malformed(file: path, line: 7, reason: "expected '{' starting an event object at column 1, found 'g'"))
}

@Test(arguments: [TraceReader.ReadMode.prefetching(), .prefetching(batchSize: 5, depth: 2)])
func aQFMoudleTraceReadsTheSameInEveryMode(mode: TraceReader.ReadMode) throws {
    let directory = try TemporaryDirectory()
    let path = directory.file("qf.jsonl")
    try SyntheticQFTrace.write(events: 3_000, to: path)
    let pass = try stream(path, mode: mode)
    let expected = try stream(path, mode: .sequential)
    #expect(pass == expected)
    #expect(pass.events.count == 3_001)
}

/// A body slower than the reading thread makes that thread wait for batches, so it takes more of each batch's lines
/// (`SplitBalance`) as the pass goes on: each batch is read the same whatever its split.
@Test(arguments: [TraceReader.ReadMode.prefetching(batchSize: 16, depth: 2), .prefetching(batchSize: 64, depth: 3)])
func aSlowBodyMovesTheSplitAndEveryBatchReadsTheSame(mode: TraceReader.ReadMode) throws {
    let directory = try TemporaryDirectory()
    let path = directory.file("qf.jsonl")
    try SyntheticQFTrace.write(events: 2_000, to: path)
    var split: SplitBalance?
    let pass = try stream(path, mode: mode, pauseEvery: 8, split: { split = $0 })
    #expect(pass == (try stream(path, mode: .sequential)))
    #expect(pass.events.count == 2_001)
    // The reading thread waited for the body on almost every batch, so it ended up parsing more than it started with.
    guard case .prefetching(let batchSize, _) = mode, let split else { Issue.record("no split after a prefetching pass"); return }
    #expect(split.share > batchSize * TraceReader.readerShare / 256)
}

@Test(arguments: [TraceReader.ReadMode.prefetching(batchSize: 2, depth: 2), .prefetching(batchSize: 3, depth: 1)])
func longLinesLeftToTheCallerGrowTheirBatchAndReadTheSame(mode: TraceReader.ReadMode) throws {
    let directory = try TemporaryDirectory()
    // Names of 1 to 5 KB: past the 256 bytes a batch keeps per caller's line, so its arena grows, once and again.
    let lines = (1...12).map { #"{"seq":\#($0),"kind":"focus","name":"\#(String(repeating: "页", count: $0 * 150))"}"# }
    let path = try writeLines(lines, in: directory)
    let pass = try stream(path, mode: mode)
    #expect(pass == (try stream(path, mode: .sequential)))
    #expect(pass.events.map { $0.name?.count } == (1...12).map { $0 * 150 })
    // Every line left to the caller: the batch's byte store, sized for the first split, grows to hold them all.
    #expect((try stream(path, mode: mode, splits: [0])) == pass)
}

@Test(arguments: [TraceReader.ReadMode.prefetching(), .prefetching(batchSize: 4, depth: 3)])
func stoppingEarlyLeavesTheDiagnosticsOfWhatWasDelivered(mode: TraceReader.ReadMode) throws {
    let directory = try TemporaryDirectory()
    var lines: [String] = []
    for seq in 1...40 {
        lines.append(#"{"seq":\#(seq),"kind":"focus"}"#)
        if seq % 5 == 0 { lines.append("garbage \(seq)") }
    }
    let path = try writeLines(lines, in: directory)
    let pass = try stream(path, mode: mode, lenient: true, stopAt: 12)
    #expect(pass == (try stream(path, mode: .sequential, lenient: true, stopAt: 12)))
    // Lines read ahead past the twelfth event (seven more garbage lines) are not counted.
    #expect(pass.diagnostics.skippedLineCount == 2)
}
