#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes every file lego-trace produces so that what is already there is never destroyed.
///
/// Only a regular file or a new path is replaced atomically (a temporary file beside it, synced and renamed
/// over it, keeping the old file's permissions); a symlink is followed and its target written; character and
/// block devices, FIFOs, sockets and `/proc` files are written in place; `-`, `/dev/stdout`, `/dev/stderr`
/// and `/dev/fd/N` are the process's own descriptors. A failed write leaves the previous file untouched.
// Renaming over `/dev/null` as root once replaced this machine's /dev/null with a regular file (issue #13).
public enum OutputFile {
    /// Where the bytes for one output path really go.
    public enum Destination: Sendable, Hashable {
        /// An open descriptor of this process (`-` is standard output), written and left open.
        case descriptor(Int32)
        /// A device, FIFO or socket at `path`, opened and written where it is.
        case inPlace(path: String)
        /// A regular file or a new path, replaced atomically through a temporary file in its directory.
        case replace(path: String)
    }

    /// Decides where output for `path` goes; throws a one-line error for a directory or a missing parent directory.
    public static func destination(for path: String) throws(TraceIOError) -> Destination {
        if let descriptor = descriptorPath(path) { return .descriptor(descriptor) }
        let target = try resolveLinks(path)
        var status = stat()
        guard stat(target, &status) == 0 else {
            let code = errno
            guard code == ENOENT else { throw .writeFailed(file: path, reason: String(cString: strerror(code))) }
            let directory = parentDirectory(of: target)
            var directoryStatus = stat()
            guard stat(directory, &directoryStatus) == 0, directoryStatus.st_mode & S_IFMT == S_IFDIR else {
                throw .writeFailed(file: path, reason: "directory '\(directory)' does not exist")
            }
            return .replace(path: target)
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return target.hasPrefix("/proc/") ? .inPlace(path: target) : .replace(path: target)
        case S_IFDIR: throw .writeFailed(file: path, reason: "it is a directory")
        default: return .inPlace(path: target)
        }
    }

    /// Writes `bytes` as the whole content of `path` (see the type's rules); nothing is left half-written under the name.
    public static func write(_ bytes: some Collection<UInt8>, to path: String) throws(TraceIOError) {
        let staged = try Staged(path: path)
        do throws(TraceIOError) {
            let descriptor = try staged.open()
            defer { if staged.ownsOpenedDescriptor { _ = closeDescriptor(descriptor) } }
            let failure = bytes.withContiguousStorageIfAvailable { buffer in
                writeAll(UnsafeRawBufferPointer(buffer), to: descriptor)
            } ?? Array(bytes).withUnsafeBytes { writeAll($0, to: descriptor) }
            if let failure { throw TraceIOError.writeFailed(file: staged.path, reason: failure) }
            try staged.commit()
        } catch {
            staged.abandon()
            throw error
        }
    }

    /// Writes text as UTF-8 to `path`.
    public static func write(_ text: String, to path: String) throws(TraceIOError) {
        try write(Array(text.utf8), to: path)
    }

    /// An output being written by someone else (a `TraceWriter`, a child process) until it is committed or abandoned.
    ///
    /// For a regular file or a new path the writer writes `writePath`, a temporary file beside the target,
    /// and `commit()` renames it into place; a device or FIFO is written directly and `commit()` does nothing.
    public final class Staged {
        /// The output path as given, or `standard output` for `-` (used in messages).
        public let path: String
        /// Where the output really goes.
        public let destination: Destination
        /// The path to open for writing: the temporary file, the device, or `/dev/fd/N` for a descriptor.
        public let writePath: String
        private var finished = false
        private let previousMode: mode_t?
        /// Whether `open()` returned a descriptor that the caller must close.
        fileprivate var ownsOpenedDescriptor = true

        /// Prepares output for `path`: checks the directory and creates the temporary file when one is needed.
        public init(path: String) throws(TraceIOError) {
            self.path = path == "-" ? "standard output" : path
            destination = try OutputFile.destination(for: path)
            switch destination {
            case .descriptor(let descriptor):
                writePath = "/dev/fd/\(descriptor)"
                previousMode = nil
            case .inPlace(let target):
                writePath = target
                previousMode = nil
            case .replace(let target):
                var status = stat()
                previousMode = stat(target, &status) == 0 ? status.st_mode & 0o7777 : nil
                let directory = OutputFile.parentDirectory(of: target)
                let base = target.split(separator: "/").last.map(String.init) ?? "output"
                var created: String?
                var lastError: Int32 = 0
                for attempt in 0..<16 {
                    let candidate = "\(directory)/.\(base).tmp-\(getpid())-\(attempt)"
                    // Private from the start: a 0600 trace must not be readable by others while it is recorded;
                    // `commit()` gives it the replaced file's mode, or a new file's.
                    let descriptor = openDescriptor(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
                    if descriptor >= 0 {
                        _ = closeDescriptor(descriptor)
                        created = candidate
                        break
                    }
                    lastError = errno
                    if lastError != EEXIST { break }
                }
                guard let created else {
                    let reason = lastError == EACCES || lastError == EPERM || lastError == EROFS
                        ? "cannot create a file in '\(directory)': \(String(cString: strerror(lastError)))"
                        : String(cString: strerror(lastError))
                    throw .writeFailed(file: path, reason: reason)
                }
                writePath = created
                StagedFiles.register(created)
                _ = StagedFiles.removeOnTerminatingSignalsOnce
            }
        }

        deinit {
            if !finished { abandon() }
        }

        /// Whether the output is one of this process's descriptors (standard output for `-`).
        public var descriptor: Int32? {
            if case .descriptor(let descriptor) = destination { return descriptor }
            return nil
        }

        /// Opens `writePath` for writing (truncating a staged temporary file); the caller closes it unless it is a descriptor of this process.
        func open() throws(TraceIOError) -> Int32 {
            if let descriptor {
                ownsOpenedDescriptor = false
                return descriptor
            }
            let flags = destination == .inPlace(path: writePath) ? O_WRONLY | O_NOCTTY | O_CLOEXEC : O_WRONLY | O_TRUNC | O_CLOEXEC
            let descriptor = openDescriptor(writePath, flags, 0)
            guard descriptor >= 0 else { throw .writeFailed(file: path, reason: String(cString: strerror(errno))) }
            return descriptor
        }

        /// Moves a staged temporary file into place (synced first, with the replaced file's permissions); a no-op for devices.
        public func commit() throws(TraceIOError) {
            guard !finished else { return }
            finished = true
            guard case .replace(let target) = destination else { return }
            defer { StagedFiles.unregister(writePath) }
            let descriptor = openDescriptor(writePath, O_RDONLY | O_CLOEXEC, 0)
            if descriptor >= 0 {
                // A replaced file keeps its permissions; a new one gets those `creat` gives (0666 less the umask).
                _ = fchmod(descriptor, previousMode ?? OutputFile.newFileMode())
                let synced = fsync(descriptor)
                let code = errno
                _ = closeDescriptor(descriptor)
                if synced != 0 && code != EINVAL {
                    unlink(writePath)
                    throw .writeFailed(file: path, reason: String(cString: strerror(code)))
                }
            }
            if rename(writePath, target) != 0 {
                let reason = String(cString: strerror(errno))
                unlink(writePath)
                throw .writeFailed(file: path, reason: reason)
            }
        }

        /// Removes a staged temporary file, leaving whatever was at the path before untouched.
        public func abandon() {
            guard !finished else { return }
            finished = true
            if case .replace = destination {
                unlink(writePath)
                StagedFiles.unregister(writePath)
            }
        }
    }

    // MARK: - Helpers

    /// The mode `creat` gives a new file: 0666 less the process's umask.
    static func newFileMode() -> mode_t {
        let mask = umask(0)
        umask(mask)
        return 0o666 & ~mask
    }

    /// The descriptor a path names without touching the file system: `-`, `/dev/stdout`, `/dev/stderr`, `/dev/fd/N`, `/proc/self/fd/N`.
    static func descriptorPath(_ path: String) -> Int32? {
        switch path {
        case "-", "/dev/stdout": return 1
        case "/dev/stderr": return 2
        default:
            for prefix in ["/dev/fd/", "/proc/self/fd/"] where path.hasPrefix(prefix) {
                if let number = Int32(path.dropFirst(prefix.count)), number >= 0 { return number }
            }
            return nil
        }
    }

    /// `path` with every symlink followed, also when the final link dangles (its target is then a new file).
    static func resolveLinks(_ path: String) throws(TraceIOError) -> String {
        var current = path
        for _ in 0..<40 {
            if let real = realpath(current, nil) {
                defer { free(real) }
                return String(cString: real)
            }
            var status = stat()
            guard lstat(current, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else {
                // A new file: its directory is resolved so the temporary file lands beside the real target.
                let directory = parentDirectory(of: current)
                guard let real = realpath(directory, nil) else { return current }
                defer { free(real) }
                let name = current.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? current
                return String(cString: real) + (String(cString: real) == "/" ? "" : "/") + name
            }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink(current, &buffer, buffer.count - 1)
            guard length > 0 else { return current }
            let target = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = target.hasPrefix("/") ? target : parentDirectory(of: current) + "/" + target
        }
        throw .writeFailed(file: path, reason: "too many levels of symbolic links")
    }

    /// The directory part of `path` (`.` for a bare name).
    static func parentDirectory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let directory = String(path[..<slash])
        return directory.isEmpty ? "/" : directory
    }

    static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> String? {
        var offset = 0
        while offset < bytes.count {
            let written = writeDescriptor(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                let code = errno
                if code == EINTR { continue }
                return String(cString: strerror(code))
            }
            offset += written
        }
        return nil
    }
}

// The system calls under names that `OutputFile.write` and `Staged.open` do not shadow.
private func closeDescriptor(_ descriptor: Int32) -> Int32 {
    close(descriptor)
}

private func openDescriptor(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
    open(path, flags, mode)
}

private func writeDescriptor(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
