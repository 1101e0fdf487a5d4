import LegoTraceIO

/// The formats `lego-trace export --format` writes.
public enum ExportFormat: String, CaseIterable, Sendable {
    /// The Chrome trace event format (Perfetto, `chrome://tracing`): module lifetimes, transitions, URL opens, findings.
    case chrome
}

/// What `lego-trace export` was asked to do.
public struct ExportRequest: Sendable, Hashable {
    /// The trace to export.
    public var tracePath: String
    /// The output file.
    public var outputPath: String
    /// The format written.
    public var format: ExportFormat
    /// The longest trace line read; a longer one is malformed.
    public var maxLineBytes: Int

    /// Creates a request.
    public init(tracePath: String = DefaultPaths.trace, outputPath: String, format: ExportFormat = .chrome,
                maxLineBytes: Int = TraceReader.Options.defaultMaxLineBytes) {
        self.tracePath = tracePath
        self.outputPath = outputPath
        self.format = format
        self.maxLineBytes = maxLineBytes
    }
}
