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
    /// Sub-modules the Activity creates while it initializes (a `UITabBarController` filling `viewControllers`
    /// with `XF_SubUInterface_` in `viewDidLoad`, which `init` calls): bound to this module ~15 ms later.
    public var tabs: [String] = []
    /// `XF_AutoAssemblyModule_ShareDM(Name)`: the module builds its DataManager from module `Name`'s class
    /// (`<Name>DataManager`, else `<P><Name>DataManager`) instead of its own.
    public var sharedDataManager: String?

    /// Creates a spec; `layers` defaults to every layer the kind normally has.
    public init(name: String, kind: Kind = .viper, layers: Set<TraceEvent.Layer>? = nil, classPrefix: String? = nil, tabs: [String] = [],
                sharedDataManager: String? = nil) {
        self.name = name
        self.kind = kind
        self.layers = layers ?? Self.defaultLayers(for: kind)
        self.classPrefix = classPrefix
        self.tabs = tabs
        self.sharedDataManager = sharedDataManager
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
