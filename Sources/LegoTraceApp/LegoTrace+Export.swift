import LegoAnalysis
import LegoGraph
import LegoTraceIO

extension LegoTrace {
    /// `lego-trace export`: writes a trace's module lifetimes, transitions, URL opens and findings for other tools.
    public static func export(_ request: ExportRequest, console: Console) -> ExitStatus {
        let configuration: AnalysisConfiguration
        let replay: TraceReplay
        do {
            configuration = try loadConfiguration(path: nil, grace: nil, urlCheck: nil)
        } catch {
            console.error(error.description)
            return .invalidInput
        }
        do {
            replay = try TraceReplay(path: request.tracePath, options: .init(maxLineBytes: request.maxLineBytes), console: console)
        } catch {
            console.error(error.description)
            return .invalidInput
        }
        let session = Analyzer(configuration: configuration).makeSession(header: replay.header)
        let recorder = TimelineRecorder()
        var replayer = session.replayer
        replayer.observers.append(recorder)
        if let error = replay.run(replayer) {
            console.error(error.description)
            return .invalidInput
        }
        for warning in replay.warnings { console.warning(warning) }
        let timeline = recorder.timeline(grace: configuration.grace)
        let findings = session.result().findings
        let text: String
        switch request.format {
        case .chrome: text = ChromeTrace.write(timeline, findings: findings, app: replay.header.app.isEmpty ? request.tracePath : replay.header.app)
        }
        do { try OutputFile.write(text, to: request.outputPath) } catch {
            console.error(error.description)
            return .invalidInput
        }
        console.status(
            "export: \(Format.plural(timeline.modules.count, "module")), \(Format.plural(timeline.bars.count, "instance lifetime")), "
                + "\(Format.plural(findings.count, "finding")) → \(request.outputPath) (\(request.format.rawValue) trace events)")
        return .success
    }
}
