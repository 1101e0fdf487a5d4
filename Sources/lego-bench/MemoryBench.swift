import Foundation
import LegoTestSupport

/// Peak memory of `lego-trace check` on 1M vs 10M events: it must follow live state, not trace length, and stay within
/// 32 MiB; and the wall time of each (10M events within 1.2 s, #24).
enum MemoryBench {
    /// Writes both traces (the large one only when the disk has room), checks each, compares peak RSS.
    static func run(_ context: BenchContext) throws -> [BenchResult] {
        let small = context.quick ? 100_000 : 1_000_000
        let large = small * 10
        let legoTrace = ChildProcess.sibling("lego-trace")
        var stats = statvfs()
        statvfs(context.directory, &stats)
        let freeBytes = Int(stats.f_bavail) * Int(stats.f_frsize)
        // The large trace is about 130 bytes an event; keep a wide margin for the rest of the machine.
        let needed = max(5_000_000_000, large * 130 + 1_000_000_000)
        guard freeBytes > needed else {
            return [BenchResult(
                section: "memory", name: "skipped: \(needed / 1_000_000_000) GB free disk needed, \(freeBytes / 1_000_000_000) GB free", events: 0, bytes: nil,
                wallSeconds: 0, cpuSeconds: 0)]
        }
        var peaks: [Int] = []
        var results: [BenchResult] = []
        for events in [small, large] {
            let path = context.directory + "/memory-\(events).jsonl"
            try SyntheticTrace.write(events: events, to: path)
            let usage = try ChildProcess.runMeasuringMemory(
                [legoTrace, "check", path, "--format", "json", "--output", "/dev/null", "--fail-on", "never"], scratch: context.directory)
            try? FileManager.default.removeItem(atPath: path)
            peaks.append(usage.peakBytes)
            var row = BenchResult(
                section: "memory", name: "check peak RSS, \(BenchTable.grouped(events)) events", events: events, bytes: nil,
                wallSeconds: usage.wall, cpuSeconds: usage.cpu)
            row.note = "peak \(BenchTable.decimal(Double(usage.peakBytes) / 1_048_576, digits: 1)) MiB (limit 32)"
            row.judged = usage.peakBytes <= CheckBench.maxPeakBytes
            // #24: 1.2 s for 10M events (one run, through the memory relay).
            if events == large { row.maxSeconds = 1.2 * Double(events) / 10_000_000 }
            if peaks.count == 2 {
                let change = Double(peaks[1]) / Double(max(peaks[0], 1)) - 1
                row.judged = row.judged == true && abs(change) <= 0.10
                row.note += String(format: " (%+.1f%% vs %@ events; limit ±10%%)", change * 100, BenchTable.grouped(small))
            }
            results.append(row)
        }
        return results
    }
}
