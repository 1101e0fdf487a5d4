#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// The writers still open, so the exit hook can flush them.
final class OpenWriters: Sendable {
    private struct WeakWriter {
        weak var writer: TraceWriter?
    }

    /// The process-wide registry; creating it installs the `atexit` hook.
    static let shared: OpenWriters = {
        atexit { TraceWriter.flushAllOpen() }
        return OpenWriters()
    }()

    private let writers = Mutex<[ObjectIdentifier: WeakWriter]>([:])

    /// Adds `writer` (held weakly).
    func register(_ writer: TraceWriter) {
        writers.withLock { $0[ObjectIdentifier(writer)] = WeakWriter(writer: writer) }
    }

    /// Removes `writer`.
    func unregister(_ writer: TraceWriter) {
        writers.withLock { _ = $0.removeValue(forKey: ObjectIdentifier(writer)) }
    }

    /// The writers still alive and open.
    func all() -> [TraceWriter] {
        writers.withLock { $0.values.compactMap(\.writer) }
    }
}
