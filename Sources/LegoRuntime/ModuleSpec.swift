import LegoModel

/// A module class family the app declares: what the framework would find by reflection at run time.
public struct ModuleSpec: Sendable, Hashable {
    /// What kind of component the module is.
    public enum Kind: Sendable, Hashable {
        /// A VIPER module: Routing plus the listed layers.
        case viper
        /// An MVC controller component (`<P><Name>ViewController`).
        case controller
        /// An MVVM component (`<P><Name>ViewModel`, shown by `<P><Name>ViewController`).
        case viewModel
        /// A shared-module shell: its own Routing, the layers of the `gene` module.
        case virtual(gene: String)
    }

    /// The module name the classes are written for (`Post` for `BDJPostRouting`).
    public var name: String
    /// The kind of module.
    public var kind: Kind
    /// The layers whose classes exist; a VIPER module without `.presenter` never enters the link table.
    public var layers: Set<TraceEvent.Layer>
    /// The class prefix these classes use when it differs from the app's (the second-prefix quirk).
    public var classPrefix: String?

    /// Creates a spec; `layers` defaults to every layer the kind normally has.
    public init(name: String, kind: Kind = .viper, layers: Set<TraceEvent.Layer>? = nil, classPrefix: String? = nil) {
        self.name = name
        self.kind = kind
        self.layers = layers ?? Self.defaultLayers(for: kind)
        self.classPrefix = classPrefix
    }

    /// The layers a kind has unless told otherwise.
    public static func defaultLayers(for kind: Kind) -> Set<TraceEvent.Layer> {
        switch kind {
        case .viper: [.routing, .presenter, .activity, .interactor, .dataManager]
        case .virtual: [.routing]
        case .controller: [.viewController]
        case .viewModel: [.viewModel, .viewController]
        }
    }
}

/// A handle on one live (or once live) module instance: its primary object and name.
public struct ModuleRef: Sendable, Hashable, CustomStringConvertible {
    /// The routing (VIPER) or component object (controller, view model) identity used in the trace.
    public let id: ObjectID
    /// The component name.
    public let name: String

    /// Creates a handle.
    public init(id: ObjectID, name: String) {
        self.id = id
        self.name = name
    }

    /// `Name#id`.
    public var description: String { "\(name)#\(id)" }
}

/// What a journey step did: the module it reached, or why it failed.
public struct LegoOutcome: Sendable, Hashable {
    /// The module shown, created or focused by the step, when there is one.
    public var module: ModuleRef?
    /// Why the step failed; nil on success.
    public var reason: String?

    /// Whether the step succeeded.
    public var ok: Bool { reason == nil }

    /// A success.
    public static func success(_ module: ModuleRef?) -> LegoOutcome { LegoOutcome(module: module, reason: nil) }
    /// A failure with a one-line reason.
    public static func failure(_ reason: String) -> LegoOutcome { LegoOutcome(module: nil, reason: reason) }
}

/// How the runtime frames each console message.
public enum ConsoleFraming: Sendable, Hashable {
    /// As `NSLog` does: `2019-06-03 14:07:21.118000+0800 App[4242:1370519] message`.
    case nslog
    /// The bare message and a newline.
    case bare
}
