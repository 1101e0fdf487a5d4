import LegoModel
import LegoAnalysis
@testable import LegoReport

/// Analysis results and contexts shared by the report tests.
enum ReportFixtures {
    /// A name built to break every format: quotes, backslash, newline, a forged workflow command, an ANSI colour,
    /// markup, emoji, Chinese, NUL, BEL, DEL and a right-to-left override.
    static let hostile = "Q\"uo'te\\back\nslash\r::error::pwn,x:y%0A\u{1B}[31m<script>alert(1)</script>&amp; 😀中文\u{0}\u{7}\u{7F}\u{202E}end"

    /// The rules of a typical run: three with findings in `faulty`, one quiet.
    static let rules = [
        RuleDescription(id: "leaked-module", defaultSeverity: .error,
                        summary: "A module whose screen is gone stays alive.",
                        why: "A popped screen that stays alive leaks memory.\n\nBreak the retain cycle that holds it.", frameworks: [.xflegoViper]),
        RuleDescription(id: "duplicate-module-name", defaultSeverity: .warning,
                        summary: "Two classes or instances share one module name.",
                        why: "The registry keeps only the newest; events reach only it.", frameworks: [.xflegoViper]),
        RuleDescription(id: "illegal-url-hierarchy", defaultSeverity: .error,
                        summary: "A URL opened against a chain it does not match.",
                        why: "The framework refuses such opens at runtime.", frameworks: [.xflegoViper]),
        RuleDescription(id: "lost-event", defaultSeverity: .note,
                        summary: "An event sent to a name with no live receiver.",
                        why: "Nobody handles it.", frameworks: [.xflegoViper]),
    ]

    /// Three findings of three rules and severities, with evidence and a multi-line message.
    static let faulty = AnalysisResult(
        findings: [
            Finding(ruleID: "duplicate-module-name", severity: .warning,
                    message: "Two live instances hold the name BDJIndex; events reach only the newest.",
                    module: "BDJIndex", instance: "BDJIndexRouting#9",
                    first: .init(seq: 12, time: 0.25), last: .init(seq: 30, time: 0.75),
                    evidence: [Evidence(seq: 12, time: 0.25, kind: "component.add", note: "first BDJIndex registered"),
                               Evidence(seq: 30, time: 0.75, kind: "component.add", note: "second BDJIndex overwrites it")],
                    fingerprint: "duplicate-module-name|BDJIndex|BDJIndexRouting"),
            Finding(ruleID: "leaked-module", severity: .error,
                    message: "BDJPost was popped but BDJPostRouting#17 was never deinitialized.\nHeld by: the next link of BDJIndexRouting#9.",
                    module: "BDJPost", instance: "BDJPostRouting#17",
                    first: .init(seq: 40, time: 1.2), last: .init(seq: 1234, time: 12.345),
                    evidence: [Evidence(seq: 40, time: 1.2, kind: "transition.begin", note: "pop of BDJPost"),
                               Evidence(seq: 1234, time: 12.345, kind: "link", note: "next link still set")],
                    fingerprint: "leaked-module|BDJPost|BDJPostRouting"),
            Finding(ruleID: "lost-event", severity: .note,
                    message: "Event refresh sent to BDJGone, which has no live receiver.",
                    first: .init(seq: 2000, time: 20.5), last: .init(seq: 2000, time: 20.5),
                    fingerprint: "lost-event|BDJGone|refresh"),
        ],
        rules: rules, eventCount: 12345, duration: 34.56,
        limitations: ["URL hierarchy: the imported trace has no URLs"])

    /// No findings at all.
    static let clean = AnalysisResult(findings: [], rules: rules, eventCount: 321, duration: 4.2)

    /// One finding whose every text field is `hostile`, with a rule the rule list does not know.
    static let hostileResult = AnalysisResult(
        findings: [
            Finding(ruleID: "leaked-module", severity: .error, message: "Leaked \(hostile)\nsecond line \(hostile)",
                    module: hostile, instance: hostile + "#1",
                    first: .init(seq: 5, time: 0.5), last: .init(seq: 6, time: 0.6),
                    evidence: [Evidence(seq: 5, time: 0.5, kind: hostile, note: hostile)],
                    fingerprint: "leaked-module|" + hostile),
            Finding(ruleID: "custom-rule", severity: .note, message: hostile, module: nil, instance: nil,
                    first: .init(seq: 7, time: 0.7), last: .init(seq: 7, time: 0.7), fingerprint: "custom|" + hostile),
        ],
        rules: rules, eventCount: 10, duration: 1, limitations: [hostile])

    /// The trace file as the header line plus one event per line: event `seq` sits on line `seq + 1`; every finding
    /// fails (`--fail-on note`), so JUnit shows each as a failure.
    static func context(tracePath: String = "out/lego-trace.jsonl", colour: Bool = false, baseline: BaselineSummary? = nil,
                        warnings: [String] = []) -> ReportContext {
        var context = ReportContext(tracePath: tracePath, toolVersion: "0.1.0", colour: colour, baseline: baseline,
                                    traceLine: { Int($0) + 1 }, warnings: warnings)
        context.failOn = .note
        return context
    }

    /// A baseline that hid two findings and has one entry that no longer occurs.
    static let baseline = BaselineSummary(path: "lego-baseline.json", suppressed: 2, stale: [
        .init(fingerprint: "leaked-module|BDJOld|BDJOldRouting", rule: "leaked-module", module: "BDJOld"),
    ])
}
