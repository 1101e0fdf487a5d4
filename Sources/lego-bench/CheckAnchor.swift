import Foundation

/// A program `lego-bench check` times beside `lego-trace check` on the same trace: each computes the same leak check
/// (objects allocated and never deinitialized), from `benchmarks/` in this checkout, so its time says what a
/// general-purpose engine costs for the reading `check` does. One that is not installed is skipped, never faked.
enum CheckAnchor: CaseIterable {
    /// `benchmarks/leak-check.jq` run by `jq -n -f`.
    case jq
    /// `benchmarks/leak-check.sql` run by DuckDB's Python module (`benchmarks/leak-check-duckdb.py`).
    case duckDB
    /// `benchmarks/leak-check-simdjson.cpp` compiled with g++ against Debian's libsimdjson-dev.
    case simdjson

    /// What one anchor measured.
    struct Measurement {
        /// The best wall seconds of the engine (DuckDB: of its query alone, as the script times it).
        var wall: Double
        /// The CPU seconds of that run's process.
        var cpu: Double
        /// Peak RSS of one more run, when measured.
        var peakBytes: Int?
        /// The leaked-object count it printed.
        var leaked: String
    }

    /// The `benchmarks/` folder of the checkout this benchmark was built from.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("benchmarks").path

    /// The name its rows carry.
    var name: String {
        switch self {
        case .jq: "jq"
        case .duckDB: "DuckDB read_json"
        case .simdjson: "simdjson (C++)"
        }
    }

    /// How many timed runs it gets (jq takes seconds a run).
    private var runs: Int { self == .jq ? 1 : 3 }

    /// Prepares and times the anchor on `trace` (best of its runs), or says why it is skipped.
    func measure(trace: String, scratch: String) throws -> Result<Measurement, BenchUsageError> {
        let command: [String]
        switch self {
        case .jq:
            guard ChildProcess.exists("jq") else { return .failure(BenchUsageError(message: "jq not installed")) }
            command = ["jq", "-n", "-f", Self.folder + "/leak-check.jq", trace]
        case .duckDB:
            guard ChildProcess.exists("python3") else { return .failure(BenchUsageError(message: "python3 not installed")) }
            command = ["python3", Self.folder + "/leak-check-duckdb.py", trace]
        case .simdjson:
            guard FileManager.default.fileExists(atPath: "/usr/include/simdjson.h"), ChildProcess.exists("g++") else {
                return .failure(BenchUsageError(message: "simdjson not installed (Debian libsimdjson-dev, g++)"))
            }
            let binary = scratch + "/leak-check-simdjson"
            let build = try ChildProcess.run(["g++", "-O3", "-std=c++17", Self.folder + "/leak-check-simdjson.cpp", "-lsimdjson", "-o", binary])
            guard build.status == 0 else { return .failure(BenchUsageError(message: "g++ could not build leak-check-simdjson.cpp")) }
            command = [binary, trace]
        }
        let output = scratch + "/anchor-output.txt"
        var best: Measurement?
        for _ in 0..<runs {
            let usage = try ChildProcess.run(command, stdoutPath: output)
            let fields = ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "").split(whereSeparator: \.isWhitespace)
            if self == .duckDB, usage.status == 3 { return .failure(BenchUsageError(message: "DuckDB not installed (pip install duckdb)")) }
            guard usage.status == 0, let leaked = fields.first else {
                return .failure(BenchUsageError(message: "\(name) failed (exit \(usage.status))"))
            }
            let wall = self == .duckDB ? fields.dropFirst().first.flatMap { Double($0) } ?? usage.wall : usage.wall
            if best == nil || wall < best!.wall { best = Measurement(wall: wall, cpu: usage.cpu, leaked: String(leaked)) }
        }
        if self != .jq {
            best?.peakBytes = try ChildProcess.runMeasuringMemory(command, scratch: scratch).peakBytes
        }
        return .success(best!)
    }
}
