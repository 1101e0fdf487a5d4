import Foundation

/// Writes command output so that a failure never leaves a half-written file under the output name.
enum OutputFile {
    /// Why output could not be written.
    struct Failure: Error, CustomStringConvertible {
        /// The output path as given.
        var path: String
        /// What went wrong.
        var reason: String
        var description: String { "cannot write '\(path)': \(reason)" }
    }

    /// Writes `bytes` to a temporary file beside `path`, then renames it into place.
    static func write(_ bytes: [UInt8], to path: String) throws(Failure) {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw Failure(path: path, reason: "it is a directory")
        }
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw Failure(path: path, reason: "directory '\(directory)' does not exist")
        }
        let temporary = directory + "/." + url.lastPathComponent + ".tmp-\(ProcessInfo.processInfo.processIdentifier)"
        guard FileManager.default.createFile(atPath: temporary, contents: Data(bytes)) else {
            throw Failure(path: path, reason: FileManager.default.isWritableFile(atPath: directory)
                ? "could not create a temporary file in '\(directory)'" : "permission denied")
        }
        if rename(temporary, path) != 0 {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw Failure(path: path, reason: reason)
        }
    }

    /// Writes text as UTF-8.
    static func write(_ text: String, to path: String) throws(Failure) {
        try write(Array(text.utf8), to: path)
    }
}
