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

private func stream(_ path: String, mode: TraceReader.ReadMode, lenient: Bool = false, stopAt: Int? = nil) throws -> Pass {
    let reader = try TraceReader(path: path, options: .init(lenient: lenient))
    var pass = Pass()
    do {
        try reader.forEach(mode: mode) { event, line in
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
