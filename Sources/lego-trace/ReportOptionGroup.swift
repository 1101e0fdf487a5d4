import ArgumentParser
import LegoAnalysis
import LegoReport
import LegoTraceApp

/// `-f`, `-o`, `--open`, `--fail-on`, `--baseline`, `--write-baseline`, `--color` and `--quiet`: what a findings report
/// is, where it goes and what fails the command, shared by `check` and `scan`.
struct ReportOptionGroup: ParsableArguments {
    @Option(name: [.customShort("f"), .long], help: "The report format (html: an interactive page with the graph, module lifetimes and findings).")
    var format: CheckFormat = .report(.text)

    @Option(name: .shortAndLong, help: "Write the report to FILE (`-`: standard output, the default).")
    var output: String?

    @Flag(name: .long, help: "Open the report once it is written (html: in the browser); needs --output FILE.")
    var open = false

    @Option(name: .long, help: "Lowest severity that fails the command.")
    var failOn: FailThreshold = .error

    @Option(name: .long, help: "Fail only on findings not in this baseline file.")
    var baseline: String?

    @Option(name: .long, help: "Write the current findings' fingerprints to FILE (the run then exits 0).")
    var writeBaseline: String?

    @Option(name: .long, help: "When to colour the text report (auto: only on a terminal, and never with NO_COLOR set).")
    var color: ColorChoice = .auto

    @Flag(name: [.short, .long], help: "Print nothing on standard error but errors.")
    var quiet = false

    func validate() throws {
        if open, output == nil || output == "-" { throw ValidationError("--open opens a file: give it with --output FILE") }
    }

    /// The options as the library takes them.
    var options: ReportOptions {
        ReportOptions(outputPath: output, failOn: failOn, baselinePath: baseline, writeBaselinePath: writeBaseline, color: color, quiet: quiet,
                      open: open)
    }
}

/// `--config` and `--url-check`: the analyzer's settings that `check`, `graph` and `scan` share.
struct ConfigOptionGroup: ParsableArguments {
    @Option(name: .long, help: "Config file. Default: \(DefaultPaths.config) in the current directory, if present.")
    var config: String?

    @Option(name: .long, help: "URL hierarchy check: strict checks every segment, legacy is the framework's own check. Default: config or strict.")
    var urlCheck: URLCheckMode?
}

/// `--grace`: how long a module may outlive its screen, for the commands that replay a trace (`check`, `graph`).
struct GraceOptionGroup: ParsableArguments {
    @Option(name: .long, help: "Seconds of trace time a module may outlive its screen (default: config or 2).")
    var grace: Double?

    func validate() throws {
        if let grace, !(grace >= 0 && grace.isFinite) {
            throw ValidationError("--grace must be a non-negative number of seconds")
        }
    }
}
