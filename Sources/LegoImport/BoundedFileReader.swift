#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a whole console log (a file, a device or standard input) with `read(2)`, refusing a line past the limit.
///
/// Foundation's `Data(contentsOf:)` called `/dev/zero` "permission denied" and would grow without bound on a
/// line that never ends; this reads any readable file and stops at the first over-long line with its number.
enum BoundedFileReader {
    /// The bytes of `path` (`-` is standard input).
    static func read(path: String, maxLineBytes: Int) throws(ImportError) -> [UInt8] {
        let file = path == "-" ? "standard input" : path
        let descriptor: Int32
        if path == "-" {
            descriptor = 0
        } else {
            descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else {
                let code = errno
                throw .unreadable(file: file, reason: code == ENOENT ? "no such file" : String(cString: strerror(code)))
            }
        }
        defer { if descriptor != 0 { close(descriptor) } }
        var status = stat()
        if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
            throw .unreadable(file: file, reason: "it is a directory")
        }
        var bytes: [UInt8] = []
        if status.st_mode & S_IFMT == S_IFREG, status.st_size > 0 { bytes.reserveCapacity(Int(status.st_size)) }
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        var lineStart = 0
        var lineNumber = 1
        while true {
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress!, $0.count) }
            if count < 0 {
                let code = errno
                if code == EINTR { continue }
                throw .unreadable(file: file, reason: String(cString: strerror(code)))
            }
            if count == 0 { return bytes }
            let offset = bytes.count
            bytes.append(contentsOf: chunk[0..<count])
            for index in offset..<bytes.count where bytes[index] == 0x0A {
                if index - lineStart > maxLineBytes { throw .lineTooLong(file: file, line: lineNumber, limit: maxLineBytes) }
                lineStart = index + 1
                lineNumber += 1
            }
            if bytes.count - lineStart > maxLineBytes { throw .lineTooLong(file: file, line: lineNumber, limit: maxLineBytes) }
        }
    }
}

// `read` under a name the enum's own `read` does not shadow.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
