import Foundation

/// Runs a command as a child process and reports its wall time, CPU time and peak memory (from `wait4`).
enum ChildProcess {
    /// What one run of a child cost.
    struct Usage {
        /// Exit status (or 128 + signal).
        var status: Int32
        /// Wall-clock seconds.
        var wall: Double
        /// User + system CPU seconds of the child.
        var cpu: Double
        /// Peak resident set size of the child, in bytes.
        var peakBytes: Int
    }

    /// Runs `arguments[0]` (searched on PATH when it has no slash) with its output sent to `/dev/null`.
    static func run(_ arguments: [String], stdoutPath: String = "/dev/null") throws -> Usage {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, stdoutPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let start = monotonic()
        let spawned = posix_spawnp(&pid, arguments[0], &actions, nil, argv, environ)
        guard spawned == 0 else { throw BenchUsageError(message: "cannot run \(arguments[0]): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let wall = monotonic() - start
        let cpu = seconds(usage.ru_utime) + seconds(usage.ru_stime)
        let exited = status & 0x7F == 0
        return Usage(
            status: exited ? (status >> 8) & 0xFF : 128 + (status & 0x7F), wall: wall, cpu: cpu,
            peakBytes: Int(usage.ru_maxrss) * 1024)
    }

    /// Runs a command and measures its peak memory through GNU `time`, which forks it from a small process.
    ///
    /// `wait4` in this (large) benchmark process reports the RSS the child inherited at fork, not its own peak.
    static func runMeasuringMemory(_ arguments: [String], scratch: String) throws -> Usage {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/time") else { return try run(arguments) }
        let report = scratch + "/time-\(getpid()).txt"
        defer { try? FileManager.default.removeItem(atPath: report) }
        var usage = try run(["/usr/bin/time", "-o", report, "-f", "%M"] + arguments)
        let text = (try? String(contentsOfFile: report, encoding: .utf8)) ?? ""
        if let kilobytes = text.split(separator: "\n").last.flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }) {
            usage.peakBytes = kilobytes * 1024
        }
        return usage
    }

    /// The best (fastest) of `times` runs.
    static func best(of times: Int, _ arguments: [String]) throws -> Usage {
        var best: Usage?
        for _ in 0..<times {
            let usage = try run(arguments)
            if best == nil || usage.wall < best!.wall { best = usage }
        }
        return best!
    }

    /// Whether a command exists on PATH.
    static func exists(_ program: String) -> Bool {
        (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/\(program)")
        }
    }

    /// A product built beside this benchmark, e.g. `lego-trace`.
    static func sibling(_ name: String) -> String {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent(name).path
    }

    private static func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1_000_000 }

    private static func monotonic() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1_000_000_000
    }
}
