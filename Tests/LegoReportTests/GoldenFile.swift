import Foundation
import Testing

/// Golden files under `Tests/Golden/LegoReport/`.
///
/// To re-record them on purpose, run the tests with `LEGO_RECORD_GOLDENS=1`, e.g.
/// `LEGO_RECORD_GOLDENS=1 swift test --filter LegoReportTests`, then review the diff before committing.
/// A missing golden fails the test (it is never created silently).
enum GoldenFile {
    /// The folder holding this target's goldens.
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Golden/LegoReport")

    /// Compares `actual` with the golden `name`, or rewrites it when recording.
    static func check(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = folder.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["LEGO_RECORD_GOLDENS"] == "1" {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: url)
            Issue.record("re-recorded \(name): review the diff, then run again without LEGO_RECORD_GOLDENS", sourceLocation: sourceLocation)
            return
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            Issue.record("missing golden \(name); record it with LEGO_RECORD_GOLDENS=1", sourceLocation: sourceLocation)
            return
        }
        let expected = String(decoding: data, as: UTF8.self)
        #expect(actual == expected, "output differs from golden \(name)", sourceLocation: sourceLocation)
    }
}
