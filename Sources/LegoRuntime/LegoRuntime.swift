import Foundation
import LegoModel
import LegoTraceIO

/// A headless, instrumented model of the XFLegoVIPER runtime: registries, relations, transitions and
/// real object lifetimes, recording every step into a `TraceSink`.
///
/// Not thread-safe: like the framework's main-thread API, drive one runtime from one thread.
public final class LegoRuntime {
    /// The app's name (trace header and `NSLog` framing).
    public let app: String
    /// How console messages are framed; `.nslog` by default.
    public var consoleFraming: ConsoleFraming = .nslog

    /// Creates a runtime; `prefix` sets the class prefix explicitly, otherwise the first VIPER Routing declared infers it.
    public init(app: String, prefix: String? = nil, sink: (any TraceSink)? = nil, console: LegoConsole? = nil) {
        self.app = app
        // skeleton
    }

    /// A runtime configured from the environment: `LEGO_TRACE_FILE` traces to that file, `LEGO_TRACE_LOGS=1` enables both logs.
    public static func fromEnvironment(app: String, prefix: String? = nil, environment: [String: String] = ProcessInfo.processInfo.environment) -> LegoRuntime {
        LegoRuntime(app: app, prefix: prefix)
    }

    /// Flushes and closes the sink; the runtime records nothing afterwards.
    public func close() {}

    // MARK: Declaration

    /// Declares a module's classes (what reflection would find); returns the component name the framework gives it.
    @discardableResult public func declare(_ module: ModuleSpec) -> String { module.name }
    /// Sets the app-wide class prefix explicitly.
    public func setPrefix(_ prefix: String) {}
    /// Registers a URL for a component (`register:forComponent:`), or for its last path component when `component` is nil.
    @discardableResult public func registerURL(_ url: String, component: String? = nil) -> LegoOutcome { .failure("skeleton") }
    /// Registers a group of URLs (`initURLGroup:` with an array): each is added.
    public func registerURLs(_ urls: [String]) {}
    /// Replaces the whole route table (`initURLGroup:` with a dictionary).
    public func replaceURLs(_ table: [(url: String, component: String)]) {}
    /// Removes a URL route.
    @discardableResult public func removeURL(_ url: String) -> LegoOutcome { .failure("skeleton") }
    /// Registers the component that handles `http…` URLs (it receives param `url`).
    public func registerHTTPHandler(component: String) {}
    /// Appends a URL interceptor; interceptors run in order and the first that returns true blocks the open.
    public func addInterceptor(name: String, blocks: @escaping (ComponentURL) -> Bool) {}

    // MARK: Journey

    /// Shows a component as the window's root (`XF_ShowURLComponent2Window_Fast` by name).
    @discardableResult public func showRoot(_ name: String) -> LegoOutcome { .failure("skeleton") }
    /// Shows the component a URL names as the window's root.
    @discardableResult public func showRoot(url: String) -> LegoOutcome { .failure("skeleton") }
    /// Opens a URL from a component (the top one when nil), pushing or presenting what it names.
    @discardableResult public func open(url: String, from: ModuleRef? = nil, as style: TransitionStyle = .push, intent: String? = nil) -> LegoOutcome { .failure("skeleton") }
    /// Pushes a component by name from `from` (the top component when nil).
    @discardableResult public func push(_ name: String, from: ModuleRef? = nil, intent: String? = nil) -> LegoOutcome { .failure("skeleton") }
    /// Presents a component by name from `from` (the top component when nil).
    @discardableResult public func present(_ name: String, from: ModuleRef? = nil, intent: String? = nil) -> LegoOutcome { .failure("skeleton") }
    /// Pops `from` (the top component when nil), passing `intent` back to the component below.
    @discardableResult public func pop(from: ModuleRef? = nil, intent: String? = nil) -> LegoOutcome { .failure("skeleton") }
    /// Pops every component above the newest live component named `name`.
    @discardableResult public func popTo(_ name: String, from: ModuleRef? = nil) -> LegoOutcome { .failure("skeleton") }
    /// Dismisses `from` (the top component when nil), passing `intent` back.
    @discardableResult public func dismiss(from: ModuleRef? = nil, intent: String? = nil) -> LegoOutcome { .failure("skeleton") }
    /// Adds a sub-module by name to `parent` (`XF_SubUInterface_`), evicting any component and routing of that name first.
    @discardableResult public func addSub(_ name: String, to parent: ModuleRef) -> LegoOutcome { .failure("skeleton") }
    /// Adds a sub-module by URL to `parent` (`XF_SubUInterface_URL`).
    @discardableResult public func addSub(url: String, to parent: ModuleRef) -> LegoOutcome { .failure("skeleton") }
    /// Sends a component event to the named components, or to every component when `names` is nil; returns who received it.
    @discardableResult public func sendEvent(_ event: String, to names: [String]?, data: String? = nil) -> [ModuleRef] { [] }
    /// Registers a component for MVx notifications (`XF_RegisterMVxNotis_`) and as the event receiver for its name.
    public func observe(_ notifications: [String], by module: ModuleRef) {}
    /// Posts a notification; observing components (and, for `UIApplication…` names, every component) receive it.
    @discardableResult public func postNotification(_ name: String, data: String? = nil) -> [ModuleRef] { [] }
    /// User code takes a strong reference to the module's component under `label`.
    public func hold(_ module: ModuleRef, label: String) {}
    /// User code drops the reference held under `label`; false when nothing is held under it.
    @discardableResult public func release(label: String) -> Bool { false }
    /// User code stores a closure in the module's component that captures the component strongly: a real retain cycle.
    public func retainCycle(_ module: ModuleRef) {}
    /// Lets time pass: runs every framework task due by then.
    public func advanceClock(by seconds: Double) {}
    /// Enables the routing link log and/or the component trace log.
    public func enableLogs(routing: Bool = true, component: Bool = true) {}

    // MARK: Inspection

    /// Module instances with at least one live object, oldest first.
    public var liveModules: [ModuleRef] { [] }
    /// Names of `liveModules`.
    public var liveModuleNames: [String] { liveModules.map(\.name) }
    /// Whether any object of the module is still alive.
    public func isAlive(_ module: ModuleRef) -> Bool { false }
    /// The routing link table.
    public var routingTable: RegistrySnapshot { RegistrySnapshot(names: [], map: [:]) }
    /// The component table.
    public var componentTable: RegistrySnapshot { RegistrySnapshot(names: [], map: [:]) }
    /// The event-receiver table.
    public var receiverTable: RegistrySnapshot { RegistrySnapshot(names: [], map: [:]) }
    /// URL route table: route key → component name.
    public var routes: [String: String] { [:] }
    /// The on-screen stack, root first.
    public var screenStack: [ModuleRef] { [] }
    /// The routing `next` of a VIPER module.
    public func routingNext(of module: ModuleRef) -> ModuleRef? { nil }
    /// The routing `previous` of a VIPER module.
    public func routingPrevious(of module: ModuleRef) -> ModuleRef? { nil }
    /// The sub-modules a VIPER module's routing holds.
    public func subModules(of module: ModuleRef) -> [ModuleRef] { [] }
}

/// Whether a URL open pushes or presents.
public enum TransitionStyle: String, Sendable, Hashable {
    case push, present
}

/// A copy of one registry: its ordered name list (duplicates kept) and the live entries of its weak map.
public struct RegistrySnapshot: Sendable, Hashable {
    /// Names in insertion order, duplicates kept.
    public var names: [String]
    /// Name → module of the live object the map holds (dead weak values read as absent).
    public var map: [String: ModuleRef]
}
