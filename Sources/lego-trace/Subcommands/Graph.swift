import ArgumentParser
import LegoAnalysis
import LegoGraph
import LegoTraceApp

/// `lego-trace graph`: draws the module relationship graph of a trace.
struct Graph: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "graph",
        abstract: "Draw the modules of a trace and how they relate (DOT, SVG, PNG, PDF, JSON or an interactive HTML page).",
        discussion: "`lego-trace graph out.svg` draws the trace `record` wrote last.")

    @Argument(help: "[TRACE] OUT: the trace (`-`: standard input; default: \(DefaultPaths.trace)) or a `scan --model` file, and the output file (`-`: standard output).")
    var paths: [String] = []

    @Option(name: [.customShort("f"), .long], help: "The output format. Default: from OUT's extension.")
    var format: GraphFormat?

    @Option(name: .long, help: "Draw the live state after event SEQ, or at the end (`end`), instead of the whole history.")
    var at: ReplayPoint?

    @Option(name: .long, help: "Draw only the neighbourhood of this module.")
    var focus: String?

    @Option(name: .long, help: "With --focus: how many edges away to draw (default 1).")
    var depth: Int?

    @Option(name: .long, help: "The Graphviz engine; auto picks one by the graph's size.")
    var layout: LayoutChoice = .auto

    @Flag(name: .long, help: "Lay the graph out even when it is larger than the engine handles in reasonable time and memory.")
    var force = false

    @Flag(name: .long, help: "Open the written file once it is drawn (an .html page: in the browser).")
    var open = false

    @Flag(name: .long, help: "Do not run the analyzer to mark findings on the graph (the config file is then not read).")
    var noFindings = false

    @Flag(name: .long, help: "Leave out the modules the trace declares but never reaches (drawn dashed and grey otherwise).")
    var noUnreached = false

    @OptionGroup var config: ConfigOptionGroup

    @OptionGroup var grace: GraceOptionGroup

    @OptionGroup var lineLimit: LineLimitOptions

    func validate() throws {
        if open, paths.last == "-" { throw ValidationError("--open opens a file: give OUT as a path, not -") }
        guard (1...2).contains(paths.count) else {
            throw ValidationError("expected [TRACE] OUT, e.g. `lego-trace graph out.svg`")
        }
        if let depth {
            guard focus != nil else { throw ValidationError("--depth needs --focus MODULE: it counts edges away from that module") }
            guard depth >= 0 else { throw ValidationError("--depth must be 0 or more") }
        }
    }

    func run() throws {
        let request = GraphRequest(
            tracePath: paths.count == 2 ? paths[0] : DefaultPaths.trace, outputPath: paths[paths.count - 1],
            format: format, at: at, focus: focus, depth: depth, layout: layout, force: force,
            markFindings: !noFindings, unreached: !noUnreached,
            analysis: AnalysisOptions(configPath: config.config, grace: grace.grace, urlCheck: config.urlCheck), maxLineBytes: lineLimit.maxLineBytes,
            open: open)
        try conclude { () throws(LegoTraceError) in try LegoTrace.graph(request, console: .standard) }
    }
}
