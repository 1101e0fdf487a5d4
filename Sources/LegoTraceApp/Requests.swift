import LegoTraceIO
import LegoGraph
import LegoReport

/// What `lego-trace record` was asked to do.
public struct RecordRequest: Sendable, Hashable {
    /// A scenario file, or nil for the embedded sample app.
    public var scenarioPath: String?
    /// Where to write the trace.
    public var outputPath: String
    /// A program (and its arguments) linking LegoRuntime to run with tracing on; empty for scenarios.
    public var command: [String]
    /// Whether to print the framework's two console logs to standard error.
    public var printLogs: Bool

    /// Creates a request.
    public init(scenarioPath: String? = nil, outputPath: String = DefaultPaths.trace, command: [String] = [], printLogs: Bool = false) {
        self.scenarioPath = scenarioPath
        self.outputPath = outputPath
        self.command = command
        self.printLogs = printLogs
    }
}

/// What `lego-trace check` was asked to do.
public struct CheckRequest: Sendable, Hashable {
    /// The trace to check.
    public var tracePath: String
    /// text, json, sarif, junit or github.
    public var format: String
    /// Where to write the report; nil for standard output.
    public var outputPath: String?
    /// Lowest severity that fails: error, warning, note or never.
    public var failOn: String
    /// Grace period override in seconds.
    public var grace: Double?
    /// strict or legacy, overriding the config.
    public var urlCheck: String?
    /// An explicit config file.
    public var configPath: String?
    /// A baseline to suppress known findings.
    public var baselinePath: String?
    /// Where to write a baseline of the current findings.
    public var writeBaselinePath: String?
    /// Skip malformed lines instead of stopping.
    public var lenient: Bool
    /// auto, always or never.
    public var color: String
    /// The longest trace line read; a longer one is malformed.
    public var maxLineBytes: Int

    /// Creates a request with the CLI's defaults.
    public init(tracePath: String = DefaultPaths.trace, format: String = "text", outputPath: String? = nil, failOn: String = "error",
                grace: Double? = nil, urlCheck: String? = nil, configPath: String? = nil, baselinePath: String? = nil,
                writeBaselinePath: String? = nil, lenient: Bool = false, color: String = "auto",
                maxLineBytes: Int = TraceReader.Options.defaultMaxLineBytes) {
        self.tracePath = tracePath
        self.format = format
        self.outputPath = outputPath
        self.failOn = failOn
        self.grace = grace
        self.urlCheck = urlCheck
        self.configPath = configPath
        self.baselinePath = baselinePath
        self.writeBaselinePath = writeBaselinePath
        self.lenient = lenient
        self.color = color
        self.maxLineBytes = maxLineBytes
    }
}

/// What `lego-trace graph` was asked to do.
public struct GraphRequest: Sendable, Hashable {
    /// The trace to draw.
    public var tracePath: String
    /// The output file.
    public var outputPath: String
    /// dot, svg, png, pdf or json; nil to use the output's extension.
    public var format: String?
    /// An event seq or `end` to draw the live state there; nil for the whole history.
    public var at: String?
    /// A module to centre on.
    public var focus: String?
    /// Edges away from the focus module to draw.
    public var depth: Int
    /// A Graphviz layout engine, or nil for `auto`.
    public var layout: GraphLayout?
    /// Lay the graph out even when it is beyond the engine's bound.
    public var force: Bool
    /// The largest graph each engine is asked to lay out (tests lower them).
    public var layoutBounds: GraphLayout.Bounds
    /// Whether to run the analyzer and mark findings.
    public var markFindings: Bool
    /// The longest trace line read; a longer one is malformed.
    public var maxLineBytes: Int

    /// Creates a request.
    public init(tracePath: String = DefaultPaths.trace, outputPath: String, format: String? = nil, at: String? = nil,
                focus: String? = nil, depth: Int = 1, layout: GraphLayout? = nil, force: Bool = false,
                layoutBounds: GraphLayout.Bounds = .measured, markFindings: Bool = true,
                maxLineBytes: Int = TraceReader.Options.defaultMaxLineBytes) {
        self.tracePath = tracePath
        self.outputPath = outputPath
        self.format = format
        self.at = at
        self.focus = focus
        self.depth = depth
        self.layout = layout
        self.force = force
        self.layoutBounds = layoutBounds
        self.markFindings = markFindings
        self.maxLineBytes = maxLineBytes
    }
}

/// What `lego-trace import` was asked to do.
public struct ImportRequest: Sendable, Hashable {
    /// The console log, or `-` for standard input.
    public var logPath: String
    /// Where to write the trace.
    public var outputPath: String
    /// The process to import; nil picks the one with the most framework lines.
    public var pid: Int?
    /// The longest console line read; a longer one is refused.
    public var maxLineBytes: Int

    /// Creates a request.
    public init(logPath: String, outputPath: String = DefaultPaths.trace, pid: Int? = nil,
                maxLineBytes: Int = TraceReader.Options.defaultMaxLineBytes) {
        self.logPath = logPath
        self.outputPath = outputPath
        self.pid = pid
        self.maxLineBytes = maxLineBytes
    }
}

/// What `lego-trace scan` was asked to do.
public struct ScanRequest: Sendable, Hashable {
    /// The app's source folder.
    public var sourcePath: String
    /// The findings report's format.
    public var format: ReportFormat
    /// Where to write the report; nil for standard output.
    public var outputPath: String?
    /// Lowest severity that fails: error, warning, note or never.
    public var failOn: String
    /// An explicit config file.
    public var configPath: String?
    /// A baseline to suppress known findings.
    public var baselinePath: String?
    /// Where to write a baseline of the current findings.
    public var writeBaselinePath: String?
    /// Where to write the model JSON.
    public var modelPath: String?
    /// Where to write the scenario.
    public var scenarioPath: String?
    /// Where to draw the static module graph (format from the extension).
    public var graphPath: String?
    /// auto, always or never.
    public var color: String

    /// Creates a request with the CLI's defaults.
    public init(sourcePath: String, format: ReportFormat = .text, outputPath: String? = nil, failOn: String = "error",
                configPath: String? = nil, baselinePath: String? = nil, writeBaselinePath: String? = nil, modelPath: String? = nil,
                scenarioPath: String? = nil, graphPath: String? = nil, color: String = "auto") {
        self.sourcePath = sourcePath
        self.format = format
        self.outputPath = outputPath
        self.failOn = failOn
        self.configPath = configPath
        self.baselinePath = baselinePath
        self.writeBaselinePath = writeBaselinePath
        self.modelPath = modelPath
        self.scenarioPath = scenarioPath
        self.graphPath = graphPath
        self.color = color
    }
}
