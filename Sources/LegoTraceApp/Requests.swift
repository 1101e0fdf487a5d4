import LegoAnalysis
import LegoGraph
import LegoReport
import LegoModel
import LegoTraceIO

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

/// The analyzer's settings that `check` and `graph` share: the config file and what the command line overrides.
public struct AnalysisOptions: Sendable, Hashable {
    /// An explicit config file; nil looks for `.lego-trace.yml` in the current directory.
    public var configPath: String?
    /// Grace period override in seconds.
    public var grace: Double?
    /// URL check mode, overriding the config.
    public var urlCheck: URLCheckMode?

    /// Creates the options; all nil means the config file (if any) decides.
    public init(configPath: String? = nil, grace: Double? = nil, urlCheck: URLCheckMode? = nil) {
        self.configPath = configPath
        self.grace = grace
        self.urlCheck = urlCheck
    }
}

/// Where a findings report goes and what fails the command: the same for `check` and `scan`.
public struct ReportOptions: Sendable, Hashable {
    /// Where to write the report; nil (or `-`) for standard output.
    public var outputPath: String?
    /// Lowest severity that fails.
    public var failOn: FailThreshold
    /// A baseline to suppress known findings.
    public var baselinePath: String?
    /// Where to write a baseline of the current findings (the run then succeeds).
    public var writeBaselinePath: String?
    /// When the text report uses colour.
    public var color: ColorChoice
    /// Print nothing on standard error but errors (no summary, status or warnings).
    public var quiet: Bool
    /// Open the written report with the desktop's default application (the HTML page: the browser).
    public var open: Bool

    /// Creates the options with the CLI's defaults.
    public init(outputPath: String? = nil, failOn: FailThreshold = .error, baselinePath: String? = nil, writeBaselinePath: String? = nil,
                color: ColorChoice = .auto, quiet: Bool = false, open: Bool = false) {
        self.open = open
        self.outputPath = outputPath
        self.failOn = failOn
        self.baselinePath = baselinePath
        self.writeBaselinePath = writeBaselinePath
        self.color = color
        self.quiet = quiet
    }
}

/// Where `check` finds an XFLegoVIPER app's source to place its trace findings on.
public enum SourceJoinInput: Sendable, Hashable {
    /// The app's source folder, scanned as `scan` does (`--source`).
    case directory(String)
    /// A `scan --model` file (`--model`).
    case model(String)
}

/// What `lego-trace check` was asked to do.
public struct CheckRequest: Sendable, Hashable {
    /// The trace to check, or `-` for standard input.
    public var tracePath: String
    /// The report format (or the HTML page).
    public var format: CheckFormat
    /// Where the report goes and what fails the check.
    public var report: ReportOptions
    /// Config file and overrides.
    public var analysis: AnalysisOptions
    /// Skip malformed lines instead of stopping.
    public var lenient: Bool
    /// The longest trace line read; a longer one is malformed.
    public var maxLineBytes: Int
    /// The app's source (or its scanned model), to place findings on their class or call site.
    public var source: SourceJoinInput?

    /// Creates a request with the CLI's defaults.
    public init(tracePath: String = DefaultPaths.trace, format: CheckFormat = .report(.text), report: ReportOptions = ReportOptions(),
                analysis: AnalysisOptions = AnalysisOptions(), lenient: Bool = false,
                maxLineBytes: Int = TraceReader.Options.defaultMaxLineBytes, source: SourceJoinInput? = nil) {
        self.source = source
        self.tracePath = tracePath
        self.format = format
        self.report = report
        self.analysis = analysis
        self.lenient = lenient
        self.maxLineBytes = maxLineBytes
    }
}

/// What `lego-trace graph` was asked to do.
public struct GraphRequest: Sendable, Hashable {
    /// The trace to draw, or `-` for standard input.
    public var tracePath: String
    /// The output file, or `-` for standard output.
    public var outputPath: String
    /// The output format; nil to use the output's extension.
    public var format: GraphFormat?
    /// Draw the live state at this point instead of the whole history.
    public var at: ReplayPoint?
    /// A module to centre on.
    public var focus: String?
    /// Edges away from the focus module to draw; nil for the default (1), an error without `focus`.
    public var depth: Int?
    /// The Graphviz layout engine.
    public var layout: LayoutChoice
    /// Lay the graph out even when it is beyond the engine's bound.
    public var force: Bool
    /// The largest graph each engine is asked to lay out (tests lower them).
    public var layoutBounds: GraphLayout.Bounds
    /// Whether to run the analyzer and mark findings.
    public var markFindings: Bool
    /// Whether the history draws the modules the trace declares and never reaches.
    public var unreached: Bool
    /// Config file and overrides for the analyzer (read only when it runs).
    public var analysis: AnalysisOptions
    /// The longest trace line read; a longer one is malformed.
    public var maxLineBytes: Int
    /// Open the written picture or page with the desktop's default application.
    public var open: Bool

    /// Creates a request.
    public init(tracePath: String = DefaultPaths.trace, outputPath: String, format: GraphFormat? = nil, at: ReplayPoint? = nil,
                focus: String? = nil, depth: Int? = nil, layout: LayoutChoice = .auto, force: Bool = false,
                layoutBounds: GraphLayout.Bounds = .measured, markFindings: Bool = true, unreached: Bool = true, analysis: AnalysisOptions = AnalysisOptions(),
                maxLineBytes: Int = TraceReader.Options.defaultMaxLineBytes, open: Bool = false) {
        self.open = open
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
        self.unreached = unreached
        self.analysis = analysis
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
    /// The findings report's format, or the HTML page of the static graph and the findings.
    public var format: CheckFormat
    /// Where the report goes and what fails the scan.
    public var report: ReportOptions
    /// Config file and the URL check mode (grace applies to traces only).
    public var analysis: AnalysisOptions
    /// Where to write the model JSON.
    public var modelPath: String?
    /// Where to write the scenario.
    public var scenarioPath: String?
    /// Where to draw the static module graph (format from the extension).
    public var graphPath: String?
    /// `--exclude` globs, added to the config's `scan.exclude`.
    public var exclude: [String]
    /// The app's framework; nil detects it from the source.
    public var framework: Framework?

    /// Creates a request with the CLI's defaults.
    public init(sourcePath: String, format: CheckFormat = .report(.text), report: ReportOptions = ReportOptions(),
                analysis: AnalysisOptions = AnalysisOptions(), modelPath: String? = nil, scenarioPath: String? = nil, graphPath: String? = nil,
                exclude: [String] = [], framework: Framework? = nil) {
        self.exclude = exclude
        self.framework = framework
        self.sourcePath = sourcePath
        self.format = format
        self.report = report
        self.analysis = analysis
        self.modelPath = modelPath
        self.scenarioPath = scenarioPath
        self.graphPath = graphPath
    }
}
