import ArgumentParser
import LegoGraph
import LegoTraceApp

/// `lego-trace graph`: draws the module relationship graph of a trace.
struct Graph: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Draw the modules of a trace and how they relate (DOT, SVG, PNG, PDF, JSON or an interactive HTML page).",
        discussion: "`lego-trace graph out.svg` draws the trace `record` wrote last.")

    @Argument(help: "[TRACE] OUT: the trace (default: \(DefaultPaths.trace)) and the output file.")
    var paths: [String] = []

    @Option(name: [.customShort("f"), .long], help: "dot, svg, png, pdf, json or html. Default: from OUT's extension.")
    var format: String?

    @Option(name: .long, help: "Draw the live state after event SEQ, or at the end (`end`), instead of the whole history.")
    var at: String?

    @Option(name: .long, help: "Draw only the neighbourhood of this module.")
    var focus: String?

    @Option(name: .long, help: "With --focus: how many edges away to draw.")
    var depth: Int = 1

    @Option(name: .long, help: "\(Self.layouts.joined(separator: ", ")) or auto (fast and readable for large graphs).")
    var layout: String = "auto"

    @Flag(name: .long, help: "Lay the graph out even when it is larger than the engine handles in reasonable time and memory.")
    var force = false

    @Flag(name: .long, help: "Do not run the analyzer to mark findings on the graph.")
    var noFindings = false

    @OptionGroup var lineLimit: LineLimitOptions

    private static let layouts = GraphLayout.allCases.map(\.rawValue)

    func validate() throws {
        guard (1...2).contains(paths.count) else {
            throw ValidationError("expected [TRACE] OUT, e.g. `lego-trace graph out.svg`")
        }
        guard layout == "auto" || GraphLayout(rawValue: layout) != nil else {
            throw ValidationError("unknown layout '\(layout)' (expected \(Self.layouts.joined(separator: ", ")) or auto)")
        }
        if let format, !["dot", "svg", "png", "pdf", "json", "html"].contains(format) {
            throw ValidationError("unknown format '\(format)' (expected dot, svg, png, pdf, json or html)")
        }
        if let at, at != "end", UInt64(at) == nil {
            throw ValidationError("--at takes an event seq or `end`, not '\(at)'")
        }
        guard depth >= 0 else { throw ValidationError("--depth must be 0 or more") }
    }

    func run() throws {
        let request = GraphRequest(
            tracePath: paths.count == 2 ? paths[0] : DefaultPaths.trace, outputPath: paths[paths.count - 1],
            format: format, at: at, focus: focus, depth: depth, layout: GraphLayout(rawValue: layout), force: force,
            markFindings: !noFindings, maxLineBytes: lineLimit.maxLineBytes)
        try conclude(LegoTrace.graph(request, console: .standard))
    }
}
