import Foundation
import LegoModel

/// The source files of an app folder, and reading one of them safely.
///
/// Files are listed in path order (stable output), symbolic links are followed (each folder and file once, so a link
/// back to an ancestor is no loop), and vendored or generated folders (`Pods`, `Carthage`, `DerivedData`, `.build`, hidden folders) and Xcode
/// file templates (`*.xctemplate`) are skipped: they hold the framework's and other libraries' code, not the app's.
public struct SourceTree {
    /// The language a file is read as.
    public enum Language: String, Sendable {
        /// Objective-C (`.m`, `.mm`, `.h`).
        case objectiveC = "objc"
        /// Swift.
        case swift
    }

    /// One source file.
    public struct File: Sendable, Hashable {
        /// Absolute path, as the bytes the system gave (a name need not be UTF-8).
        var path: [UInt8]
        /// Path relative to the scanned folder (what locations show), decoded as UTF-8 with U+FFFD for bad bytes.
        var relativePath: String
        /// How it is read.
        var language: Language
        /// The `.podspec` whose example app (`Example/` beside it, below the top) holds the file: another executable,
        /// set aside unless the rest of the folder holds no app.
        var podExample: PodExample? = nil
    }

    /// The example app of a pod: its folder and the pod's `.podspec`, both relative to the scanned folder.
    struct PodExample: Sendable, Hashable {
        /// The example app's folder.
        var folder: String
        /// The pod's spec beside it.
        var podspec: String
    }

    /// Folder names never entered.
    static let skippedFolders: Set<String> = ["Pods", "Carthage", "DerivedData", ".build", "build", "node_modules", "SourcePackages"]

    /// File extensions read, and how.
    static func language(ofExtension ext: String) -> Language? {
        switch ext {
        case "m", "mm", "h": .objectiveC
        case "swift": .swift
        default: nil
        }
    }

    /// The source files under `root` in path order, and a warning for each folder that cannot be listed, each path
    /// too long to open and each name that is not UTF-8 (GBK names from an unzipped archive are still read, as bytes).
    static func files(under root: String) -> (files: [File], warnings: [ScanFacts.Warning]) {
        var skipped: [ScanExclusion] = []
        return files(under: root, skipped: &skipped)
    }

    /// `files(under:)`; `skipped` gets the `skippedFolders` met (Pods, Carthage, …) and the Xcode templates. Files of the
    /// example app of a pod below the top (`pod lib create`'s `Example/` beside a `.podspec`) are listed with
    /// `podExample` set.
    static func files(under root: String, skipped: inout [ScanExclusion]) -> (files: [File], warnings: [ScanFacts.Warning]) {
        var vendored: [File] = []
        return files(under: root, skipped: &skipped, vendored: &vendored)
    }

    /// Folders of third-party code whose source files are listed (not read as the app) in `vendored`: the app links
    /// them, so a class the app opens by name may be declared there.
    static let indexedVendoredFolders: Set<String> = ["Pods", "Carthage", "SourcePackages"]

    /// The most vendored files listed; a larger tree is cut there (its files are names only, for messages).
    static let maximumVendoredFiles = 200_000

    /// Folder names that hold a pod's example app when they lie beside its `.podspec`.
    static let podExampleFolders: Set<String> = ["Example", "Examples", "Demo", "Demos", "Sample", "Samples"]

    /// Whether a folder beside a `.podspec` is the pod's example app: one of `podExampleFolders`, or a name ending in
    /// `Example`, `Demo`, `DemoApp` or `Sample` (`CartDemo`).
    static func isPodExampleName(_ name: String) -> Bool {
        podExampleFolders.contains(name) || ["Example", "Demo", "DemoApp", "Sample"].contains { name.hasSuffix($0) }
    }

    /// `files(under:skipped:)`; `vendored` gets the source files below the `indexedVendoredFolders`, never read as the
    /// app's.
    static func files(under root: String, skipped: inout [ScanExclusion], vendored: inout [File]) -> (files: [File], warnings: [ScanFacts.Warning]) {
        var base = Array(root.utf8)
        if base.count > 1 && base.last == 0x2F { base.removeLast() }
        var result: [(relative: [UInt8], file: File, id: NodeID)] = []
        var warnings: [ScanFacts.Warning] = []
        var pending: [(relative: [UInt8], podExample: PodExample?)] = [([], nil)]
        // Folders entered, by device and inode: a symbolic link to a folder is followed once (Xcode compiles what it
        // points to: a shared or local-pod folder linked in), and a link back to an ancestor is no loop.
        var entered: Set<NodeID> = []
        var rootStatus = stat()
        if withCString(base, { stat($0, &rootStatus) }) == 0 { entered.insert(NodeID(rootStatus)) }
        func warn(_ relative: [UInt8], _ message: String) {
            let shown = relative.isEmpty ? "." : String(decoding: relative, as: UTF8.self)
            warnings.append(.init(location: SourceLocation(file: shown, line: 1), message: message))
        }
        while let (relative, inExample) = pending.popLast() {
            let directory = relative.isEmpty ? base : base + [0x2F] + relative
            let names: [[UInt8]]
            switch list(directory) {
            case .success(let listed): names = listed
            case .failure(let reason):
                warn(relative, "cannot list the folder (\(reason)); its files were not scanned")
                continue
            }
            // A pod below the top has its own example app; at the top, the scanned folder is the pod and its example
            // app is what links it.
            let podspec = relative.isEmpty ? nil : names.first { Self.isPodspec($0) }.map { String(decoding: $0, as: UTF8.self) }
            for name in names {
                let childRelative = relative.isEmpty ? name : relative + [0x2F] + name
                let childPath = base + [0x2F] + childRelative
                if String(validating: name, as: UTF8.self) == nil {
                    warn(childRelative, "the name is not UTF-8 (GBK or another legacy encoding?); shown with replacement characters")
                }
                guard childPath.count < Int(PATH_MAX) else {
                    warn(childRelative, "the path is longer than \(PATH_MAX) bytes, the most the system opens; not scanned")
                    continue
                }
                var status = stat()
                guard withCString(childPath, { lstat($0, &status) }) == 0 else {
                    warn(childRelative, "cannot read its type (\(String(cString: strerror(errno)))); not scanned")
                    continue
                }
                // A link is what it points to; a dangling one is nothing.
                if status.st_mode & S_IFMT == S_IFLNK, withCString(childPath, { stat($0, &status) }) != 0 { continue }
                let text = String(decoding: name, as: UTF8.self)
                switch status.st_mode & S_IFMT {
                case S_IFDIR:
                    // An Xcode file template (`*.xctemplate`) is never compiled: its classes are named
                    // `___FILEBASENAMEASIDENTIFIER___…`, and read as code they made the first routing of some apps.
                    let shown = String(decoding: childRelative, as: UTF8.self)
                    if skippedFolders.contains(text) || text.hasSuffix(".xctemplate") {
                        skipped.append(ScanExclusion(path: shown, reason: .vendoredFolder, fileCount: 0))
                        if indexedVendoredFolders.contains(text) { listVendored(childRelative, base: base, into: &vendored) }
                    } else if !text.hasPrefix("."), entered.insert(NodeID(status)).inserted {
                        let example = podspec.flatMap {
                            isPodExampleName(text) ? PodExample(folder: shown, podspec: String(shown.dropLast(text.count)) + $0) : nil
                        }
                        pending.append((childRelative, inExample ?? example))
                    }
                case S_IFREG:
                    let ext = text.lastIndex(of: ".").map { String(text[text.index(after: $0)...]) } ?? ""
                    if let language = language(ofExtension: ext) {
                        result.append((childRelative, File(path: childPath, relativePath: String(decoding: childRelative, as: UTF8.self),
                                                           language: language, podExample: inExample), NodeID(status)))
                    }
                default:
                    break
                }
            }
        }
        result.sort { $0.relative.lexicographicallyPrecedes($1.relative) }
        // A file reached twice (through a link and where it lies) is read once, at its first path.
        var seen: Set<NodeID> = []
        return (result.filter { seen.insert($0.id).inserted }.map(\.file), warnings)
    }

    /// A file or folder's identity on disk, the same through every link to it.
    private struct NodeID: Hashable {
        var device: UInt64
        var inode: UInt64
        init(_ status: stat) {
            device = UInt64(truncatingIfNeeded: status.st_dev)
            inode = UInt64(truncatingIfNeeded: status.st_ino)
        }
    }

    /// Whether a file name is a CocoaPods spec.
    private static func isPodspec(_ name: [UInt8]) -> Bool {
        let text = String(decoding: name, as: UTF8.self)
        return text.hasSuffix(".podspec") || text.hasSuffix(".podspec.json")
    }

    /// Appends the source files below the vendored folder `relative` to `vendored` (names only; unlistable folders and
    /// links are passed over silently: nothing of the app is lost), up to `maximumVendoredFiles`.
    private static func listVendored(_ relative: [UInt8], base: [UInt8], into vendored: inout [File]) {
        var pending = [relative]
        while let folder = pending.popLast(), vendored.count < maximumVendoredFiles {
            guard case .success(let names) = list(base + [0x2F] + folder) else { continue }
            for name in names where name.first != 0x2E {
                let text = String(decoding: name, as: UTF8.self)
                // A checkout's tests and example apps are not what the app links.
                if TestCode.isTestFolderName(Substring(text)) || podExampleFolders.contains(text) { continue }
                let childRelative = folder + [0x2F] + name
                let childPath = base + [0x2F] + childRelative
                var status = stat()
                guard childPath.count < Int(PATH_MAX), withCString(childPath, { lstat($0, &status) }) == 0 else { continue }
                // CocoaPods links a development pod's public headers into `Pods/Headers/Public`: a linked file is listed
                // (a linked folder is not entered: no loops).
                if status.st_mode & S_IFMT == S_IFLNK {
                    var target = stat()
                    guard withCString(childPath, { stat($0, &target) }) == 0, target.st_mode & S_IFMT == S_IFREG else { continue }
                    status = target
                }
                switch status.st_mode & S_IFMT {
                case S_IFDIR: pending.append(childRelative)
                case S_IFREG:
                    let ext = text.lastIndex(of: ".").map { String(text[text.index(after: $0)...]) } ?? ""
                    if let language = language(ofExtension: ext) {
                        vendored.append(File(path: childPath, relativePath: String(decoding: childRelative, as: UTF8.self), language: language))
                    }
                default: break
                }
            }
        }
    }

    /// The entries of a folder (without `.` and `..`), or the system's reason it cannot be listed.
    private static func list(_ directory: [UInt8]) -> Result<[[UInt8]], ListFailure> {
        guard directory.count < Int(PATH_MAX) else { return .failure(ListFailure(reason: "the path is longer than \(PATH_MAX) bytes")) }
        guard let stream = withCString(directory, { opendir($0) }) else {
            return .failure(ListFailure(reason: String(cString: strerror(errno))))
        }
        defer { closedir(stream) }
        var names: [[UInt8]] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: &entry.pointee.d_name) { raw in
                Array(raw.prefix { $0 != 0 })
            }
            if name == [0x2E] || name == [0x2E, 0x2E] { continue }
            names.append(name)
        }
        // The system's order is the disk's: sorted, every walk (and which of two paths to one file is kept) is the same.
        names.sort { $0.lexicographicallyPrecedes($1) }
        return .success(names)
    }

    /// Why a folder could not be listed.
    private struct ListFailure: Error, CustomStringConvertible {
        var reason: String
        var description: String { reason }
    }

    /// Calls `body` with `bytes` as a NUL-terminated C string.
    private static func withCString<Result>(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>) -> Result) -> Result {
        (bytes + [0]).withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { body($0) }
        }
    }

    /// A file's contents, or why they are not read.
    enum Contents {
        /// The file's bytes.
        case bytes([UInt8])
        /// Why it was skipped.
        case skipped(ScanFacts.Warning)
    }

    /// The largest file read; anything larger is not hand-written source.
    static let maximumFileBytes = 256 << 20

    /// The bytes of `file`, or a warning saying why it is not read (unreadable, binary, too large).
    static func contents(of file: File) -> Contents {
        func skipped(_ message: String, line: Int = 1) -> Contents {
            .skipped(.init(location: SourceLocation(file: file.relativePath, line: line), message: message))
        }
        let descriptor = withCString(file.path) { open($0, O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else { return skipped("cannot read the file (\(String(cString: strerror(errno)))); skipped") }
        defer { close(descriptor) }
        var status = stat()
        let expected = fstat(descriptor, &status) == 0 ? Int(status.st_size) : 0
        if expected > maximumFileBytes {
            return skipped("\(expected / (1 << 20)) MB is larger than the \(maximumFileBytes >> 20) MB read for a source file; skipped")
        }
        let bytes: [UInt8]
        switch readAll(descriptor, expected: expected) {
        case .bytes(let read): bytes = read
        case .failed(let code): return skipped("cannot read the file (\(String(cString: strerror(code)))); skipped")
        case .tooLarge: return skipped("larger than the \(maximumFileBytes >> 20) MB read for a source file; skipped")
        }
        if let decoded = utf16(bytes) { return .bytes(decoded) }
        if let nul = ByteSearch.firstIndex(of: [0], in: bytes, range: 0..<min(bytes.count, 8192)) {
            // ASCII text in UTF-16 has a NUL in every other byte: say what it is rather than "binary".
            let sample = bytes.prefix(8192)
            let zeros = sample.indices.filter { sample[$0] == 0 }
            if zeros.count * 3 >= sample.count, Set(zeros.map { $0 % 2 }).count == 1 {
                return skipped("UTF-16 without a byte-order mark; save it as UTF-8 (or with a BOM) to scan it")
            }
            let line = bytes[..<nul].reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
            return skipped("binary data (a NUL byte) in a source file; skipped", line: line)
        }
        return .bytes(bytes)
    }

    /// What reading a file to its end gave.
    private enum ReadOutcome {
        /// Every byte.
        case bytes([UInt8])
        /// A read failed with this `errno`.
        case failed(Int32)
        /// More than `maximumFileBytes` arrived (the file grew after it was measured).
        case tooLarge
    }

    /// Reads `descriptor` to its end, straight into one array of the size `fstat` gave plus a byte (so the end is
    /// seen without a second array and no buffer is zeroed first); only a file that grew since is read on in chunks.
    private static func readAll(_ descriptor: Int32, expected: Int) -> ReadOutcome {
        var failure: Int32 = 0
        var bytes = [UInt8](unsafeUninitializedCapacity: expected + 1) { buffer, count in
            while count < buffer.count {
                let got = read(descriptor, buffer.baseAddress! + count, buffer.count - count)
                if got > 0 { count += got } else if got == 0 { return } else if errno != EINTR { failure = errno; return }
            }
        }
        if failure != 0 { return .failed(failure) }
        guard bytes.count > expected else { return .bytes(bytes) }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let got = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if got < 0 {
                if errno == EINTR { continue }
                return .failed(errno)
            }
            if got == 0 { return .bytes(bytes) }
            bytes += chunk[..<got]
            if bytes.count > maximumFileBytes { return .tooLarge }
        }
    }

    /// `bytes` as UTF-8 when they start with a UTF-16 byte-order mark (Xcode can save sources so), else nil; lines stay
    /// where they were, an unpaired surrogate becomes U+FFFD.
    static func utf16(_ bytes: [UInt8]) -> [UInt8]? {
        guard bytes.count >= 2 else { return nil }
        let bigEndian: Bool
        switch (bytes[0], bytes[1]) {
        case (0xFF, 0xFE): bigEndian = false
        case (0xFE, 0xFF): bigEndian = true
        default: return nil
        }
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = 2
        while index + 1 < bytes.count {
            let (high, low) = bigEndian ? (bytes[index], bytes[index + 1]) : (bytes[index + 1], bytes[index])
            units.append(UInt16(high) << 8 | UInt16(low))
            index += 2
        }
        return Array(String(decoding: units, as: UTF16.self).utf8)
    }

    /// A warning when `bytes` are not valid UTF-8, naming the line of the first bad byte (the file is still read,
    /// its literals with replacement characters: legacy encodings such as GBK keep their ASCII code readable).
    static func encodingWarning(_ bytes: [UInt8], file: String) -> ScanFacts.Warning? {
        // Validation without a copy is the fast path; the line is only looked for when it fails.
        if UTF8Validation.isValid(bytes) { return nil }
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var line = 1
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                if scalar == "\n" { line += 1 }
            case .emptyInput:
                return nil
            case .error:
                return .init(location: SourceLocation(file: file, line: line),
                             message: "not valid UTF-8 (GBK or another legacy encoding?); read with replacement characters in literals")
            }
        }
    }
}
