import Foundation
import Testing

/// Reviewed golden files: text output compared byte for byte with a file kept in the repository.
///
/// To re-record on purpose, run the tests with `LEGO_RECORD_GOLDENS=1` (e.g. `LEGO_RECORD_GOLDENS=1 swift test
/// --filter LegoGraphTests`), review the diff, then run again without it: a re-recording run fails, so it is never
/// silent, and a missing golden fails (it is never created unasked).
public struct GoldenFile: Sendable {
    /// The folder holding the goldens.
    public let folder: URL

    /// Goldens in `folder`.
    public init(folder: URL) { self.folder = folder }

    /// Goldens in `relativePath` (e.g. `Tests/LegoGraphTests/Golden`) of the package that holds `file`'s `Tests` folder.
    public init(_ relativePath: String, beside file: String = #filePath) {
        var root = URL(fileURLWithPath: file)
        while root.pathComponents.count > 1, root.lastPathComponent != "Tests" { root.deleteLastPathComponent() }
        folder = root.deletingLastPathComponent().appendingPathComponent(relativePath)
    }

    /// Whether this run re-records goldens.
    public static var recording: Bool { ProcessInfo.processInfo.environment["LEGO_RECORD_GOLDENS"] == "1" }

    /// Compares `actual` with golden `name`, naming the first line that differs, or rewrites it when recording.
    public func check(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = folder.appendingPathComponent(name)
        if Self.recording {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: url)
            Issue.record("re-recorded \(name): review the diff, then run again without LEGO_RECORD_GOLDENS", sourceLocation: sourceLocation)
            return
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            Issue.record("missing golden \(name): record it with LEGO_RECORD_GOLDENS=1 and review it", sourceLocation: sourceLocation)
            return
        }
        let expected = String(decoding: data, as: UTF8.self)
        guard actual != expected else { return }
        let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let line = (0..<min(actualLines.count, expectedLines.count)).first { actualLines[$0] != expectedLines[$0] }
            ?? min(actualLines.count, expectedLines.count)
        let got = line < actualLines.count ? String(actualLines[line]) : "<end>"
        let want = line < expectedLines.count ? String(expectedLines[line]) : "<end>"
        let message = "\(name) differs from its golden at line \(line + 1):\n  got:  \(got)\n  want: \(want)\n"
            + "(re-record on purpose with LEGO_RECORD_GOLDENS=1)"
        Issue.record("\(message)", sourceLocation: sourceLocation)
    }
}
