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

    @Option(name: [.customShort("f"), .long], help: "text, json, sarif, junit, github or html (an interactive page: graph, lifetimes, findings).")
    var format: String = "text"

    @Option(name: .shortAndLong, help: "Write the report to FILE instead of standard output.")
    var output: String?

    @Option(name: .long, help: "Lowest severity that fails the check: error, warning, note or never.")
    var failOn: String = "error"

    @Option(name: .long, help: "Seconds of trace time a module may outlive its screen (default: config or 2).")
    var grace: Double?

    @Option(name: .long, help: "URL hierarchy check: strict (every segment) or legacy (the framework's own check).")
    var urlCheck: String?

    @Option(name: .long, help: "Config file. Default: \(DefaultPaths.config) in the current directory, if present.")
    var config: String?

    @Option(name: .long, help: "Fail only on findings not in this baseline file.")
    var baseline: String?

    @Option(name: .long, help: "Write the current findings' fingerprints to FILE.")
    var writeBaseline: String?

    @Flag(name: .long, help: "Skip malformed lines instead of stopping at the first one.")
    var lenient = false

    @Option(name: .long, help: "Colour: auto (only on a terminal), always or never.")
    var color: String = "auto"

    @OptionGroup var lineLimit: LineLimitOptions

    func validate() throws {
        guard ["text", "json", "sarif", "junit", "github", "html"].contains(format) else {
            throw ValidationError("unknown format '\(format)' (expected text, json, sarif, junit, github or html)")
        }
        guard ["error", "warning", "note", "never"].contains(failOn) else {
            throw ValidationError("unknown --fail-on '\(failOn)' (expected error, warning, note or never)")
        }
        if let urlCheck, !["strict", "legacy"].contains(urlCheck) {
            throw ValidationError("unknown --url-check '\(urlCheck)' (expected strict or legacy)")
        }
        if let grace, !(grace >= 0 && grace.isFinite) {
            throw ValidationError("--grace must be a non-negative number of seconds")
        }
        guard ["auto", "always", "never"].contains(color) else {
            throw ValidationError("unknown --color '\(color)' (expected auto, always or never)")
        }
    }

    func run() throws {
        let request = CheckRequest(
            tracePath: trace, format: format, outputPath: output, failOn: failOn, grace: grace,
            urlCheck: urlCheck, configPath: config, baselinePath: baseline, writeBaselinePath: writeBaseline,
            lenient: lenient, color: color, maxLineBytes: lineLimit.maxLineBytes)
        try conclude(LegoTrace.check(request, console: .standard))
    }
}
