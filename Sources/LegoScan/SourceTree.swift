import Foundation
import LegoModel

/// The source files of an app folder, and reading one of them safely.
///
/// Files are listed in path order (stable output), symbolic links are not followed (no loops, nothing outside the
/// folder), and vendored or generated folders (`Pods`, `Carthage`, `DerivedData`, `.build`, hidden folders) are
/// skipped: they hold the framework's and other libraries' code, not the app's.
struct SourceTree {
    /// The language a file is read as.
    enum Language: String {
        case objectiveC = "objc"
        case swift
    }

    /// One source file.
    struct File {
        /// Absolute path.
        var path: String
        /// Path relative to the scanned folder (what locations show).
        var relativePath: String
        /// How it is read.
        var language: Language
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

    /// The source files under `root`, in path order.
    static func files(under root: String) -> [File] {
        var skipped: [String] = []
        return files(under: root, skipped: &skipped)
    }

    /// The source files under `root`, in path order; `skipped` gets the relative paths of the `skippedFolders` met.
    static func files(under root: String, skipped: inout [String]) -> [File] {
        let base = root.hasSuffix("/") && root.count > 1 ? String(root.dropLast()) : root
        var result: [File] = []
        var pending = [""]
        let manager = FileManager.default
        while let relative = pending.popLast() {
            let directory = relative.isEmpty ? base : base + "/" + relative
            guard let names = try? manager.contentsOfDirectory(atPath: directory) else { continue }
            for name in names.sorted(by: >) {
                let childRelative = relative.isEmpty ? name : relative + "/" + name
                let childPath = base + "/" + childRelative
                guard let attributes = try? manager.attributesOfItem(atPath: childPath),
                      let type = attributes[.type] as? FileAttributeType else { continue }
                if type == .typeDirectory {
                    if !name.hasPrefix("."), !skippedFolders.contains(name) { pending.append(childRelative) }
                    else if skippedFolders.contains(name) { skipped.append(childRelative) }
                } else if type == .typeRegular, let language = language(ofExtension: (name as NSString).pathExtension) {
                    result.append(File(path: childPath, relativePath: childRelative, language: language))
                }
            }
        }
        return result.sorted { $0.relativePath.utf8.lexicographicallyPrecedes($1.relativePath.utf8) }
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
        if let size = (try? FileManager.default.attributesOfItem(atPath: file.path))?[.size] as? Int, size > maximumFileBytes {
            return .skipped(.init(location: SourceLocation(file: file.relativePath, line: 1),
                                  message: "\(size / (1 << 20)) MB is larger than the \(maximumFileBytes >> 20) MB read for a source file; skipped"))
        }
        guard let data = FileManager.default.contents(atPath: file.path) else {
            return .skipped(.init(location: SourceLocation(file: file.relativePath, line: 1), message: "cannot read the file (permissions?); skipped"))
        }
        let bytes = [UInt8](data)
        if let nul = bytes.prefix(8192).firstIndex(of: 0) {
            let line = bytes[..<nul].reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
            return .skipped(.init(location: SourceLocation(file: file.relativePath, line: line),
                                  message: "binary data (a NUL byte) in a source file; skipped"))
        }
        return .bytes(bytes)
    }

    /// A warning when `bytes` are not valid UTF-8, naming the line of the first bad byte (the file is still read,
    /// its literals with replacement characters: legacy encodings such as GBK keep their ASCII code readable).
    static func encodingWarning(_ bytes: [UInt8], file: String) -> ScanFacts.Warning? {
        // The standard library's validation is the fast path; the line is only looked for when it fails.
        if String(validating: bytes, as: UTF8.self) != nil { return nil }
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
