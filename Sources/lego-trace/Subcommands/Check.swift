import ArgumentParser
import LegoTraceApp

/// `lego-trace check`: replays a trace and reports findings.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Replay a trace and report leaked modules, duplicate names, illegal URL hierarchies and more.",
        discussion: """
            Exit codes: 0 nothing reached --fail-on, 1 something did, 2 usage error or unreadable input.
            Traces of 8 MB or more are parsed on a second thread; LEGO_TRACE_THREADS=1 keeps the check to one.
            """)

    @Argument(help: "The trace to check (by default the one `record` wrote last).")
    var trace: String = DefaultPaths.trace

    @Option(name: [.customShort("f"), .long], help: "text, json, sarif, junit or github.")
    var format: String = "text"

    @OptionGroup var report: ReportOptions

    @Option(name: .long, help: "Seconds of trace time a module may outlive its screen (default: config or 2).")
    var grace: Double?

    @Option(name: .long, help: "URL hierarchy check: strict (every segment) or legacy (the framework's own check).")
    var urlCheck: String?

    @Flag(name: .long, help: "Skip malformed lines instead of stopping at the first one.")
    var lenient = false

    @OptionGroup var lineLimit: LineLimitOptions

    func validate() throws {
        guard ["text", "json", "sarif", "junit", "github"].contains(format) else {
            throw ValidationError("unknown format '\(format)' (expected text, json, sarif, junit or github)")
        }
        if let urlCheck, !["strict", "legacy"].contains(urlCheck) {
            throw ValidationError("unknown --url-check '\(urlCheck)' (expected strict or legacy)")
        }
        if let grace, !(grace >= 0 && grace.isFinite) {
            throw ValidationError("--grace must be a non-negative number of seconds")
        }
    }

    func run() throws {
        let request = CheckRequest(
            tracePath: trace, format: format, outputPath: report.output, failOn: report.failOn, grace: grace,
            urlCheck: urlCheck, configPath: report.config, baselinePath: report.baseline, writeBaselinePath: report.writeBaseline,
            lenient: lenient, color: report.color, maxLineBytes: lineLimit.maxLineBytes)
        try conclude(LegoTrace.check(request, console: .standard))
    }
}
