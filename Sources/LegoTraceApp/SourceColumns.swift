import Foundation
import LegoAnalysis
import LegoModel

/// The UTF-16 columns of the source locations in a result, read from their files once: SARIF counts columns in
/// UTF-16 code units, locations in UTF-8 bytes, and only the line's text tells them apart.
struct SourceColumns: Sendable {
    private var columns: [SourceLocation: Int] = [:]

    /// Reads every file a finding, its evidence or a suppression comment of `result` points into (relative paths
    /// from the current directory); a file that cannot be read keeps its byte columns.
    init(_ result: AnalysisResult) {
        var byFile: [String: [SourceLocation]] = [:]
        func add(_ location: SourceLocation?) {
            guard let location, location.column > 1 else { return }
            byFile[location.file, default: []].append(location)
        }
        for finding in result.findings + result.suppressed.map(\.finding) {
            add(finding.location?.sourceLocation)
            for evidence in finding.evidence { add(evidence.location?.sourceLocation) }
        }
        for suppressed in result.suppressed {
            if case .inSource(let comment) = suppressed.reason { add(comment) }
        }
        for (file, locations) in byFile {
            guard let data = FileManager.default.contents(atPath: file) else { continue }
            // Each line's start, found once with a plain byte loop (`Data.split` is generic and slow).
            let bytes = [UInt8](data)
            var starts = [0]
            for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(offset + 1) }
            for location in locations where location.line >= 1 && location.line <= starts.count {
                let start = starts[location.line - 1]
                let end = location.line < starts.count ? starts[location.line] - 1 : bytes.count
                columns[location] = location.utf16Column(inLine: bytes[start..<end])
            }
        }
    }

    /// The UTF-16 column of `location`, or its byte column when its line was not read.
    func column(_ location: SourceLocation) -> Int { columns[location] ?? location.column }
}
