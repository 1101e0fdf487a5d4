import LegoModel
import LegoRuntime
import LegoTraceIO

/// Runs a scenario against the instrumented runtime: declares its app, then performs each journey step in order.
///
/// Steps the runtime refuses (a blocked URL, a pop with nothing to pop) are recorded in the summary's
/// `failures` and the journey goes on, as the app would.
public enum ScenarioRunner {
    /// Runs `scenario` on a new runtime that records into `sink` (untraced when nil) and prints logs to `console`.
    ///
    /// The runtime is closed at the end, which flushes `sink`; closing a file sink stays with the caller.
    public static func run(_ scenario: Scenario, sink: (any TraceSink)?, console: LegoConsole?) -> RunSummary {
        let counter = sink.map(CountingSink.init)
        let runtime = makeRuntime(for: scenario, sink: counter, console: console)
        var summary = runJourney(scenario, on: runtime)
        runtime.close()
        if let counter {
            summary.events = counter.events
            summary.duration = counter.elapsed
        }
        return summary
    }

    /// A new runtime with the scenario's app declared: modules, HTTP handler, URL routes and interceptors, in that order.
    public static func makeRuntime(for scenario: Scenario, sink: (any TraceSink)?, console: LegoConsole?) -> LegoRuntime {
        let app = scenario.app
        let runtime = LegoRuntime(app: app.name, prefix: app.prefix, sink: sink, console: console)
        for module in app.modules {
            runtime.declare(module.spec)
        }
        if let handler = app.httpHandler {
            runtime.registerHTTPHandler(component: handler)
        }
        if let urls = app.urls {
            _ = register(urls, on: runtime)
        }
        for interceptor in app.interceptors {
            runtime.addInterceptor(name: interceptor.name) { interceptor.intercepts($0) }
        }
        return runtime
    }

    /// Performs the scenario's journey on `runtime` (set up by `makeRuntime`), leaving it open for inspection.
    ///
    /// The summary's `events` is 0 and its `duration` counts only `advanceClock` steps: `run` knows more.
    public static func runJourney(_ scenario: Scenario, on runtime: LegoRuntime) -> RunSummary {
        var driver = JourneyDriver(runtime: runtime)
        var failures: [RunSummary.Failure] = []
        for (index, step) in scenario.journey.enumerated() {
            for reason in driver.perform(step) {
                failures.append(RunSummary.Failure(
                    file: scenario.file, step: index + 1, position: step.position,
                    action: step.action.keyword, reason: reason
                ))
            }
        }
        return RunSummary(
            steps: scenario.journey.count, events: 0, modules: scenario.app.modules.count,
            duration: driver.clock, failures: failures
        )
    }

    /// Registers a URL group the way `initURLGroup:` does; explicit components go through `register:forComponent:`.
    static func register(_ group: Scenario.URLGroup, on runtime: LegoRuntime) -> [String] {
        switch group {
        case .replace(let routes):
            runtime.replaceURLs(routes.map { (url: $0.url, component: $0.componentName ?? "") })
            return []
        case .add(let routes):
            var reasons: [String] = []
            var batch: [String] = []
            for route in routes {
                if let component = route.component {
                    if !batch.isEmpty { runtime.registerURLs(batch); batch.removeAll() }
                    if let reason = runtime.registerURL(route.url, component: component).reason { reasons.append(reason) }
                } else {
                    batch.append(route.url)
                }
            }
            if !batch.isEmpty { runtime.registerURLs(batch) }
            return reasons
        }
    }
}

extension Scenario.Module {
    /// The runtime declaration of this module.
    public var spec: ModuleSpec {
        let runtimeKind: ModuleSpec.Kind = switch kind {
        case .viper: .viper
        case .controller: .controller
        case .viewModel: .viewModel
        case .virtual: .virtual(gene: gene ?? "")
        }
        return ModuleSpec(name: name, kind: runtimeKind, layers: layers, classPrefix: classPrefix)
    }
}

/// Performs journey steps one by one, resolving "the current screen" and `from:` names against the live runtime.
struct JourneyDriver {
    let runtime: LegoRuntime
    /// Seconds the journey advanced the clock.
    private(set) var clock: Double = 0

    init(runtime: LegoRuntime) { self.runtime = runtime }

    /// The live module a step means by `name`: the newest on screen, else the component table's entry, else the newest live one.
    func resolve(_ name: String) -> ModuleRef? {
        if let onScreen = runtime.screenStack.last(where: { $0.name == name }) { return onScreen }
        if let registered = runtime.componentTable.map[name] { return registered }
        return runtime.liveModules.last { $0.name == name }
    }

    /// The module a step acts on: the named one, else the current screen.
    private func module(_ name: String?) -> Result<ModuleRef, StepRefusal> {
        if let name {
            guard let ref = resolve(name) else { return .failure(StepRefusal("no live component named `\(name)`")) }
            return .success(ref)
        }
        guard let top = runtime.screenStack.last else { return .failure(StepRefusal("no screen is shown yet")) }
        return .success(top)
    }

    /// Runs one step; returns why the runtime refused it (empty when it did not).
    mutating func perform(_ step: Scenario.Step) -> [String] {
        var from: ModuleRef?
        if let name = step.from {
            guard let ref = resolve(name) else { return ["no live component named `\(name)`"] }
            from = ref
        }
        switch step.action {
        case .showRoot(.url(let url)):
            return reasons(runtime.showRoot(url: url))
        case .showRoot(.name(let name)):
            return reasons(runtime.showRoot(name))
        case .push(.url(let url), let data):
            return reasons(runtime.open(url: url, from: from, as: .push, intent: data))
        case .push(.name(let name), let data):
            return reasons(runtime.push(name, from: from, intent: data))
        case .present(.url(let url), let data):
            return reasons(runtime.open(url: url, from: from, as: .present, intent: data))
        case .present(.name(let name), let data):
            return reasons(runtime.present(name, from: from, intent: data))
        case .pop(let data):
            return reasons(runtime.pop(from: from, intent: data))
        case .popTo(let name):
            return reasons(runtime.popTo(name, from: from))
        case .dismiss(let data):
            return reasons(runtime.dismiss(from: from, intent: data))
        case .addSub(let targets, let parentName):
            switch module(parentName) {
            case .failure(let refusal): return [refusal.reason]
            case .success(let parent):
                return targets.flatMap { target in
                    switch target {
                    case .url(let url): reasons(runtime.addSub(url: url, to: parent))
                    case .name(let name): reasons(runtime.addSub(name, to: parent))
                    }
                }
            }
        case .sendEvent(let name, let receivers, let data):
            runtime.sendEvent(name, to: receivers, data: data)
            return []
        case .observe(let notifications):
            switch module(step.from) {
            case .failure(let refusal): return [refusal.reason]
            case .success(let observer):
                runtime.observe(notifications, by: observer)
                return []
            }
        case .postNotification(let name, let data):
            runtime.postNotification(name, data: data)
            return []
        case .hold(let name, let label):
            switch module(name) {
            case .failure(let refusal): return [refusal.reason]
            case .success(let held):
                runtime.hold(held, label: label)
                return []
            }
        case .release(let label):
            return runtime.release(label: label) ? [] : ["nothing is held under `\(label)`"]
        case .retainCycle(let name):
            switch module(name) {
            case .failure(let refusal): return [refusal.reason]
            case .success(let leaked):
                runtime.retainCycle(leaked)
                return []
            }
        case .advanceClock(let seconds):
            runtime.advanceClock(by: seconds)
            clock += seconds
            return []
        case .enableLogs(let routing, let component):
            runtime.enableLogs(routing: routing, component: component)
            return []
        case .registerURL(let route):
            return reasons(runtime.registerURL(route.url, component: route.component))
        case .registerURLs(let group):
            return ScenarioRunner.register(group, on: runtime)
        case .removeURL(let url):
            return reasons(runtime.removeURL(url))
        }
    }

    private func reasons(_ outcome: LegoOutcome) -> [String] {
        outcome.reason.map { [$0] } ?? []
    }
}

/// Why a step could not even be handed to the runtime.
struct StepRefusal: Error {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}
