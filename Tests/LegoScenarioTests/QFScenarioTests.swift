import LegoModel
import LegoTraceIO
import QFMoudleRuntime
import Testing
@testable import LegoScenario

private let minimal = """
framework: qfmoudle
app:
  name: Shop
  router: {class: XYRouter, implSuffix: Impl}
  protocols:
    - name: Cart
      properties:
        - {name: coupon, type: NSString *, attributes: [nonatomic, copy]}
        - {name: total, type: double, attributes: [readonly], ivar: false}
  classes:
    - {name: CartImpl, adopts: [Cart], controllers: {interfaceViewController: CartViewController}}
journey:
  - showRoot: Cart
  - open: {url: "Cart://?coupon=A1", show: present, callback: opener}
  - dismiss
  - resolve: {protocol: Cart, keep: true}
  - advanceClock: 1.5

"""

@Test func aQFMoudleScenarioParsesIntoItsAppAndJourney() throws {
    let scenario = try #require(try ScenarioDocument.parse(yaml: minimal, file: "shop.yml") as? QFScenario)
    #expect(scenario.framework == .qfMoudle)
    #expect(scenario.app.router == QFRouterSpec(className: "XYRouter", implPrefix: "", implSuffix: "Impl"))
    #expect(scenario.app.protocols.first?.properties == [
        QFProperty(name: "coupon", type: "NSString", ownership: .copy),
        QFProperty(name: "total", type: "double", readonly: true, hasIvar: false),
    ])
    #expect(scenario.journey.map(\.action.keyword) == ["showRoot", "open", "dismiss", "resolve", "advanceClock"])
    #expect(scenario.journey[1].position.line == 14)
}

@Test func recordingAQFMoudleScenarioRunsTheModelAndStampsTheStepLines() throws {
    let scenario = try ScenarioDocument.parse(yaml: minimal, file: "shop.yml")
    let buffer = TraceBuffer()
    let summary = scenario.run(sink: buffer, console: nil, logs: false)
    #expect(summary.failures == [])
    #expect(summary.steps == 5)
    let events = buffer.events
    #expect(events.first { $0.kind == .urlOpen }?.line == 14)
    #expect(events.filter { $0.kind == .moduleResolve }.map(\.className) == ["CartImpl", "CartImpl", "CartImpl"])
    #expect(events.contains { $0.kind == .refHold })
    #expect(summary.duration == 1.5)
}

@Test(arguments: [
    ("  - open: {protocol: Kart}\n", 17, "no protocol `Kart` is declared in `protocols`; did you mean `Cart`?"),
    ("  - open: {protocol: Cart, show: shove}\n", 17, "`show` must be one of push, present, found `shove`"),
    ("  - open: {protocol: Cart, url: \"Cart://\"}\n", 17, "`open` needs exactly one of `protocol` and `url`"),
    ("  - teleport\n", 17, "unknown step `teleport`"),
    ("  - selectTab: -1\n", 17, "`selectTab` must be a tab index from 0"),
])
func malformedQFMoudleStepsAreRefusedWithTheirLine(step: String, line: Int, problem: String) throws {
    let yaml = minimal.replacingOccurrences(of: "  - advanceClock: 1.5\n", with: step)
    #expect {
        try ScenarioDocument.parse(yaml: yaml, file: "shop.yml")
    } throws: { error in
        guard let error = error as? ScenarioError else { return false }
        return error.line == line && error.problem.hasPrefix(problem) && error.description.hasPrefix("shop.yml:\(line):")
    }
}

@Test func theRoutersLookupIsNameOrConformance() throws {
    let walking = minimal.replacingOccurrences(of: "implSuffix: Impl}", with: "implSuffix: Impl, lookup: conformance}")
    let scenario = try #require(try ScenarioDocument.parse(yaml: walking, file: "shop.yml") as? QFScenario)
    #expect(scenario.app.router.lookup == .conformance)
    let bad = minimal.replacingOccurrences(of: "implSuffix: Impl}", with: "implSuffix: Impl, lookup: magic}")
    #expect {
        try ScenarioDocument.parse(yaml: bad, file: "shop.yml")
    } throws: { error in
        guard let error = error as? ScenarioError else { return false }
        return error.line == 4 && error.problem.hasPrefix("the router's `lookup` must be one of name, conformance, found `magic`")
    }
}

@Test func aClassAdoptingAnUndeclaredProtocolIsRefused() throws {
    let yaml = minimal.replacingOccurrences(of: "adopts: [Cart]", with: "adopts: [Kart]")
    #expect(throws: ScenarioError.self) { try ScenarioDocument.parse(yaml: yaml, file: "shop.yml") }
}

@Test(arguments: ["qfmoudle-app.yml", "qfmoudle-faults.yml"])
func theQFMoudleSamplesParseAndRun(_ name: String) throws {
    let scenario = try ScenarioDocument.load(path: samplePath(name))
    #expect(scenario.framework == .qfMoudle)
    let summary = scenario.run(sink: TraceBuffer(), console: nil, logs: false)
    #expect(summary.steps > 5)
    // The clean sample runs every step; the faults sample's nil push and string "callback" are refused.
    #expect(summary.failures.count == (name == "qfmoudle-app.yml" ? 0 : 2))
}
