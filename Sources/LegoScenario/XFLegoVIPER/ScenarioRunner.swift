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
    /// `logs` switches the framework's two console logs on from the start (`record --logs`).
    /// The runtime is closed at the end, which flushes `sink`; closing a file sink stays with the caller.
    public static func run(_ scenario: Scenario, sink: (any TraceSink)?, console: LegoConsole?, logs: Bool = false) -> RunSummary {
        CountingSink.counting(sink) { counter in
            let runtime = makeRuntime(for: scenario, sink: counter, console: console)
            if logs { runtime.enableLogs() }
            let summary = runJourney(scenario, on: runtime) { step in counter?.enterStep(line: step.position.line) }
            counter?.enterStep(line: 0)
            runtime.close()
            return summary
        }
    }

    /// A new runtime with the scenario's app declared: modules, HTTP handler, URL routes and interceptors, in that order.
    public static func makeRuntime(for scenario: Scenario, sink: (any TraceSink)?, console: LegoConsole?) -> LegoRuntime {
        let app = scenario.app
        let runtime = LegoRuntime(app: app.name, prefix: app.prefix, sink: sink, console: console)
        if let namespace = app.swiftNamespace { runtime.setSwiftNamespace(namespace) }
        if !app.classPrefixList.isEmpty { runtime.setClassPrefixList(app.classPrefixList) }
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
        runJourney(scenario, on: runtime) { _ in }
    }

    /// `runJourney`, calling `beforeEach` with each step just before it runs.
    static func runJourney(_ scenario: Scenario, on runtime: LegoRuntime, beforeEach: (Scenario.Step) -> Void) -> RunSummary {
        var driver = JourneyDriver(runtime: runtime)
        var failures: [RunSummary.Failure] = []
        for (index, step) in scenario.journey.enumerated() {
            beforeEach(step)
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

extension Scenario: FrameworkScenario {
    /// XFLegoVIPER: the framework this scenario format and its runtime model.
    public var framework: Framework { .xflegoViper }
    /// The app's name.
    public var appName: String { app.name }
    /// Runs it with `ScenarioRunner.run`.
    public func run(sink: (any TraceSink)?, console: LegoConsole?, logs: Bool) -> RunSummary {
        ScenarioRunner.run(self, sink: sink, console: console, logs: logs)
    }
}
