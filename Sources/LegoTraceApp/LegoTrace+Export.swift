import LegoAnalysis
import LegoGraph
import LegoTraceIO

extension LegoTrace {
    /// `lego-trace export`: writes a trace's module lifetimes, transitions, URL opens and findings for other tools.
    public static func export(_ request: ExportRequest, console: Console) throws(LegoTraceError) -> ExitStatus {
        try LegoTraceError.catching { try runExport(request, console: console) }
    }

    private static func runExport(_ request: ExportRequest, console: Console) throws -> ExitStatus {
        let configuration = try loadConfiguration(AnalysisOptions())
        let replay = try TraceReplay(path: request.tracePath, options: .init(maxLineBytes: request.maxLineBytes), console: console)
        let session = Analyzer(configuration: configuration).makeSession(header: replay.header)
        let recorder = TimelineRecorder()
        var replayer = session.replayer
        replayer.observers.append(recorder)
        if let error = replay.run(replayer) { throw error }
        for warning in replay.warnings { console.warning(warning) }
        let timeline = recorder.timeline(grace: configuration.grace)
        let findings = session.result().findings
        let text = switch request.format {
        case .chrome: ChromeTrace.write(timeline, findings: findings, app: replay.header.app.isEmpty ? request.tracePath : replay.header.app)
        }
        try OutputFile.write(text, to: request.outputPath)
        console.status(
            "export: \(Format.plural(timeline.modules.count, "module")), \(Format.plural(timeline.bars.count, "instance lifetime")), "
                + "\(Format.plural(findings.count, "finding")) → \(request.outputPath == "-" ? "standard output" : request.outputPath) "
                + "(\(request.format.rawValue) trace events)")
        return .success
    }
}
