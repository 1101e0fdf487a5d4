import LegoModel

/// The runtime's weak bookkeeping of one module instance (it never keeps a module alive).
final class ModuleRecord {
    let ref: ModuleRef
    let kind: TraceEvent.ModuleKind
    let className: String
    weak var routing: Routing?
    weak var component: ComponentObject?
    var objects: [WeakObject]

    init(ref: ModuleRef, kind: TraceEvent.ModuleKind, className: String, routing: Routing?, component: ComponentObject?, objects: [LayerObject]) {
        self.ref = ref
        self.kind = kind
        self.className = className
        self.routing = routing
        self.component = component
        self.objects = objects.map(WeakObject.init)
    }

    /// Whether any of its layer objects is still alive.
    var isAlive: Bool { objects.contains { $0.object != nil } }
}

/// A resolved module class family: what the framework's reflection finds for a component name.
struct ResolvedModule {
    let name: String
    let kind: TraceEvent.ModuleKind
    /// The spec whose layer classes are built (the gene's for a virtual module).
    let layerSpec: ModuleSpec
    /// The class prefix of the module's own classes.
    let classPrefix: String
    /// The class prefix of the layer classes (the gene's for a virtual module).
    let layerPrefix: String
    let gene: String?
}
