import LegoModel
import LegoTestSupport
import LegoTraceIO

/// Measures `TraceReader` throughput on a synthetic trace, on one thread and prefetching as `check` reads.
///
/// Target: 2M events/s of CPU on one thread, because `check` parses on one core while it replays on the other,
/// so the reader alone has to keep up with the 2M events/s the analyzer must reach.
enum ReaderBench {
    /// Writes a synthetic trace, then reads it back in full.
    static func run(_ context: BenchContext) throws -> [BenchResult] {
        let path = context.directory + "/reader.jsonl"
        let written = try BenchClock.measure { () throws in
            try SyntheticTrace.write(events: context.events, to: path)
        }
        let bytes = WriterBench.fileSize(path)
        var results = [BenchResult(
            section: "reader", name: "SyntheticTrace.write", events: context.events, bytes: bytes,
            wallSeconds: written.wall, cpuSeconds: written.cpu
        )]
        // The first pass warms the page cache; the second is reported.
        for pass in 1...2 {
            for mode in [TraceReader.ReadMode.sequential, .prefetching()] {
                let read = try BenchClock.measure { () throws -> Int in
                    let reader = try TraceReader(path: path)
                    var count = 0
                    var checksum: UInt64 = 0
                    try reader.forEach(mode: mode) { event, _ in
                        count += 1
                        checksum &+= event.seq
                        return true
                    }
                    precondition(checksum > 0 || count == 0)
                    return count
                }
                guard pass == 2 else { continue }
                let perLine = bytes.map { " (\($0 / max(read.value, 1)) B/line)" } ?? ""
                let sequential = mode == .sequential
                results.append(BenchResult(
                    section: "reader", name: sequential ? "TraceReader, 1 thread\(perLine)" : "TraceReader, prefetching",
                    events: read.value, bytes: bytes, wallSeconds: read.wall, cpuSeconds: read.cpu,
                    targetPerSecond: sequential ? 2_000_000 : nil, targetOnCPU: true
                ))
            }
        }
        return results
    }
}
