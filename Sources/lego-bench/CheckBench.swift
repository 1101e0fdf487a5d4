import Foundation
import LegoTestSupport

/// `lego-trace check` throughput on a 1M-event trace, against `wc -l` and `jq` on the same file in the same run.
enum CheckBench {
    /// Writes a synthetic trace, then times the built `lego-trace check` (best of 3) and the baselines.
    static func run(_ context: BenchContext) throws -> [BenchResult] {
        let events = context.quick ? 100_000 : context.events
        let path = context.directory + "/check.jsonl"
        try SyntheticTrace.write(events: events, to: path)
        let bytes = WriterBench.fileSize(path)
        let legoTrace = ChildProcess.sibling("lego-trace")
        guard FileManager.default.isExecutableFile(atPath: legoTrace) else {
            throw BenchUsageError(message: "build lego-trace first: swift build -c release --product lego-trace")
        }
        let check = try ChildProcess.best(of: 3, [legoTrace, "check", path, "--format", "json", "--output", "/dev/null", "--fail-on", "never"])
        guard check.status == 0 else { throw BenchUsageError(message: "lego-trace check exited with \(check.status)") }
        let wc = try ChildProcess.best(of: 3, ["wc", "-l", path])
        let memory = try ChildProcess.runMeasuringMemory(
            [legoTrace, "check", path, "--format", "json", "--output", "/dev/null", "--fail-on", "never"], scratch: context.directory)
        let megabytes = (bytes ?? 0) / 1_000_000
        var results = [
            BenchResult(
                section: "check", name: "lego-trace check (\(megabytes) MB)", events: events, bytes: bytes,
                wallSeconds: check.wall, cpuSeconds: check.cpu, targetPerSecond: 2_000_000,
                baseline: ("wc -l", wc.wall), maxSeconds: events >= 1_000_000 ? 0.5 * Double(events) / 1_000_000 : nil,
                note: "peak \(memory.peakBytes / 1_048_576) MiB"),
        ]
        if ChildProcess.exists("jq") {
            let jq = try ChildProcess.run(["jq", "-c", "select(.kind==\"object.alloc\")", path])
            var row = BenchResult(
                section: "check", name: "lego-trace check vs jq", events: events, bytes: bytes,
                wallSeconds: check.wall, cpuSeconds: check.cpu, baseline: ("jq select", jq.wall))
            row.note = "jq is \(BenchTable.decimal(jq.wall / max(check.wall, 1e-9), digits: 1))× slower"
            results.append(row)
        } else {
            results.append(BenchResult(
                section: "check", name: "jq baseline skipped (jq not installed)", events: 0, bytes: nil,
                wallSeconds: 0, cpuSeconds: 0))
        }
        return results
    }
}
