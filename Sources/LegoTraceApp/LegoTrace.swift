import LegoAnalysis
import LegoModel
import LegoTraceIO

/// The library entry points behind each `lego-trace` subcommand; each returns the documented exit status.
public enum LegoTrace {
    /// The tool's version, printed by `--version` and written into reports and trace headers.
    public static let version = "0.1.0"
    /// The longest trace or console-log line read unless `--max-line-bytes` says otherwise (64 MiB).
    public static let defaultMaxLineBytes = TraceReader.Options.defaultMaxLineBytes

    /// Every rule id, in listing order: what `rules --explain` accepts and shell completion offers.
    public static var ruleIDs: [String] { DetectorRegistry.rules.map(\.id) }

    /// `lego-trace rules`: lists the detectors, or explains one.
    public static func rules(explain: String?, framework: Framework? = nil, console: Console) throws(LegoTraceError) -> ExitStatus {
        guard let explain else {
            let rules = DetectorRegistry.rules.filter { framework.map($0.applies(to:)) ?? true }
            let frameworks = rules.map { $0.orderedFrameworks.map(\.rawValue).joined(separator: ",") }
            let idWidth = rules.map(\.id.count).max() ?? 0
            let severityWidth = rules.map(\.defaultSeverity.rawValue.count).max() ?? 0
            let frameworkWidth = frameworks.map(\.count).max() ?? 0
            for (rule, names) in zip(rules, frameworks) {
                let id = rule.id.padding(toLength: idWidth, withPad: " ", startingAt: 0)
                let severity = rule.defaultSeverity.rawValue.padding(toLength: severityWidth, withPad: " ", startingAt: 0)
                // One framework asked for: the column would repeat it on every line.
                let applies = framework == nil ? names.padding(toLength: frameworkWidth, withPad: " ", startingAt: 0) + "  " : ""
                console.line("\(id)  \(severity)  \(applies)\(rule.summary)")
            }
            if let framework, rules.isEmpty { console.line("no rule applies to \(framework.displayName) yet") }
            console.line("")
            console.line("`lego-trace rules --explain ID` says why a rule matters and how to fix what it finds.")
            return .success
        }
        guard let rule = DetectorRegistry.rule(id: explain) else {
            throw LegoTraceError("unknown rule '\(explain)'" + Suggestion.hint(for: explain, among: ruleIDs))
        }
        console.line("\(rule.id) (\(rule.defaultSeverity.rawValue)): \(rule.summary)")
        console.line("applies to: \(rule.orderedFrameworks.map(\.displayName).joined(separator: ", "))")
        console.line("")
        for line in rule.why.split(separator: "\n", omittingEmptySubsequences: false) { console.line(String(line)) }
        return .success
    }
}
