import LegoTestSupport
import Foundation
import LegoModel
import Testing
@testable import LegoTraceIO

/// Smaller holes of issue #13, item 10: invalid UTF-8 is reported with its line, a negative `t` is malformed.
@Suite struct InvalidInputTests {
    private static let header = Array(#"{"format":"lego-trace","version":"1.0","producer":"test","start":"2026-01-01T00:00:00Z","app":"App"}"#.utf8) + [0x0A]

    private func write(_ lines: [[UInt8]], in directory: TemporaryDirectory) throws -> String {
        let path = directory.file("trace.jsonl")
        try Data(Self.header + lines.flatMap { $0 + [0x0A] }).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func invalidUTF8IsReadAsReplacementCharactersAndReportedWithItsLine() throws {
        let directory = try TemporaryDirectory()
        let good = Array(#"{"seq":1,"t":0,"th":1,"kind":"focus","name":"中文模块","ok":true}"#.utf8)
        // A truncated three-byte sequence, in a short (inline) name and in a long (cached) class name.
        let bad = Array(#"{"seq":2,"t":0,"th":1,"kind":"focus","name":"Bad"#.utf8) + [0xE4, 0xB8] + Array(#"","ok":true}"#.utf8)
        let good3 = Array(#"{"seq":3,"t":0,"th":1,"kind":"focus","name":"Post","ok":true}"#.utf8)
        let badLong = Array(#"{"seq":4,"t":0,"th":1,"kind":"focus","cls":"BDJVeryLongModuleNameThatIsCached"#.utf8) + [0xFF]
            + Array(#"Routing","ok":true}"#.utf8)
        let escaped = Array(#"{"seq":5,"t":0,"th":1,"kind":"focus","name":"esc\n"#.utf8) + [0xC3] + Array(#"","ok":true}"#.utf8)
        let path = try write([good, bad, good3, badLong, escaped], in: directory)
        let read = try TraceReader.readAll(path: path)
        #expect(read.events.count == 5)
        #expect(read.events[1].name == "Bad\u{FFFD}")
        #expect(read.events[0].name == "中文模块")
        #expect(read.diagnostics.invalidUTF8Lines == [3, 5, 6])
        #expect(read.diagnostics.invalidUTF8LineCount == 3)
        #expect(!read.diagnostics.isClean)
    }

    @Test func negativeTimeIsMalformed() throws {
        let directory = try TemporaryDirectory()
        let path = try write([Array(#"{"seq":1,"t":-0.5,"th":1,"kind":"focus","name":"Post"}"#.utf8)], in: directory)
        #expect(throws: TraceIOError.malformed(file: path, line: 2, reason: "\"t\" must not be negative")) {
            _ = try TraceReader.readAll(path: path)
        }
    }
}
