import ArgumentParser
import LegoTraceApp

/// `-f/--format` and `-o/--output`, shared by every command that writes a findings report.
struct ReportOutputOptions: ParsableArguments {
    @Option(name: [.customShort("f"), .long], help: "The report format (html: an interactive page with the graph, module lifetimes and findings).")
    var format: CheckFormat = .report(.text)

    @Option(name: .shortAndLong, help: "Write the report to FILE (`-`: standard output, the default).")
    var output: String?
}
