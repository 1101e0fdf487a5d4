#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Splits a file descriptor into lines using `read(2)` in large chunks and one reusable buffer.
///
/// Memory stays constant: the buffer only grows when a single line is longer than it, and never much past
/// `maxLineBytes`: a longer line is reported as `tooLong` (without its bytes) and skipped if reading goes on.
struct LineSource {
    /// A line without its `\n`; valid until the next call to `nextLine()`.
    struct Line {
        /// The bytes of the line (empty when `tooLong`).
        var bytes: UnsafeBufferPointer<UInt8>
        /// False for a last line that had no trailing newline.
        var terminated: Bool
        /// True for a line longer than `maxLineBytes`: its bytes are dropped, and the next call skips its rest.
        var tooLong = false
    }

    // 1 MiB: large enough that read(2) calls are negligible, small enough to stay in L2/L3.
    static let initialCapacity = 1 << 20

    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private var start = 0
    private var end = 0
    private var atEOF = false
    private var skippingLongLine = false
    private let descriptor: Int32
    /// The longest line returned; longer ones come back as `tooLong`.
    let maxLineBytes: Int

    /// Reads from `descriptor`, which the caller keeps open and closes, after the bytes of `prefix` already read from it.
    init(descriptor: Int32, maxLineBytes: Int, prefix: [UInt8] = []) {
        self.descriptor = descriptor
        self.maxLineBytes = max(1, maxLineBytes)
        capacity = max(Self.initialCapacity, prefix.count)
        base = .allocate(capacity: capacity)
        prefix.withUnsafeBufferPointer { if let bytes = $0.baseAddress { base.update(from: bytes, count: $0.count) } }
        end = prefix.count
    }

    /// Frees the buffer; the source must not be used afterwards.
    func deallocate() {
        base.deallocate()
    }

    /// The next line, or nil at the end of the input; throws the `strerror` text when `read` fails.
    mutating func nextLine() throws(ReadFailure) -> Line? {
        if skippingLongLine { try skipRestOfLine() }
        var searchFrom = start
        while true {
            if searchFrom < end, let found = memchr(base + searchFrom, 0x0A, end - searchFrom) {
                let newline = found.assumingMemoryBound(to: UInt8.self) - base
                let line = UnsafeBufferPointer(start: UnsafePointer(base + start), count: newline - start)
                start = newline + 1
                return line.count > maxLineBytes ? tooLong(terminated: true) : Line(bytes: line, terminated: true)
            }
            searchFrom = end
            if atEOF {
                guard start < end else { return nil }
                let line = UnsafeBufferPointer(start: UnsafePointer(base + start), count: end - start)
                start = end
                return line.count > maxLineBytes ? tooLong(terminated: false) : Line(bytes: line, terminated: false)
            }
            if start > 0 {
                let pending = end - start
                if pending > 0 { memmove(base, base + start, pending) }
                searchFrom -= start
                end = pending
                start = 0
            }
            if end > maxLineBytes {
                // Checked only when the buffer is refilled: a line that never ends (`/dev/zero`) stops here
                // instead of growing the buffer until allocation fails.
                start = 0
                end = 0
                skippingLongLine = true
                return tooLong(terminated: true)
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

extension LineSource {
    private func tooLong(terminated: Bool) -> Line {
        Line(bytes: UnsafeBufferPointer(start: nil, count: 0), terminated: terminated, tooLong: true)
    }

    /// Drops bytes up to and including the next newline (the rest of a line that was too long).
    private mutating func skipRestOfLine() throws(ReadFailure) {
        while true {
            if start < end, let found = memchr(base + start, 0x0A, end - start) {
                start = found.assumingMemoryBound(to: UInt8.self) - base + 1
                skippingLongLine = false
                return
            }
            start = 0
            end = 0
            if atEOF {
                skippingLongLine = false
                return
            }
            let count = read(descriptor, base, capacity)
            if count < 0 {
                let code = errno
                if code == EINTR { continue }
                throw ReadFailure(reason: String(cString: strerror(code)))
            }
            if count == 0 { atEOF = true } else { end = count }
        }
    }
}

/// A failed `read(2)`, with the system's explanation.
struct ReadFailure: Error {
    /// The `strerror` text.
    var reason: String
}
