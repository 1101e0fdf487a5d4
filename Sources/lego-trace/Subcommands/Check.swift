import ArgumentParser
import LegoAnalysis
import LegoTraceApp

/// `lego-trace check`: replays a trace and reports findings.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Replay a trace and report leaked modules, duplicate names, illegal URL hierarchies and more.",
        discussion: """
            Exit codes: 0 nothing reached --fail-on (or --write-baseline), 1 something did, 2 usage error or unreadable input.
            With -o FILE or a machine-readable format, the one-line summary goes to standard error.
            Traces of 8 MB or more are parsed on a second thread; LEGO_TRACE_THREADS=1 keeps the check to one.
            """)

    @Argument(help: "The trace to check (`-`: standard input; default: the one `record` wrote last).")
    var trace: String = DefaultPaths.trace

    @OptionGroup var report: ReportOutputOptions

    @Option(name: .long, help: "Lowest severity that fails the check.")
    var failOn: FailThreshold = .error

    @OptionGroup var analysis: AnalysisOptionGroup

    @Option(name: .long, help: "Fail only on findings not in this baseline file.")
    var baseline: String?

    @Option(name: .long, help: "Write the current findings' fingerprints to FILE (the run then exits 0).")
    var writeBaseline: String?

    @Flag(name: .long, help: "Skip malformed lines instead of stopping at the first one.")
    var lenient = false

    @Option(name: .long, help: "When to colour the text report (auto: only on a terminal, and never with NO_COLOR set).")
    var color: ColorChoice = .auto

    @Flag(name: [.short, .long], help: "Print nothing on standard error but errors.")
    var quiet = false

    @OptionGroup var lineLimit: LineLimitOptions

    func run() throws {
        let request = CheckRequest(
            tracePath: trace, format: report.format, outputPath: report.output, failOn: failOn, analysis: analysis.options,
            baselinePath: baseline, writeBaselinePath: writeBaseline, lenient: lenient, color: color, quiet: quiet,
            maxLineBytes: lineLimit.maxLineBytes)
        try conclude { () throws(LegoTraceError) in try LegoTrace.check(request, console: .standard) }
    }
}
