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
    /// Every successful non-http URL open with the framework's verdict on its hierarchy at that moment.
    let urlVerdicts: [(url: String, legal: Bool)]
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
        var verdicts: [(String, Bool)] = []
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
            if let url = event.url, !ComponentURL(url).isHTTP {
                verdicts.append((url, Self.frameworkAcceptsHierarchy(of: url, in: state)))
            }
        }
        self.state = state
        self.shown = shown
        urlVerdicts = verdicts
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

    /// The framework's own URL hierarchy verification (`enableVerifyURLRoute`, per docs/xflego-runtime.md), on the replayed state.
    static func frameworkAcceptsHierarchy(of url: String, in state: ReplayState) -> Bool {
        let modules = ComponentURL(url).modules
        if modules.count <= 1 { return true }
        guard var previous = state.liveRouting(named: modules[0]) else { return false }
        for index in 1..<modules.count {
            let name = modules[index]
            if state.moduleKinds[name] == .controller { return true }
            guard let next = state.liveRouting(named: name) else {
                if index == modules.count - 1 { return true }
                if let shared = state.currentAction, let sharedName = state.modules[shared]?.name, sharedName.contains(name) {
                    previous = shared
                    continue
                }
                return false
            }
            if state.links[next]?.parent == previous {
                previous = next
                continue
            }
            if state.links[previous]?.routingNext != next { return false }
            previous = next
        }
        return true
    }
}
