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
        // Announced once the app starts running: the framework infers its prefix at `+load`, before any lookup, so
        // a class declared before the prefix was inferred always had the name it gets under it.
        unannounced.append(module)
        return name
    }

    /// Writes `module.declare` for every declaration not yet in the trace, under the naming settings in force now.
    func announceDeclarations() {
        let pending = unannounced
        unannounced = []
        for spec in pending { announce(spec) }
    }

    /// Announces again what the trace already declared, after a naming setting changed its names.
    private func reannounceDeclarations() {
        let announced = specs.count - unannounced.count
        for spec in specs.prefix(announced) { announce(spec) }
    }

    /// Writes `module.declare`: the classes exist, whether or not a journey reaches them.
    private func announce(_ spec: ModuleSpec) {
        let primary = Self.primaryLayer(of: spec.kind)
        let kind: TraceEvent.ModuleKind
        var gene: String?
        switch spec.kind {
        case .viper: kind = .viper
        case .controller: kind = .controller
        case .viewModel: kind = .viewModel
        case .virtual(let named): kind = .virtual; gene = named
        }
        emit(TraceEvent(kind: .moduleDeclare, name: effectiveName(of: spec),
                        className: (spec.classPrefix ?? prefix ?? "") + spec.name + primary.suffix, moduleKind: kind, gene: gene))
    }

    /// Sets the app-wide class prefix explicitly.
    public func setPrefix(_ prefix: String) {
        self.prefix = prefix
        emit(TraceEvent(kind: .prefixSet, value: prefix, ok: false))
        reannounceDeclarations()
    }

    /// Sets the Swift namespace (`CFBundleName`) the framework tries first when it looks a name up.
    public func setSwiftNamespace(_ namespace: String) {
        swiftNamespace = namespace
        reannounceDeclarations()
    }

    /// Sets `classPrefixList`: prefixes tried, in order, after the class prefix and none.
    public func setClassPrefixList(_ list: [String]) {
        classPrefixList = list
        reannounceDeclarations()
    }

    /// Registers a URL for a component (`register:forComponent:`), or for its last path component when `component` is nil.
    ///
    /// An existing route is silently overwritten, as the framework does.
    @discardableResult public func registerURL(_ url: String, component: String? = nil) -> LegoOutcome {
        guard let name = component ?? Naming.componentName(forURL: url), !name.isEmpty else {
            emit(TraceEvent(kind: .namingProblem, url: url, value: "URL names no component"))
            return .failure("URL \(url) names no component")
        }
        // The table's key is the URL as written, query and all (`URLRouteTable_[url] = componentName`, XFURLRoute.m:61);
        // only an open looks up the text before `?` (`:77-78`), so a URL registered with a query is never found.
        let key = url
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
        let key = url  // `removeObjectForKey:url` (XFURLRoute.m:66), as registered
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

    /// The name the framework gives a declared module, read back from its primary class the way
    /// `XFModuleReflect inspectModulePrefixWithModule:stuffixName:` does for a layer object: a Swift class
    /// (`MyApp.LoginViewController`) drops its namespace, a class whose second letter is lower-case has no prefix,
    /// otherwise the global prefix wins (the second-prefix quirk), else the first matching `classPrefixList` entry.
    func effectiveName(of spec: ModuleSpec) -> String {
        let suffix = Self.primaryLayer(of: spec.kind).suffix
        let className = (spec.classPrefix ?? prefix ?? "") + spec.name + suffix
        guard className.hasSuffix(suffix) else { return spec.name }
        let stem = String(className.dropLast(suffix.count))
        if let dot = stem.lastIndex(of: ".") { return String(stem[stem.index(after: dot)...]) }
        let scalars = Array(stem.unicodeScalars)
        if scalars.count > 1, scalars[1].properties.isLowercase { return stem }
        if let prefix, !prefix.isEmpty {
            return Naming.split(className: className, prefix: prefix)?.name ?? spec.name
        }
        if let listed = classPrefixList.first(where: { !$0.isEmpty && stem.hasPrefix($0) && stem.count > $0.count }) {
            return String(stem.dropFirst(listed.count))
        }
        return stem
    }

    /// Declarations whose effective name is `name`, in declaration order (indexed once per prefix/declaration change).
    func declarations(named name: String) -> [ModuleSpec] {
        if specsByName == nil {
            var index: [String: [ModuleSpec]] = [:]
            var classes: [String: ModuleSpec] = [:]
            for spec in specs {
                index[effectiveName(of: spec), default: []].append(spec)
                let own = spec.classPrefix ?? prefix ?? ""
                for layer in spec.layers { classes[own + spec.name + layer.suffix] = spec }
                if case .virtual = spec.kind { classes[own + spec.name + TraceEvent.Layer.routing.suffix] = spec }
            }
            specsByName = index
            specsByClass = classes
            longestClassName = classes.keys.map(\.unicodeScalars.count).max() ?? 0
        }
        return specsByName?[name] ?? []
    }

    /// The declaration whose classes include `className` (what `NSClassFromString` would find).
    func declaration(ofClass className: String) -> ModuleSpec? {
        if specsByClass == nil { _ = declarations(named: "") }
        return specsByClass?[className]
    }

    /// The prefixes the framework tries for a name, in order: the Swift namespace, the class prefix, none,
    /// then each `classPrefixList` entry (`XFModuleReflect inspectModulePrefixWithModule:stuffixName:`).
    var lookupPrefixes: [String] {
        var list: [String] = []
        for candidate in [swiftNamespace.map { $0 + "." }, prefix, ""] + classPrefixList.map(Optional.some) {
            if let candidate, !list.contains(candidate) { list.append(candidate) }
        }
        return list
    }

    /// `inspectSuperModuleNameFromSubModuleName:stuffixName:`: scanning `name` from its end, each upper-case
    /// letter starts a candidate gene; the first (shortest) for which a class `<prefix><gene><suffix>` exists wins.
    func gene(of name: String, suffix: String) -> String? {
        let scalars = Array(name.unicodeScalars)
        // No candidate longer than the longest declared class can name one: the scan stops there, so a huge name
        // costs its length, not its square (issue #21).
        if specsByClass == nil { _ = declarations(named: "") }
        let longest = longestClassName
        for start in scalars.indices.reversed() where ("A"..."Z").contains(scalars[start]) {
            if scalars.count - start > longest { break }
            var candidate = String.UnicodeScalarView()
            candidate.append(contentsOf: scalars[start...])
            let gene = String(candidate)
            if lookupPrefixes.contains(where: { declaration(ofClass: $0 + gene + suffix) != nil }) { return gene }
        }
        return nil
    }

    /// Whether some handler claims `name` (`XFComponentReflect existComponent:`): its own class, or its gene's.
    public func claimsComponent(_ name: String) -> Bool { resolve(name) != nil }

    /// The VIPER module a shared-module shell named `name` reuses by the framework's gene rule, when one does.
    public func geneModule(of name: String) -> String? {
        gene(of: name, suffix: TraceEvent.Layer.routing.suffix).flatMap { $0 == name ? nil : $0 }
    }

    /// The class family the framework finds for a component name. Handlers are asked in the framework's order
    /// (VIPER, MVVM, then MVC controllers); each matches the name's own class or, failing that, a dynamic
    /// subclass of its gene's (`NewAllPost` → `Post`), under the first prefix of `lookupPrefixes` that has either.
    func resolve(_ name: String) -> ResolvedModule? {
        let kinds: [(TraceEvent.ModuleKind, TraceEvent.Layer)] = [(.viper, .routing), (.viewModel, .viewModel), (.controller, .viewController)]
        for (kind, primary) in kinds {
            if let resolved = resolve(name, kind: kind, suffix: primary.suffix) { return resolved }
        }
        return nil
    }

    private func resolve(_ name: String, kind: TraceEvent.ModuleKind, suffix: String) -> ResolvedModule? {
        func fits(_ spec: ModuleSpec) -> Bool {
            switch (spec.kind, kind) {
            case (.viper, .viper), (.virtual, .viper), (.viewModel, .viewModel), (.controller, .controller): true
            // An MVVM module's view controller is a controller class too, but the MVVM handler claims it first.
            case (.viewModel, .controller): true
            default: false
            }
        }
        var geneLookedUp = false
        var gene: String?
        for candidatePrefix in lookupPrefixes {
            if let spec = declaration(ofClass: candidatePrefix + name + suffix), fits(spec) {
                if case .virtual(var declaredGene) = spec.kind {
                    if declaredGene.isEmpty, let derived = geneModule(of: name) { declaredGene = derived }
                    guard let geneSpec = declarations(named: declaredGene).last(where: { if case .viper = $0.kind { true } else { false } }) else { return nil }
                    return ResolvedModule(name: name, kind: .virtual, layerSpec: geneSpec, classPrefix: candidatePrefix,
                                          layerPrefix: geneSpec.classPrefix ?? prefix ?? "", gene: declaredGene)
                }
                let resolvedKind: TraceEvent.ModuleKind = if case .viewModel = spec.kind { .viewModel } else { kind }
                return ResolvedModule(name: name, kind: resolvedKind, layerSpec: spec, classPrefix: candidatePrefix,
                                      layerPrefix: candidatePrefix, gene: nil)
            }
            if !geneLookedUp {
                // Computed only when the name's own class is missing under the first prefix (it is, nearly always).
                geneLookedUp = true
                gene = self.gene(of: name, suffix: suffix).flatMap { $0 == name ? nil : $0 }
            }
            if let gene, let geneSpec = declaration(ofClass: candidatePrefix + gene + suffix), fits(geneSpec) {
                // No class of that name: the framework subclasses the gene's class (`objc_allocateClassPair`).
                let geneKind: TraceEvent.ModuleKind
                switch geneSpec.kind {
                case .viper, .virtual: geneKind = .virtual
                case .viewModel: geneKind = .viewModel
                case .controller: geneKind = .controller
                }
                return ResolvedModule(name: name, kind: geneKind, layerSpec: geneSpec, classPrefix: candidatePrefix,
                                      layerPrefix: geneSpec.classPrefix ?? prefix ?? "", gene: gene)
            }
        }
        return nil
    }
}
