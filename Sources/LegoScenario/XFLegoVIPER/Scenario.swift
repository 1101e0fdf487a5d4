import LegoModel

/// A parsed scenario: the app the runtime models (prefix, modules, URL routes, interceptors) and a journey through it.
///
/// `docs/scenario-format.md` documents the YAML it comes from; `Scenario.load(path:)` and
/// `Scenario.parse(yaml:file:)` build it and reject every mistake with its file, line and column.
public struct Scenario: Sendable, Hashable {
    /// The file the scenario was read from, as given (used in error messages and summaries).
    public var file: String
    /// Free text describing the scenario (its `description:` key), if any.
    public var notes: String?
    /// The app: prefix, modules, URL routes, HTTP handler, interceptors.
    public var app: App
    /// The journey steps, in order.
    public var journey: [Step]

    /// Creates a scenario from its parts.
    public init(file: String, notes: String? = nil, app: App, journey: [Step]) {
        self.file = file
        self.notes = notes
        self.app = app
        self.journey = journey
    }
}

extension Scenario {
    /// A place in the scenario file, 1-based as editors count (columns in Unicode scalars).
    public struct Position: Sendable, Hashable, CustomStringConvertible {
        /// Line number, from 1.
        public var line: Int
        /// Column number, from 1.
        public var column: Int
        /// Creates a position.
        public init(line: Int, column: Int) { self.line = line; self.column = column }
        /// `LINE:COLUMN`.
        public var description: String { "\(line):\(column)" }
    }

    /// The app a scenario declares: what the framework would find at launch.
    public struct App: Sendable, Hashable {
        /// The app's name (goes into the trace header).
        public var name: String
        /// The app-wide class prefix (`[XFRoutingLinkManager setModulePrefix:]`); nil lets the runtime infer it.
        public var prefix: String?
        /// The module class families, in declaration order.
        public var modules: [Module]
        /// The URL routes registered at launch, if any.
        public var urls: URLGroup?
        /// The component that handles `http…` URLs, if any.
        public var httpHandler: String?
        /// URL interceptors, in the order they run.
        public var interceptors: [Interceptor]
        /// The prefix module classes are written with when a module gives none (the app prefix is then inferred).
        public var classPrefix: String?
        /// `[LEGOConfig swiftNamespace]` (`CFBundleName`): Swift classes are `<Namespace>.<Name><Suffix>`.
        public var swiftNamespace: String?
        /// `[LEGOConfig classPrefixList]`: further prefixes the framework tries, in order.
        public var classPrefixList: [String] = []

        /// Creates an app.
        public init(
            name: String, prefix: String? = nil, modules: [Module], urls: URLGroup? = nil,
            httpHandler: String? = nil, interceptors: [Interceptor] = []
        ) {
            self.name = name
            self.prefix = prefix
            self.modules = modules
            self.urls = urls
            self.httpHandler = httpHandler
            self.interceptors = interceptors
        }

        /// The class prefix the framework ends up with: the explicit one, else the one inferred from the first VIPER routing class.
        public var effectivePrefix: String? {
            if let prefix { return prefix }
            for module in modules where module.kind == .viper || module.kind == .virtual {
                let routingClass = (module.classPrefix ?? classPrefix ?? "") + module.name + TraceEvent.Layer.routing.suffix
                if let inferred = Naming.inferPrefix(fromRoutingClass: routingClass) { return inferred }
            }
            return nil
        }
    }

    /// One module class family: a VIPER module, a controller component, an MVVM component or a shared-module shell.
    public struct Module: Sendable, Hashable {
        /// The name the classes are written for (`Post` for `BDJPostRouting`).
        public var name: String
        /// VIPER, virtual (shared-module shell), controller or view-model.
        public var kind: TraceEvent.ModuleKind
        /// The gene module a virtual module reuses (`Post` for `VideoPost`); nil for other kinds.
        public var gene: String?
        /// The layers whose classes exist; nil means the kind's usual layers.
        public var layers: Set<TraceEvent.Layer>?
        /// The class prefix these classes use when it differs from the app's.
        public var classPrefix: String?
        /// The component name the framework gives the module (differs from `name` when a second prefix leaks in).
        public var componentName: String
        /// Tab children its Activity makes while it initializes (names, or URLs for `XF_SubUInterface_URL`).
        public var tabs: [String] = []
        /// The module whose DataManager class it builds (`XF_AutoAssemblyModule_ShareDM`).
        public var sharedDataManager: String?
        /// Where the module was declared.
        public var position: Position

        /// Creates a module declaration.
        public init(
            name: String, kind: TraceEvent.ModuleKind = .viper, gene: String? = nil,
            layers: Set<TraceEvent.Layer>? = nil, classPrefix: String? = nil,
            componentName: String? = nil, position: Position = Position(line: 0, column: 0)
        ) {
            self.name = name
            self.kind = kind
            self.gene = gene
            self.layers = layers
            self.classPrefix = classPrefix
            self.componentName = componentName ?? name
            self.position = position
        }
    }

    /// One URL route: `register:` (component from the URL) or `register:forComponent:` (explicit component).
    public struct Route: Sendable, Hashable {
        /// The URL as written (its route key is the text before `?`).
        public var url: String
        /// The explicit component name, or nil to derive it from the URL's last path component.
        public var component: String?
        /// Where the route was written.
        public var position: Position

        /// Creates a route.
        public init(url: String, component: String? = nil, position: Position = Position(line: 0, column: 0)) {
            self.url = url
            self.component = component
            self.position = position
        }

        /// The component the route leads to: the explicit one, else the URL's last path component upper-cased.
        public var componentName: String? { component ?? Naming.componentName(forURL: url) }
    }

    /// A URL group as `initURLGroup:` takes it.
    public enum URLGroup: Sendable, Hashable {
        /// An array: each URL is registered in order, existing routes kept (a YAML list).
        case add([Route])
        /// A dictionary: the whole route table is replaced (a YAML mapping of URL → component).
        case replace([Route])

        /// The routes of the group, in order.
        public var routes: [Route] {
            switch self {
            case .add(let routes), .replace(let routes): routes
            }
        }
    }

    /// A URL interceptor: the first one (in order) that claims an open blocks it.
    public struct Interceptor: Sendable, Hashable {
        /// The interceptor's name (recorded with each decision).
        public var name: String
        /// Route keys it blocks; a pattern ending in `*` blocks every route key starting with the text before it.
        public var blocks: [String]
        /// Where it was declared.
        public var position: Position

        /// Creates an interceptor.
        public init(name: String, blocks: [String], position: Position = Position(line: 0, column: 0)) {
            self.name = name
            self.blocks = blocks
            self.position = position
        }

        /// Whether this interceptor blocks `url` (matched on its route key, the text before `?`).
        public func intercepts(_ url: ComponentURL) -> Bool {
            blocks.contains { pattern in
                if pattern.hasSuffix("*") { return url.path.hasPrefix(pattern.dropLast()) }
                return url.path == pattern
            }
        }
    }

    /// What a transition or sub-module step goes to: a registered URL or a component name.
    public enum Target: Sendable, Hashable, CustomStringConvertible {
        /// A URL (anything containing `://`), opened through the URL route table.
        case url(String)
        /// A component name, used directly as `XF_PUSH_Component_Fast(@"Name")` does.
        case name(String)

        /// Reads `text` as a URL when it contains `://`, else as a component name.
        public init(_ text: String) {
            self = text.contains("://") ? .url(text) : .name(text)
        }

        /// The URL or the name, as written.
        public var description: String {
            switch self {
            case .url(let url): url
            case .name(let name): name
            }
        }
    }

    /// One journey step: an action, the module it acts from, and where it was written.
    public struct Step: Sendable, Hashable {
        /// What the step does.
        public var action: Action
        /// The component the step acts from (`from:`); nil means the current screen.
        public var from: String?
        /// Whether reference checks were switched off for this step (`unchecked: true`), to record what the runtime does with a bad reference.
        public var unchecked: Bool
        /// Where the step was written.
        public var position: Position

        /// Creates a step.
        public init(_ action: Action, from: String? = nil, unchecked: Bool = false, position: Position = Position(line: 0, column: 0)) {
            self.action = action
            self.from = from
            self.unchecked = unchecked
            self.position = position
        }
    }

    /// Everything a journey step can do.
    public enum Action: Sendable, Hashable {
        /// Shows the root component on the window (`XF_ShowURLComponent2Window_Fast`).
        case showRoot(Target)
        /// Pushes a component, passing optional intent data forward.
        case push(Target, data: String?)
        /// Presents a component modally, passing optional intent data forward; with `thenDismissOpener`, the opener
        /// dismisses its own screen in the same run-loop turn (`thenDismiss: true`).
        case present(Target, data: String?, thenDismissOpener: Bool)
        /// Pops the current (or `from:`) component, passing optional intent data back.
        case pop(data: String?)
        /// Pops back to the newest live component of that name.
        case popTo(String)
        /// Dismisses the current (or `from:`) presented component, passing optional intent data back.
        case dismiss(data: String?)
        /// Adds sub-modules (`XF_SubUInterface_`, `XF_SubUInterface_URL`) to a parent, the current screen by default.
        case addSub([Target], to: String?)
        /// Sends a component event to one or several components, or to every component when `to` is nil.
        case sendEvent(String, to: [String]?, data: String?)
        /// Registers the current (or `from:`) component for MVx notifications (`XF_RegisterMVxNotis_`).
        case observe([String])
        /// Posts an MVx notification that the framework bridges to components.
        case postNotification(String, data: String?)
        /// Takes a strong user-code reference to a live module (nil: the current screen) under a label.
        case hold(String?, label: String)
        /// Drops the user-code reference held under a label.
        case release(label: String)
        /// Creates a real retain cycle in a module (nil: the current screen): its presenter captured in a closure it keeps.
        case retainCycle(String?)
        /// Moves the trace clock forward by a number of seconds.
        case advanceClock(Double)
        /// Switches the framework's console logs on or off.
        case enableLogs(routing: Bool, component: Bool)
        /// Registers one URL route (`register:` or `register:forComponent:`).
        case registerURL(Route)
        /// Registers a URL group (`initURLGroup:`): a list adds, a mapping replaces the table.
        case registerURLs(URLGroup)
        /// Removes a URL route.
        case removeURL(String)
        /// User code adds a routing-only sub-module (`addSubRouting:asChildViewController:YES`) to `to` (the current screen by default).
        case addSubRouting(String, to: String?)
        /// The user selects the tab showing this component.
        case selectTab(String)
        /// An object (a class of that name, held under `label`) or the `from` component subscribes to events sent to a name.
        case subscribeEvents(String, receiverClass: String?, label: String)
        /// The name leaves the event-receiver table.
        case unsubscribeEvents(String)

        /// The step's key in the YAML journey.
        public var keyword: String {
            switch self {
            case .showRoot: "showRoot"
            case .push: "push"
            case .present: "present"
            case .pop: "pop"
            case .popTo: "popTo"
            case .dismiss: "dismiss"
            case .addSub: "addSub"
            case .sendEvent: "sendEvent"
            case .observe: "observe"
            case .postNotification: "postNotification"
            case .hold: "hold"
            case .release: "release"
            case .retainCycle: "retainCycle"
            case .advanceClock: "advanceClock"
            case .enableLogs: "enableLogs"
            case .registerURL: "registerURL"
            case .registerURLs: "registerURLs"
            case .removeURL: "removeURL"
            case .addSubRouting: "addSubRouting"
            case .selectTab: "selectTab"
            case .subscribeEvents: "subscribeEvents"
            case .unsubscribeEvents: "unsubscribeEvents"
            }
        }
    }
}
