import Foundation
import LegoAnalysis
import LegoModel
import LegoScenario
import LegoTraceIO
import Testing

/// Loads a scenario from the package's `samples/` folder.
private func sample(_ file: String) throws -> Scenario {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    return try Scenario.load(path: root.appendingPathComponent("samples").appendingPathComponent(file).path)
}

/// Records one run of `scenario` into memory.
private func record(_ scenario: Scenario) -> [TraceEvent] {
    let buffer = TraceBuffer()
    _ = ScenarioRunner.run(scenario, sink: buffer, console: nil)
    return buffer.events
}

private func check(_ events: [TraceEvent], _ configuration: AnalysisConfiguration = .init()) -> AnalysisResult {
    Analyzer.analyze(header: TraceBuilder.header, events: events, configuration: configuration)
}

@Test func theCleanSampleAppHasNoFindingsInEitherURLCheckMode() throws {
    let events = record(try sample("bdj-app.yml"))
    let result = check(events)
    #expect(result.findings.map(\.message) == [])
    #expect(result.eventCount == events.count)
    var legacy = AnalysisConfiguration()
    legacy.urlCheck = .legacy
    #expect(check(events, legacy).findings.map(\.message) == [])
}

@Test(arguments: [UInt64(2026), 7, 99])
func generatedCleanAppsHaveNoFindings(seed: UInt64) throws {
    // samples/large-app.yml is this generator at 600 modules and 6000 steps: too slow for a debug test run.
    let yaml = ScenarioGenerator.generate(modules: 120, steps: 400, seed: seed)
    let events = record(try Scenario.parse(yaml: yaml, file: "generated.yml"))
    let result = check(events)
    #expect(result.findings.prefix(5).map(\.message) == [])
    #expect(events.count > 2_000)
}

@Test func theFaultsSampleHasExactlyItsFiveFaults() throws {
    let result = check(record(try sample("bdj-faults.yml")))
    #expect(result.findings.map(\.ruleID).sorted() == [
        "duplicate-module-name", "duplicate-module-name", "illegal-url-hierarchy", "leaked-module", "orphan-component",
    ])

    let leak = try #require(result.findings.first { $0.ruleID == "leaked-module" })
    #expect(leak.module == "SignIn")
    #expect(leak.instance?.hasPrefix("BDJSignInRouting#") == true)
    #expect(leak.message.contains("dismissed at seq \(leak.first.seq)"))
    #expect(leak.message.contains("no framework reference: a retain cycle in user code"))

    let duplicate = try #require(result.findings.first { $0.ruleID == "duplicate-module-name" && $0.module == "Post" })
    #expect(duplicate.module == "Post")
    #expect(duplicate.message.hasPrefix("2 live instances held the name Post at once"))
    #expect(duplicate.message.contains("kept running untracked"))

    let illegal = try #require(result.findings.first { $0.ruleID == "illegal-url-hierarchy" })
    #expect(illegal.message.hasPrefix("bdj://essence/recommendTag (strict check): segment 2 'recommendTag' breaks the chain"))
    #expect(illegal.message.contains("the live chain was IndexTab ⊃ Essence ⊃ AllPost → PostComment"))

    // Reached through two tabs: Essence's post list and the New tab each pushed a PostComment.
    let twoTabs = try #require(result.findings.first { $0.ruleID == "duplicate-module-name" && $0.module == "PostComment" })
    #expect(twoTabs.message.hasPrefix("2 live instances held the name PostComment at once"))
    // XFUIBus `dismissComponent` released Publish only: what it presented is still registered, unreachable.
    let orphan = try #require(result.findings.first { $0.ruleID == "orphan-component" })
    #expect(orphan.module == "PublishContent")
    #expect(orphan.severity == .warning)
}

@Test func theLegacyCheckCatchesTheSeededURLFaultOnceTheTargetsRoutingIsAdded() throws {
    var legacy = AnalysisConfiguration()
    legacy.urlCheck = .legacy
    let result = check(record(try sample("bdj-faults.yml")), legacy)
    // XFURLRoute `open:transitionBlock:` (a331d32^) checks after the transition block: RecommendTag's routing is
    // already in the link table, as AllPost's next, so `verifyModuleLinkForList:` finds it is not Essence's next.
    #expect(result.findings.map(\.ruleID).sorted() == [
        "duplicate-module-name", "duplicate-module-name", "illegal-url-hierarchy", "leaked-module", "orphan-component",
    ])
    let illegal = try #require(result.findings.first { $0.ruleID == "illegal-url-hierarchy" })
    #expect(illegal.message.hasPrefix("bdj://essence/recommendTag (legacy check): segment 2 'recommendTag' breaks the chain"))
}

@Test func twoRecordingsOfOneScenarioGiveEqualFingerprints() throws {
    let scenario = try sample("bdj-faults.yml")
    let first = check(record(scenario)).findings
    // Another run of the app: other object ids, and a later start (other seq numbers and times).
    let warmUp = (1...25).map { _ in TraceEvent(kind: .clockAdvance, value: "0.1") }
    let shifted = (warmUp + record(scenario)).enumerated().map { index, event in
        var copy = event
        copy.seq = UInt64(index + 1)
        copy.time = event.time + (index < 25 ? 0 : 2.5)
        copy.object = event.object.map { $0 + 7_000 }
        copy.peer = event.peer.map { $0 + 7_000 }
        copy.objects = event.objects?.map { $0 + 7_000 }
        return copy
    }
    let second = check(shifted).findings
    #expect(first.count == 5)
    #expect(first.map(\.fingerprint) == second.map(\.fingerprint))
    #expect(first.map(\.first.seq) != second.map(\.first.seq))
    #expect(first.map(\.instance) != second.map(\.instance))
}

/// `check` runs the detectors of the trace's framework only (issue #20): the seeded faults of an XFLegoVIPER
/// journey are found under its own framework, and only the shared lifetime rule runs when the header names another.
@Test func checkRunsOnlyTheRulesOfTheTracesFramework() throws {
    let events = record(try sample("bdj-faults.yml"))
    let xf = check(events)
    #expect(Set(xf.findings.map(\.ruleID)) == ["leaked-module", "duplicate-module-name", "illegal-url-hierarchy", "orphan-component"])
    #expect(xf.framework == .xflegoViper)
    var header = TraceBuilder.header
    header.framework = .nnModule
    let nn = Analyzer.analyze(header: header, events: events)
    #expect(nn.framework == .nnModule)
    #expect(nn.rules.map(\.id) == DetectorRegistry.rules.filter { $0.applies(to: .nnModule) }.map(\.id))
    #expect(nn.rules.map(\.id).contains("leaked-module"))
    #expect(Set(nn.findings.map(\.ruleID)).isSubset(of: Set(nn.rules.map(\.id))))
    #expect(!nn.findings.contains { $0.ruleID == "duplicate-module-name" || $0.ruleID == "illegal-url-hierarchy" })
}

/// Every registered rule says which frameworks it applies to: the `qf-` rules to QFMoudle only, the `nn-` rules to
/// NNModule-swift only, the others to XFLegoVIPER.
@Test func everyRuleDeclaresItsFrameworks() {
    for rule in DetectorRegistry.rules {
        #expect(!rule.frameworks.isEmpty, "\(rule.id)")
        if rule.id.hasPrefix("qf-") {
            #expect(rule.frameworks == [.qfMoudle], "\(rule.id)")
        } else if rule.id.hasPrefix("nn-") {
            #expect(rule.frameworks == [.nnModule], "\(rule.id)")
        } else {
            #expect(rule.applies(to: .xflegoViper), "\(rule.id)")
        }
    }
    #expect(DetectorRegistry.rule(id: "leaked-module")?.frameworks == Set(Framework.allCases))
}
