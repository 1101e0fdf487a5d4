import LegoModel
import LegoAnalysis
import LegoReplay
import Testing
@testable import LegoGraph

@Test func eachRuleSaysHowItsFindingsAreDrawn() {
    let drawing = Dictionary(uniqueKeysWithValues: DetectorRegistry.rules.map { ($0.id, $0.drawing) })
    #expect(drawing["leaked-module"] == .leaked)
    #expect(drawing["orphan-component"] == .orphan, "an orphan is not labelled a leak")
    #expect(drawing["duplicate-module-name"] == .duplicateName)
    #expect(drawing["illegal-url-hierarchy"] == .illegalURL)
    #expect(drawing["lost-event"] == .other)
}

@Test func aFindingIsDrawnAsItsRuleSaysAndAnUnknownRuleAsOther() {
    let moment = ReplayState.Moment(seq: 1, time: 0)
    let finding = Finding(ruleID: "custom", severity: .error, message: "m", module: "Post", first: moment, last: moment, fingerprint: "c")
    #expect(GraphMark.marks(from: [finding]).first?.kind == .other)
    let custom = RuleDescription(id: "custom", defaultSeverity: .error, summary: "s", why: "w", drawing: .duplicateName, frameworks: [.xflegoViper])
    #expect(GraphMark.marks(from: [finding], rules: [custom]).first?.kind == .duplicateName)
}

@Test func marksTakeTheFirstLineAndSkipFindingsWithoutAModule() {
    let moment = ReplayState.Moment(seq: 1, time: 0)
    let findings = [
        Finding(ruleID: "leaked-module", severity: .error, message: "first line\nsecond line", module: "Post",
                instance: "BDJPostRouting#17", object: 17, first: moment, last: moment, fingerprint: "a"),
        Finding(ruleID: "url-open-failed", severity: .warning, message: "no module", first: moment, last: moment, fingerprint: "b"),
    ]
    let marks = GraphMark.marks(from: findings)
    #expect(marks == [GraphMark(module: "Post", instance: "BDJPostRouting#17", object: 17, kind: .leaked, message: "first line")])
}

/// A leak the trace could not confirm (it stopped before the grace period ran out) is marked as unconfirmed, not leaked.
@Test func anUnconfirmedLeakIsNotMarkedAsALeak() {
    let moment = ReplayState.Moment(seq: 1, time: 0)
    var finding = Finding(ruleID: "leaked-module", severity: .note, message: "may have outlived", module: "SignIn",
                          first: moment, last: moment, fingerprint: "u")
    #expect(GraphMark.marks(from: [finding]).first?.kind == .leaked)
    finding.drawing = .unconfirmed
    #expect(GraphMark.marks(from: [finding]).first?.kind == .unconfirmed)
    #expect(GraphMark.kinds(of: [finding]) == [.unconfirmed])
    #expect(GraphMark.Kind.unconfirmed.caption == "unconfirmed" && GraphMark.Kind.orphan.caption == "orphan")
}
