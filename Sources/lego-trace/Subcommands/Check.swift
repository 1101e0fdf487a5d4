import ArgumentParser
import LegoAnalysis
import LegoTraceApp

/// `lego-trace check`: replays a trace and reports findings.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Replay a trace and report leaked modules, duplicate names, illegal URL hierarchies and more.",
        discussion: """
            Exit codes: 0 nothing reached --fail-on (or --write-baseline), 1 something did, 2 usage error or unreadable input.
            With -o FILE or a machine-readable format, the one-line summary goes to standard error.
            Traces of 8 MB or more are parsed on a second thread; LEGO_TRACE_THREADS=1 keeps the check to one.
            """)

    @Argument(help: "The trace to check (`-`: standard input; default: the one `record` wrote last).")
    var trace: String = DefaultPaths.trace

    @OptionGroup var report: ReportOptionGroup

    @OptionGroup var config: ConfigOptionGroup

    @OptionGroup var grace: GraceOptionGroup

    @Flag(name: .long, help: "Skip malformed lines instead of stopping at the first one.")
    var lenient = false

    @OptionGroup var lineLimit: LineLimitOptions

    @Option(name: .long, help: ArgumentHelp("The app's source folder: each finding points at its class or call site there (XFLegoVIPER); the trace line stays related.",
                                            valueName: "SRC_DIR"), completion: .directory)
    var source: String?

    @Option(name: .long, help: ArgumentHelp("A `scan --model` file of the app, instead of --source.", valueName: "FILE"),
            completion: .file(extensions: ["json"]))
    var model: String?

    func validate() throws {
        if source != nil && model != nil { throw ValidationError("--source and --model name the same thing; give one") }
    }

    func run() throws {
        let request = CheckRequest(
            tracePath: trace, format: report.format, report: report.options,
            analysis: AnalysisOptions(configPath: config.config, grace: grace.grace, urlCheck: config.urlCheck),
            lenient: lenient, maxLineBytes: lineLimit.maxLineBytes,
            source: source.map(SourceJoinInput.directory) ?? model.map(SourceJoinInput.model))
        try conclude { () throws(LegoTraceError) in try LegoTrace.check(request, console: .standard) }
    }
}
