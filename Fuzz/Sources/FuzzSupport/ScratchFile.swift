import Foundation

/// A file in the temporary directory that a harness rewrites with each input, for entry points that read a path.
///
/// One per harness process, named after the harness and the process id; `scripts/fuzz` points `TMPDIR`
/// at a scratch folder it empties, so files left by a crashed run do not pile up.
public struct ScratchFile: Sendable {
    /// The file's path.
    public let path: String

    /// A scratch file for `harness`, with `suffix` (such as `.jsonl`) at the end of its name.
    public init(harness: String, suffix: String) {
        let directory = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        path = "\(directory)/\(harness)-\(getpid())\(suffix)"
    }

    /// A scratch file at `path` (inside a scratch folder a harness made).
    public init(path: String) {
        self.path = path
    }

    /// Replaces the file's contents with `bytes`.
    public func write(_ bytes: UnsafeRawBufferPointer) {
        // A failure here is the machine's (disk full, TMPDIR gone), not the input's: stop rather than fuzz blind.
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: path))
        } catch {
            fatalError("cannot write the scratch file \(path): \(error)")
        }
    }

    /// Replaces the file's contents with `bytes`.
    public func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { write($0) }
    }
}
