import LegoAnalysis
import LegoReplay
import Testing
@testable import LegoGraph

@Test func ruleIDsMapToTheirMarkKinds() {
    #expect(GraphMark.kind(forRule: "leaked-module") == .leaked)
    #expect(GraphMark.kind(forRule: "orphan-component") == .leaked)
    #expect(GraphMark.kind(forRule: "duplicate-module-name") == .duplicateName)
    #expect(GraphMark.kind(forRule: "illegal-url-hierarchy") == .illegalURL)
    #expect(GraphMark.kind(forRule: "naming-problem") == .other)
}

@Test func marksTakeTheFirstLineAndSkipFindingsWithoutAModule() {
    let moment = ReplayState.Moment(seq: 1, time: 0)
    let findings = [
        Finding(ruleID: "leaked-module", severity: .error, message: "first line\nsecond line", module: "Post",
                instance: "BDJPostRouting#17", first: moment, last: moment, fingerprint: "a"),
        Finding(ruleID: "url-open-failed", severity: .warning, message: "no module", first: moment, last: moment, fingerprint: "b"),
    ]
    let marks = GraphMark.marks(from: findings)
    #expect(marks == [GraphMark(module: "Post", instance: "BDJPostRouting#17", kind: .leaked, message: "first line")])
    #expect(marks.first?.objectID == 17)
}
