import Foundation
import LegoModel
import LegoTraceIO
import Testing
@testable import LegoImport

@Test func writtenTraceReadsBackWithTheSameHeaderAndEvents() throws {
    let result = try ImportFixtures.load("journey.log")
    let path = NSTemporaryDirectory() + "/lego-import-\(UUID().uuidString).jsonl"
    defer { try? FileManager.default.removeItem(atPath: path) }
    try result.write(to: path)
    let read = try TraceReader.readAll(path: path)
    #expect(read.header == result.header)
    #expect(read.events == result.events)
}

@Test func unwritablePathIsAClearError() throws {
    let result = try ImportFixtures.load("raw.log")
    #expect {
        try result.write(to: "/nonexistent-dir/trace.jsonl")
    } throws: { error in
        guard case .writeFailed = error as? TraceIOError else { return false }
        return "\(error)" == "/nonexistent-dir/trace.jsonl: cannot write: directory '/nonexistent-dir' does not exist"
    }
}
