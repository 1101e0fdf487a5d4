import LegoModel
import LegoRuntime
import LegoTraceIO
import NNModuleRuntime

/// A parsed NNModule-swift scenario (`framework: nnmodule`): the app's services, routers, routes, redirects,
/// interceptors, tabs and launch tasks, and a journey through it; `docs/nnmodule.md` documents the YAML.
public struct NNScenario: FrameworkScenario, Hashable {
    /// The file it was read from, as given.
    public var file: String
    /// Free text (`description:`), if any.
    public var notes: String?
    /// The app the model sets up.
    public var app: App
    /// The journey steps, in order.
    public var journey: [Step]

    /// NNModule-swift.
    public var framework: Framework { .nnModule }
    /// The app's name.
    public var appName: String { app.name }

    /// The app section.
    public struct App: Sendable, Hashable {
        /// The app's name.
        public var name = "NNApp"
        /// The default router's default scheme.
        public var defaultScheme = "nn"
        /// Implementation classes with their priority, conformance and `init` lookups.
        public var impls: [NNModuleRuntime.ImplClass] = []
        /// `ModuleRegisterService` methods in method-list order, each with its registrations.
        public var registerMethods: [RegisterMethod] = []
        /// Routers besides `default`, in creation order.
        public var routers: [RouterSpec] = []
        /// Route registrations, in order.
        public var routes: [RouteSpec] = []
        /// Redirects merged into the default router's redirector.
        public var redirects: [Redirect] = []
        /// Interceptor actions appended to the shared chain.
        public var interceptors: [NNModuleRuntime.Interceptor] = []
        /// Tab items added in the `ModuleAwake` method.
        public var tabs: [String] = []
        /// Launch tasks added in the `ModuleAwake` method.
        public var tasks: [LaunchTask] = []
    }

    /// A `ModuleRegisterService` class method and the services it registers.
    public struct RegisterMethod: Sendable, Hashable {
        /// The method's name.
        public var name: String
        /// Service key and impl class pairs, in order.
        public var registrations: [Registration]
    }

    /// One `Module.register(service:used:)`.
    public struct Registration: Sendable, Hashable {
        /// The service key.
        public var service: String
        /// The impl class.
        public var impl: String
    }

    /// A router made with `URLRouter(with:)` (or a root one).
    public struct RouterSpec: Sendable, Hashable {
        /// Its label.
        public var name: String
        /// Its upper router, if nested.
        public var upper: String?
    }

    /// One route registration.
    public struct RouteSpec: Sendable, Hashable {
        /// The route as written.
        public var route: String
        /// The router it is registered on.
        public var router: String
        /// What handles it (nil for a nested registration).
        public var handler: NNModuleRuntime.Handler?
        /// The sub-router for `registerRoute(_:used:)`.
        public var used: String?
        /// Whether it is a `delayedRegisterRoute`.
        public var delayed: Bool
    }

    /// One redirect.
    public struct Redirect: Sendable, Hashable {
        /// The route redirected.
        public var from: String
        /// Where it goes.
        public var to: String
    }

    /// One launch task.
    public struct LaunchTask: Sendable, Hashable {
        /// Its class.
        public var className: String
        /// Its run mode.
        public var mode: NNModuleRuntime.RunMode
        /// Its priority.
        public var priority: Int
    }

    /// One journey step.
    public struct Step: Sendable, Hashable {
        /// What it does.
        public var action: Action
        /// Where it was written.
        public var position: Scenario.Position
        /// Its keyword, for messages.
        public var keyword: String
    }

    /// What a journey step does.
    public enum Action: Sendable, Hashable {
        case launch
        case open(route: String, parameters: [Parameter], router: String)
        case lookup(service: String)
        case register(service: String, impl: String, priority: Int?)
        case removeService(String)
        case addTab(String)
        case addTask(LaunchTask)
        case eventRegister(type: String, target: String, bus: String)
        case eventSend(type: String, bus: String)
        case eventRemove(type: String, bus: String)
        case observe(name: String, sticky: Bool, owner: String?, keep: Bool)
        case post(name: String, sticky: Bool)
        case removeSticky(String)
        case logout(reload: Bool)
        case login
        case back
        case hold(screen: String, label: String)
        case release(screen: String, label: String)
        case advanceClock(Double)
    }

    /// Runs the journey on a new NNModule model recording into `sink`, printing the framework's console lines to
    /// `console` when `logs`.
    public func run(sink: (any TraceSink)?, console: LegoConsole?, logs: Bool) -> RunSummary {
        let counter = sink.map(CountingSink.init)
        let runtime = NNModuleRuntime(sink: counter, defaultScheme: app.defaultScheme)
        let driver = NNJourneyDriver(runtime: runtime, app: app)
        driver.setUp()
        var failures: [RunSummary.Failure] = []
        for (index, step) in journey.enumerated() {
            counter?.enterStep(line: step.position.line)
            for reason in driver.perform(step.action) {
                failures.append(RunSummary.Failure(file: file, step: index + 1, position: step.position, action: step.keyword, reason: reason))
            }
        }
        counter?.enterStep(line: 0)
        runtime.close()
        if logs, let console { for line in runtime.logs { console.write(line + "\n") } }
        return RunSummary(steps: journey.count, events: counter?.events ?? 0, modules: app.impls.count,
                          duration: counter?.elapsed ?? runtime.clock.now, failures: failures)
    }
}
