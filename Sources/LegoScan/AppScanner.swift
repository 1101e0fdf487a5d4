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
        /// What was left out of the app: vendored folders, framework copies, files the scope excludes.
        public var excluded: [Exclusion] = []
    }

    /// Files left out of the scan, and why.
    public struct Exclusion: Sendable, Hashable {
        /// Why they are not the app's.
        public enum Reason: Sendable, Hashable {
            /// A folder of vendored or generated code (`Pods`, `Carthage`, `DerivedData`, SwiftPM checkouts …).
            case vendoredFolder
            /// A copy of the framework's own sources, recognised by the framework classes it declares.
            case frameworkCopy(classes: [String])
            /// A `--exclude` or `scan.exclude` glob, or no `scan.include` glob, matched.
            case scope(String)
        }
        /// The folder (or, for the scope, the pattern) left out.
        public var path: String
        /// Why.
        public var reason: Reason
        /// Source files left out (0 for folders never entered).
        public var fileCount: Int
    }

    /// Scans the folder at `path`, reading the files `scope` admits; vendored folders and framework copies are left out.
    public static func scan(directory path: String, scope: ScanScope = ScanScope()) throws(ScanError) -> Outcome {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .notADirectory(path: path)
        }
        var skippedFolders: [String] = []
        let (listed, listingWarnings) = SourceTree.files(under: path, skipped: &skippedFolders)
        var excluded = skippedFolders.map { Exclusion(path: $0, reason: .vendoredFolder, fileCount: 0) }
        var byPattern: [String: Int] = [:]
        var read: [(file: SourceTree.File, facts: ScanFacts, bytes: Int)] = []
        for file in listed {
            if let reason = scope.reason(toSkip: file.relativePath) { byPattern[reason, default: 0] += 1; continue }
            var bytes = 0
            let facts = Self.read(file, byteCount: &bytes)
            read.append((file, facts, bytes))
        }
        excluded += byPattern.keys.sorted().map { Exclusion(path: $0, reason: .scope($0), fileCount: byPattern[$0, default: 0]) }
        // The framework's own sources declare its classes; leaving them in would read its macro definitions and base
        // classes as the app's modules and transitions.
        let copies = XFVendoredCopy.copies(in: read.map { ($0.file.relativePath, $0.facts.classes.map(\.name)) })
        var facts = ScanFacts()
        facts.warnings = listingWarnings
        var byteCount = 0
        var fileCount = 0
        var copyCounts = [Int](repeating: 0, count: copies.count)
        for entry in read {
            if let copy = copies.firstIndex(where: { XFVendoredCopy.contains($0.folder, entry.file.relativePath) }) {
                copyCounts[copy] += 1
                continue
            }
            if entry.facts.classes.contains(where: { XFVendoredCopy.frameworkClasses.contains($0.name) }) {
                excluded.append(Exclusion(path: entry.file.relativePath, reason: .frameworkCopy(classes: entry.facts.classes.map(\.name)
                    .filter(XFVendoredCopy.frameworkClasses.contains)), fileCount: 1))
                continue
            }
            facts.append(entry.facts)
            byteCount += entry.bytes
            fileCount += 1
        }
        for (index, copy) in copies.enumerated() {
            excluded.append(Exclusion(path: copy.folder, reason: .frameworkCopy(classes: copy.classes), fileCount: copyCounts[index]))
        }
        guard facts.hasFrameworkCode else { throw .noFrameworkCode(path: path, files: fileCount) }
        let warnings = facts.warnings
        return Outcome(app: ScannedApp(facts: facts), fileCount: fileCount, byteCount: byteCount, warnings: warnings, excluded: excluded)
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
