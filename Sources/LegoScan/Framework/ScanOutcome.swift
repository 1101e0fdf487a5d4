import LegoModel

/// What a scan read and found: the resolved app of one framework, and what was read, skipped and left out.
public struct ScanOutcome<App>: Sendable where App: Sendable {
    /// The resolved app.
    public var app: App
    /// Source files read (skipped ones included).
    public var fileCount: Int
    /// Bytes of source read.
    public var byteCount: Int
    /// Problems reading files, each naming file and line; the rest was still scanned.
    public var warnings: [ScanFacts.Warning]
    /// What was left out of the app: vendored folders, framework copies, files the scope excludes.
    public var excluded: [ScanExclusion] = []
    /// How the framework was chosen when no `--framework` named it; nil when it was named.
    public var detection: FrameworkDetection?

    /// The same outcome with its app transformed (to an existential, for callers that take any framework).
    public func map<Other: Sendable>(_ transform: (App) -> Other) -> ScanOutcome<Other> {
        ScanOutcome<Other>(app: transform(app), fileCount: fileCount, byteCount: byteCount, warnings: warnings, excluded: excluded,
                           detection: detection)
    }
}

/// Files left out of the scan, and why.
public struct ScanExclusion: Sendable, Hashable {
    /// Why they are not the app's.
    public enum Reason: Sendable, Hashable {
        /// A folder of vendored or generated code (`Pods`, `Carthage`, `DerivedData`, SwiftPM checkouts …).
        case vendoredFolder
        /// A copy of the framework's own sources, recognised by the framework classes it declares.
        case frameworkCopy(classes: [String])
        /// A `--exclude` or `scan.exclude` glob, or no `scan.include` glob, matched.
        case scope(String)
        /// The example app of a pod below the top (`Example/` beside the `.podspec` named): another executable.
        case podExample(podspec: String)
        /// A test target (a folder of tests, or a file importing a test framework such as XCTest): never in the app.
        case testCode(framework: String)
    }
    /// The folder (or, for the scope, the pattern) left out.
    public var path: String
    /// Why.
    public var reason: Reason
    /// Source files left out (0 for folders never entered).
    public var fileCount: Int

    /// An exclusion.
    public init(path: String, reason: Reason, fileCount: Int) {
        self.path = path
        self.reason = reason
        self.fileCount = fileCount
    }
}
