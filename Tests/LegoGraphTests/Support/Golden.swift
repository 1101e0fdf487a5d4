import Foundation
import Testing

/// Compares text with a golden file in `Tests/LegoGraphTests/Golden`; `LEGO_RECORD_GOLDENS=1` re-records it.
enum Golden {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Golden")

    static var recording: Bool { ProcessInfo.processInfo.environment["LEGO_RECORD_GOLDENS"] == "1" }

    static func check(_ text: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = directory.appendingPathComponent(name)
        if recording {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
            return
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            Issue.record("missing golden file \(name): run `LEGO_RECORD_GOLDENS=1 swift test --filter LegoGraphTests` and review it",
                         sourceLocation: sourceLocation)
            return
        }
        let expected = String(decoding: data, as: UTF8.self)
        guard text != expected else { return }
        let actualLines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let line = (0..<min(actualLines.count, expectedLines.count)).first { actualLines[$0] != expectedLines[$0] }
            ?? min(actualLines.count, expectedLines.count)
        let got = line < actualLines.count ? String(actualLines[line]) : "<end>"
        let want = line < expectedLines.count ? String(expectedLines[line]) : "<end>"
        Issue.record("\(name) differs at line \(line + 1):\n  got:  \(got)\n  want: \(want)\n(re-record on purpose with LEGO_RECORD_GOLDENS=1)",
                     sourceLocation: sourceLocation)
    }
}
