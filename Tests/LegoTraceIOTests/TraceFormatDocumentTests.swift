import Foundation
import LegoModel
import Testing
@testable import LegoTraceIO

/// The example event lines of `docs/trace-format.md`.
private func documentedExampleLines() throws -> [String] {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let text = try String(contentsOf: root.appendingPathComponent("docs/trace-format.md"), encoding: .utf8)
    return text.split(separator: "\n").map(String.init).filter { $0.hasPrefix("{\"seq\":") }
}

@Test func everyDocumentedExampleParsesAndReEncodesByteForByte() throws {
    let lines = try documentedExampleLines()
    #expect(lines.count >= TraceEvent.Kind.allCases.count)
    var parser = EventLineParser()
    for line in lines {
        var event = EventLineParser.blankEvent
        let outcome = try Array(line.utf8).withUnsafeBufferPointer { bytes throws(LineError) in try parser.parse(bytes, into: &event) }
        guard case .event = outcome else {
            Issue.record("not an event: \(line)")
            continue
        }
        #expect(String(decoding: TraceEncoding.line(for: event), as: UTF8.self) == line + "\n")
    }
}

@Test func everyKindHasADocumentedExample() throws {
    let lines = try documentedExampleLines()
    for kind in TraceEvent.Kind.allCases {
        #expect(lines.contains { $0.contains("\"kind\":\"\(kind.rawValue)\"") }, "no example for \(kind.rawValue)")
    }
}
