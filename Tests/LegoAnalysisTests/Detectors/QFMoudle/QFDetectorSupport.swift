import LegoAnalysis
import LegoModel
import LegoScenario
import LegoTraceIO

/// A QFMoudle app for detector tests: the demo's base protocol, a Cart protocol with every kind of property KVC
/// treats differently, its class, and a root screen to open from.
let qfTestApp = """
framework: qfmoudle
app:
  name: Shop
  protocols:
    - name: QFMoudleProtocol
      properties:
        - {name: interfaceViewController, type: UIViewController, attributes: [weak]}
        - {name: callbackBlock, type: QFCallBackBlock, attributes: [copy]}
    - name: Root
      base: QFMoudleProtocol
    - name: Cart
      base: QFMoudleProtocol
      properties:
        - {name: coupon, type: NSString, attributes: [copy]}
        - {name: count, type: NSInteger}
        - {name: source, type: NSString, attributes: [weak]}
        - {name: owner, type: UIViewController, attributes: [strong]}
    - name: Ghost
    - name: Stranger
  classes:
    - {name: Root, adopts: [Root], controllers: {interfaceViewController: RootViewController}}
    - {name: Cart, adopts: [Cart], controllers: {interfaceViewController: CartViewController}}
    - {name: Stranger, controllers: {interfaceViewController: StrangerViewController}}
journey:
  - showRoot: Root

"""

/// Records `steps` (YAML journey items, one per line) after `qfTestApp`'s root screen and checks the trace.
func qfCheck(_ steps: [String]) throws -> AnalysisResult {
    qfAnalyze(try qfRecord(steps))
}

/// The trace the runtime model records for `steps` after `qfTestApp`'s root screen.
func qfRecord(_ steps: [String]) throws -> [TraceEvent] {
    let yaml = qfTestApp + steps.map { "  - \($0)\n" }.joined() + "  - advanceClock: 3\n"
    let scenario = try ScenarioDocument.parse(yaml: yaml, file: "qf-test.yml")
    let buffer = TraceBuffer()
    _ = scenario.run(sink: buffer, console: nil, logs: false)
    return buffer.events
}

/// Checks `events` as a QFMoudle trace of the Shop app.
func qfAnalyze(_ events: [TraceEvent]) -> AnalysisResult {
    let header = TraceHeader(producer: "lego-trace-tests", start: "2026-01-01T00:00:00Z", app: "Shop", framework: .qfMoudle)
    return Analyzer.analyze(header: header, events: events, configuration: AnalysisConfiguration())
}

/// The findings of rule `id` after `steps`.
func qfFindings(_ id: String, _ steps: [String]) throws -> [Finding] {
    try qfCheck(steps).findings.filter { $0.ruleID == id }
}
