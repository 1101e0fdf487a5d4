import ArgumentParser
import LegoAnalysis
import LegoModel
import LegoReport
import LegoTraceApp

/// `lego-trace scan`: reads an app's source and reports its module map and static findings.
struct Scan: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scan",
        abstract: "Read an app's Objective-C and Swift source: module map, URLs, transitions, events and static findings.",
        discussion: """
            Exit codes: 0 nothing reached --fail-on, 1 something did, 2 usage error, unreadable folder, no code of the framework, or a framework scan cannot read yet.
            Without --framework, the framework is the one whose imports, macros and calls most files hold (the summary says which).
            Files that cannot be read (binary, unbalanced brackets, not UTF-8) are warnings naming file and line; the rest is scanned.
            """)

    @Argument(help: "The app's source folder (Pods, Carthage, DerivedData and hidden folders are skipped).")
    var source: String

    @Option(name: .long, help: "The app's framework (xflegoviper, qfmoudle, nnmodule). Default: the one its source uses most.")
    var framework: Framework?

    @OptionGroup var report: ReportOptionGroup

    @OptionGroup var config: ConfigOptionGroup

    @Option(name: .long, help: "Write the extracted model as JSON to FILE (docs/scan.md).")
    var model: String?

    @Option(name: .long, help: "Write a scenario for `record` to FILE: every module and URL, a journey from the root.")
    var scenario: String?

    @Option(name: .long, help: "Draw the static module graph with findings marked to FILE (.svg, .png, .pdf, .dot or .json).")
    var graph: String?

    @Option(name: .long, help: "Leave out source paths matching GLOB (relative to the folder; repeatable; added to scan.exclude of .lego-trace.yml).")
    var exclude: [String] = []

    func run() throws {
        let request = ScanRequest(
            sourcePath: source, format: report.format, report: report.options,
            analysis: AnalysisOptions(configPath: config.config, urlCheck: config.urlCheck),
            modelPath: model, scenarioPath: scenario, graphPath: graph, exclude: exclude, framework: framework)
        try conclude { () throws(LegoTraceError) in try LegoTrace.scan(request, console: .standard) }
    }
}
