import Foundation
import LegoAnalysis
import LegoModel
import LegoReplay
import LegoReport
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
        let status = request.quiet ? Console(writeOut: console.writeOut, writeError: { _ in }) : console
        let configuration = try loadConfiguration(request.analysis)
        let replay = try TraceReplay(
            path: request.tracePath, options: .init(lenient: request.lenient, maxLineBytes: request.maxLineBytes), console: status)
        let session = Analyzer(configuration: configuration).makeSession(header: replay.header)
        let readError = replay.run(session.replayer)
        let found = session.result()
        var result = found
        var warnings = replay.warnings
        if let readError {
            warnings.append("stopped at \(readError.description); the report covers the \(Format.plural(result.eventCount, "event")) before it")
        }

        var baselineSummary: BaselineSummary?
        if let baselinePath = request.baselinePath {
            let comparison = try Baseline.load(path: baselinePath).compare(result.findings)
            baselineSummary = BaselineSummary(
                path: baselinePath, suppressed: comparison.suppressed.count,
                stale: comparison.stale.map { .init(fingerprint: $0.fingerprint, rule: $0.rule, module: $0.module) })
            result = result.replacingFindings(comparison.new)
        }
        if let writeBaselinePath = request.writeBaselinePath {
            try Baseline.write(found.findings, to: writeBaselinePath)
            status.status("baseline: wrote \(Format.plural(found.findings.count, "fingerprint")) to \(writeBaselinePath)")
        }

        let toStandardOutput = request.outputPath == nil || request.outputPath == "-"
        let lineMap = replay.lineMap
        let context = ReportContext(
            tracePath: request.tracePath == "-" ? "standard input" : request.tracePath, toolVersion: version,
            colour: request.format == .text && colourEnabled(request.color, toTerminal: toStandardOutput && console.outputIsTerminal),
            baseline: baselineSummary, traceLine: { lineMap.line(of: $0) }, warnings: warnings,
            informationURI: homepage, rulesDocumentationURI: rulesDocumentation)
        let report = request.format.render(result: result, context: context)
        if let outputPath = request.outputPath, !toStandardOutput {
            try OutputFile.write(report, to: outputPath)
        } else {
            console.writeOut(report.hasSuffix("\n") || report.isEmpty ? report : report + "\n")
        }
        // The text report on standard output holds the warnings and the summary; anywhere else they go to stderr.
        if !toStandardOutput || request.format != .text {
            for warning in warnings { status.warning(warning) }
            status.status(ReportFormat.summaryLine(result, baseline: baselineSummary)
                + (toStandardOutput ? "" : " → \(request.outputPath ?? "")"))
        }
        if let readError { throw LegoTraceError("\(readError.description) (use --lenient to skip malformed lines)") }
        // Writing a baseline records the findings as known: that run succeeds whatever it found.
        if request.writeBaselinePath != nil { return .success }
        return request.failOn.isReached(by: result) ? .findings : .success
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
