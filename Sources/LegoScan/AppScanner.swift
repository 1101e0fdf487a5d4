import Foundation
import LegoModel

/// Reads an app's source folder into a `ScannedApp`, one file at a time (memory follows the largest file).
public enum AppScanner {
    /// What a scan read and found.
    public struct Outcome: Sendable {
        /// The resolved app.
        public var app: ScannedApp
        /// Source files read (skipped ones included).
        public var fileCount: Int
        /// Bytes of source read.
        public var byteCount: Int
        /// Problems reading files, each naming file and line; the rest was still scanned.
        public var warnings: [ScanFacts.Warning]
    }

    /// Scans the folder at `path`.
    public static func scan(directory path: String) throws(ScanError) -> Outcome {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .notADirectory(path: path)
        }
        let (files, listingWarnings) = SourceTree.files(under: path)
        var facts = ScanFacts()
        facts.warnings = listingWarnings
        var byteCount = 0
        for file in files {
            facts.append(read(file, byteCount: &byteCount))
        }
        guard facts.hasFrameworkCode else { throw .noFrameworkCode(path: path, files: files.count) }
        let warnings = facts.warnings
        return Outcome(app: ScannedApp(facts: facts), fileCount: files.count, byteCount: byteCount, warnings: warnings)
    }

    /// The facts of one file; a file that cannot be read gives only its warning.
    static func read(_ file: SourceTree.File, byteCount: inout Int) -> ScanFacts {
        let bytes: [UInt8]
        switch SourceTree.contents(of: file) {
        case .bytes(let read): bytes = read
        case .skipped(let warning):
            var facts = ScanFacts()
            facts.warnings.append(warning)
            return facts
        }
        byteCount += bytes.count
        return read(bytes: bytes, file: file.relativePath, language: file.language)
    }

    /// The facts of source `bytes` in `language`; `file` names them in locations.
    static func read(bytes: [UInt8], file: String, language: SourceTree.Language) -> ScanFacts {
        let encoding = SourceTree.encodingWarning(bytes, file: file)
        var facts: ScanFacts
        switch language {
        case .objectiveC:
            facts = ObjCReader.read(bytes: bytes, file: file)
        case .swift:
            if let refusal = SwiftReader.refusal(bytes, file: file) {
                facts = ScanFacts()
                facts.warnings.append(refusal)
            } else {
                facts = SwiftReader.read(text: String(decoding: bytes, as: UTF8.self), file: file)
            }
        }
        if let encoding { facts.warnings.insert(encoding, at: 0) }
        let comments = InlineSuppression.read(bytes: bytes, file: file)
        facts.suppressions += comments.suppressions
        facts.warnings += comments.warnings
        return facts
    }
}
