import Foundation
import LegoModel
import Yams

/// What `check` is configured to do: grace period, URL check mode, severity overrides and allowlists.
///
/// Read from `.lego-trace.yml` (see `docs/check.md`); command-line options override it.
public struct AnalysisConfiguration: Sendable, Hashable {
    /// The file name `discover(in:)` looks for.
    public static let fileName = ".lego-trace.yml"

    /// Seconds of trace time a module may outlive its screen before it counts as leaked.
    public var grace: Double = 2
    /// How URL hierarchies are verified.
    public var urlCheck: URLCheckMode = .strict
    /// Per-rule severity overrides; a rule listed in `disabled` does not run at all.
    public var severities: [String: Severity] = [:]
    /// Rules switched off with `off`.
    public var disabled: Set<String> = []
    /// Rule id, or `*` for every rule → module name patterns (`*` matches any run of characters) whose findings are dropped.
    public var allow: [String: [String]] = [:]
    /// `scan.include`: globs of source paths (relative to the scanned folder) `scan` reads; empty reads every file.
    public var scanInclude: [String] = []
    /// `scan.exclude`: globs of source paths `scan` leaves out.
    public var scanExclude: [String] = []

    /// The default configuration.
    public init() {}

    /// Creates a configuration from its parts.
    public init(grace: Double = 2, urlCheck: URLCheckMode = .strict, severities: [String: Severity] = [:],
                disabled: Set<String> = [], allow: [String: [String]] = [:]) {
        self.grace = grace
        self.urlCheck = urlCheck
        self.severities = severities
        self.disabled = disabled
        self.allow = allow
    }

    /// The severity `rule` reports with, or nil when the configuration switched it off.
    public func severity(for rule: RuleDescription) -> Severity? {
        if disabled.contains(rule.id) { return nil }
        return severities[rule.id] ?? rule.defaultSeverity
    }

    /// Whether findings of `ruleID` about `module` are allowlisted.
    public func allows(ruleID: String, module: String?) -> Bool {
        guard let module else { return false }
        for key in [ruleID, "*"] {
            for pattern in allow[key] ?? [] where Self.matches(pattern: pattern, name: module) { return true }
        }
        return false
    }

    /// Whether `name` matches `pattern`, where `*` stands for any run of characters (including none).
    public static func matches(pattern: String, name: String) -> Bool {
        let pattern = Array(pattern.unicodeScalars)
        let name = Array(name.unicodeScalars)
        var p = 0, n = 0
        var star = -1, mark = 0
        while n < name.count {
            if p < pattern.count, pattern[p] != "*", pattern[p] == name[n] {
                p += 1; n += 1
            } else if p < pattern.count, pattern[p] == "*" {
                star = p; mark = n; p += 1
            } else if star >= 0 {
                p = star + 1; mark += 1; n = mark
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }

    /// Reads and parses a configuration file.
    public static func load(path: String) throws(AnalysisError) -> AnalysisConfiguration {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .unreadable(path: path, reason: "no such config file")
        }
        guard !isDirectory.boolValue else { throw .unreadable(path: path, reason: "is a directory, not a config file") }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unreadable(path: path, reason: "cannot read the config file")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw .invalidConfiguration(file: path, line: nil, problem: "the config file is not UTF-8 text")
        }
        return try parse(yaml: text, file: path)
    }

    /// Loads `.lego-trace.yml` from `directory`, or returns nil when there is none.
    public static func discover(in directory: String) throws(AnalysisError) -> AnalysisConfiguration? {
        let path = directory.hasSuffix("/") ? directory + fileName : directory + "/" + fileName
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        return try load(path: path)
    }

    /// Parses configuration YAML; `file` names it in errors.
    public static func parse(yaml: String, file: String) throws(AnalysisError) -> AnalysisConfiguration {
        if let excess = YAMLNesting.firstExcess(in: yaml) { throw .tooDeeplyNested(file: file, excess) }
        let root: Node?
        do {
            root = try Yams.compose(yaml: yaml)
        } catch let error as YamlError {
            throw yamlError(error, file: file)
        } catch {
            throw .invalidConfiguration(file: file, line: nil, problem: "cannot parse YAML: \(error)")
        }
        var configuration = AnalysisConfiguration()
        guard let root else { return configuration }
        guard case let .mapping(mapping) = root else {
            throw .invalidConfiguration(file: file, line: root.mark?.line, problem: "the config must be a mapping of keys (grace, url-check, severity, allow)")
        }
        for (keyNode, value) in mapping {
            let key = keyNode.string ?? ""
            let line = keyNode.mark?.line
            switch key {
            case "grace":
                guard let text = value.scalar?.string, let seconds = Double(text), seconds >= 0, seconds.isFinite else {
                    throw .invalidConfiguration(file: file, line: value.mark?.line ?? line, problem: "grace must be a non-negative number of seconds")
                }
                configuration.grace = seconds
            case "url-check":
                guard let text = value.scalar?.string, let mode = URLCheckMode(rawValue: text) else {
                    throw .invalidConfiguration(file: file, line: value.mark?.line ?? line, problem: "url-check must be strict or legacy")
                }
                configuration.urlCheck = mode
            case "severity":
                guard case let .mapping(levels) = value else {
                    throw .invalidConfiguration(file: file, line: value.mark?.line ?? line, problem: "severity must map rule ids to error, warning, note or off")
                }
                for (ruleNode, levelNode) in levels {
                    let rule = try ruleID(ruleNode, file: file, allowWildcard: false)
                    let level = levelNode.scalar?.string ?? ""
                    if level == "off" {
                        configuration.disabled.insert(rule)
                        configuration.severities[rule] = nil
                    } else if let severity = Severity(rawValue: level) {
                        configuration.severities[rule] = severity
                        configuration.disabled.remove(rule)
                    } else {
                        throw .invalidConfiguration(file: file, line: levelNode.mark?.line ?? ruleNode.mark?.line,
                                                    problem: "severity of '\(rule)' must be error, warning, note or off, not '\(level)'")
                    }
                }
            case "allow":
                guard case let .mapping(lists) = value else {
                    throw .invalidConfiguration(file: file, line: value.mark?.line ?? line, problem: "allow must map rule ids (or *) to lists of module name patterns")
                }
                for (ruleNode, patternsNode) in lists {
                    let rule = try ruleID(ruleNode, file: file, allowWildcard: true)
                    var patterns: [String] = []
                    switch patternsNode {
                    case let .sequence(sequence):
                        for item in sequence {
                            guard let pattern = item.scalar?.string, !pattern.isEmpty else {
                                throw .invalidConfiguration(file: file, line: item.mark?.line, problem: "allow patterns for '\(rule)' must be module names or patterns like 'Cached*'")
                            }
                            patterns.append(pattern)
                        }
                    case let .scalar(scalar) where !scalar.string.isEmpty:
                        patterns.append(scalar.string)
                    default:
                        throw .invalidConfiguration(file: file, line: patternsNode.mark?.line ?? ruleNode.mark?.line,
                                                    problem: "allow for '\(rule)' must be a list of module name patterns")
                    }
                    configuration.allow[rule, default: []].append(contentsOf: patterns)
                }
            case "scan":
                guard case let .mapping(scan) = value else {
                    throw .invalidConfiguration(file: file, line: value.mark?.line ?? line, problem: "scan must map include and exclude to lists of path globs")
                }
                for (scanKey, globsNode) in scan {
                    let name = scanKey.string ?? ""
                    guard name == "include" || name == "exclude" else {
                        throw .invalidConfiguration(file: file, line: scanKey.mark?.line,
                                                    problem: "unknown key 'scan.\(name)'\(suggestion(for: name, among: ["include", "exclude"])) (expected include or exclude)")
                    }
                    let globs = try globList(globsNode, key: "scan.\(name)", file: file)
                    if name == "include" { configuration.scanInclude += globs } else { configuration.scanExclude += globs }
                }
            default:
                let hint = suggestion(for: key, among: ["grace", "url-check", "severity", "allow", "scan"])
                throw .invalidConfiguration(file: file, line: line, problem: "unknown key '\(key)'\(hint) (expected grace, url-check, severity, allow or scan)")
            }
        }
        return configuration
    }

    private static func globList(_ node: Node, key: String, file: String) throws(AnalysisError) -> [String] {
        switch node {
        case let .scalar(scalar) where !scalar.string.isEmpty:
            return [scalar.string]
        case let .sequence(sequence):
            var globs: [String] = []
            for item in sequence {
                guard let glob = item.scalar?.string, !glob.isEmpty else {
                    throw .invalidConfiguration(file: file, line: item.mark?.line, problem: "\(key) must list path globs like 'Lib/**' or 'Generated'")
                }
                globs.append(glob)
            }
            return globs
        default:
            throw .invalidConfiguration(file: file, line: node.mark?.line, problem: "\(key) must be a list of path globs")
        }
    }

    private static func ruleID(_ node: Node, file: String, allowWildcard: Bool) throws(AnalysisError) -> String {
        let id = node.string ?? ""
        if allowWildcard, id == "*" { return id }
        guard DetectorRegistry.rule(id: id) == nil else { return id }
        let ids = DetectorRegistry.rules.map(\.id)
        let hint = suggestion(for: id, among: ids)
        throw .invalidConfiguration(file: file, line: node.mark?.line,
                                    problem: "unknown rule '\(id)'\(hint); `lego-trace rules` lists them")
    }

    private static func yamlError(_ error: YamlError, file: String) -> AnalysisError {
        switch error {
        case let .scanner(_, problem, mark, _), let .parser(_, problem, mark, _), let .composer(_, problem, mark, _):
            return .invalidConfiguration(file: file, line: mark.line, problem: "invalid YAML: \(problem)")
        default:
            let text = "\(error)".split(separator: "\n").first.map(String.init) ?? "invalid YAML"
            return .invalidConfiguration(file: file, line: nil, problem: "invalid YAML: \(text)")
        }
    }

    /// ` (did you mean 'x'?)` for the closest candidate within a small edit distance, else empty.
    static func suggestion(for word: String, among candidates: [String]) -> String {
        Suggestion.closest(to: word, among: candidates).map { " (did you mean '\($0)'?)" } ?? ""
    }
}
