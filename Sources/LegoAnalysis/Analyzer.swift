import LegoModel
import LegoReplay

/// Runs the detectors over a trace in one streaming pass.
public struct Analyzer: Sendable {
    /// The configuration every session of this analyzer uses.
    public var configuration: AnalysisConfiguration

    /// Creates an analyzer.
    public init(configuration: AnalysisConfiguration = .init()) {
        self.configuration = configuration
    }

    /// Starts a session for a trace with `header`; the caller streams events into its replayer.
    public func makeSession(header: TraceHeader) -> AnalysisSession {
        AnalysisSession(configuration: configuration, header: header)
    }

    /// Analyzes an in-memory or lazily produced sequence of events.
    public static func analyze(header: TraceHeader, events: some Sequence<TraceEvent>,
                               configuration: AnalysisConfiguration = .init()) -> AnalysisResult {
        let session = Analyzer(configuration: configuration).makeSession(header: header)
        session.replayer.run(events)
        return session.result()
    }
}
