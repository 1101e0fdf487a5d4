/// What to benchmark, parsed from the command line.
struct BenchRequest {
    /// Sections to run, in order.
    var sections: [BenchSection]
    /// Events per measurement.
    var events: Int
    /// Smaller inputs for a smoke run.
    var quick = false

    /// Help text for the command line.
    static let usage = """
        usage: lego-bench [SECTION ...] [--events N] [--quick]
               lego-bench write-trace FILE [--events N] [--framework NAME]
               lego-bench write-graph FILE [--modules N] [--layout ENGINE]
               lego-bench write-app DIR [--framework NAME] [--files N]
          sections: \(BenchSection.all.map(\.name).joined(separator: ", ")), all (default: every section but \(
              BenchSection.all.filter { !$0.inAll }.map(\.name).joined(separator: ", ")))
          --events N  events per writer/reader/check measurement (default 1000000)
          --quick     small inputs, for a smoke run (not for the documented figures)
        """

    /// Parses `arguments` (without the program name).
    init(arguments: [String]) throws(BenchUsageError) {
        var names: [String] = []
        var events = 1_000_000
        var quick = false
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--events":
                guard index + 1 < arguments.count, let value = Int(arguments[index + 1]), value > 0 else {
                    throw BenchUsageError(message: "--events needs a positive number")
                }
                events = value
                index += 2
                continue
            case "--quick":
                quick = true
            case "-h", "--help":
                throw BenchUsageError(message: "measures the speed and memory figures of docs/performance.md")
            default:
                names.append(argument)
            }
            index += 1
        }
        if names.isEmpty || names.contains("all") {
            sections = BenchSection.all.filter(\.inAll)
        } else {
            var chosen: [BenchSection] = []
            for name in names {
                guard let section = BenchSection.all.first(where: { $0.name == name }) else {
                    throw BenchUsageError(message: "unknown section '\(name)'")
                }
                chosen.append(section)
            }
            sections = chosen
        }
        // A smoke run keeps the writer and reader small too, unless --events says otherwise.
        self.events = quick && !arguments.contains("--events") ? 100_000 : events
        self.quick = quick
    }
}

/// A command-line mistake.
struct BenchUsageError: Error {
    /// What is wrong.
    var message: String
}
