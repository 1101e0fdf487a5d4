import ArgumentParser
import LegoTraceApp

/// `lego-trace record`: runs a scenario (default: the embedded sample app) or a program, and writes its trace.
struct Record: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Record a trace from a scenario, the embedded sample app, or a program linking LegoRuntime.",
        discussion: """
            With no scenario, records the embedded sample app (bdj://indexTab …).
            `lego-trace record [-o FILE] -- COMMAND ARGS…` runs COMMAND with LEGO_TRACE_FILE set and exits with its status.
            """)

    @Argument(help: "A YAML scenario (docs/scenario-format.md). Default: the embedded sample app.")
    var scenario: String?

    @Option(name: .shortAndLong, help: "Where to write the trace.")
    var output: String = DefaultPaths.trace

    @Flag(name: .long, help: "Also print the framework's routing link and component trace logs to standard error.")
    var logs = false

    @Argument(parsing: .postTerminator, help: "A program that links LegoRuntime, after `--`.")
    var command: [String] = []

    func validate() throws {
        if scenario != nil && !command.isEmpty {
            throw ValidationError("give either a scenario or `-- COMMAND`, not both")
        }
    }

    func run() throws {
        let request = RecordRequest(scenarioPath: scenario, outputPath: output, command: command, printLogs: logs)
        try conclude { () throws(LegoTraceError) in try LegoTrace.record(request, console: .standard) }
    }
}
