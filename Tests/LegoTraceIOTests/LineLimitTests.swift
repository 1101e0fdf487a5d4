import LegoTestSupport
import Foundation
import LegoModel
import Testing
@testable import LegoTraceIO

/// A line past `maxLineBytes` is an error naming its line, skipped when lenient, and never held whole (issue #13, item 5).
@Suite struct LineLimitTests {
    private static let header = #"{"format":"lego-trace","version":"1.0","producer":"test","start":"2026-01-01T00:00:00Z","app":"App"}"#
    private static func event(_ seq: Int, name: String = "Post") -> String {
        #"{"seq":\#(seq),"t":0.5,"th":1,"kind":"focus","name":"\#(name)","ok":true}"#
    }

    @Test func aLongLineIsAnErrorWithItsNumberAndTheLimit() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(
            [Self.header, Self.event(1), Self.event(2, name: String(repeating: "x", count: 500)), Self.event(3)].joined(separator: "\n") + "\n",
            to: "long.jsonl")
        #expect(throws: TraceIOError.malformed(file: path, line: 3, reason: TraceReader.tooLongReason(200))) {
            _ = try TraceReader.readAll(path: path, options: .init(maxLineBytes: 200))
        }
        #expect(TraceReader.tooLongReason(64 << 20) == "line longer than 64 MiB (the limit; raise it with --max-line-bytes)")
        // Under the default limit the same trace is fine.
        #expect(try TraceReader.readAll(path: path).events.count == 3)
    }

    @Test func lenientReadingSkipsTheLongLineAndKeepsTheRest() throws {
        let directory = try TemporaryDirectory()
        // Longer than the reader's 1 MiB buffer, so the limit trips on a refill, not on a whole line.
        let huge = Self.event(2, name: String(repeating: "y", count: 3 << 20))
        let path = try directory.write([Self.header, Self.event(1), huge, Self.event(3)].joined(separator: "\n") + "\n", to: "huge.jsonl")
        let read = try TraceReader.readAll(path: path, options: .init(lenient: true, maxLineBytes: 1 << 20))
        #expect(read.events.map(\.seq) == [1, 3])
        #expect(read.diagnostics.skippedLines == [.init(line: 3, reason: TraceReader.tooLongReason(1 << 20))])
    }

    @Test func aLineThatNeverEndsStopsAtTheLimit() throws {
        let reader = try TraceReaderFixtures.pipe(header: Self.header, thenZeros: 8 << 20, maxLineBytes: 1 << 20)
        #expect(throws: TraceIOError.self) { _ = try reader.next() }
    }

    @Test func anOverlongHeaderIsAnInvalidHeader() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(String(repeating: "{", count: 5000), to: "header.jsonl")
        #expect(throws: TraceIOError.invalidHeader(file: path, reason: TraceReader.tooLongReason(1024))) {
            _ = try TraceReader(path: path, options: .init(maxLineBytes: 1024))
        }
    }
}

/// Builds readers over pipes for tests that need input which never ends.
enum TraceReaderFixtures {
    /// A reader over a pipe holding `header`, a newline, then `count` zero bytes and no newline.
    static func pipe(header: String, thenZeros count: Int, maxLineBytes: Int) throws -> TraceReader {
        var descriptors: [Int32] = [0, 0]
        guard Foundation.pipe(&descriptors) == 0 else { throw CocoaError(.fileWriteUnknown) }
        let writeEnd = descriptors[1]
        let bytes = Array((header + "\n").utf8) + [UInt8](repeating: 0, count: count)
        Thread.detachNewThread {
            bytes.withUnsafeBytes { buffer in
                var offset = 0
                while offset < buffer.count {
                    let written = write(writeEnd, buffer.baseAddress! + offset, buffer.count - offset)
                    if written <= 0 { break }
                    offset += written
                }
            }
            close(writeEnd)
        }
        return try TraceReader(fileDescriptor: descriptors[0], name: "pipe", options: .init(maxLineBytes: maxLineBytes))
    }
}
