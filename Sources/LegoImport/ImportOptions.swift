import LegoTraceIO

/// How `ConsoleImporter` reads a console log.
public struct ImportOptions: Sendable, Hashable {
    /// Import only this process; nil picks the process with the most framework lines.
    public var pid: Int?
    /// The version written into the trace header's producer (`lego-trace-import <version>`).
    public var producerVersion: String
    /// The longest console line read; a longer one (or a file that never ends a line) is refused.
    public var maxLineBytes: Int

    /// Creates options.
    public init(pid: Int? = nil, producerVersion: String = "0.1.0", maxLineBytes: Int = TraceReader.Options.defaultMaxLineBytes) {
        self.pid = pid
        self.producerVersion = producerVersion
        self.maxLineBytes = maxLineBytes
    }
}
