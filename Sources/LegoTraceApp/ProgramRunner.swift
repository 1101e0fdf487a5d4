import CSpawn
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a program that links LegoRuntime with tracing switched on through `LEGO_TRACE_FILE`.
///
/// The program runs in a process group of its own; SIGINT, SIGTERM and SIGHUP that reach lego-trace (a
/// terminal's Ctrl-C, `kill`, `timeout`, a CI runner) are passed on to that whole group, and lego-trace
/// waits for the program to end before it finishes the trace, so nothing is left running. A program that ignores
/// them is killed (SIGKILL to the group) by a second one at least `killGrace` after the first, and on Linux the
/// program gets SIGKILL when lego-trace itself dies (even by `kill -9`).
// The whole group, not just the program: a shell script's SIGINT is ignored by the shell while its
// foreground child lives, so signalling the program's pid alone left `sh -c` loops running.
enum ProgramRunner {
    /// Why a program could not be run.
    enum Failure: Error, CustomStringConvertible {
        case notFound(String)
        case notExecutable(String, String)
        case launchFailed(String, String)

        var description: String {
            switch self {
            case .notFound(let program):
                program.contains("/") ? "cannot run '\(program)': no such file" : "cannot run '\(program)': no such program on PATH"
            case .notExecutable(let program, let path):
                program == path ? "cannot run '\(program)': not executable" : "cannot run '\(program)': '\(path)' is not executable"
            case .launchFailed(let program, let reason): "cannot run '\(program)': \(reason)"
            }
        }
    }

    /// How the program ended.
    struct Outcome: Equatable {
        /// The status lego-trace exits with: the program's own, 128 + signal when it was killed by one, or
        /// 128 + the signal lego-trace itself received and passed on.
        var status: Int32
        /// The signal lego-trace received and passed on to the program, if any.
        var forwardedSignal: Int32?
    }

    /// The signals passed on to the program.
    static let forwardedSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// How long after the first signal a second one kills the program instead of being passed on: a quick double
    /// Ctrl-C still lets the program write the end of its trace.
    static let killGrace: Int64 = 2_000_000_000

    /// Runs `command` with `LEGO_TRACE_FILE=tracePath` and waits for it; with `traceToStandardOutput` the trace
    /// goes to lego-trace's standard output (as descriptor 3) and the program's own output to standard error.
    static func run(_ command: [String], tracePath: String, traceToStandardOutput: Bool = false) throws(Failure) -> Outcome {
        let program = command[0]
        let executable = try resolve(program)

        var environment = ProcessInfo.processInfo.environment
        environment[DefaultPaths.traceEnvironmentVariable] = traceToStandardOutput ? "/dev/fd/3" : absolute(tracePath)
        let arguments = CStringArray(command)
        let environmentStrings = CStringArray(environment.map { "\($0.key)=\($0.value)" })
        defer {
            arguments.free()
            environmentStrings.free()
        }

        // The program starts with default signal handling and nothing blocked, whatever lego-trace ignores
        // (SIGXFSZ, so that a full disk is an error here, not a kill; SIGPIPE, ignored by the Swift runtime).
        let defaults = forwardedSignals + [SIGPIPE, SIGXFSZ, SIGQUIT]
        let previous = installForwarding()
        defer { restore(previous) }
        var pid: pid_t = 0
        let spawned = defaults.withUnsafeBufferPointer { signals in
            lego_spawn(&pid, executable, arguments.pointers, environmentStrings.pointers, traceToStandardOutput ? 1 : 0,
                       signals.baseAddress, Int32(signals.count))
        }
        guard spawned == 0 else { throw .launchFailed(program, String(cString: strerror(spawned))) }
        runningChild.store(pid, ordering: .sequentiallyConsistent)
        // A signal that arrived between the spawn and the store above was recorded but not yet passed on.
        let early = receivedSignal.load(ordering: .sequentiallyConsistent)
        if early != 0 { kill(-pid, early) }

        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { break }
        }
        runningChild.store(0, ordering: .sequentiallyConsistent)
        let received = receivedSignal.exchange(0, ordering: .sequentiallyConsistent)
        let terminatingSignal = status & 0x7F
        let childStatus = terminatingSignal == 0 ? (status >> 8) & 0xFF : 128 + terminatingSignal
        // Interrupted or terminated: exit the way a shell reports it, 128 + the signal lego-trace was sent.
        return received != 0 ? Outcome(status: 128 + received, forwardedSignal: received) : Outcome(status: childStatus, forwardedSignal: nil)
    }

    /// The absolute path of `path` against the current directory.
    static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }

    /// The executable a command names: a path as given, or the first executable match on PATH.
    private static func resolve(_ program: String) throws(Failure) -> String {
        if program.contains("/") {
            guard let kind = fileKind(program) else { throw .notFound(program) }
            guard kind == S_IFREG, access(program, X_OK) == 0 else { throw .notExecutable(program, program) }
            return program
        }
        let searchPath = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        var nonExecutable: String?
        for directory in searchPath.split(separator: ":", omittingEmptySubsequences: false) {
            let candidate = (directory.isEmpty ? "." : String(directory)) + "/" + program
            guard let kind = fileKind(candidate) else { continue }
            if kind == S_IFREG, access(candidate, X_OK) == 0 { return candidate }
            nonExecutable = nonExecutable ?? candidate
        }
        if let nonExecutable { throw .notExecutable(program, nonExecutable) }
        throw .notFound(program)
    }

    private static func fileKind(_ path: String) -> mode_t? {
        var status = stat()
        return stat(path, &status) == 0 ? status.st_mode & S_IFMT : nil
    }

    private static func installForwarding() -> [Int32: sigaction] {
        receivedSignal.store(0, ordering: .sequentiallyConsistent)
        firstSignalTime.store(0, ordering: .sequentiallyConsistent)
        var previous: [Int32: sigaction] = [:]
        for signal in forwardedSignals {
            var action = sigaction()
            action.__sigaction_handler.sa_sigaction = forwardSignal
            action.sa_flags = SA_SIGINFO | SA_RESTART
            sigemptyset(&action.sa_mask)
            var old = sigaction()
            sigaction(signal, &action, &old)
            previous[signal] = old
        }
        // A parent may start lego-trace with these signals blocked (seen from a test runner's thread);
        // blocked, they would stay pending and never reach the program.
        var unblock = sigset_t()
        sigemptyset(&unblock)
        for signal in forwardedSignals { sigaddset(&unblock, signal) }
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
        return previous
    }

    private static func restore(_ previous: [Int32: sigaction]) {
        for (signal, action) in previous {
            var action = action
            sigaction(signal, &action, nil)
        }
    }
}

/// The program being run, or 0; read by the signal handler.
private let runningChild = Atomic<Int32>(0)
/// The last forwarded signal, or 0.
private let receivedSignal = Atomic<Int32>(0)

/// When the first forwarded signal arrived (monotonic nanoseconds), or 0.
private let firstSignalTime = Atomic<Int64>(0)

/// Passes a signal sent to lego-trace on to the program's process group, or kills the group when the signal comes
/// `killGrace` or more after the first; only async-signal-safe calls.
private func forwardSignal(_ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?) {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    let nanoseconds = Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
    let first = firstSignalTime.load(ordering: .sequentiallyConsistent)
    if first == 0 { firstSignalTime.store(nanoseconds, ordering: .sequentiallyConsistent) }
    receivedSignal.store(signal, ordering: .sequentiallyConsistent)
    let child = runningChild.load(ordering: .sequentiallyConsistent)
    guard child > 0 else { return }
    kill(-child, first != 0 && nanoseconds - first >= ProgramRunner.killGrace ? SIGKILL : signal)
}

/// A NULL-terminated array of C strings for `posix_spawn`.
private struct CStringArray {
    let pointers: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
    let count: Int

    init(_ strings: [String]) {
        count = strings.count
        pointers = .allocate(capacity: strings.count + 1)
        for (index, string) in strings.enumerated() { pointers[index] = strdup(string) }
        pointers[strings.count] = nil
    }

    func free() {
        for index in 0..<count { Glibc.free(pointers[index]) }
        pointers.deallocate()
    }
}
