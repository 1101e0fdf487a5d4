import Foundation
import LegoAnalysis
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
        let readError = replay.run(session.replayer)
        let result = session.result()
        var warnings = replay.warnings
        if let readError {
            warnings.append("stopped at \(readError.description); the report covers the \(Format.plural(result.eventCount, "event")) before it")
            console.error("\(readError.description) (use --lenient to skip malformed lines)")
        }

        let lineMap = replay.lineMap
        let delivery = ReportDelivery(
            inputPath: request.tracePath, format: ReportFormat(rawValue: request.format) ?? .text, outputPath: request.outputPath,
            failOn: request.failOn, baselinePath: request.baselinePath, writeBaselinePath: request.writeBaselinePath,
            color: request.color, traceLine: { lineMap.line(of: $0) })
        let status = deliver(result, warnings: warnings, delivery, console: console)
        if readError != nil { return .invalidInput }
        return status
    }

    /// How a finished analysis is reported: the same for `check` and `scan`.
    struct ReportDelivery {
        /// The input the report points at (trace file, or source folder).
        var inputPath: String
        /// The report format.
        var format: ReportFormat
        /// Where to write the report; nil for standard output.
        var outputPath: String?
        /// Lowest severity that fails.
        var failOn: String
        /// A baseline to suppress known findings.
        var baselinePath: String?
        /// Where to write a baseline of the current findings.
        var writeBaselinePath: String?
        /// auto, always or never.
        var color: String
        /// Maps an event's seq to its trace line.
        var traceLine: @Sendable (UInt64) -> Int? = { _ in nil }
    }

    /// Applies and writes baselines, renders and writes the report, and maps the findings to the exit status.
    static func deliver(_ analysis: AnalysisResult, warnings: [String], _ delivery: ReportDelivery, console: Console) -> ExitStatus {
        var result = analysis
        var baselineSummary: BaselineSummary?
        if let baselinePath = delivery.baselinePath {
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
        if let writeBaselinePath = delivery.writeBaselinePath {
            do {
                try Baseline.write(analysis.findings, to: writeBaselinePath)
                console.status("baseline: wrote \(Format.plural(analysis.findings.count, "fingerprint")) to \(writeBaselinePath)")
            } catch {
                console.error(error.description)
                return .invalidInput
            }
        }

        let format = delivery.format
        let context = ReportContext(
            tracePath: delivery.inputPath, toolVersion: version,
            colour: format == .text && colourEnabled(delivery.color, toFile: delivery.outputPath != nil, console: console),
            baseline: baselineSummary, traceLine: delivery.traceLine, warnings: warnings)
        let report = format.render(result: result, context: context)
        if let outputPath = delivery.outputPath {
            do { try OutputFile.write(report, to: outputPath) } catch {
                console.error(error.description)
                return .invalidInput
            }
        } else {
            console.writeOut(report.hasSuffix("\n") || report.isEmpty ? report : report + "\n")
        }
        // Warnings go to stderr as well when the report itself goes to a file or is machine-readable.
        if delivery.outputPath != nil || format != .text {
            for warning in warnings { console.warning(warning) }
        }
        return failureStatus(result, failOn: delivery.failOn)
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
