/// The first line of a trace: what wrote it and for which app.
public struct TraceHeader: Sendable, Hashable {
    /// The format name every trace carries.
    public static let formatName = "lego-trace"
    /// The format version this build writes for XFLegoVIPER traces (see `Framework.traceFormatVersion`).
    public static let currentVersion = FormatVersion(major: 1, minor: 0)
    /// The newest major format version this build reads; a newer one is refused.
    public static let newestMajorVersion = 2

    /// Always `lego-trace`.
    public var format: String
    /// The format version of the trace.
    public var version: FormatVersion
    /// The program that wrote it, e.g. `lego-trace-runtime 0.1.0`.
    public var producer: String
    /// Wall-clock start of the recording, ISO 8601.
    public var start: String
    /// The app's name.
    public var app: String
    /// Where the events came from, as written: `runtime`, `recorder` or `import` (see `TraceSource`).
    public var source: String
    /// For imported traces: the console log it was imported from; the events' `line` fields are lines of it.
    public var importedFrom: String?
    /// For recorded scenarios: the scenario file as `record` was given it; the events' `line` fields are its lines
    /// (the journey step that caused each event).
    public var scenario: String?
    /// The framework the app is built on (JSON key `framework`); a header without the key is XFLegoVIPER.
    public var framework: Framework
    /// The framework's version when the producer knows it (JSON key `frameworkVersion`, or the version part of a
    /// recorder's `"framework":"XFLegoVIPER 4.20.1"`).
    public var frameworkVersion: String?

    /// The `start` of a trace recorded on a virtual clock (a scenario): the Unix epoch, so the header is the same
    /// on every run and machine, and plainly not a wall-clock time.
    public static let virtualClockStart = "1970-01-01T00:00:00.000Z"

    /// The file the events' `line` fields point into: the scenario or the console log, if the trace came from one.
    public var lineSource: String? { scenario ?? importedFrom }

    /// Creates a header in the format version `framework`'s traces are written in.
    public init(producer: String, start: String, app: String, source: String = "runtime", importedFrom: String? = nil,
                scenario: String? = nil, framework: Framework = .default, frameworkVersion: String? = nil) {
        self.format = Self.formatName
        self.version = framework.traceFormatVersion
        self.framework = framework
        self.frameworkVersion = frameworkVersion
        self.producer = producer
        self.start = start
        self.app = app
        self.source = source
        self.importedFrom = importedFrom
        self.scenario = scenario
    }
}

extension TraceHeader {
    /// What wrote the events, when the header's `source` is one this build knows.
    public var recordedBy: TraceSource? { TraceSource(rawValue: source) }
}

/// The writers of trace events a header's `source` names.
public enum TraceSource: String, Sendable, CaseIterable, Hashable {
    /// The instrumented runtime (LegoRuntime) ran a scenario or a program.
    case runtime
    /// The Objective-C recorder (recorders/objc) hooked a real XFLegoVIPER app: real object lifetimes, as the runtime's.
    case recorder
    /// `import` derived the events from the framework's console logs: no lifetimes, no URLs.
    case `import`
}

/// A `major.minor` format version; readers refuse a newer major version.
public struct FormatVersion: Sendable, Hashable, CustomStringConvertible {
    /// Incompatible changes bump this.
    public var major: Int
    /// Additive changes (new optional fields or kinds) bump this.
    public var minor: Int
    /// Creates a version.
    public init(major: Int, minor: Int) { self.major = major; self.minor = minor }
    /// Parses `"1.0"` or `"1"`.
    public init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let major = Int(parts[0]) else { return nil }
        let minor = parts.count == 2 ? Int(parts[1]) : 0
        guard let minor else { return nil }
        self.init(major: major, minor: minor)
    }
    /// `major.minor`.
    public var description: String { "\(major).\(minor)" }
}
