#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An input opened once, whose first bytes were read to tell what it holds: a trace reader made from it starts
/// with those bytes, so a FIFO, a pipe or standard input is read exactly once (opening a path twice hung on a FIFO
/// and lost the first bytes of a pipe).
public final class PeekedInput {
    /// The name messages use: the path, or `standard input` for `-`.
    public let name: String
    /// The first bytes (fewer only when the input is shorter).
    public let head: [UInt8]
    let descriptor: Int32
    private(set) var ownsDescriptor: Bool

    /// Opens `path` (`-` is standard input) and reads up to `count` bytes of it.
    public init(path: String, count: Int = 256) throws(TraceIOError) {
        let descriptor = path == "-" ? 0 : try TraceReader.openForReading(path)
        let owns = path != "-"
        let name = path == "-" ? "standard input" : path
        var head = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let got = head.withUnsafeMutableBufferPointer { read(descriptor, $0.baseAddress! + filled, count - filled) }
            if got < 0 {
                let code = errno
                if code == EINTR { continue }
                if owns { _ = close(descriptor) }
                throw .readFailed(file: name, reason: String(cString: strerror(code)))
            }
            if got == 0 { break }
            filled += got
        }
        head.removeSubrange(filled...)
        (self.descriptor, self.ownsDescriptor, self.name, self.head) = (descriptor, owns, name, head)
    }

    deinit {
        if ownsDescriptor { _ = close(descriptor) }
    }

    /// The head and the rest of the input after it, to its end.
    public func readToEnd() throws(TraceIOError) -> [UInt8] {
        var bytes = head
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let got = chunk.withUnsafeMutableBufferPointer { read(descriptor, $0.baseAddress!, $0.count) }
            if got < 0 {
                let code = errno
                if code == EINTR { continue }
                throw .readFailed(file: name, reason: String(cString: strerror(code)))
            }
            if got == 0 { return bytes }
            bytes += chunk[..<got]
        }
    }

    /// Hands the descriptor to a reader, which closes it when it owns it; returns whether it does.
    func handOff() -> Bool {
        defer { ownsDescriptor = false }
        return ownsDescriptor
    }
}
