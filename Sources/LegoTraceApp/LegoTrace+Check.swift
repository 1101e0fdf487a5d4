import Foundation
import LegoAnalysis
import LegoGraph
import LegoModel
import LegoReplay
import LegoReport
import LegoTraceIO

extension LegoTrace {
    /// `lego-trace check`: replays a trace in one streaming pass and reports findings.
    public static func check(_ request: CheckRequest, console: Console) -> ExitStatus {
        let configuration: AnalysisConfiguration
        do {
            configuration = try loadConfiguration(path: request.configPath, grace: request.grace, urlCheck: request.urlCheck)
        } catch {
            console.error(error.description)
            return .invalidInput
        }
        let replay: TraceReplay
        do {
            replay = try TraceReplay(
                path: request.tracePath, options: .init(lenient: request.lenient, maxLineBytes: request.maxLineBytes), console: console)
        } catch {
            console.error(error.description)
            return .invalidInput
        }
        let session = Analyzer(configuration: configuration).makeSession(header: replay.header)
        // The HTML report draws the graph and the lifetimes from the same replay.
        let pictures = request.format == "html" ? (graph: GraphBuilder(), timeline: TimelineRecorder()) : nil
        var replayer = session.replayer
        if let pictures { replayer.observers += [pictures.graph, pictures.timeline] }
        let readError = replay.run(replayer)
        var result = session.result()
        var warnings = replay.warnings
        if let readError {
            warnings.append("stopped at \(readError.description); the report covers the \(Format.plural(result.eventCount, "event")) before it")
            console.error("\(readError.description) (use --lenient to skip malformed lines)")
        }

        var baselineSummary: BaselineSummary?
        if let baselinePath = request.baselinePath {
            do {
                let comparison = try Baseline.load(path: baselinePath).compare(result.findings)
                baselineSummary = BaselineSummary(
                    path: baselinePath, suppressed: comparison.suppressed.count,
                    stale: comparison.stale.map { .init(fingerprint: $0.fingerprint, rule: $0.rule, module: $0.module) })
                result = result.replacingFindings(comparison.new)
            } catch {
                console.error(error.description)
                return .invalidInput
            }
        }
        if let writeBaselinePath = request.writeBaselinePath {
            do {
                try Baseline.write(session.result().findings, to: writeBaselinePath)
                console.status("baseline: wrote \(Format.plural(session.result().findings.count, "fingerprint")) to \(writeBaselinePath)")
            } catch {
                console.error(error.description)
                return .invalidInput
            }
        }

        let format = ReportFormat(rawValue: request.format) ?? .text
        let lineMap = replay.lineMap
        let context = ReportContext(
            tracePath: request.tracePath, toolVersion: version,
            colour: format == .text && colourEnabled(request.color, toFile: request.outputPath != nil, console: console),
            baseline: baselineSummary, traceLine: { lineMap.line(of: $0) }, warnings: warnings)
        let report = pictures.map { pictures in
            htmlReport(
                graph: pictures.graph.graph(scope: .history, marks: GraphMark.marks(from: result.findings)),
                timeline: pictures.timeline.timeline(grace: configuration.grace), result: result, context: context,
                layout: nil, bounds: .measured, force: false, findingsTable: true, console: console).html
        } ?? format.render(result: result, context: context)
        if let outputPath = request.outputPath {
            do { try OutputFile.write(report, to: outputPath) } catch {
                console.error(error.description)
                return .invalidInput
            }
        } else {
            console.writeOut(report.hasSuffix("\n") || report.isEmpty ? report : report + "\n")
        }
        // Warnings go to stderr as well when the report itself goes to a file or is machine-readable.
        if request.outputPath != nil || format != .text {
            for warning in warnings { console.warning(warning) }
        }
        if readError != nil { return .invalidInput }
        return failureStatus(result, failOn: request.failOn)
    }

    /// 1 when a finding reaches `failOn`, else 0.
    static func failureStatus(_ result: AnalysisResult, failOn: String) -> ExitStatus {
        guard let threshold = Severity(rawValue: failOn), let worst = result.worstSeverity else { return .success }
        return worst >= threshold ? .findings : .success
    }

    /// The config from `--config`, or `.lego-trace.yml` in the current directory, with command-line overrides.
    static func loadConfiguration(path: String?, grace: Double?, urlCheck: String?) throws(AnalysisError) -> AnalysisConfiguration {
        var configuration: AnalysisConfiguration
        if let path {
            configuration = try AnalysisConfiguration.load(path: path)
        } else {
            configuration = try AnalysisConfiguration.discover(in: FileManager.default.currentDirectoryPath) ?? AnalysisConfiguration()
        }
        if let grace { configuration.grace = grace }
        if let urlCheck, let mode = URLCheckMode(rawValue: urlCheck) { configuration.urlCheck = mode }
        return configuration
    }

    private static func colourEnabled(_ choice: String, toFile: Bool, console: Console) -> Bool {
        switch choice {
        case "always": true
        case "never": false
        default: !toFile && console.outputIsTerminal && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
        }
    }
}
