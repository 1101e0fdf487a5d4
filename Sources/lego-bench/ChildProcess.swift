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

    /// Runs `arguments` through a fresh `lego-bench peak-rss` process and returns the child's usage.
    ///
    /// Linux records the spawning process's own peak RSS into a child it starts with `posix_spawn` (the
    /// child execs from the parent's address space), so a child of this large benchmark process would report
    /// at least the benchmark's own peak. A fresh, small intermediary spawns the child from its own address space.
    static func runMeasuringMemory(_ arguments: [String], scratch: String) throws -> Usage {
        let report = scratch + "/peak-rss.txt"
        let relay = try run([sibling("lego-bench"), "peak-rss"] + arguments, stdoutPath: report)
        let fields = ((try? String(contentsOfFile: report, encoding: .utf8)) ?? "").split(separator: " ")
        guard relay.status == 0, fields.count == 4, let status = Int32(fields[0]), let wall = Double(fields[1]),
              let cpu = Double(fields[2]), let peak = Int(fields[3].trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw BenchUsageError(message: "lego-bench peak-rss failed for \(arguments[0]) (exit \(relay.status))")
        }
        return Usage(status: status, wall: wall, cpu: cpu, peakBytes: peak)
    }

    /// `lego-bench peak-rss COMMAND…`: runs the command and prints `status wall cpu peakBytes` on one line.
    static func relay(_ arguments: [String]) -> Int32 {
        guard !arguments.isEmpty, let usage = try? run(arguments) else { return 2 }
        print("\(usage.status) \(usage.wall) \(usage.cpu) \(usage.peakBytes)")
        return 0
    }

    /// The best (fastest) run of each command over `rounds` rounds, each round running every command once.
    ///
    /// Interleaved so a change in the host's load between minutes falls on every command alike: timed one after the other,
    /// three runs of one trace and then three of another, the same build's QFMoudle/XFLegoVIPER ratio swung between 0.6 and
    /// 2.2 on this shared machine (2026-11-28).
    static func bestInterleaved(rounds: Int, _ commands: [[String]]) throws -> [Usage] {
        try interleaved(rounds: rounds, commands).map { runs in runs.min { $0.wall < $1.wall }! }
    }

    /// Every run of each command over `rounds` rounds (at least one), each round running every command once, starting
    /// one command later each round so none always runs first (after the same neighbour): `result[command][round]`.
    static func interleaved(rounds: Int, _ commands: [[String]]) throws -> [[Usage]] {
        var runs = [[Usage]](repeating: [], count: commands.count)
        for round in 0..<max(1, rounds) {
            for offset in commands.indices {
                let index = (round + offset) % commands.count
                runs[index].append(try run(commands[index]))
            }
        }
        return runs
    }

    /// The best (fastest) of `times` runs.
    static func best(of times: Int, _ arguments: [String]) throws -> Usage {
        try bestInterleaved(rounds: times, [arguments])[0]
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
