import LegoModel

/// The single replay state machine: rebuilds the framework's registries, relations and object lifetimes
/// event by event. `check`, `graph` and `import` all drive this one type; observers read it, never re-derive it.
public final class ReplayState {
    // Each public property reads and writes a private stored one marked `@exclusivity(unchecked)`: the ~10% that
    // dynamic exclusivity checks cost `check` (measured with perf, 1M events) stays off without unsafe flags, and
    // because the accessors are defined here, accesses inlined into LegoAnalysis and LegoGraph are unchecked too
    // (an access the client compiles itself to a stored property of another module is checked). Properties that hold
    // references are read through `_read`, which lends the value: a `get` copied it, so `state.routingTable.map[name]`
    // or `state.changes.isEmpty` retained and released every array and dictionary inside (#24).
    /// The app-wide class prefix, once set.
    public private(set) var prefix: String? {
        _read { yield _prefix }
        _modify { yield &_prefix }
    }
    @exclusivity(unchecked) private var _prefix: String?
    /// URL route table: route key (URL text before `?`) → component name.
    public private(set) var routes: [String: String] {
        _read { yield _routes }
        _modify { yield &_routes }
    }
    @exclusivity(unchecked) private var _routes: [String: String] = [:]
    /// The HTTP handler component, if registered.
    public private(set) var httpHandler: String? {
        _read { yield _httpHandler }
        _modify { yield &_httpHandler }
    }
    @exclusivity(unchecked) private var _httpHandler: String?
    /// Live objects by identity (deinitialized objects are dropped).
    public private(set) var objects: ObjectTable<ObjectInfo> {
        _read { yield _objects }
        _modify { yield &_objects }
    }
    @exclusivity(unchecked) private var _objects = ObjectTable<ObjectInfo>()
    /// Module instances by their primary object (routing, or the controller for controller components).
    public private(set) var modules: ObjectTable<ModuleInstance> {
        _read { yield _modules }
        _modify { yield &_modules }
    }
    @exclusivity(unchecked) private var _modules = ObjectTable<ModuleInstance>()
    /// The routing link table.
    public private(set) var routingTable: Registry {
        _read { yield _routingTable }
        _modify { yield &_routingTable }
    }
    @exclusivity(unchecked) private var _routingTable: Registry = Registry()
    /// The component table.
    public private(set) var componentTable: Registry {
        _read { yield _componentTable }
        _modify { yield &_componentTable }
    }
    @exclusivity(unchecked) private var _componentTable: Registry = Registry()
    /// The event-receiver table.
    public private(set) var receiverTable: Registry {
        _read { yield _receiverTable }
        _modify { yield &_receiverTable }
    }
    @exclusivity(unchecked) private var _receiverTable: Registry = Registry()
    /// The shared-module table: gene → routing.
    public private(set) var sharedTable: [String: ObjectID] {
        _read { yield _sharedTable }
        _modify { yield &_sharedTable }
    }
    @exclusivity(unchecked) private var _sharedTable: [String: ObjectID] = [:]
    /// Relations per object.
    public private(set) var links: ObjectTable<Links> {
        _read { yield _links }
        _modify { yield &_links }
    }
    @exclusivity(unchecked) private var _links = ObjectTable<Links>()
    /// `currentActionRouting`: the routing that started the transition in progress.
    public private(set) var currentAction: ObjectID? {
        get { _currentAction }
        _modify { yield &_currentAction }
    }
    @exclusivity(unchecked) private var _currentAction: ObjectID?
    /// The first component shown (the root of the component tree).
    public private(set) var rootModule: ObjectID? {
        get { _rootModule }
        _modify { yield &_rootModule }
    }
    @exclusivity(unchecked) private var _rootModule: ObjectID?
    /// User-code strong references still held, by object.
    public private(set) var holds: ObjectTable<[String]> {
        _read { yield _holds }
        _modify { yield &_holds }
    }
    @exclusivity(unchecked) private var _holds = ObjectTable<[String]>()
    /// The transition started and not yet completed.
    public private(set) var transitionInProgress: Transition? {
        _read { yield _transitionInProgress }
        _modify { yield &_transitionInProgress }
    }
    @exclusivity(unchecked) private var _transitionInProgress: Transition?
    /// Where the event applied last stands in the trace.
    public private(set) var lastMoment: Moment? {
        get { _lastMoment }
        _modify { yield &_lastMoment }
    }
    @exclusivity(unchecked) private var _lastMoment: Moment?
    /// What the last applied event changed, beyond the raw fields (derived once, here).
    public private(set) var changes: [Change] {
        _read { yield _changes }
        _modify { yield &_changes }
    }
    @exclusivity(unchecked) private var _changes: [Change] = []
    /// Whether the last applied event changed anything: `!changes.isEmpty` without retaining the list (from another
    /// module, reading `changes` retains and releases the array around the test, on every event).
    public var hasChanges: Bool { !_changes.isEmpty }
    /// Events applied so far.
    public private(set) var eventCount: Int {
        get { _eventCount }
        _modify { yield &_eventCount }
    }
    @exclusivity(unchecked) private var _eventCount: Int = 0
    /// Where the trace's clean-end marker (`trace.end`) was, if it was replayed: without it the recording stopped early.
    public private(set) var end: Moment? {
        get { _end }
        _modify { yield &_end }
    }
    @exclusivity(unchecked) private var _end: Moment?
    /// Events replayed after the end marker (two recordings appended into one file?).
    public private(set) var eventsAfterEnd: Int {
        get { _eventsAfterEnd }
        _modify { yield &_eventsAfterEnd }
    }
    @exclusivity(unchecked) private var _eventsAfterEnd: Int = 0
    /// Names of every module kind seen, with whether it is a controller component (for URL verification).
    public private(set) var moduleKinds: [String: TraceEvent.ModuleKind] {
        _read { yield _moduleKinds }
        _modify { yield &_moduleKinds }
    }
    @exclusivity(unchecked) private var _moduleKinds: [String: TraceEvent.ModuleKind] = [:]

    /// Module class families the app declared (`module.declare`), in declaration order; a class declared again
    /// (its name changed with the prefix) keeps its place.
    public private(set) var declarations: [Declaration] {
        _read { yield _declarations }
        _modify { yield &_declarations }
    }
    @exclusivity(unchecked) private var _declarations: [Declaration] = []
    @exclusivity(unchecked) private var declarationIndexByClass: [String: Int] = [:]
    @exclusivity(unchecked) private var declarationIndicesByName: [String: [Int]] = [:]

    /// NNModule-swift's registries, routers, open in progress, event sets and notifications (empty for other frameworks).
    public private(set) var nn: NNState {
        _read { yield _nn }
        _modify { yield &_nn }
    }
    @exclusivity(unchecked) private var _nn = NNState()
    /// What a QFMoudle trace keeps beyond the shared core (empty for other frameworks).
    public private(set) var qf: QFReplayState {
        _read { yield _qf }
        _modify { yield &_qf }
    }
    @exclusivity(unchecked) private var _qf = QFReplayState()

    /// The framework of the trace replayed: only its sub-state (`nn`, `qf`) is fed; nil feeds every sub-state (a state
    /// driven by hand with events of several frameworks).
    public let framework: Framework?
    // Decided once: `url.open`, `url.intercept` and `notification` are in every framework's traces, and feeding an
    // XFLegoVIPER trace's to the NNModule sub-state made `check` 6% slower (scripts/bench-check-path against 83d0cb1).
    private let feedsNN: Bool
    private let feedsQF: Bool

    /// Creates an empty state for a trace of `framework` (nil: every sub-state is fed).
    public init(framework: Framework? = nil) {
        self.framework = framework
        feedsNN = framework == nil || framework == .nnModule
        feedsQF = framework == nil || framework == .qfMoudle
    }

    /// The module instance an object belongs to (the object itself when it is a module's primary object).
    public func moduleID(of object: ObjectID) -> ObjectID? {
        if modules.contains(object) { return object }
        return objects[object]?.owner
    }

    /// Whether an object is alive.
    public func isAlive(_ object: ObjectID) -> Bool { objects.contains(object) }

    /// The live routing the link table maps `name` to (weak value: nil once it deinitialized).
    public func liveRouting(named name: String) -> ObjectID? {
        guard let id = routingTable.map[name], isAlive(id) else { return nil }
        return id
    }

    /// The live component the component table maps `name` to.
    public func liveComponent(named name: String) -> ObjectID? {
        guard let id = componentTable.map[name], isAlive(id) else { return nil }
        return id
    }

    /// Whether a controller-component class answers to `name` (`XFControllerReflect verifyController:`: a
    /// `<P><Name>ViewController` exists, the view of an MVVM component included), declared or seen assembled.
    public func hasControllerClass(named name: String) -> Bool {
        func isController(_ kind: TraceEvent.ModuleKind?) -> Bool { kind == .controller || kind == .viewModel }
        return isController(moduleKinds[name]) || (declarationIndicesByName[name] ?? []).contains { isController(declarations[$0].kind) }
    }

    /// Live module instances holding `name`, oldest first.
    public func liveModules(named name: String) -> [ObjectID] {
        (moduleIDsByName[name] ?? []).filter(isLiveModule).sorted()
    }

    /// How many live module instances hold `name`: `liveModules(named:).count` without building the list (a QFMoudle
    /// detector asks on every lookup, and almost always one is live).
    public func liveModuleCount(named name: String) -> Int {
        guard let ids = moduleIDsByName[name] else { return 0 }
        var count = 0
        for id in ids where isLiveModule(id) { count += 1 }
        return count
    }

    private func isLiveModule(_ id: ObjectID) -> Bool { modules.read(id) { $0.isAlive(in: self) } == true }

    // Every registry removal asks for the live modules of a name; scanning all modules there was O(modules) per event.
    @exclusivity(unchecked)
    private var moduleIDsByName: [String: [ObjectID]] = [:]

    /// Applies one event, updating `changes` with what it meant.
    public func apply(_ event: TraceEvent) {
        if !changes.isEmpty { changes.removeAll(keepingCapacity: true) }
        // The end marker closes the trace; it is not an event of the app (`record` counts the same way).
        if event.kind != .traceEnd { eventCount += 1 }
        if end != nil { eventsAfterEnd += 1 }
        // Only the moment is kept: copying the whole event per apply cost ~10% of a check.
        defer { lastMoment = Moment(event) }
        switch event.kind {
        case .prefixSet:
            prefix = event.value
        case .urlRegister:
            if let url = event.url, let name = event.name { routes[ComponentURL.routeKey(url)] = name }
        case .urlReplaceAll:
            routes.removeAll()
        case .urlRemove:
            if let url = event.url { routes[ComponentURL.routeKey(url)] = nil }
        case .urlHandler:
            httpHandler = event.name
        case .objectAlloc:
            applyAlloc(event)
        case .objectDeinit:
            applyDeinit(event)
        case .moduleDeclare:
            if event.moduleKind == .protocolModule {
                if feedsQF { qf.apply(event) }
            } else {
                applyDeclare(event)
            }
        case .moduleAssemble:
            applyAssemble(event)
        case .routingAdd:
            add(event, to: &routingTable, table: .routing)
        case .routingRemove:
            remove(event, from: &routingTable, table: .routing)
        case .componentAdd:
            add(event, to: &componentTable, table: .component)
            if rootModule == nil, let obj = event.object { rootModule = moduleID(of: obj) ?? obj }
            if let obj = event.object, let module = moduleID(of: obj) {
                modules[module]?.noteShown(at: Moment(event))
            }
        case .componentRemove:
            remove(event, from: &componentTable, table: .component)
        case .receiverAdd:
            add(event, to: &receiverTable, table: .receiver)
        case .receiverRemove:
            remove(event, from: &receiverTable, table: .receiver)
        case .sharedAdd:
            if let gene = event.gene ?? event.name, let obj = event.object { sharedTable[gene] = obj }
        case .link:
            applyLink(event, set: true)
        case .unlink:
            applyLink(event, set: false)
        case .actionSet:
            currentAction = event.object
        case .transitionBegin:
            transitionInProgress = Transition(event)
            if event.operation == .pop || event.operation == .dismiss || event.operation == .popTo,
               let obj = event.object, let module = moduleID(of: obj) {
                markGone(module, reason: event.operation == .dismiss ? .dismissed : .popped, at: Moment(event))
            }
        case .transitionEnd:
            transitionInProgress = nil
            // UIKit refused a present the framework had already made (`XFUIBus presentComponent:…`): the component
            // never gets a screen, so from here on nothing should keep it.
            if event.ok == false, event.operation == .present, let peer = event.peer, let module = moduleID(of: peer) {
                markGone(module, reason: .refused, at: Moment(event))
            }
            // A QFMoudle module is on screen once a controller it made is shown (it has no component table).
            if !qf.isEmpty, event.ok == true, let peer = event.peer, let module = moduleID(of: peer),
               modules.read(module, { $0.kind }) == .protocolModule {
                modules[module]?.noteShown(at: Moment(event))
            }
        case .refHold:
            if let obj = event.object { holds[obj, default: []].append(event.value ?? "") }
        case .refRelease:
            if let obj = event.object, var labels = holds[obj] {
                if let index = labels.firstIndex(of: event.value ?? "") { labels.remove(at: index) } else if !labels.isEmpty { labels.removeLast() }
                holds[obj] = labels.isEmpty ? nil : labels
            }
        case .traceEnd:
            if end == nil { end = Moment(event) }
        case .moduleResolve:
            if feedsQF { qf.apply(event) }
            applyResolve(event)
        case .callbackSet:
            if feedsQF { qf.apply(event) }
        case .kvcSet, .namingProblem, .focus, .intent, .eventSend, .clockAdvance, .snapshot:
            break
        // NNModule-swift: its sub-state applies the recorded decisions; the shared kinds it reads go there too.
        case .urlIntercept: applyNN(event)
        case .urlOpen: applyNN(event)
        case .notification: applyNN(event)
        case .nnPhase: applyNN(event)
        case .nnServiceRegister: applyNN(event)
        case .nnServiceResolve: applyNN(event)
        case .nnServiceRemove: applyNN(event)
        case .nnRouterCreate: applyNN(event)
        case .nnRouteRegister: applyNN(event)
        case .nnRouteRedirect: applyNN(event)
        case .nnRouteForward: applyNN(event)
        case .nnRouteHandle: applyNN(event)
        case .nnInterceptorAdd: applyNN(event)
        case .nnEventRegister: applyNN(event)
        case .nnEventRemove: applyNN(event)
        case .nnObserverAdd: applyNN(event)
        case .nnObserverRemove: applyNN(event)
        case .nnStickyRemove: applyNN(event)
        case .nnTaskRegister: applyNN(event)
        case .nnTaskRun: applyNN(event)
        case .nnTabRegister: applyNN(event)
        case .nnTabSetup: applyNN(event)
        case .nnTabReload: applyNN(event)
        case .nnWindowRoot: applyNN(event); replaceRoot(event)
        }
    }

    private func applyAlloc(_ event: TraceEvent) {
        guard let obj = event.object else { return }
        let owner = event.peer
        objects[obj] = ObjectInfo(
            id: obj, className: event.className ?? "", layer: event.layer, module: event.name ?? "",
            owner: owner, born: Moment(event))
        if let owner, owner != obj { modules[owner]?.addLayer(obj) }
    }

    private func applyDeinit(_ event: TraceEvent) {
        guard let obj = event.object, let info = objects.removeValue(forKey: obj) else { return }
        if !holds.isEmpty { holds.remove(obj) }
        if !qf.isEmpty { qf.forget(obj) }
        let isModule = modules.contains(obj)
        changes.append(.deinitialized(object: obj, module: info.owner ?? (isModule ? obj : nil)))
        let moduleID = isModule ? obj : info.owner
        // Read in place, not copied out of the table (a module copy retains every string and array in it).
        if let moduleID, modules.read(moduleID, { $0.isAlive(in: self) }) == false {
            changes.append(.moduleReleased(moduleID))
            if modules.read(moduleID, { $0.goneAt == nil }) != false { markGone(moduleID, reason: .released, at: Moment(event)) }
            // Through the entry's index: a change through `moduleIDsByName[name]?` runs three nested accessors, each
            // allocating its frame on the heap.
            if let name = modules.removeValue(forKey: moduleID)?.name, let entry = moduleIDsByName.index(forKey: name) {
                // The emptied list stays, with its storage: QFMoudle makes a module per lookup, and dropping the
                // entry allocated a new list for the name's next instance (`moduleKinds` keeps every name already).
                moduleIDsByName.values[entry].removeAll { $0 == moduleID }
            }
            dropLinks(of: moduleID)
        }
        if !isModule { dropLinks(of: obj) }
    }

    private func dropLinks(of obj: ObjectID) {
        // Weak relations to a dead object read as nil; strong ones cannot outlive it.
        links.remove(obj)
    }

    private func applyDeclare(_ event: TraceEvent) {
        guard let name = event.name, let className = event.className else { return }
        let declaration = Declaration(name: name, className: className, kind: event.moduleKind ?? .viper, gene: event.gene,
                                      declared: Moment(event))
        if let index = declarationIndexByClass[className] {
            declarationIndicesByName[declarations[index].name]?.removeAll { $0 == index }
            declarations[index] = declaration
            declarationIndicesByName[name, default: []].append(index)
        } else {
            declarationIndexByClass[className] = declarations.count
            declarationIndicesByName[name, default: []].append(declarations.count)
            declarations.append(declaration)
        }
    }

    private func applyAssemble(_ event: TraceEvent) {
        guard let obj = event.object else { return }
        startModule(obj, event: event, kind: event.moduleKind ?? .viper, layers: event.objects ?? [])
    }

    /// A QFMoudle lookup that made an instance starts a module: the controllers its getters make join it as they
    /// are allocated with it as `peer`.
    private func applyResolve(_ event: TraceEvent) {
        guard let obj = event.object, event.ok != false else { return }
        startModule(obj, event: event, kind: .protocolModule, layers: [])
    }

    private func startModule(_ obj: ObjectID, event: TraceEvent, kind: TraceEvent.ModuleKind, layers: [ObjectID]) {
        let name = event.name ?? ""
        var allLayers = layers
        if !layers.contains(obj) {
            // The module first, with room for a layer that joins later (a QFMoudle module's controller): inserting
            // into the event's array and then appending to it allocated twice.
            allLayers = []
            allLayers.reserveCapacity(layers.count + 2)
            allLayers.append(obj)
            allLayers.append(contentsOf: layers)
        }
        let module = ModuleInstance(
            id: obj, name: name, className: event.className ?? "", kind: kind,
            gene: event.gene, layers: allLayers, assembled: Moment(event))
        // Only the name of a previous instance is read, and the new one is moved in: copying a module retains every
        // string and array in it.
        if let previousName = modules[obj]?.name { moduleIDsByName[previousName]?.removeAll { $0 == obj } }
        let moduleLayers = module.layers
        modules[obj] = consume module
        moduleIDsByName[name, default: []].append(obj)
        if let kind = event.moduleKind, moduleKinds[name] != kind { moduleKinds[name] = kind }
        for layer in moduleLayers where layer != obj { objects[layer]?.owner = obj }
        if objects[obj] == nil {
            objects[obj] = ObjectInfo(id: obj, className: event.className ?? "", layer: nil, module: name, owner: nil, born: Moment(event))
        }
    }

    private func add(_ event: TraceEvent, to registry: inout Registry, table: Registry.Table) {
        guard let name = event.name, let obj = event.object else { return }
        // The producer recorded what the framework decided; a first-wins or priority rule is never re-derived here.
        if event.effect == .ignored {
            changes.append(.shadowed(table: table, name: name, kept: registry.map[name], ignored: obj))
            return
        }
        if let old = registry.map[name], old != obj, isAlive(old) {
            changes.append(.overwritten(table: table, name: name, old: old, new: obj))
        }
        registry.map[name] = obj
        registry.names.append(name)
    }

    private func remove(_ event: TraceEvent, from registry: inout Registry, table: Registry.Table) {
        guard let name = event.name else { return }
        let held = registry.map.removeValue(forKey: name)
        registry.names.removeAll { $0 == name }
        let released = event.object ?? held
        let releasedModule = released.flatMap { moduleID(of: $0) }
        // The framework removes by name: another live instance of the name keeps running, untracked.
        // Usually the name's only instance is the one removed, which needs no liveness scan.
        if let instances = moduleIDsByName[name], !(instances.count == 1 && instances[0] == releasedModule) {
            for survivor in liveModules(named: name) where survivor != releasedModule && modules.read(survivor, { $0.goneAt == nil }) != false {
                changes.append(.untracked(table: table, name: name, survivor: survivor))
            }
        }
        guard table != .receiver, let module = releasedModule else { return }
        let reason: GoneReason = event.effect == .evicted ? .evicted : .released
        markGone(module, reason: reason, at: Moment(event))
    }

    private func applyLink(_ event: TraceEvent, set: Bool) {
        guard let from = event.object, let relation = event.relation else { return }
        let to = event.peer
        switch relation {
        case .routingNext:
            links[from, default: Links()].routingNext = set ? to : nil
            if let to { links[to, default: Links()].routingPrevious = set ? from : nil }
        case .componentNext:
            links[from, default: Links()].componentNext = set ? to : nil
            if let to { links[to, default: Links()].componentFrom = set ? from : nil }
        case .sub, .subComponent:
            guard let to else { return }
            if set {
                if !(links[from]?.subs.contains(to) ?? false) { links[from, default: Links()].subs.append(to) }
                links[to, default: Links()].parent = from
            } else {
                links[from]?.subs.removeAll { $0 == to }
                if links[to]?.parent == from { links[to]?.parent = nil }
            }
        case .sharedInteractor:
            links[from, default: Links()].sharedInteractor = set ? to : nil
        }
    }

    private func applyNN(_ event: TraceEvent) {
        guard feedsNN else { return }
        if let change = nn.apply(event) { changes.append(change) }
    }

    /// The window's old root went away when another became root (NNModule's logout shows a login screen so).
    private func replaceRoot(_ event: TraceEvent) {
        guard let old = event.peer, let module = moduleID(of: old) else { return }
        markGone(module, reason: .replaced, at: Moment(event))
    }

    /// Marks a module's screen as gone (first time only) and, recursively, its sub-modules'.
    private func markGone(_ module: ObjectID, reason: GoneReason, at moment: Moment) {
        guard modules[module]?.noteGone(reason: reason, at: moment) == true else { return }
        changes.append(.screenGone(module: module, reason: reason, at: moment))
        for sub in links[module]?.subs ?? [] {
            if let subModule = moduleID(of: sub), subModule != module {
                markGone(subModule, reason: .parentGone, at: moment)
            }
        }
    }
}
