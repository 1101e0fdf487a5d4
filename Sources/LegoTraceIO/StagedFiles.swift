#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The temporary files `OutputFile.Staged` has created and not yet committed or abandoned, so a signal that ends the
/// process removes them instead of leaving `.FILE.tmp-PID-0` behind.
///
/// The paths live in fixed slots allocated once: the signal handler only reads them and calls `unlink`, both safe
/// in a handler (no allocation, no lock).
enum StagedFiles {
    private static let slotCount = 8
    private static let slotBytes = Int(PATH_MAX) + 1
    // Written only outside the handler; a slot is marked used after its path is complete and unused before it changes.
    private nonisolated(unsafe) static let paths = UnsafeMutablePointer<CChar>.allocate(capacity: slotCount * slotBytes)
    private nonisolated(unsafe) static let used: UnsafeMutablePointer<sig_atomic_t> = {
        let flags = UnsafeMutablePointer<sig_atomic_t>.allocate(capacity: slotCount)
        flags.initialize(repeating: 0, count: slotCount)
        return flags
    }()

    /// `removeOnTerminatingSignals()`, done when the first file is staged: every writer (`check -o`, `graph OUT`,
    /// `import -o`, `record -o`) is covered. `record -- CMD` puts its own handlers in place while the program runs
    /// (it waits for the program, then commits or abandons) and restores these afterwards.
    static let removeOnTerminatingSignalsOnce: Void = removeOnTerminatingSignals()

    /// Removes staged files when SIGINT, SIGTERM or SIGHUP ends the process, then ends it by that signal as before;
    /// a signal the process ignores (`nohup`) stays ignored.
    static func removeOnTerminatingSignals() {
        _ = paths
        _ = used
        for signal in [SIGINT, SIGTERM, SIGHUP] {
            var previous = sigaction()
            guard sigaction(signal, nil, &previous) == 0, !isIgnored(previous) else { continue }
            var action = sigaction()
            #if canImport(Darwin)
            action.__sigaction_u.__sa_handler = removeAndReraise
            #else
            action.__sigaction_handler.sa_handler = removeAndReraise
            #endif
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            _ = sigaction(signal, &action, nil)
        }
    }

    private static func isIgnored(_ action: sigaction) -> Bool {
        #if canImport(Darwin)
        let handler = unsafeBitCast(action.__sigaction_u.__sa_handler, to: Int.self)
        #else
        let handler = unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self)
        #endif
        return handler == unsafeBitCast(SIG_IGN, to: Int.self)
    }

    /// Notes a staged file (a path longer than a slot, or more than eight at once, is not noted).
    static func register(_ path: String) {
        let bytes = Array(path.utf8)
        guard bytes.count < slotBytes, let slot = (0..<slotCount).first(where: { used[$0] == 0 }) else { return }
        let start = paths + slot * slotBytes
        bytes.withUnsafeBufferPointer { buffer in
            for index in 0..<buffer.count { start[index] = CChar(bitPattern: buffer[index]) }
        }
        start[bytes.count] = 0
        used[slot] = 1
    }

    /// Forgets a staged file that was committed or abandoned.
    static func unregister(_ path: String) {
        for slot in 0..<slotCount where used[slot] != 0 && String(cString: paths + slot * slotBytes) == path {
            used[slot] = 0
        }
    }
}

private func removeAndReraise(_ number: Int32) {
    StagedFiles.removeAll()
    signal(number, SIG_DFL)
    raise(number)
}

extension StagedFiles {
    /// Unlinks every noted file (called from the signal handler).
    fileprivate static func removeAll() {
        for slot in 0..<slotCount where used[slot] != 0 {
            unlink(paths + slot * slotBytes)
        }
    }
}
