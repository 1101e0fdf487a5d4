import Foundation
import LegoTraceIO

/// A recorded set of known findings: `check --baseline` fails only on findings not in it.
///
/// The file is JSON: `{"version": 1, "tool": "lego-trace", "entries": [{"fingerprint", "rule", "module"}]}`, entries
/// sorted by rule then fingerprint. It holds nothing that changes between runs of the same defects (no message with
/// times or object ids), so re-recording it diffs only where the set of known findings changed. A `message` key
/// written by earlier versions is read and ignored.
public struct Baseline: Sendable, Hashable {
    /// The baseline format version this build writes and reads.
    public static let version = 1

    /// One known finding.
    public struct Entry: Sendable, Hashable, Codable {
        /// The finding's fingerprint, the only field used for matching.
        public var fingerprint: String
        /// Its rule id.
        public var rule: String
        /// Its module, if any.
        public var module: String?

        /// Creates an entry.
        public init(fingerprint: String, rule: String, module: String?) {
            self.fingerprint = fingerprint
            self.rule = rule
            self.module = module
        }
    }

    /// How current findings relate to a baseline.
    public struct Comparison: Sendable, Hashable {
        /// Findings the baseline does not know: these still fail the check.
        public var new: [Finding]
        /// Findings the baseline knows: reported as suppressed.
        public var suppressed: [Finding]
        /// Baseline entries no current finding matches: the defect is gone or changed.
        public var stale: [Entry]
    }

    private struct File: Codable {
        var version: Int
        var tool: String
        var entries: [Entry]
    }

    /// The known findings.
    public var entries: [Entry]

    /// Creates a baseline from entries.
    public init(entries: [Entry]) { self.entries = entries }

    /// A baseline that knows exactly `findings`.
    public init(findings: [Finding]) {
        var seen = Set<String>()
        var entries: [Entry] = []
        for finding in findings where seen.insert(finding.fingerprint).inserted {
            entries.append(Entry(fingerprint: finding.fingerprint, rule: finding.ruleID, module: finding.module))
        }
        self.entries = entries.sorted { ($0.rule, $0.fingerprint) < ($1.rule, $1.fingerprint) }
    }

    /// Writes a baseline of `findings` to `path`.
    public static func write(_ findings: [Finding], to path: String) throws(AnalysisError) {
        let file = File(version: version, tool: "lego-trace", entries: Baseline(findings: findings).entries)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data: Data
        do {
            data = try encoder.encode(file)
        } catch {
            throw .unreadable(path: path, reason: "cannot encode the baseline: \(Self.oneLine(error))")
        }
        data.append(0x0a)
        do {
            try OutputFile.write(data, to: path)
        } catch {
            throw .unreadable(path: path, reason: "cannot write the baseline: \(error.description)")
        }
    }

    /// Reads a baseline file, or returns nil when there is none yet (a first run: every finding is new).
    public static func loadIfPresent(path: String) throws(AnalysisError) -> Baseline? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        return try load(path: path)
    }

    /// Reads a baseline file.
    public static func load(path: String) throws(AnalysisError) -> Baseline {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .unreadable(path: path, reason: "no such baseline file")
        }
        guard !isDirectory.boolValue else { throw .unreadable(path: path, reason: "is a directory, not a baseline file") }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unreadable(path: path, reason: "cannot read the baseline file")
        }
        return try parse(data, file: path)
    }

    /// Parses baseline JSON; `file` names it in errors.
    public static func parse(_ data: Data, file: String) throws(AnalysisError) -> Baseline {
        // `withUnsafeBytes` rethrows untyped; the result carries the typed error out instead.
        let result = data.withUnsafeBytes { raw in
            Result { () throws(AnalysisError) in try BaselineReader.parse(raw.assumingMemoryBound(to: UInt8.self), file: file) }
        }
        return try result.get()
    }

    /// Splits `findings` into new and suppressed, and lists entries that no longer occur.
    public func compare(_ findings: [Finding]) -> Comparison {
        let known = Set(entries.map(\.fingerprint))
        var comparison = Comparison(new: [], suppressed: [], stale: [])
        var current = Set<String>()
        for finding in findings {
            current.insert(finding.fingerprint)
            if known.contains(finding.fingerprint) { comparison.suppressed.append(finding) } else { comparison.new.append(finding) }
        }
        comparison.stale = entries.filter { !current.contains($0.fingerprint) }
        return comparison
    }

    private static func oneLine(_ error: any Error) -> String {
        String(describing: error).split(separator: "\n").first.map(String.init) ?? "unknown error"
    }
}
