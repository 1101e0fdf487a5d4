import Foundation

/// Runs the requested sections in a scratch directory.
struct BenchRunner {
    /// What to run.
    var request: BenchRequest

    /// Runs every requested section and returns all their results.
    func run() throws -> [BenchResult] {
        let directory = NSTemporaryDirectory() + "/lego-bench-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let context = BenchContext(events: request.events, directory: directory, quick: request.quick)
        var results: [BenchResult] = []
        for section in request.sections {
            FileHandle.standardError.write(Data("running \(section.name)…\n".utf8))
            // One failing section (say, lego-trace not built) is a row in the table, not the end of the run.
            do {
                results += try section.run(context)
            } catch let error as BenchUsageError {
                results.append(BenchResult(section: section.name, name: "not measured: \(error.message)", events: 0, bytes: nil, wallSeconds: 0, cpuSeconds: 0))
            } catch {
                results.append(BenchResult(section: section.name, name: "not measured: \(error)", events: 0, bytes: nil, wallSeconds: 0, cpuSeconds: 0))
            }
        }
        return results
    }
}

/// Wall-clock and process CPU time around a piece of work.
enum BenchClock {
    /// Runs `work` and returns its result with elapsed wall and CPU seconds.
    static func measure<T>(_ work: () throws -> T) rethrows -> (value: T, wall: Double, cpu: Double) {
        let wallStart = now(CLOCK_MONOTONIC)
        let cpuStart = now(CLOCK_PROCESS_CPUTIME_ID)
        let value = try work()
        return (value, now(CLOCK_MONOTONIC) - wallStart, now(CLOCK_PROCESS_CPUTIME_ID) - cpuStart)
    }

    private static func now(_ clock: clockid_t) -> Double {
        var spec = timespec()
        clock_gettime(clock, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1_000_000_000
    }
}
