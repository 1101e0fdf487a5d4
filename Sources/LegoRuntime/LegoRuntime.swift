import Foundation
import LegoModel
import LegoRuntimeCore
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

    let recorder: Recorder
    /// The virtual time the framework's deferred tasks run on.
    let clock: VirtualClock
    let console: LegoConsole
    var routingLogEnabled = false
    var componentLogEnabled = false
    let startDate = Date()
    /// Seconds of virtual time since the runtime started.
    var now: Double { clock.now }
    var pruneThreshold = 1024
    lazy var logDateFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss.SSSSSSZ"
        return formatter
    }()
    var closeAction: (() -> Void)?

    var prefix: String? { didSet { specsByName = nil; specsByClass = nil } }
    var specs: [ModuleSpec] = [] { didSet { specsByName = nil; specsByClass = nil } }
    /// Declarations not yet written as `module.declare` (the app has not started running).
    var unannounced: [ModuleSpec] = []
    /// `[LEGOConfig swiftNamespace]` without its dot (`CFBundleName`): Swift classes are `<Namespace>.<Name><Suffix>`.
    var swiftNamespace: String? { didSet { specsByName = nil; specsByClass = nil } }
    /// `[LEGOConfig classPrefixList]`: further prefixes tried, in order, after the class prefix and none.
    var classPrefixList: [String] = [] { didSet { specsByName = nil; specsByClass = nil } }
    // Resolving a name scans every declaration otherwise: 80% of a 500-module journey's time was spent there.
    var specsByName: [String: [ModuleSpec]]?
    var specsByClass: [String: ModuleSpec]?
    /// The longest class name of `specsByClass`, in Unicode scalars: counting it per gene lookup was 77% of a journey.
    var longestClassName = 0
    var routeTable: [String: String] = [:]
    var httpHandler: String?
    var interceptors: [(name: String, blocks: (ComponentURL) -> Bool)] = []

    var routingRegistry = NameRegistry<Routing>()
    var componentRegistry = NameRegistry<ComponentObject>()
    var receiverRegistry = NameRegistry<ComponentObject>()
    var sharedRoutings: [String: WeakRouting] = [:]
    weak var currentActionRouting: Routing?
    /// What UIKit shows: the window root, its tab children, every navigation stack and the presented chain; each
    /// interface the framework shows gets a navigation controller of its own, named by the interface.
    var window = UIKitWindow<LayerObject>()
    var records: [ObjectID: ModuleRecord] = [:]
    var holds: [(label: String, object: LayerObject)] = []

    /// Creates a runtime; `prefix` sets the class prefix explicitly, otherwise the first VIPER Routing declared infers it.
    public init(app: String, prefix: String? = nil, sink: (any TraceSink)? = nil, console: LegoConsole? = nil) {
        self.app = app
        self.recorder = Recorder(sink: sink)
        self.clock = VirtualClock(recorder: recorder)
        self.console = console ?? StandardErrorConsole()
        if let prefix { setPrefix(prefix) }
    }

    /// A runtime configured from the environment: `LEGO_TRACE_FILE` traces to that file, `LEGO_TRACE_LOGS=1` enables both logs.
    ///
    /// When the file cannot be opened the runtime runs untraced and says why on standard error.
    public static func fromEnvironment(app: String, prefix: String? = nil, environment: [String: String] = ProcessInfo.processInfo.environment) -> LegoRuntime {
        var sink: (any TraceSink)?
        var writer: TraceWriter?
        if let path = environment[Self.traceFileVariable], !path.isEmpty {
            let header = TraceHeader(producer: Self.producer, start: Self.isoNow(), app: app)
            do {
                let opened = try TraceWriter(path: path, header: header)
                writer = opened
                sink = opened
            } catch {
                FileHandle.standardError.write(Data("lego-runtime: cannot trace to \(path): \(error)\n".utf8))
            }
        }
        let runtime = LegoRuntime(app: app, prefix: prefix, sink: sink)
        if let writer {
            runtime.closeAction = {
                writer.close()
                // A library cannot fail the program; the message at least says the trace is incomplete.
                if let failure = writer.writeError {
                    FileHandle.standardError.write(Data("lego-runtime: the trace is incomplete: \(failure)\n".utf8))
                }
            }
        }
        if environment[Self.logsVariable] == "1" { runtime.enableLogs(routing: true, component: true) }
        return runtime
    }

    /// The environment variable naming the trace file `fromEnvironment` writes.
    public static let traceFileVariable = "LEGO_TRACE_FILE"
    /// The environment variable that enables both console logs when set to `1`.
    public static let logsVariable = "LEGO_TRACE_LOGS"
    /// The producer written into trace headers.
    public static let producer = "lego-trace-runtime 0.1.0"

    /// Flushes and closes the sink; the runtime records nothing afterwards.
    public func close() {
        announceDeclarations()
        settle()
        recorder.close()
        closeAction?()
        closeAction = nil
    }

    static func isoNow() -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: Date())
    }

    // MARK: Recording helpers

    func emit(_ event: consuming TraceEvent) {
        if !unannounced.isEmpty, !Self.declarationKinds.contains(event.kind) { announceDeclarations() }
        recorder.record(consume event)
    }

    /// What declaring writes; any other event means the app runs, so its declarations are written first.
    private static let declarationKinds: Set<TraceEvent.Kind> = [.moduleDeclare, .prefixSet, .namingProblem]

    /// Runs `body` after `delay` seconds of virtual time (the framework's `LEGORunAfter0_015` / `dispatch_async`).
    func after(_ delay: Double, _ body: @escaping () -> Void) {
        clock.after(delay, body)
    }

    /// Runs every pending framework task in time order, moving the clock to each one's due time.
    func settle(until limit: Double = .infinity) {
        clock.settle(until: limit)
        pruneRecords()
    }

    /// Forgets module instances whose objects are all gone, so long journeys stay fast.
    func pruneRecords() {
        guard records.count > pruneThreshold else { return }
        records = records.filter { $0.value.isAlive }
        pruneThreshold = max(1024, records.count * 2)
    }

    // MARK: Inspection

    /// Module instances with at least one live object, oldest first.
    public var liveModules: [ModuleRef] {
        records.values.filter(\.isAlive).map(\.ref).sorted { $0.id < $1.id }
    }

    /// Names of `liveModules`.
    public var liveModuleNames: [String] { liveModules.map(\.name) }

    /// Whether any object of the module is still alive.
    public func isAlive(_ module: ModuleRef) -> Bool { records[module.id]?.isAlive ?? false }

    /// The identities of the module's objects still alive.
    public func liveObjects(of module: ModuleRef) -> [ObjectID] {
        records[module.id]?.objects.filter { $0.object != nil }.map(\.id) ?? []
    }

    /// The routing link table.
    public var routingTable: RegistrySnapshot { snapshot(routingRegistry) }
    /// The component table.
    public var componentTable: RegistrySnapshot { snapshot(componentRegistry) }
    /// The event-receiver table.
    public var receiverTable: RegistrySnapshot { snapshot(receiverRegistry) }
    /// URL route table: route key → component name.
    public var routes: [String: String] { routeTable }
    /// The app-wide class prefix, once set or inferred.
    public var classPrefix: String? { prefix }

    /// Every screen UIKit shows (window root, pushed and presented, on every navigation stack), in the order shown.
    public var screenStack: [ModuleRef] {
        screenIDs.compactMap { window.controller($0).flatMap(shownComponent(of:)).flatMap(moduleRef(of:)) }
    }

    /// The screen the user sees: the top of the last presented stack, else of the selected tab's stack, else of the root's.
    public var currentScreen: ModuleRef? { visibleComponent().flatMap(moduleRef(of:)) }

    /// The window root's tab children, in tab order.
    public var tabs: [ModuleRef] {
        window.tabs.compactMap { window.controller($0).flatMap(shownComponent(of:)).flatMap(moduleRef(of:)) }
    }

    /// The routing `next` of a VIPER module.
    public func routingNext(of module: ModuleRef) -> ModuleRef? {
        records[module.id]?.routing?.next.flatMap(moduleRef(of:))
    }

    /// The routing `previous` of a VIPER module.
    public func routingPrevious(of module: ModuleRef) -> ModuleRef? {
        records[module.id]?.routing?.previous.flatMap(moduleRef(of:))
    }

    /// The sub-modules a VIPER module's routing holds.
    public func subModules(of module: ModuleRef) -> [ModuleRef] {
        records[module.id]?.routing?.subRoutings?.compactMap(moduleRef(of:)) ?? []
    }

    /// Events the module's component received, in order.
    public func receivedEvents(of module: ModuleRef) -> [String] {
        records[module.id]?.component?.receivedEvents.map(\.name) ?? []
    }

    /// URL parameters the module's component received (behaviour parameters removed).
    public func urlParams(of module: ModuleRef) -> [Parameter] {
        records[module.id]?.component?.urlParams ?? []
    }

    /// Data the module's component received: forward (`componentData`) and back (`onNewIntent:`).
    public func intentData(of module: ModuleRef) -> (forward: String?, back: [String]) {
        guard let component = records[module.id]?.component else { return (nil, []) }
        return (component.componentData, component.backIntents)
    }

    private func snapshot<Value>(_ registry: NameRegistry<Value>) -> RegistrySnapshot {
        var map: [String: ModuleRef] = [:]
        for name in Set(registry.names) {
            if let value = registry.value(for: name), let ref = moduleRef(of: value) { map[name] = ref }
        }
        return RegistrySnapshot(names: registry.names, map: map)
    }

    func moduleRef(of object: LayerObject) -> ModuleRef? {
        records[object.ownerID]?.ref
    }

    func record(of module: ModuleRef) -> ModuleRecord? { records[module.id] }
}

/// Whether a URL open pushes or presents.
public enum TransitionStyle: String, Sendable, Hashable {
    /// `XF_PUSH_URLComponent_Fast`: onto the navigation stack.
    case push
    /// `XF_Present_URLComponent_Fast`: modally.
    case present
}

/// A copy of one registry: its ordered name list (duplicates kept) and the live entries of its weak map.
public struct RegistrySnapshot: Sendable, Hashable {
    /// Names in insertion order, duplicates kept.
    public var names: [String]
    /// Name → module of the live object the map holds (dead weak values read as absent).
    public var map: [String: ModuleRef]
}

/// A weak reference to a routing (the shared-module table's values).
struct WeakRouting {
    weak var routing: Routing?
}
