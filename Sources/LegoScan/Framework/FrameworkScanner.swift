import LegoModel

/// One framework's source scanner: how it reads a file, what its own vendored sources declare, what marks code that
/// uses it, and how the facts of every file become an analysed app. `AppScanner` walks the folder for all of them.
public protocol FrameworkScanner: Sendable {
    /// What one file says, merged over the files of the app.
    associatedtype Facts: FrameworkFacts
    /// The app the merged facts resolve to.
    associatedtype App: ScannedFrameworkApp

    /// The framework this scanner reads.
    var framework: Framework { get }
    /// Types only the framework's own sources declare: a folder declaring them is a vendored copy, not the app.
    var frameworkTypes: Set<String> { get }
    /// Files at the root of the framework's own repository (its podspec): a vendored copy below a folder holding one is
    /// that whole repository (a git submodule), whose example apps and demo modules are not the app either.
    var repositoryMarkers: [String] { get }
    /// Byte strings whose presence in a file shows it uses the framework (imports, macros, the router's selectors);
    /// `scan` without `--framework` picks the framework whose markers most files hold.
    var markers: [String] { get }
    /// The facts of one source file in `language`; `file` names it in locations.
    func read(bytes: [UInt8], file: String, language: SourceTree.Language) -> Facts
    /// Completes the facts of every file with what one file alone cannot tell, reading the app's `files` again
    /// (vendored copies left out). Most scanners need nothing.
    func complete(_ facts: inout Facts, files: [SourceTree.File])
    /// Reads what the framework needs from the source files of the vendored folders the app links (`Pods/`,
    /// `SourcePackages/`), which are never the app's findings. Most scanners need nothing.
    func readVendored(_ facts: inout Facts, files: [SourceTree.File])
    /// The app the facts of every file describe.
    func app(from facts: Facts) -> App
}

extension FrameworkScanner {
    /// No repository to recognise.
    public var repositoryMarkers: [String] { [] }

    /// Nothing to complete.
    public func complete(_ facts: inout Facts, files: [SourceTree.File]) {}

    /// Nothing read.
    public func readVendored(_ facts: inout Facts, files: [SourceTree.File]) {}
}

/// The facts a framework scanner reads from one file, and their merge over files.
public protocol FrameworkFacts: Sendable {
    /// No facts.
    init()
    /// Types the file declares (with `@implementation`, `class`, and in Swift `struct` and `enum`), for recognising a
    /// vendored framework copy.
    var declaredTypeNames: [String] { get }
    /// Whether the facts hold any use of the framework; a scan with none fails with `ScanError.noFrameworkCode`.
    var hasFrameworkCode: Bool { get }
    /// Problems reading the source, each at a file and line.
    var warnings: [ScanFacts.Warning] { get set }
    /// `lego-trace:disable` comments.
    var suppressions: [InlineSuppression] { get set }
    /// The source files of the vendored folders the app links, set once every file is read; a framework that does not
    /// use them keeps none.
    var vendoredSources: VendoredSources { get set }
    /// Adds the facts of another file.
    mutating func append(_ other: Self)
}

extension FrameworkFacts {
    /// Not kept.
    public var vendoredSources: VendoredSources {
        get { VendoredSources() }
        set {}
    }
}
