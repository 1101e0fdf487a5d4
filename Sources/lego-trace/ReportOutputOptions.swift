import ArgumentParser
import LegoReport

/// `-f/--format` and `-o/--output`, shared by every command that writes a findings report.
struct ReportOutputOptions: ParsableArguments {
    @Option(name: [.customShort("f"), .long], help: "The report format.")
    var format: ReportFormat = .text

    @Option(name: .shortAndLong, help: "Write the report to FILE (`-`: standard output, the default).")
    var output: String?
}
