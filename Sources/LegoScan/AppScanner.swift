import Foundation
import LegoModel

/// Reads an app's source folder into the app of its framework, one file at a time (memory follows the largest file).
public enum AppScanner {
    /// What an XFLegoVIPER scan read and found.
    public typealias Outcome = ScanOutcome<ScannedApp>
    /// Files left out of the scan, and why.
    public typealias Exclusion = ScanExclusion

    /// Scans the XFLegoVIPER app in the folder at `path`, reading the files `scope` admits.
    public static func scan(directory path: String, scope: ScanScope = ScanScope()) throws(ScanError) -> Outcome {
        try scan(directory: path, scope: scope, with: XFScanner())
    }

    /// Scans the app in the folder at `path` with `framework`'s scanner, or, when nil, with the scanner whose
    /// markers most files hold (the outcome says how it chose).
    public static func scan(directory path: String, scope: ScanScope = ScanScope(),
                            framework: Framework?) throws(ScanError) -> ScanOutcome<any ScannedFrameworkApp> {
        let listing = try list(directory: path, scope: scope)
        guard let framework else {
            let scanners = FrameworkScanners.all
            guard let detection = FrameworkDetection.detect(scanners: scanners, files: listing.files),
                  let scanner = FrameworkScanners.scanner(for: detection.framework) else {
                throw .noFrameworkCode(path: path, files: listing.files.count, frameworks: scanners.map(\.framework))
            }
            var outcome = try scanAny(listing, path: path, with: scanner)
            outcome.detection = detection
            return outcome
        }
        guard let scanner = FrameworkScanners.scanner(for: framework) else { throw .unsupportedFramework(framework) }
        return try scanAny(listing, path: path, with: scanner)
    }

    /// Scans the folder at `path` with `scanner`, reading the files `scope` admits; vendored folders and copies of
    /// the framework are left out.
    public static func scan<Scanner: FrameworkScanner>(directory path: String, scope: ScanScope = ScanScope(),
                                                       with scanner: Scanner) throws(ScanError) -> ScanOutcome<Scanner.App> {
        try scanListing(try list(directory: path, scope: scope), path: path, with: scanner)
    }

    /// The source files of a folder the scope admits, and what it left out.
    struct Listing {
        var files: [SourceTree.File]
        var warnings: [ScanFacts.Warning]
        var excluded: [ScanExclusion]
        /// Source files of the vendored folders the app links (Pods, Carthage, SwiftPM checkouts), not read as the app.
        var vendored: [SourceTree.File] = []
    }

    static func list(directory path: String, scope: ScanScope) throws(ScanError) -> Listing {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .notADirectory(path: path)
        }
        var excluded: [ScanExclusion] = []
        var vendored: [SourceTree.File] = []
        let (listed, warnings) = SourceTree.files(under: path, skipped: &excluded, vendored: &vendored)
        var byPattern: [String: Int] = [:]
        var files: [SourceTree.File] = []
        for file in listed {
            if let reason = scope.reason(toSkip: file.relativePath) { byPattern[reason, default: 0] += 1; continue }
            files.append(file)
        }
        excluded += byPattern.keys.sorted().map { ScanExclusion(path: $0, reason: .scope($0), fileCount: byPattern[$0, default: 0]) }
        return Listing(files: files, warnings: warnings, excluded: excluded, vendored: vendored)
    }

    private static func scanListing<Scanner: FrameworkScanner>(_ listing: Listing, path: String, with scanner: Scanner)
        throws(ScanError) -> ScanOutcome<Scanner.App> {
        var excluded = listing.excluded
        // One hand-over to the large-stack thread for the whole loop, not one per Swift file.
        let read = LargeStack.run {
            listing.files.map { file -> (file: SourceTree.File, facts: Scanner.Facts, bytes: Int, testFramework: String?) in
                var bytes = 0
                var testFramework: String?
                let facts = Self.read(file, with: scanner, byteCount: &bytes, testFramework: &testFramework)
                return (file, facts, bytes, testFramework)
            }
        }
        // A test target is every file of the test folder holding a file that imports a test framework (its mocks
        // included), or that file alone outside such a folder.
        var testTargets: [String: (framework: String, files: Int)] = [:]
        for entry in read {
            guard let framework = entry.testFramework else { continue }
            testTargets[TestCode.testFolder(of: entry.file.relativePath) ?? entry.file.relativePath] = (framework, 0)
        }
        func testTarget(of path: String) -> String? {
            if testTargets[path] != nil { return path }
            var end = path.endIndex
            while let slash = path[..<end].lastIndex(of: "/") {
                if testTargets[String(path[..<slash])] != nil { return String(path[..<slash]) }
                end = slash
            }
            return nil
        }
        // The framework's own sources declare its classes; leaving them in would read its macro definitions and base
        // classes as the app's modules and transitions.
        let frameworkTypes = scanner.frameworkTypes
        let copies = VendoredCopy.widened(
            VendoredCopy.copies(in: read.map { ($0.file.relativePath, $0.facts.declaredTypeNames) }, frameworkTypes: frameworkTypes),
            toRepositoryIn: path, markers: scanner.repositoryMarkers)
        var facts = Scanner.Facts()
        facts.warnings = listing.warnings
        var byteCount = 0
        var fileCount = 0
        var copyCounts = [Int](repeating: 0, count: copies.count)
        var kept: [SourceTree.File] = []
        var examples: [(file: SourceTree.File, facts: Scanner.Facts, bytes: Int)] = []
        // A pod's example app is another app only where code outside the pod uses the framework: a folder holding just
        // the pod (its repository, scanned from it or from above) has the example app as the app that links it.
        let frameworkCodePaths = read.lazy.filter { entry in
            entry.facts.hasFrameworkCode && entry.file.podExample == nil && testTarget(of: entry.file.relativePath) == nil
                && !copies.contains { VendoredCopy.contains($0.folder, entry.file.relativePath) }
        }.map(\.file.relativePath)
        let hostApps = Set(read.compactMap(\.file.podExample).filter { example in
            let podFolder = String(example.podspec.prefix(upTo: example.podspec.lastIndex(of: "/") ?? example.podspec.startIndex))
            return !frameworkCodePaths.contains { !VendoredCopy.contains(podFolder, $0) }
        })
        for entry in read {
            if let copy = copies.firstIndex(where: { VendoredCopy.contains($0.folder, entry.file.relativePath) }) {
                copyCounts[copy] += 1
                continue
            }
            if let target = testTarget(of: entry.file.relativePath) {
                testTargets[target]?.files += 1
                continue
            }
            if let podExample = entry.file.podExample, !hostApps.contains(podExample) {
                examples.append((entry.file, entry.facts, entry.bytes))
                continue
            }
            let declared = entry.facts.declaredTypeNames.filter(frameworkTypes.contains)
            if !declared.isEmpty {
                excluded.append(ScanExclusion(path: entry.file.relativePath, reason: .frameworkCopy(classes: declared), fileCount: 1))
                continue
            }
            facts.append(entry.facts)
            kept.append(entry.file)
            byteCount += entry.bytes
            fileCount += 1
        }

        var exampleCounts: [SourceTree.PodExample: Int] = [:]
        for example in examples { exampleCounts[example.file.podExample!, default: 0] += 1 }
        facts.vendoredSources = VendoredSources(files: listing.vendored)
        scanner.readVendored(&facts, files: listing.vendored)
        scanner.complete(&facts, files: kept)
        for (index, copy) in copies.enumerated() {
            excluded.append(ScanExclusion(path: copy.folder, reason: .frameworkCopy(classes: copy.classes), fileCount: copyCounts[index]))
        }
        for example in exampleCounts.keys.sorted(by: { $0.folder < $1.folder }) {
            excluded.append(ScanExclusion(path: example.folder, reason: .podExample(podspec: example.podspec), fileCount: exampleCounts[example] ?? 0))
        }
        for target in testTargets.keys.sorted() {
            let entry = testTargets[target]!
            excluded.append(ScanExclusion(path: target, reason: .testCode(framework: entry.framework), fileCount: entry.files))
        }
        guard facts.hasFrameworkCode else { throw .noFrameworkCode(path: path, files: fileCount, frameworks: [scanner.framework]) }
        return ScanOutcome(app: scanner.app(from: facts), fileCount: fileCount, byteCount: byteCount, warnings: facts.warnings,
                           excluded: excluded)
    }

    private static func scanAny(_ listing: Listing, path: String, with scanner: any FrameworkScanner)
        throws(ScanError) -> ScanOutcome<any ScannedFrameworkApp> {
        func typed<Scanner: FrameworkScanner>(_ scanner: Scanner) throws(ScanError) -> ScanOutcome<any ScannedFrameworkApp> {
            try scanListing(listing, path: path, with: scanner).map { $0 as any ScannedFrameworkApp }
        }
        return try typed(scanner)
    }

    /// The facts of one file; a file that cannot be read gives only its warning.
    /// `testFramework` gets the test framework the file imports (it is then not read).
    static func read<Scanner: FrameworkScanner>(_ file: SourceTree.File, with scanner: Scanner, byteCount: inout Int,
                                                testFramework: inout String?) -> Scanner.Facts {
        let bytes: [UInt8]
        switch SourceTree.contents(of: file) {
        case .bytes(let read): bytes = read
        case .skipped(let warning):
            var facts = Scanner.Facts()
            facts.warnings.append(warning)
            return facts
        }
        byteCount += bytes.count
        testFramework = TestCode.importedFramework(in: bytes, language: file.language)
        if testFramework != nil { return Scanner.Facts() }
        return read(bytes: bytes, file: file.relativePath, language: file.language, with: scanner)
    }

    /// The XFLegoVIPER facts of source `bytes` in `language`; `file` names them in locations.
    static func read(bytes: [UInt8], file: String, language: SourceTree.Language) -> ScanFacts {
        read(bytes: bytes, file: file, language: language, with: XFScanner())
    }

    /// The facts `scanner` reads from source `bytes` in `language`, with the file's encoding warning and its
    /// `lego-trace:disable` comments; `file` names them in locations.
    public static func read<Scanner: FrameworkScanner>(bytes: [UInt8], file: String, language: SourceTree.Language,
                                                       with scanner: Scanner) -> Scanner.Facts {
        let encoding = SourceTree.encodingWarning(bytes, file: file)
        var facts = scanner.read(bytes: bytes, file: file, language: language)
        if let encoding { facts.warnings.insert(encoding, at: 0) }
        let comments = InlineSuppression.read(bytes: bytes, file: file)
        facts.suppressions += comments.suppressions
        facts.warnings += comments.warnings
        return facts
    }
}
