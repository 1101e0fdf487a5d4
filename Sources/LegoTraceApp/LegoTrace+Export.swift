import LegoAnalysis
import LegoGraph
import LegoTraceIO

extension LegoTrace {
    /// `lego-trace export`: writes a trace's module lifetimes, transitions, URL opens and findings for other tools.
    public static func export(_ request: ExportRequest, console: Console) -> ExitStatus {
        guard let (configuration, replay) = openTrace(request.tracePath, maxLineBytes: request.maxLineBytes, console: console) else {
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

    /// The analysis configuration (`.lego-trace.yml` in the current directory, if any) and the opened trace;
    /// nil after printing the error that prevents either.
    static func openTrace(_ path: String, maxLineBytes: Int, console: Console) -> (AnalysisConfiguration, TraceReplay)? {
        do {
            let configuration = try loadConfiguration(path: nil, grace: nil, urlCheck: nil)
            do {
                return (configuration, try TraceReplay(path: path, options: .init(maxLineBytes: maxLineBytes), console: console))
            } catch {
                console.error(error.description)
            }
        } catch {
            console.error(error.description)
        }
        return nil
    }
}
