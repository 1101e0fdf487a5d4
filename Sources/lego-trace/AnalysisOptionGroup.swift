import ArgumentParser
import LegoAnalysis
import LegoTraceApp

/// `--config`, `--grace` and `--url-check`: the analyzer's settings, shared by `check` and `graph`.
struct AnalysisOptionGroup: ParsableArguments {
    @Option(name: .long, help: "Seconds of trace time a module may outlive its screen (default: config or 2).")
    var grace: Double?

    @Option(name: .long, help: "URL hierarchy check: strict checks every segment, legacy is the framework's own check. Default: config or strict.")
    var urlCheck: URLCheckMode?

    @Option(name: .long, help: "Config file. Default: \(DefaultPaths.config) in the current directory, if present.")
    var config: String?

    func validate() throws {
        if let grace, !(grace >= 0 && grace.isFinite) {
            throw ValidationError("--grace must be a non-negative number of seconds")
        }
    }

    /// The options as the library takes them.
    var options: AnalysisOptions { AnalysisOptions(configPath: config, grace: grace, urlCheck: urlCheck) }
}
