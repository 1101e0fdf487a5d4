import ArgumentParser
import LegoAnalysis
import LegoModel
import LegoReport
import LegoTraceApp

// Each option with a fixed set of values is one library enum: these conformances let it parse, validate, list its
// values in `--help` and offer them to shell completion, so no list of accepted strings exists beside it.

extension ReportFormat: RawValueArgument {}
extension FailThreshold: RawValueArgument {}
extension URLCheckMode: RawValueArgument {}
extension ColorChoice: RawValueArgument {}
extension GraphFormat: RawValueArgument {}
extension ExportFormat: RawValueArgument {}

/// An option's value spelled by its raw value: its default and its list of values are the raw values, read directly.
///
/// swift-argument-parser's own defaults reach them through a generic key path and string interpolation, which the
/// Swift runtime resolves with conformance lookups over the whole binary when a command starts (about a million
/// instructions in all, on every run).
protocol RawValueArgument: ExpressibleByArgument, CaseIterable, RawRepresentable where RawValue == String {}

extension RawValueArgument {
    /// The raw value, shown as the default in `--help`.
    public var defaultValueDescription: String { rawValue }
    /// Every raw value, for `--help` and completion.
    public static var allValueStrings: [String] { allCases.map { $0.rawValue } }
}

extension Framework: ExpressibleByArgument {
    /// Parses a framework's name or a known alias (`xflego-viper`, `NNModule-swift`).
    public init?(argument: String) { self.init(name: argument) }
}

extension CheckFormat: ExpressibleByArgument {
    /// Parses a report format's name or `html`.
    public init?(argument: String) { self.init(name: argument) }
    /// The command-line spelling, shown as the default in `--help`.
    public var defaultValueDescription: String { name }
    /// Every spelling, for `--help` and completion.
    public static var allValueStrings: [String] { allCases.map(\.name) }
}

extension LayoutChoice: ExpressibleByArgument {
    /// Parses `auto` or an engine name.
    public init?(argument: String) { self.init(name: argument) }
    /// The command-line spelling, shown as the default in `--help`.
    public var defaultValueDescription: String { name }
    /// Every spelling, for `--help` and completion.
    public static var allValueStrings: [String] { allCases.map(\.name) }
}

extension ReplayPoint: ExpressibleByArgument {
    /// Completion has no fixed list: any event seq, or `end`.
    public static var defaultCompletionKind: CompletionKind { .list(["end"]) }
}
