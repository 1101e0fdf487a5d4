import LegoAnalysis
import LegoModel
import Testing

/// The same defects with other object ids, seq numbers and times.
private func scenario(idOffset: ObjectID, filler: Int, start: Double) -> TraceBuilder {
    var trace = TraceBuilder(idOffset: idOffset, leadingFiller: filler)
    trace.advance(start)
    trace.register("bdj://essence/post", "Post")
    trace.show("IndexTab", 1)
    trace.sub(parent: 1, "Essence", 10)
    trace.push(from: 10, "Post", 20, url: "bdj://essence/post")
    trace.push(from: 20, "Post", 30, url: "bdj://new/post")
    trace.send("refresh", to: "Ghost", reached: [])
    trace.pop("Post", 30, previous: 20, leak: true)
    trace.advance(3)
    return trace
}

@Test func fingerprintsIgnoreSeqTimesAndObjectIDs() throws {
    let first = scenario(idOffset: 0, filler: 0, start: 0).analyze().findings
    let second = scenario(idOffset: 5000, filler: 17, start: 42).analyze().findings
    try #require(first.count >= 4)
    #expect(Set(first.map(\.ruleID)).isSuperset(of: ["leaked-module", "duplicate-module-name", "unregistered-url", "lost-event"]))
    #expect(first.map(\.fingerprint) == second.map(\.fingerprint))
    #expect(first.map(\.first.seq) != second.map(\.first.seq))
    #expect(Set(first.map(\.fingerprint)).count == first.count)
}

@Test func fingerprintsAreShortHexAndDependOnEveryPart() {
    let fingerprint = Fingerprint.make(["leaked-module", "Post", "BDJPostRouting", "retain-cycle"])
    #expect(fingerprint.count == 16)
    #expect(fingerprint.allSatisfy { $0.isHexDigit })
    #expect(fingerprint == Fingerprint.make(["leaked-module", "Post", "BDJPostRouting", "retain-cycle"]))
    #expect(fingerprint != Fingerprint.make(["leaked-module", "Post", "BDJPostRouting", "user-reference"]))
    #expect(Fingerprint.make(["ab", "c"]) != Fingerprint.make(["a", "bc"]))
}

@Test func everyRuleHasAStableKebabCaseIDAndItsTexts() {
    let ids = DetectorRegistry.rules.map(\.id)
    #expect(ids == ["leaked-module", "orphan-component", "duplicate-module-name", "illegal-url-hierarchy",
                    "unregistered-url", "unknown-component", "lost-event", "naming-convention",
                    "nn-service-missing", "nn-priority-ignored", "nn-impl-not-conforming", "nn-impl-replaced-after-use", "nn-service-cycle",
                    "nn-route-duplicate", "nn-route-invalid", "nn-route-unmatched", "nn-nested-wrong-upper", "nn-nested-loop",
                    "nn-redirect-loop", "nn-redirect-dangling", "nn-interceptor-double-run", "nn-handler-noop",
                    "nn-event-name-collision", "nn-event-dead-targets", "nn-observer-discarded", "nn-sticky-stale",
                    "nn-late-register",
                    "qf-missing-impl", "qf-unknown-scheme", "qf-impl-not-conforming", "qf-kvc-unknown-key", "qf-kvc-nil-scalar",
                    "qf-kvc-type-mismatch", "qf-kvc-weak-target", "qf-module-per-call", "qf-callback-retains-caller"])
    for rule in DetectorRegistry.rules {
        #expect(rule.id.allSatisfy { $0.isLowercase || $0 == "-" })
        #expect(!rule.summary.isEmpty && !rule.summary.contains("\n"))
        #expect(rule.why.count > 200)
        #expect(DetectorRegistry.rule(id: rule.id) == rule)
    }
    #expect(DetectorRegistry.rule(id: "nope") == nil)
}
