#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Splits a file descriptor into lines using `read(2)` in large chunks and one reusable buffer.
///
/// Memory stays constant: the buffer only grows when a single line is longer than it.
struct LineSource {
    /// A line without its `\n`; valid until the next call to `nextLine()`.
    struct Line {
        /// The bytes of the line.
        var bytes: UnsafeBufferPointer<UInt8>
        /// False for a last line that had no trailing newline.
        var terminated: Bool
    }

    // 1 MiB: large enough that read(2) calls are negligible, small enough to stay in L2/L3.
    static let initialCapacity = 1 << 20

    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private var start = 0
    private var end = 0
    private var atEOF = false
    private let descriptor: Int32

    /// Reads from `descriptor`, which the caller keeps open and closes.
    init(descriptor: Int32) {
        self.descriptor = descriptor
        capacity = Self.initialCapacity
        base = .allocate(capacity: capacity)
    }

    /// Frees the buffer; the source must not be used afterwards.
    func deallocate() {
        base.deallocate()
    }

    /// The next line, or nil at the end of the input; throws the `strerror` text when `read` fails.
    mutating func nextLine() throws(ReadFailure) -> Line? {
        var searchFrom = start
        while true {
            if searchFrom < end, let found = memchr(base + searchFrom, 0x0A, end - searchFrom) {
                let newline = found.assumingMemoryBound(to: UInt8.self) - base
                let line = UnsafeBufferPointer(start: UnsafePointer(base + start), count: newline - start)
                start = newline + 1
                return Line(bytes: line, terminated: true)
            }
            searchFrom = end
            if atEOF {
                guard start < end else { return nil }
                let line = UnsafeBufferPointer(start: UnsafePointer(base + start), count: end - start)
                start = end
                return Line(bytes: line, terminated: false)
            }
            if start > 0 {
                let pending = end - start
                if pending > 0 { memmove(base, base + start, pending) }
                searchFrom -= start
                end = pending
                start = 0
            }
            if end == capacity {
                let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity * 2)
                larger.update(from: base, count: end)
                base.deallocate()
                base = larger
                capacity *= 2
            }
            let count = read(descriptor, base + end, capacity - end)
            if count < 0 {
                let code = errno
                if code == EINTR { continue }
                throw ReadFailure(reason: String(cString: strerror(code)))
            }
            if count == 0 { atEOF = true } else { end += count }
        }
    }
}

/// A failed `read(2)`, with the system's explanation.
struct ReadFailure: Error {
    /// The `strerror` text.
    var reason: String
}
