import Foundation
import LegoModel
import LegoTestSupport
import LegoTraceIO

/// Measures `TraceWriter` throughput to a file (issue #2: at least 1M events/s).
enum WriterBench {
    /// Events are generated before timing starts, so only stamping, encoding and writing are measured.
    static func run(_ context: BenchContext) throws -> [BenchResult] {
        let events = SyntheticTrace.events(count: context.events)
        var results: [BenchResult] = []

        let path = context.directory + "/writer-1.jsonl"
        let single = try BenchClock.measure { () throws in
            let writer = try TraceWriter(path: path, header: SyntheticTrace.header)
            for event in events { writer.record(event) }
            writer.close()
        }
        results.append(BenchResult(
            section: "writer", name: "record → file, 1 thread", events: events.count, bytes: fileSize(path),
            wallSeconds: single.wall, cpuSeconds: single.cpu, targetPerSecond: 1_000_000
        ))

        let threads = 4
        let threadedPath = context.directory + "/writer-4.jsonl"
        let threaded = try BenchClock.measure { () throws in
            let writer = try TraceWriter(path: threadedPath, header: SyntheticTrace.header)
            let share = events.count / threads
            DispatchQueue.concurrentPerform(iterations: threads) { part in
                for event in events[(part * share)..<((part + 1) * share)] { writer.record(event) }
            }
            writer.close()
        }
        results.append(BenchResult(
            section: "writer", name: "record → file, \(threads) threads", events: events.count / threads * threads,
            bytes: fileSize(threadedPath), wallSeconds: threaded.wall, cpuSeconds: threaded.cpu, targetPerSecond: 1_000_000
        ))

        let encoded = BenchClock.measure {
            var buffer: [UInt8] = []
            buffer.reserveCapacity(1 << 21)
            var bytes = 0
            for event in events {
                TraceEncoding.encode(event, into: &buffer)
                if buffer.count >= 1 << 20 {
                    bytes += buffer.count
                    buffer.removeAll(keepingCapacity: true)
                }
            }
            return bytes + buffer.count
        }
        results.append(BenchResult(
            section: "writer", name: "encode only (TraceEncoding)", events: events.count, bytes: encoded.value,
            wallSeconds: encoded.wall, cpuSeconds: encoded.cpu
        ))
        return results
    }

    static func fileSize(_ path: String) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int
    }
}
