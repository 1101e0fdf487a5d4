import ArgumentParser
import LegoTraceApp

/// `lego-trace export`: writes a trace in a format other tools open.
struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export a trace's module lifetimes, transitions, URL opens and findings for other tools.",
        discussion: "`lego-trace export --format chrome app.trace out.json` writes trace events that Perfetto (ui.perfetto.dev) and chrome://tracing open.")

    @Argument(help: "[TRACE] OUT: the trace (`-`: standard input; default: \(DefaultPaths.trace)) and the output file (`-`: standard output).")
    var paths: [String] = []

    @Option(name: [.customShort("f"), .long], help: "The format to write.")
    var format: ExportFormat = .chrome

    @OptionGroup var lineLimit: LineLimitOptions

    func validate() throws {
        guard (1...2).contains(paths.count) else {
            throw ValidationError("expected [TRACE] OUT, e.g. `lego-trace export --format chrome out.json`")
        }
    }

    func run() throws {
        let request = ExportRequest(
            tracePath: paths.count == 2 ? paths[0] : DefaultPaths.trace, outputPath: paths[paths.count - 1], format: format,
            maxLineBytes: lineLimit.maxLineBytes)
        try conclude { () throws(LegoTraceError) in try LegoTrace.export(request, console: .standard) }
    }
}
