import Foundation
import LegoAnalysis
import LegoGraph
import LegoModel
import LegoReplay
import LegoReport
import LegoScan
import LegoTraceIO

extension LegoTrace {
    /// The project's home page, written into SARIF as the tool's `informationUri`.
    public static let homepage = "https://github.com/lego-trace/lego-trace"
    /// The page documenting every rule, one section per rule id (SARIF `helpUri`, markdown report links).
    public static let rulesDocumentation = "\(homepage)/blob/main/docs/check.md"

    /// `lego-trace check`: replays a trace in one streaming pass and reports findings.
    ///
    /// A malformed line stops the replay: the report of the events before it is still written, then the error is thrown.
    public static func check(_ request: CheckRequest, console: Console) throws(LegoTraceError) -> ExitStatus {
        try LegoTraceError.catching { try runCheck(request, console: console) }
    }

    private static func runCheck(_ request: CheckRequest, console: Console) throws -> ExitStatus {
        let status = request.report.quiet ? console.quietened : console
        let configuration = try loadConfiguration(request.analysis)
        // The source is read before the trace: an unreadable folder or model fails at once, with exit 2.
        let join = try request.source.map { input throws -> (XFSourceJoin, prefix: String) in
            switch input {
            case .directory(let path):
                let scope = ScanScope(include: configuration.scanInclude, exclude: configuration.scanExclude)
                return (XFSourceJoin(app: try AppScanner.scan(directory: path, scope: scope).app), path == "." || path == "./" ? "" : path)
            case .model(let path):
                let model = try XFSourceJoin(modelAt: path)
                return (model, model.source == "." || model.source == "./" ? "" : model.source)
            }
        }
        let replay = try TraceReplay(
            path: request.tracePath, options: .init(lenient: request.lenient, maxLineBytes: request.maxLineBytes), console: status)
        let session = Analyzer(configuration: configuration).makeSession(header: replay.header)
        // The HTML report draws the graph and the lifetimes from the same replay (observers cost nothing unattached).
        let pictures = (graph: GraphBuilder(profile: FrameworkProfile(replay.header.framework)), timeline: TimelineRecorder())
        var replayer = session.replayer
        if request.format == .html { replayer.observers += [pictures.graph, pictures.timeline] }
        let readError = replay.run(replayer)
        var result = session.result()
        if let join {
            guard result.framework == .xflegoViper else {
                throw LegoTraceError("--source and --model place XFLegoVIPER findings; this trace is \(result.framework.displayName)'s")
            }
            result = join.0.join(result, pathPrefix: join.prefix)
        }
        var warnings = replay.warnings
        if let readError {
            warnings.append("stopped at \(readError.description); the report covers the \(Format.plural(result.eventCount, "event")) before it")
        }
        let lineMap = replay.lineMap
        let render: (AnalysisResult, ReportContext) -> String = switch request.format {
        case .report(let format): format.render
        case .html: { result, context in
            htmlReport(
                graph: pictures.graph.graph(scope: .history, marks: GraphMark.marks(from: result.findings, rules: result.rules)),
                timeline: pictures.timeline.timeline(grace: configuration.grace), result: result, context: context,
                layout: nil, bounds: .measured, force: false, findingsTable: true, console: status).html
        }
        }
        let exit = try deliver(result, command: .check, warnings: warnings, request.report, inputPath: request.tracePath,
                               textReport: request.format == .report(.text), utf16Columns: request.format == .report(.sarif),
                               render: render, traceLine: { lineMap.line(of: $0) },
                               console: status)
        if let readError { throw LegoTraceError("\(readError.description) (use --lenient to skip malformed lines)") }
        return exit
    }

    /// Reports a finished analysis the same way for `check` and `scan`: applies and writes baselines, renders the
    /// report with `render` (SARIF's UTF-16 columns read from the source files when `utf16Columns`) and writes it, says the summary on standard error unless the text report on standard
    /// output already does, and maps the findings to the exit status. `console` is already quietened for `--quiet`.
    static func deliver(_ analysis: AnalysisResult, command: ReportContext.Command, warnings: [String], _ options: ReportOptions,
                        inputPath: String, textReport: Bool, utf16Columns: Bool,
                        render: (AnalysisResult, ReportContext) -> String, traceLine: @escaping @Sendable (UInt64) -> Int? = { _ in nil },
                        console: Console) throws -> ExitStatus {
        var result = analysis
        var baselineSummary: BaselineSummary?
        if let baselinePath = options.baselinePath {
            if let baseline = try Baseline.loadIfPresent(path: baselinePath) {
                let comparison = baseline.compare(result.findings)
                baselineSummary = BaselineSummary(
                    path: baselinePath, suppressed: comparison.suppressed.count,
                    stale: comparison.stale.map { .init(fingerprint: $0.fingerprint, rule: $0.rule, module: $0.module) })
                result = result.suppressing(keeping: comparison.new, comparison.suppressed.map { .init($0, reason: .baseline(path: baselinePath)) })
            } else {
                // A CI job's first run has no baseline yet: that is no reason to fail as if the input were unreadable.
                let summary = BaselineSummary(path: baselinePath, suppressed: 0, missing: true)
                console.note(summary.missingNote)
                baselineSummary = summary
            }
        }
        if let writeBaselinePath = options.writeBaselinePath {
            try Baseline.write(analysis.findings, to: writeBaselinePath)
            console.status("baseline: wrote \(Format.plural(analysis.findings.count, "fingerprint")) to \(writeBaselinePath)")
        }

        let toStandardOutput = options.outputPath == nil || options.outputPath == "-"
        var context = ReportContext(
            tracePath: displayName(inputPath), toolVersion: version,
            colour: textReport && colourEnabled(options.color, toTerminal: toStandardOutput && console.outputIsTerminal),
            baseline: baselineSummary, traceLine: traceLine, warnings: warnings,
            informationURI: homepage, rulesDocumentationURI: rulesDocumentation)
        context.command = command
        context.sourceRoot = FileManager.default.currentDirectoryPath
        // Only SARIF counts columns in UTF-16 code units; reading every finding's file again is not free.
        if utf16Columns {
            let columns = SourceColumns(result)
            context.utf16Column = { columns.column($0) }
        }
        context.failOn = options.failOn
        let report = render(result, context)
        if let outputPath = options.outputPath, !toStandardOutput {
            try OutputFile.write(report, to: outputPath)
            if options.open { PageOpener.open(outputPath, console: console) }
        } else {
            console.writeOut(report.hasSuffix("\n") || report.isEmpty ? report : report + "\n")
        }
        // The text report on standard output holds the warnings and the summary; anywhere else they go to stderr.
        if !toStandardOutput || !textReport {
            for warning in warnings { console.warning(warning) }
            console.status(ReportFormat.summaryLine(result, baseline: baselineSummary)
                + (toStandardOutput ? "" : " → \(options.outputPath ?? "")"))
        }
        // Writing a baseline records the findings as known: that run succeeds whatever it found.
        if options.writeBaselinePath != nil { return .success }
        return options.failOn.isReached(by: result) ? .findings : .success
    }

    /// The config from `options.configPath`, or `.lego-trace.yml` in the current directory, with command-line overrides.
    static func loadConfiguration(_ options: AnalysisOptions) throws(AnalysisError) -> AnalysisConfiguration {
        var configuration: AnalysisConfiguration
        if let path = options.configPath {
            configuration = try AnalysisConfiguration.load(path: path)
        } else {
            configuration = try AnalysisConfiguration.discover(in: FileManager.default.currentDirectoryPath) ?? AnalysisConfiguration()
        }
        if let grace = options.grace { configuration.grace = grace }
        if let mode = options.urlCheck { configuration.urlCheck = mode }
        return configuration
    }

    private static func colourEnabled(_ choice: ColorChoice, toTerminal: Bool) -> Bool {
        switch choice {
        case .always: true
        case .never: false
        case .auto: toTerminal && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
        }
    }
}
