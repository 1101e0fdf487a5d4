import LegoModel
import LegoTestSupport
import LegoTraceIO

/// Measures `TraceReader` throughput on a synthetic trace (target: 4M events/s of CPU, so a 2M events/s analyzer has headroom).
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
            let read = try BenchClock.measure { () throws -> Int in
                let reader = try TraceReader(path: path)
                var count = 0
                var checksum: UInt64 = 0
                while let event = try reader.next() {
                    count += 1
                    checksum &+= event.seq
                }
                precondition(checksum > 0 || count == 0)
                return count
            }
            guard pass == 2 else { continue }
            let perLine = bytes.map { " (\($0 / max(read.value, 1)) B/line)" } ?? ""
            results.append(BenchResult(
                section: "reader", name: "TraceReader.next\(perLine)", events: read.value, bytes: bytes,
                wallSeconds: read.wall, cpuSeconds: read.cpu, targetPerSecond: 4_000_000, targetOnCPU: true
            ))
        }
        return results
    }
}
