import LegoAnalysis
import LegoModel
import LegoReplay
import LegoRuntime
import LegoTraceIO
@testable import LegoScenario

/// A scenario run into a `TraceBuffer`, replayed through the shared `ReplayState`, with what the tests look at.
struct ReplayedRun {
    /// The run's summary.
    let summary: RunSummary
    /// Every event recorded.
    let events: [TraceEvent]
    /// The state after the last event.
    let state: ReplayState
    /// Names shown by successful show/push/present transitions, in order.
    let shown: [String]
    /// Every time a registry add overwrote a live entry of the same name.
    let overwrites: [(table: ReplayState.Registry.Table, name: String)]
    /// Modules whose screen went away (popped, dismissed, evicted, parent gone), in order, with why.
    let screensGone: [(module: ObjectID, name: String, reason: ReplayState.GoneReason)]
    /// Modules every layer object of which deinitialized.
    let released: Set<ObjectID>
    /// The most live instances any one name had at once.
    let maxLiveInstancesPerName: [String: Int]
    /// What the console received.
    let console: String

    init(_ scenario: Scenario) {
        let buffer = TraceBuffer()
        let console = ConsoleBuffer()
        summary = ScenarioRunner.run(scenario, sink: buffer, console: console)
        events = buffer.events
        self.console = console.text
        let state = ReplayState()
        var shown: [String] = []
        var overwrites: [(ReplayState.Registry.Table, String)] = []
        var maxLive: [String: Int] = [:]
        var gone: [(ObjectID, String, ReplayState.GoneReason)] = []
        var released: Set<ObjectID> = []
        for event in events {
            state.apply(event)
            for change in state.changes {
                switch change {
                case .overwritten(let table, let name, _, _): overwrites.append((table, name))
                case .screenGone(let module, let reason, _): gone.append((module, state.modules[module]?.name ?? "?", reason))
                case .moduleReleased(let module): released.insert(module)
                default: break
                }
            }
            if event.kind == .moduleAssemble, let name = event.name {
                maxLive[name] = max(maxLive[name] ?? 0, state.liveModules(named: name).count)
            }
            guard event.kind == .transitionEnd, event.ok == true, let name = event.name else { continue }
            if event.operation == .show || event.operation == .push || event.operation == .present {
                shown.append(name)
            }
        }
        self.state = state
        self.shown = shown
        self.overwrites = overwrites
        screensGone = gone
        self.released = released
        maxLiveInstancesPerName = maxLive
    }

    /// Names of module instances with a live object at the end, in assembly order.
    var liveModuleNames: [String] {
        state.modules.values.filter { $0.isAlive(in: state) }.sorted { $0.id < $1.id }.map(\.name)
    }

    /// Module instances whose screen went away but that still have a live object at the end.
    var goneButAlive: [ReplayState.ModuleInstance] {
        screensGone.filter { !released.contains($0.module) }.compactMap { state.modules[$0.module] }
    }

    /// Objects of module `name` that were deinitialized.
    func deinitializedObjects(ofModule name: String) -> [TraceEvent] {
        events.filter { $0.kind == .objectDeinit && $0.name == name }
    }

    /// The findings of `rule` when the run's events are checked with the framework's own URL check (`--url-check legacy`):
    /// the analyzer's one copy of the algorithm, never a second one here.
    func legacyURLFindings() -> [Finding] {
        var configuration = AnalysisConfiguration()
        configuration.urlCheck = .legacy
        let header = TraceHeader(producer: "test", start: "2026-01-01T00:00:00Z", app: "test")
        return Analyzer.analyze(header: header, events: events, configuration: configuration).findings
            .filter { $0.ruleID == "illegal-url-hierarchy" }
    }
}
