/// One group of measurements; add a section by writing a `run` function in its own file and listing it in `all`.
struct BenchSection: Sendable {
    /// The name used on the command line.
    var name: String
    /// Runs the measurements with `context`.
    var run: @Sendable (BenchContext) throws -> [BenchResult]

    /// Every section, in the order `all` runs them.
    static let all: [BenchSection] = [
        BenchSection(name: "writer", run: WriterBench.run),
        BenchSection(name: "reader", run: ReaderBench.run),
    ]
}

/// What a section gets to work with.
struct BenchContext: Sendable {
    /// Events per measurement.
    var events: Int
    /// A scratch directory, removed after the run.
    var directory: String
}

/// One measured line of the report.
struct BenchResult: Sendable {
    /// The section it belongs to.
    var section: String
    /// What was measured.
    var name: String
    /// Events processed.
    var events: Int
    /// Bytes written or read, if it matters.
    var bytes: Int?
    /// Elapsed wall-clock time.
    var wallSeconds: Double
    /// CPU time of the whole process during the measurement.
    var cpuSeconds: Double
    /// The required rate in events per second, if there is one.
    var targetPerSecond: Double?
    /// Whether the target is judged on CPU time (true) or wall time (false).
    var targetOnCPU: Bool = false

    /// Events per wall-clock second.
    var wallRate: Double { Double(events) / max(wallSeconds, 1e-9) }
    /// Events per CPU second.
    var cpuRate: Double { Double(events) / max(cpuSeconds, 1e-9) }

    /// Whether the target was met, or nil without a target.
    var meetsTarget: Bool? {
        guard let targetPerSecond else { return nil }
        return (targetOnCPU ? cpuRate : wallRate) >= targetPerSecond
    }
}
