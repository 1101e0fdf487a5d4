import ArgumentParser
import LegoTraceApp

/// Where a findings report goes and what fails the command: shared by `check` and `scan`.
struct ReportOptions: ParsableArguments {
    @Option(name: .shortAndLong, help: "Write the report to FILE instead of standard output.")
    var output: String?

    @Option(name: .long, help: "Lowest severity that fails the command: error, warning, note or never.")
    var failOn: String = "error"

    @Option(name: .long, help: "Config file. Default: \(DefaultPaths.config) in the current directory, if present.")
    var config: String?

    @Option(name: .long, help: "Fail only on findings not in this baseline file.")
    var baseline: String?

    @Option(name: .long, help: "Write the current findings' fingerprints to FILE.")
    var writeBaseline: String?

    @Option(name: .long, help: "Colour: auto (only on a terminal), always or never.")
    var color: String = "auto"

    func validate() throws {
        guard ["error", "warning", "note", "never"].contains(failOn) else {
            throw ValidationError("unknown --fail-on '\(failOn)' (expected error, warning, note or never)")
        }
        guard ["auto", "always", "never"].contains(color) else {
            throw ValidationError("unknown --color '\(color)' (expected auto, always or never)")
        }
    }
}
