import ArgumentParser
import LegoTraceApp

/// `lego-trace import`: turns the real framework's console logs into a trace.
struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import an XFLegoVIPER or NNModule-swift app's console log (routing link, component trace, router errors) as a trace.",
        discussion: "Use `-` to read standard input. Then run `lego-trace check` and `lego-trace graph` on the result.")

    @Argument(help: "The console log (`-` for standard input).")
    var log: String

    @Option(name: .shortAndLong, help: "Where to write the trace.")
    var output: String = DefaultPaths.trace

    @Option(name: .long, help: "Import this process only. Default: the one with the most framework lines.")
    var pid: Int?

    @OptionGroup var lineLimit: LineLimitOptions

    func run() throws {
        let request = ImportRequest(logPath: log, outputPath: output, pid: pid, maxLineBytes: lineLimit.maxLineBytes)
        try conclude { () throws(LegoTraceError) in try LegoTrace.importLog(request, console: .standard) }
    }
}
