import LegoModel
import LegoRuntimeCore
import LegoTraceIO

/// A headless, instrumented model of NNModule-swift 1.0.6: bootstrap, service center, URL routers, event bus, sticky
/// notifications, tab and launch-task services, and the screens they show. Every decision the framework makes is
/// recorded as a trace event; what the framework would crash on (a missing service, a loop) is recorded and the model
/// goes on, so one journey can show several faults.
///
/// Not thread-safe: like the framework's main-thread APIs, drive one runtime from one thread.
public final class NNModuleRuntime {
    /// The framework version the model follows.
    public static let frameworkVersion = "1.0.6"

    /// The recorder every event goes through.
    public let recorder: Recorder
    /// The virtual clock deferred work (async launch tasks) runs on.
    public let clock: VirtualClock
    /// The framework's own console lines (`URLRouter Error ⚠️ :…`, the service center's assertion), in order;
    /// printed in DEBUG builds only.
    public internal(set) var logs: [String] = []
    /// The bootstrap phase reached.
    public private(set) var phase: Phase = .notStarted

    var implClasses: [String: ImplClass] = [:]
    var serviceTypeMap: [String: String] = [:]
    var implInstances: [String: ObjectID] = [:]
    var creationStack: [String] = []
    var routers: [String: Router] = [:]
    var routerNames: [ObjectID: String] = [:]
    var redirects: [String: String] = [:]
    var interceptors: [Interceptor] = []
    var eventSets: [String: EventSetState] = [:]
    var observers: [ObserverState] = []
    var stickyNames: Set<String> = []
    var tabItems: [TabItem] = []
    var tabSetUp = false
    var tabController: ObjectID?
    var launchTasks: [LaunchTask] = []
    var tasksExecuted = false
    /// Every screen alive in the model.
    var screens: [ObjectID: Screen] = [:]
    /// What UIKit shows: the key window's root, the tab bar's children, the navigation stacks, the presented chain.
    var window = UIKitWindow<Screen>()
    var userHolds: [ObjectID: [String]] = [:]

    /// The phases of `ModuleManager`'s bootstrap (`YiHuaXie/NNModule@5d3e56e:NNModule/ModuleManager/Core/ModuleManager.swift:20-55`).
    public enum Phase: String, Sendable, CaseIterable, Comparable {
        case notStarted, `init`, registerService, willAwake, awake, tasks, didFinish, running
        /// Orders phases as they run.
        public static func < (lhs: Phase, rhs: Phase) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }
    }

    /// A runtime recording into `sink` (nothing when nil), with the default router `URLRouter.default` parsing routes
    /// with `defaultScheme`.
    public init(sink: (any TraceSink)?, defaultScheme: String = "nn") {
        recorder = Recorder(sink: sink)
        clock = VirtualClock(recorder: recorder)
        makeRouter(named: Self.defaultRouter, upper: nil, defaultScheme: defaultScheme)
    }

    /// The label of `URLRouter.default`.
    public static let defaultRouter = "default"

    /// Runs the deferred work and stops recording.
    public func close() {
        clock.settle()
        recorder.close()
    }

    func record(_ event: TraceEvent) { recorder.record(event) }

    func log(_ text: String) {
        // `URLRouterLog` prints `URLRouter Error ⚠️ :` and the message (`NNModule/URLRouter/URLRouter.swift:187-191`).
        logs.append("URLRouter Error ⚠️ :\(text)")
    }

    /// Enters `phase`, recording it.
    func enter(_ next: Phase) {
        phase = next
        record(TraceEvent(kind: .nnPhase, value: next.rawValue))
    }
}
