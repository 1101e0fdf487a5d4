/// One group of measurements; add a section by writing a `run` function in its own file and listing it in `all`.
struct BenchSection: Sendable {
    /// The name used on the command line.
    var name: String
    /// Runs the measurements with `context`.
    var run: @Sendable (BenchContext) throws -> [BenchResult]
    /// Whether `all` runs it (a section of several minutes runs only when named).
    var inAll = true

    /// Every section, in the order `all` runs them.
    static let all: [BenchSection] = [
        BenchSection(name: "runtime", run: RuntimeBench.run),
        BenchSection(name: "writer", run: WriterBench.run),
        BenchSection(name: "reader", run: ReaderBench.run),
        BenchSection(name: "check", run: CheckBench.run),
        BenchSection(name: "memory", run: MemoryBench.run),
        BenchSection(name: "graph", run: GraphBench.run),
        BenchSection(name: "html", run: HTMLBench.run),
        BenchSection(name: "import", run: ImportBench.run),
        BenchSection(name: "scan", run: ScanBench.run),
        // About 4 minutes: each engine lays out a graph as large as `graph` lets it.
        BenchSection(name: "layouts", run: LayoutBench.run, inAll: false),
    ]
}

/// What a section gets to work with.
struct BenchContext: Sendable {
    /// Events per measurement.
    var events: Int
    /// A scratch directory, removed after the run.
    var directory: String
    /// Smaller inputs for a smoke run (figures from a quick run are not the documented ones).
    var quick: Bool = false
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
    /// What this was compared with in the same run, and how long that took.
    var baseline: (name: String, seconds: Double)?
    /// The most this may take relative to the baseline (e.g. 1.5 for "at most 1.5×").
    var maxRatio: Double?
    /// The most this may take, in wall seconds.
    var maxSeconds: Double?
    /// Extra figures for the table's note column (peak memory, ns per event…).
    var note: String = ""
    /// For memory rows: whether the figure is within its limit (judged by the section).
    var judged: Bool?

    /// The ratio to the baseline measured round by round (the median of each round's ratio to the baseline run beside
    /// it), judged and shown instead of this row's best over the baseline's best; nil when not measured so.
    var pairedRatio: Double?

    /// The paired ratio when there is one, else this run's wall time over its baseline's.
    var ratio: Double? { pairedRatio ?? baseline.map { wallSeconds / max($0.seconds, 1e-9) } }

    /// How a paired verdict was reached, for the note column: the rounds, best over best and the rounds' range.
    static func roundsNote(_ ratios: [Double], bestOverBest: Double) -> String {
        "median of \(ratios.count) rounds' ratios (best over best \(BenchTable.decimal(bestOverBest, digits: 3))×, "
            + "rounds \(BenchTable.decimal(ratios.min() ?? 0, digits: 2))–\(BenchTable.decimal(ratios.max() ?? 0, digits: 2))×)"
    }

    /// The median of `values`, nil when there are none.
    static func median(_ values: [Double]) -> Double? {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return nil }
        let middle = sorted.count / 2
        return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
    }

    /// Events per wall-clock second.
    var wallRate: Double { Double(events) / max(wallSeconds, 1e-9) }
    /// Events per CPU second.
    var cpuRate: Double { Double(events) / max(cpuSeconds, 1e-9) }

    /// Whether the target was met, or nil without a target.
    var meetsTarget: Bool? {
        var verdicts: [Bool] = []
        if let targetPerSecond { verdicts.append((targetOnCPU ? cpuRate : wallRate) >= targetPerSecond) }
        if let maxRatio, let ratio { verdicts.append(ratio <= maxRatio) }
        if let maxSeconds { verdicts.append(wallSeconds <= maxSeconds) }
        if let judged { verdicts.append(judged) }
        return verdicts.isEmpty ? nil : !verdicts.contains(false)
    }
}
