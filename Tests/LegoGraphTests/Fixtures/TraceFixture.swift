import LegoModel

/// Builds hand-written traces the way the runtime records them: allocations, assembly, registry
/// changes, links and transitions, each with the next seq and a 10 ms clock step.
struct TraceFixture {
    /// One module instance of the fixture.
    struct Module {
        var name: String
        /// The routing (VIPER) or the controller.
        var primary: ObjectID
        /// The component object: the presenter for VIPER modules, the controller otherwise.
        var component: ObjectID
        var layers: [ObjectID]
        var isVIPER: Bool
    }

    private(set) var events: [TraceEvent] = []
    private var nextObject: ObjectID = 1
    let prefix: String

    init(prefix: String = "BDJ") {
        self.prefix = prefix
        emit(TraceEvent(kind: .prefixSet, value: prefix))
    }

    mutating func emit(_ event: TraceEvent) {
        var event = event
        event.seq = UInt64(events.count + 1)
        event.time = Double(events.count) * 0.01
        event.thread = 1
        events.append(event)
    }

    /// The seq of the last event emitted.
    var lastSeq: UInt64 { UInt64(events.count) }

    mutating func register(_ url: String, for name: String) {
        emit(TraceEvent(kind: .urlRegister, name: name, url: url, effect: .added))
    }

    private mutating func object() -> ObjectID {
        defer { nextObject += 1 }
        return nextObject
    }

    /// Assembles a VIPER (or virtual) module and adds it to the routing and component tables.
    mutating func viper(_ name: String, gene: String? = nil, addToTables: Bool = true) -> Module {
        let routing = object(), presenter = object(), activity = object(), interactor = object()
        let classStem = gene.map { _ in name } ?? name
        let layers: [(ObjectID, TraceEvent.Layer)] = [(routing, .routing), (presenter, .presenter), (activity, .activity), (interactor, .interactor)]
        for (id, layer) in layers {
            let stem = (gene != nil && layer != .routing) ? gene! : classStem
            emit(TraceEvent(kind: .objectAlloc, name: name, className: Naming.className(prefix: prefix, module: stem, layer: layer),
                            object: id, peer: layer == .routing ? nil : routing, layer: layer))
        }
        emit(TraceEvent(kind: .moduleAssemble, name: name, className: Naming.className(prefix: prefix, module: name, layer: .routing),
                        object: routing, moduleKind: gene == nil ? .viper : .virtual, gene: gene, objects: layers.map(\.0)))
        if gene != nil { emit(TraceEvent(kind: .sharedAdd, name: name, object: routing, gene: gene)) }
        let module = Module(name: name, primary: routing, component: presenter, layers: layers.map(\.0), isVIPER: true)
        if addToTables { add(module) }
        return module
    }

    /// Assembles a controller component and adds it to the component table.
    mutating func controller(_ name: String) -> Module {
        let id = object()
        let className = Naming.className(prefix: prefix, module: name, layer: .viewController)
        emit(TraceEvent(kind: .objectAlloc, name: name, className: className, object: id, layer: .viewController))
        emit(TraceEvent(kind: .moduleAssemble, name: name, className: className, object: id, moduleKind: .controller, objects: [id]))
        let module = Module(name: name, primary: id, component: id, layers: [id], isVIPER: false)
        add(module)
        return module
    }

    mutating func add(_ module: Module) {
        if module.isVIPER { emit(TraceEvent(kind: .routingAdd, name: module.name, object: module.primary, effect: .added)) }
        emit(TraceEvent(kind: .componentAdd, name: module.name, object: module.component, effect: .added))
    }

    /// Shows the root module.
    mutating func show(_ name: String) -> Module {
        emit(TraceEvent(kind: .transitionBegin, name: name, operation: .show))
        let module = viper(name)
        emit(TraceEvent(kind: .transitionEnd, name: name, peer: module.component, operation: .show, ok: true))
        return module
    }

    /// `from` pushes or presents a new module, optionally through a URL.
    mutating func open(_ name: String, from: Module, operation: TraceEvent.Operation = .push, url: String? = nil,
                       controller isController: Bool = false, gene: String? = nil) -> Module {
        if let url { emit(TraceEvent(kind: .urlOpen, name: name, object: from.component, url: url, operation: operation, ok: true)) }
        emit(TraceEvent(kind: .actionSet, object: from.primary))
        emit(TraceEvent(kind: .transitionBegin, name: name, object: from.component, url: url, operation: operation))
        let module = isController ? controller(name) : viper(name, gene: gene)
        if from.isVIPER && module.isVIPER {
            emit(TraceEvent(kind: .link, object: from.primary, peer: module.primary, relation: .routingNext))
        }
        emit(TraceEvent(kind: .link, object: from.component, peer: module.component, relation: .componentNext))
        emit(TraceEvent(kind: .transitionEnd, name: name, object: from.component, peer: module.component, url: url, operation: operation, ok: true))
        emit(TraceEvent(kind: .actionSet))
        return module
    }

    /// Creates a sub-module of `parent`.
    mutating func sub(_ name: String, of parent: Module) -> Module {
        let module = viper(name, addToTables: false)
        emit(TraceEvent(kind: .link, object: parent.primary, peer: module.primary, relation: .sub))
        emit(TraceEvent(kind: .routingAdd, name: name, object: module.primary, effect: .added))
        emit(TraceEvent(kind: .componentAdd, name: name, object: module.component, effect: .added))
        return module
    }

    /// `from` sends a directed component event to `to`.
    mutating func send(_ event: String, from: Module, to: Module) {
        emit(TraceEvent(kind: .eventSend, name: to.name, object: from.component, value: event, count: 1, objects: [to.component]))
    }

    /// Pops (or dismisses) `module` back to `previous`; unless `leak` names a layer kept alive, every layer deinitializes.
    mutating func pop(_ module: Module, to previous: Module, operation: TraceEvent.Operation = .pop, leak: Bool = false) {
        emit(TraceEvent(kind: .transitionBegin, object: module.component, peer: previous.component, operation: operation))
        if previous.isVIPER && module.isVIPER {
            emit(TraceEvent(kind: .unlink, object: previous.primary, peer: module.primary, relation: .routingNext))
        }
        emit(TraceEvent(kind: .unlink, object: previous.component, peer: module.component, relation: .componentNext))
        if module.isVIPER { emit(TraceEvent(kind: .routingRemove, name: module.name, object: module.primary, count: 1)) }
        emit(TraceEvent(kind: .componentRemove, name: module.name, object: module.component, effect: .removed, count: 1))
        emit(TraceEvent(kind: .transitionEnd, object: module.component, peer: previous.component, operation: operation, ok: true))
        // A leak keeps the presenter alive (e.g. a block captured it); everything else goes.
        for layer in module.layers.reversed() where !(leak && layer == module.component) {
            emit(TraceEvent(kind: .objectDeinit, object: layer))
        }
    }
}
