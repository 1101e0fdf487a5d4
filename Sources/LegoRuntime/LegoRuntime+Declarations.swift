import LegoModel

extension LegoRuntime {
    /// Declares a module's classes (what reflection would find); returns the component name the framework gives it.
    ///
    /// The first VIPER Routing declared while no prefix is set infers the prefix; a class whose prefix differs
    /// from the global one keeps it in its name and records `naming.problem`.
    @discardableResult public func declare(_ module: ModuleSpec) -> String {
        guard !module.name.isEmpty else {
            emit(TraceEvent(kind: .namingProblem, className: module.classPrefix, value: "a module needs a non-empty name; the declaration was ignored"))
            return module.name
        }
        let ownSuffix = Self.primaryLayer(of: module.kind).suffix
        let ownPrefix = module.classPrefix ?? prefix ?? ""
        let className = ownPrefix + module.name + ownSuffix
        if prefix == nil, Self.primaryLayer(of: module.kind) == .routing,
           let inferred = Naming.inferPrefix(fromRoutingClass: className) {
            prefix = inferred
            emit(TraceEvent(kind: .prefixSet, className: className, value: inferred, ok: true))
        }
        specs.append(module)
        let name = effectiveName(of: module)
        if name != module.name {
            emit(TraceEvent(
                kind: .namingProblem, name: name, className: className,
                value: "class \(className) does not use the app prefix \(prefix ?? ""): the framework names it \(name), not \(module.name)"))
        }
        return name
    }

    /// Sets the app-wide class prefix explicitly.
    public func setPrefix(_ prefix: String) {
        self.prefix = prefix
        emit(TraceEvent(kind: .prefixSet, value: prefix, ok: false))
    }

    /// Registers a URL for a component (`register:forComponent:`), or for its last path component when `component` is nil.
    ///
    /// An existing route is silently overwritten, as the framework does.
    @discardableResult public func registerURL(_ url: String, component: String? = nil) -> LegoOutcome {
        guard let name = component ?? Naming.componentName(forURL: url), !name.isEmpty else {
            emit(TraceEvent(kind: .namingProblem, url: url, value: "URL names no component"))
            return .failure("URL \(url) names no component")
        }
        let key = ComponentURL(url).path
        let old = routeTable[key]
        routeTable[key] = name
        emit(TraceEvent(kind: .urlRegister, name: name, peerName: old, url: url, effect: old == nil ? .added : .overwritten))
        return .success(nil)
    }

    /// Registers a group of URLs (`initURLGroup:` with an array): each is added.
    public func registerURLs(_ urls: [String]) {
        for url in urls { registerURL(url) }
    }

    /// Replaces the whole route table (`initURLGroup:` with a dictionary), then registers each pair in order.
    public func replaceURLs(_ table: [(url: String, component: String)]) {
        let dropped = routeTable.count
        routeTable.removeAll()
        emit(TraceEvent(kind: .urlReplaceAll, count: dropped))
        for entry in table { registerURL(entry.url, component: entry.component) }
    }

    /// Removes a URL route.
    @discardableResult public func removeURL(_ url: String) -> LegoOutcome {
        let key = ComponentURL(url).path
        guard let name = routeTable.removeValue(forKey: key) else { return .failure("URL \(key) is not registered") }
        emit(TraceEvent(kind: .urlRemove, name: name, url: url))
        return .success(nil)
    }

    /// Registers the component that handles `http…` URLs (it receives param `url`).
    public func registerHTTPHandler(component: String) {
        httpHandler = component
        emit(TraceEvent(kind: .urlHandler, name: component))
    }

    /// Appends a URL interceptor; interceptors run in order and the first that returns true blocks the open.
    public func addInterceptor(name: String, blocks: @escaping (ComponentURL) -> Bool) {
        interceptors.append((name, blocks))
    }

    // MARK: Reflection

    static func primaryLayer(of kind: ModuleSpec.Kind) -> TraceEvent.Layer {
        switch kind {
        case .viper, .virtual: .routing
        case .controller: .viewController
        case .viewModel: .viewModel
        }
    }

    /// The name the framework gives a declared module under the current global prefix.
    func effectiveName(of spec: ModuleSpec) -> String {
        let className = (spec.classPrefix ?? prefix ?? "") + spec.name + Self.primaryLayer(of: spec.kind).suffix
        return Naming.split(className: className, prefix: prefix ?? "")?.name ?? spec.name
    }

    /// The class family the framework finds for a component name: VIPER first, then MVVM, then MVC,
    /// else a dynamic shell of the module named by the name's longest suffix (`NewAllPost` → gene `Post`).
    func resolve(_ name: String) -> ResolvedModule? {
        func find(_ wanted: String, _ match: (ModuleSpec.Kind) -> Bool) -> ModuleSpec? {
            specs.last { match($0.kind) && effectiveName(of: $0) == wanted }
        }
        func isVIPER(_ kind: ModuleSpec.Kind) -> Bool { if case .viper = kind { true } else { false } }
        func isVirtual(_ kind: ModuleSpec.Kind) -> Bool { if case .virtual = kind { true } else { false } }
        if let spec = find(name, isVIPER) {
            let own = spec.classPrefix ?? prefix ?? ""
            return ResolvedModule(name: name, kind: .viper, layerSpec: spec, classPrefix: own, layerPrefix: own, gene: nil)
        }
        if let spec = find(name, isVirtual), case .virtual(let gene) = spec.kind, let geneSpec = find(gene, isVIPER) {
            return ResolvedModule(
                name: name, kind: .virtual, layerSpec: geneSpec, classPrefix: spec.classPrefix ?? prefix ?? "",
                layerPrefix: geneSpec.classPrefix ?? prefix ?? "", gene: gene)
        }
        if let spec = find(name, { $0 == .viewModel }) {
            let own = spec.classPrefix ?? prefix ?? ""
            return ResolvedModule(name: name, kind: .viewModel, layerSpec: spec, classPrefix: own, layerPrefix: own, gene: nil)
        }
        if let spec = find(name, { $0 == .controller }) {
            let own = spec.classPrefix ?? prefix ?? ""
            return ResolvedModule(name: name, kind: .controller, layerSpec: spec, classPrefix: own, layerPrefix: own, gene: nil)
        }
        // No class of that name: the framework subclasses the module its longest proper suffix names.
        var suffix = Substring(name)
        while !suffix.isEmpty {
            suffix = suffix.dropFirst()
            if let geneSpec = find(String(suffix), isVIPER) {
                return ResolvedModule(
                    name: name, kind: .virtual, layerSpec: geneSpec, classPrefix: prefix ?? "",
                    layerPrefix: geneSpec.classPrefix ?? prefix ?? "", gene: String(suffix))
            }
        }
        return nil
    }
}
