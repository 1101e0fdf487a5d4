import FuzzSupport
import LegoAnalysis
import LegoModel
import LegoRuntime
import LegoScenario
import LegoTraceIO

/// Parses the input as a scenario; a scenario the parser accepts is run on the runtime with its console logs on,
/// as `lego-trace record --logs` would, and the detectors check the trace it recorded.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScenario(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    // `Scenario.load` refuses a file that is not UTF-8 before parsing; so does the harness.
    guard let yaml = FuzzInput(data, count).text else { return 0 }
    ScenarioFuzzer.check(yaml)
    return 0
}

/// The scenario parser's invariants, checked on one document.
@main
enum ScenarioFuzzer {
    /// Hands the process to libFuzzer, which calls `fuzzScenario` with each input.
    static func main() { FuzzDriver.run(fuzzScenario) }

    /// The name the scenario is parsed under, which every error must start with.
    static let file = "fuzz.yml"

    /// Checks every invariant on one input, stopping the process at the first that fails.
    static func check(_ yaml: String) {
        // Every framework's parser and runner: `framework:` picks QFMoudle's or NNModule-swift's as a user's file would.
        let scenario: any FrameworkScenario
        do {
            scenario = try ScenarioDocument.parse(yaml: yaml, file: file)
        } catch {
            Invariant.requireOneLine(error.description, naming: file)
            return
        }
        let trace = TraceBuffer()
        let summary = scenario.run(sink: trace, console: ConsoleBuffer(), logs: true)
        let events = trace.events
        if let xflegoViper = scenario as? Scenario {
            Invariant.require(summary.steps == xflegoViper.journey.count, "the run reports \(summary.steps) steps of \(xflegoViper.journey.count)")
            Invariant.require(summary.events == events.count, "the run reports \(summary.events) events, the trace has \(events.count)")
        }
        _ = summary.description
        for failure in summary.failures {
            Invariant.require(!Invariant.breaksLine(failure.description), "step failure is not one line: \(failure.description.debugDescription)")
        }
        _ = Analyzer.analyze(header: TraceHeader(producer: "fuzz-scenario", start: "", app: scenario.appName, framework: scenario.framework),
                             events: events)
    }
}
