import Foundation
import LegoModel
import LegoRuntime
import Yams

/// Turns scenario YAML into a `Scenario`, checking every key, type and reference as it goes.
struct ScenarioParser {
    /// Keys of the document's top-level mapping.
    static let topKeys = ScenarioDocument.sharedTopKeys + ["app", "journey"]
    /// Keys of `app`.
    static let appKeys = ["name", "prefix", "classPrefix", "swiftNamespace", "classPrefixList", "modules", "urls", "httpHandler", "interceptors"]
    /// Keys of one module.
    static let moduleKeys = ["name", "kind", "gene", "layers", "classPrefix", "tabs", "shareDataManager"]
    /// Keys of one route written as a mapping inside a URL list.
    static let routeKeys = ["url", "component", "unchecked"]
    /// Keys of one interceptor.
    static let interceptorKeys = ["name", "blocks"]
    /// Module kinds as written.
    static let kindNames: [String: TraceEvent.ModuleKind] = [
        "viper": .viper, "controller": .controller, "viewModel": .viewModel, "virtual": .virtual,
    ]
    /// Layers as written (the trace format's layer names).
    static let layerNames: [String: TraceEvent.Layer] = Dictionary(
        uniqueKeysWithValues: TraceEvent.Layer.allCases.map { ($0.rawValue, $0) }
    )

    /// The journey's step keywords in documentation order, each with the option keys it takes besides its own value.
    static let vocabulary = JourneyVocabulary([
        "showRoot": ["unchecked"],
        "push": ["from", "data", "unchecked"],
        "present": ["from", "data", "thenDismiss", "unchecked"],
        "pop": ["from", "data", "unchecked"],
        "popTo": ["from", "unchecked"],
        "dismiss": ["from", "data", "unchecked"],
        "addSub": ["to", "unchecked"],
        "sendEvent": ["from", "to", "data", "unchecked"],
        "observe": ["from", "unchecked"],
        "postNotification": ["data"],
        "hold": ["label", "unchecked"],
        "release": [],
        "retainCycle": ["unchecked"],
        "advanceClock": [],
        "enableLogs": [],
        "registerURL": ["component", "unchecked"],
        "registerURLs": [],
        "removeURL": [],
        "addSubRouting": ["to", "unchecked"],
        "selectTab": [],
        "subscribeEvents": ["from", "receiver", "label", "unchecked"],
        "unsubscribeEvents": [],
    ])

    let reader: YAMLReader
    /// Component names the app declares (what the journey may refer to).
    private var componentNames: Set<String> = []
    /// Component names in declaration order, for suggestions.
    private var componentList: [String] = []
    /// The app declared on a runtime that records nothing: the framework's own naming and gene rules answer
    /// what a name resolves to, so the parser never derives them a second way.
    private var reflection: LegoRuntime?
    /// The app's `classPrefix`: the prefix of modules that give none, when the app prefix is inferred.
    private var appClassPrefix: String?
    /// Where each module's `tabs` were written, for reference errors.
    private var tabNodes: [String: Node] = [:]
    /// Route keys registered so far while reading the app and then the journey in order.
    private var routeKeys: Set<String> = []
    /// Labels held and not yet released at this point of the journey.
    private var heldLabels: Set<String> = []
    /// Whether the app declares an HTTP handler.
    private var hasHTTPHandler = false
    /// Seconds the journey's `advanceClock` steps add up to so far.
    private var journeyClock = 0.0

    /// A parser reporting errors against `file`.
    init(file: String) { reader = YAMLReader(file: file) }

    /// Parses a whole XFLegoVIPER scenario from its composed top-level node (`ScenarioDocument` composed it and
    /// read its `framework:` key).
    mutating func parse(root: Node) throws(ScenarioError) -> Scenario {
        let top = try reader.fields(root, "the scenario", allowed: Self.topKeys)
        let notes = try reader.optionalText(top["description"], "`description`")
        let app = try parseApp(try reader.required(top, "app"))
        let journeyNode = try reader.required(top, "journey")
        let journey = try parseJourney(journeyNode)
        return Scenario(file: reader.file, notes: notes, app: app, journey: journey)
    }

    // MARK: App

    private mutating func parseApp(_ node: Node) throws(ScenarioError) -> Scenario.App {
        let fields = try reader.fields(node, "app", allowed: Self.appKeys)
        let name = try reader.text(try reader.required(fields, "name"), "app `name`")
        let prefix = try reader.optionalText(fields["prefix"], "app `prefix`")
        var app = Scenario.App(name: name, prefix: prefix, modules: [])
        app.classPrefix = try reader.optionalText(fields["classPrefix"], "app `classPrefix`")
        app.swiftNamespace = try reader.optionalText(fields["swiftNamespace"], "app `swiftNamespace`")
        if let listNode = fields["classPrefixList"] {
            app.classPrefixList = try reader.textList(listNode, "app `classPrefixList`").map(\.text)
        }
        appClassPrefix = prefix == nil ? app.classPrefix : nil
        app.modules = try parseModules(try reader.required(fields, "modules"), appPrefix: prefix ?? app.classPrefix)
        try resolveModules(&app)
        for module in app.modules where componentNames.insert(module.componentName).inserted {
            componentList.append(module.componentName)
        }
        if let handlerNode = fields["httpHandler"] {
            let handler = try reader.text(handlerNode, "app `httpHandler`")
            try checkComponent(handler, at: handlerNode, unchecked: false)
            app.httpHandler = handler
            hasHTTPHandler = true
        }
        if let urlsNode = fields["urls"] {
            let group = try parseURLGroup(urlsNode, "app `urls`")
            applyRoutes(group)
            app.urls = group
        }
        if let interceptorsNode = fields["interceptors"] {
            app.interceptors = try parseInterceptors(interceptorsNode)
        }
        for module in app.modules {
            if let shared = module.sharedDataManager, !app.modules.contains(where: { $0.name == shared && $0.kind == .viper }) {
                throw moduleError(module, .unknownReference, "`shareDataManager` of module `\(module.name)` names `\(shared)`, which is not a declared viper module"
                    + Suggestion.hint(for: shared, among: app.modules.filter { $0.kind == .viper }.map(\.name)))
            }
            for tab in module.tabs {
                let at = tabNodes[module.name] ?? node
                if tab.contains("://") { try checkURL(tab, at: at, unchecked: false) } else { try checkComponent(tab, at: at, unchecked: false) }
            }
        }
        return app
    }

    private mutating func parseModules(_ node: Node, appPrefix: String?) throws(ScenarioError) -> [Scenario.Module] {
        guard case .sequence(let items) = node else {
            throw reader.error(node, .wrongType, "app `modules` must be a list of modules, found \(reader.describe(node))")
        }
        guard !items.isEmpty else {
            throw reader.error(node, .invalidValue, "app `modules` is empty; declare at least the root module")
        }
        var modules: [Scenario.Module] = []
        modules.reserveCapacity(items.count)
        for item in items {
            modules.append(try parseModule(item, appPrefix: appPrefix))
        }
        return modules
    }

    private mutating func parseModule(_ node: Node, appPrefix: String?) throws(ScenarioError) -> Scenario.Module {
        let fields = try reader.fields(node, "a module", allowed: Self.moduleKeys)
        let name = try reader.text(try reader.required(fields, "name"), "module `name`")
        let context = "module `\(name)`"
        var kind = TraceEvent.ModuleKind.viper
        if let kindNode = fields["kind"] {
            let text = try reader.text(kindNode, "\(context) `kind`")
            guard let known = Self.kindNames[text] else {
                throw reader.error(kindNode, .invalidValue, "unknown module kind `\(text)` in \(context)"
                    + Suggestion.hint(for: text, among: ["viper", "controller", "viewModel", "virtual"]))
            }
            kind = known
        }
        var layers: Set<TraceEvent.Layer>?
        if let layersNode = fields["layers"] {
            var set = Set<TraceEvent.Layer>()
            for (text, itemNode) in try reader.textList(layersNode, "\(context) `layers`") {
                guard let layer = Self.layerNames[text] else {
                    throw reader.error(itemNode, .invalidValue, "unknown layer `\(text)` in \(context)"
                        + Suggestion.hint(for: text, among: TraceEvent.Layer.allCases.map(\.rawValue)))
                }
                set.insert(layer)
            }
            layers = set
        }
        // An empty `classPrefix` is an unprefixed class (`LoginViewController`).
        var classPrefix = try reader.optionalText(fields["classPrefix"], "\(context) `classPrefix`", allowEmpty: true)
        if classPrefix == nil, appPrefix == nil {
            throw reader.error(node, .missingKey, "\(context) has no class prefix: set `prefix` or `classPrefix` in app, or `classPrefix` here")
        }
        if classPrefix == nil, let appClassPrefix { classPrefix = appClassPrefix }
        var tabs: [String] = []
        if let tabsNode = fields["tabs"] {
            tabs = try reader.textList(tabsNode, "\(context) `tabs`").map(\.text)
            tabNodes[name] = tabsNode
        }
        var gene: String?
        if let geneNode = fields["gene"] {
            guard kind == .virtual else {
                throw reader.error(geneNode, .invalidValue, "`gene` only applies to modules of kind virtual; \(context) is \(kind.rawValue)")
            }
            gene = try reader.text(geneNode, "\(context) `gene`")
        }
        var module = Scenario.Module(
            name: name, kind: kind, gene: gene, layers: layers, classPrefix: classPrefix,
            position: reader.position(node)
        )
        module.tabs = tabs
        module.sharedDataManager = try reader.optionalText(fields["shareDataManager"], "\(context) `shareDataManager`")
        return module
    }

    /// Derives component names and genes, and rejects two declarations of one class.
    private mutating func resolveModules(_ app: inout Scenario.App) throws(ScenarioError) {
        let globalPrefix = app.effectivePrefix ?? ""
        var owners: [String: Scenario.Module] = [:]
        let genePool = app.modules.filter { $0.kind == .viper }.map(\.name)
        let reflection = LegoRuntime(app: app.name, prefix: app.prefix, sink: nil, console: ConsoleBuffer())
        if let namespace = app.swiftNamespace { reflection.setSwiftNamespace(namespace) }
        if !app.classPrefixList.isEmpty { reflection.setClassPrefixList(app.classPrefixList) }
        for module in app.modules where module.kind != .virtual { reflection.declare(module.spec) }
        for index in app.modules.indices {
            var module = app.modules[index]
            let ownPrefix = module.classPrefix ?? globalPrefix
            if module.kind != .virtual { module.componentName = reflection.declare(module.spec) }
            if module.kind == .virtual {
                if let gene = module.gene {
                    guard genePool.contains(gene) else {
                        throw moduleError(module, .unknownReference, "gene `\(gene)` of module `\(module.name)` is not a declared viper module"
                            + Suggestion.hint(for: gene, among: genePool))
                    }
                } else {
                    // The framework's rule (`XFModuleReflect inspectSuperModuleNameFromSubModuleName:stuffixName:`).
                    guard let derived = reflection.geneModule(of: module.name) else {
                        throw moduleError(module, .missingKey, "virtual module `\(module.name)` needs a `gene`: no declared viper module name ends its name")
                    }
                    module.gene = derived
                }
            }
            // Layers in a fixed order so the reported clash does not depend on set ordering.
            let layers = module.layers.map { set in TraceEvent.Layer.allCases.filter(set.contains) }
                ?? Self.defaultLayers(for: module.kind)
            for layer in layers {
                let className = ownPrefix + module.name + layer.suffix
                if let first = owners[className] {
                    throw moduleError(module, .duplicateClass,
                        "class `\(className)` is declared twice: by module `\(first.name)` at \(first.position) and by module `\(module.name)`")
                }
                owners[className] = module
            }
            if module.kind == .virtual { module.componentName = reflection.declare(module.spec) }
            app.modules[index] = module
        }
        self.reflection = reflection
    }

    private func moduleError(_ module: Scenario.Module, _ kind: ScenarioError.Kind, _ problem: String) -> ScenarioError {
        ScenarioError(file: reader.file, line: module.position.line, column: module.position.column, kind: kind, problem: problem)
    }

    /// The layer whose class names a module of `kind` (its routing, or its component class).
    static func primaryLayer(of kind: TraceEvent.ModuleKind) -> TraceEvent.Layer {
        switch kind {
        case .viper, .virtual: .routing
        case .controller, .protocolModule: .viewController
        case .viewModel: .viewModel
        }
    }

    /// The layers a kind has unless the scenario lists them, in a fixed order (the runtime's `ModuleSpec.defaultLayers`).
    static func defaultLayers(for kind: TraceEvent.ModuleKind) -> [TraceEvent.Layer] {
        let set = ModuleSpec.defaultLayers(for: runtimeKind(kind))
        return TraceEvent.Layer.allCases.filter(set.contains)
    }

    /// The runtime's kind for a non-virtual trace kind.
    static func runtimeKind(_ kind: TraceEvent.ModuleKind) -> ModuleSpec.Kind {
        switch kind {
        case .viper: .viper
        case .controller, .protocolModule: .controller
        case .viewModel: .viewModel
        case .virtual: .virtual(gene: "")
        }
    }

    private func parseURLGroup(_ node: Node, _ what: String) throws(ScenarioError) -> Scenario.URLGroup {
        switch node {
        case .sequence(let items):
            var routes: [Scenario.Route] = []
            routes.reserveCapacity(items.count)
            for item in items {
                routes.append(try parseRoute(item, what))
            }
            return .add(routes)
        case .mapping:
            var routes: [Scenario.Route] = []
            for entry in try reader.entries(node, what) {
                let component = try reader.text(entry.value, "the component of `\(entry.key)`")
                routes.append(Scenario.Route(url: entry.key, component: component, position: reader.position(entry.keyNode)))
            }
            return .replace(routes)
        case .scalar:
            throw reader.error(node, .wrongType, "\(what) must be a list of URLs or a mapping of URL to component, found \(reader.describe(node))")
        }
    }

    /// A route: a URL, or a mapping with `url`, optional `component` and `unchecked`.
    private func parseRoute(_ node: Node, _ what: String) throws(ScenarioError) -> Scenario.Route {
        if case .mapping = node {
            let fields = try reader.fields(node, "a route in \(what)", allowed: Self.routeKeys)
            let urlNode = try reader.required(fields, "url")
            let url = try reader.text(urlNode, "route `url`")
            let component = try reader.optionalText(fields["component"], "route `component`")
            let unchecked = try fields["unchecked"].map { (n: Node) throws(ScenarioError) in try reader.bool(n, "`unchecked`") } ?? false
            let route = Scenario.Route(url: url, component: component, position: reader.position(urlNode))
            try checkRoute(route, at: urlNode, unchecked: unchecked)
            return route
        }
        let url = try reader.text(node, "each URL in \(what)")
        let route = Scenario.Route(url: url, position: reader.position(node))
        try checkRoute(route, at: node, unchecked: false)
        return route
    }

    private func checkRoute(_ route: Scenario.Route, at node: Node, unchecked: Bool) throws(ScenarioError) {
        guard let component = route.componentName else {
            throw reader.error(node, .invalidValue, "URL `\(route.url)` names no component (it has neither host nor path)")
        }
        try checkComponent(component, at: node, unchecked: unchecked, via: route.component == nil ? "URL `\(route.url)`" : nil)
    }

    private func parseInterceptors(_ node: Node) throws(ScenarioError) -> [Scenario.Interceptor] {
        guard case .sequence(let items) = node else {
            throw reader.error(node, .wrongType, "app `interceptors` must be a list, found \(reader.describe(node))")
        }
        var result: [Scenario.Interceptor] = []
        for item in items {
            let fields = try reader.fields(item, "an interceptor", allowed: Self.interceptorKeys)
            let name = try reader.text(try reader.required(fields, "name"), "interceptor `name`")
            let blocks = try reader.textList(try reader.required(fields, "blocks"), "interceptor `blocks`").map(\.text)
            result.append(Scenario.Interceptor(name: name, blocks: blocks, position: reader.position(item)))
        }
        return result
    }

    // MARK: References

    /// Rejects a component name the app does not declare (unless the step is unchecked).
    private func checkComponent(_ name: String, at node: Node, unchecked: Bool, via: String? = nil) throws(ScenarioError) {
        guard !unchecked, !componentNames.contains(name) else { return }
        // A name no module declares is still a component when a handler claims it through its gene (`UserSetting`).
        if reflection?.claimsComponent(name) == true { return }
        let subject = via.map { "\($0) names component `\(name)`, which no module declares" }
            ?? "unknown module `\(name)`: no module declares it"
        throw reader.error(node, .unknownReference, subject + Suggestion.hint(for: name, among: componentList))
    }

    /// Rejects a URL no route covers at this point of the journey (unless the step is unchecked).
    private func checkURL(_ url: String, at node: Node, unchecked: Bool) throws(ScenarioError) {
        guard !unchecked else { return }
        // Only the route key is needed here; a full `ComponentURL` split cost an eighth of parsing a large journey.
        let key = url.firstIndex(of: "?").map { String(url[..<$0]) } ?? url
        if routeKeys.contains(key) { return }
        if ComponentURL(url).isHTTP {
            guard hasHTTPHandler else {
                throw reader.error(node, .unknownReference, "URL `\(url)` is an http URL but the app declares no `httpHandler`")
            }
            return
        }
        throw reader.error(node, .unknownReference, "URL `\(url)` is not registered at this point"
            + Suggestion.hint(for: key, among: routeKeys.sorted()))
    }

    private func checkTarget(_ target: Scenario.Target, at node: Node, unchecked: Bool) throws(ScenarioError) {
        switch target {
        case .url(let url): try checkURL(url, at: node, unchecked: unchecked)
        case .name(let name): try checkComponent(name, at: node, unchecked: unchecked)
        }
    }

    private mutating func applyRoutes(_ group: Scenario.URLGroup) {
        if case .replace = group { routeKeys.removeAll() }
        for route in group.routes { routeKeys.insert(ComponentURL.routeKey(route.url)) }
    }

    // MARK: Journey

    private mutating func parseJourney(_ node: Node) throws(ScenarioError) -> [Scenario.Step] {
        guard case .sequence(let items) = node else {
            throw reader.error(node, .wrongType, "`journey` must be a list of steps, found \(reader.describe(node))")
        }
        var steps: [Scenario.Step] = []
        steps.reserveCapacity(items.count)
        for item in items {
            steps.append(try parseStep(item))
        }
        return steps
    }

    /// One step: a bare keyword (`- pop`) or a mapping with one step keyword and its options.
    private mutating func parseStep(_ node: Node) throws(ScenarioError) -> Scenario.Step {
        let step = try reader.journeyStep(node, Self.vocabulary)
        var options: [String: (keyNode: Node, value: Node)] = [:]
        for entry in step.options.entries { options[entry.key] = (entry.keyNode, entry.value) }
        return try parseStep(keyword: step.keyword, keywordNode: step.keywordNode, value: step.value, options: options, at: node)
    }

    private mutating func parseStep(
        keyword: String, keywordNode: Node, value: Node?, options: [String: (keyNode: Node, value: Node)], at node: Node
    ) throws(ScenarioError) -> Scenario.Step {
        let unchecked = try options["unchecked"].map { (o: (keyNode: Node, value: Node)) throws(ScenarioError) in
            try reader.bool(o.value, "`unchecked`")
        } ?? false
        let data = try options["data"].map { (o: (keyNode: Node, value: Node)) throws(ScenarioError) in
            try reader.text(o.value, "`data`")
        }
        var from: String?
        if let option = options["from"] {
            let name = try reader.text(option.value, "`from`")
            try checkComponent(name, at: option.value, unchecked: unchecked)
            from = name
        }
        let valueNode = value ?? keywordNode
        func needValue(_ what: String) throws(ScenarioError) -> Node {
            guard let value, !reader.isNull(value) else {
                throw reader.error(keywordNode, .missingKey, "`\(keyword)` needs \(what)")
            }
            return value
        }
        func noValue(_ hint: String) throws(ScenarioError) {
            if let value, !reader.isNull(value) {
                throw reader.error(value, .wrongType, "`\(keyword)` takes no value (\(hint)), found \(reader.describe(value))")
            }
        }
        func target() throws(ScenarioError) -> Scenario.Target {
            let node = try needValue("a URL or a component name")
            let target = Scenario.Target(try reader.text(node, "the target of `\(keyword)`"))
            try checkTarget(target, at: node, unchecked: unchecked)
            return target
        }
        func moduleName(_ what: String) throws(ScenarioError) -> String? {
            guard let value, !reader.isNull(value) else { return nil }
            let name = try reader.text(value, what)
            try checkComponent(name, at: value, unchecked: unchecked)
            return name
        }

        let action: Scenario.Action
        switch keyword {
        case "showRoot":
            action = .showRoot(try target())
        case "push":
            action = .push(try target(), data: data)
        case "present":
            let thenDismiss = try options["thenDismiss"].map { (o: (keyNode: Node, value: Node)) throws(ScenarioError) in
                try reader.bool(o.value, "`thenDismiss`")
            } ?? false
            action = .present(try target(), data: data, thenDismissOpener: thenDismiss)
        case "pop":
            try noValue("use `from:` to pop another component")
            action = .pop(data: data)
        case "dismiss":
            try noValue("use `from:` to dismiss another component")
            action = .dismiss(data: data)
        case "popTo":
            let node = try needValue("the name of the component to pop back to")
            let name = try reader.text(node, "the target of `popTo`")
            try checkComponent(name, at: node, unchecked: unchecked)
            action = .popTo(name)
        case "addSub":
            let node = try needValue("a sub-module name or URL, or a list of them")
            var targets: [Scenario.Target] = []
            for (text, itemNode) in try reader.textList(node, "the sub-modules of `addSub`") {
                let target = Scenario.Target(text)
                try checkTarget(target, at: itemNode, unchecked: unchecked)
                targets.append(target)
            }
            var parent: String?
            if let option = options["to"] {
                let name = try reader.text(option.value, "`to`")
                try checkComponent(name, at: option.value, unchecked: unchecked)
                parent = name
            }
            action = .addSub(targets, to: parent)
        case "sendEvent":
            let name = try reader.text(try needValue("an event name"), "the event name")
            var receivers: [String]?
            if let option = options["to"] {
                var names: [String] = []
                for (text, itemNode) in try reader.textList(option.value, "`to`") {
                    try checkComponent(text, at: itemNode, unchecked: unchecked)
                    names.append(text)
                }
                receivers = names
            }
            action = .sendEvent(name, to: receivers, data: data)
        case "observe":
            let names = try reader.textList(try needValue("a notification name or a list of them"), "the notifications of `observe`")
            action = .observe(names.map(\.text))
        case "postNotification":
            action = .postNotification(try reader.text(try needValue("a notification name"), "the notification name"), data: data)
        case "hold":
            let name = try moduleName("the module to hold")
            var label = name
            if let option = options["label"] { label = try reader.text(option.value, "`label`") }
            guard let label else {
                throw reader.error(keywordNode, .missingKey, "`hold` of the current screen needs a `label:` to release it by")
            }
            heldLabels.insert(label)
            action = .hold(name, label: label)
        case "release":
            let labelNode = try needValue("the label of a hold")
            let label = try reader.text(labelNode, "the label of `release`")
            guard heldLabels.remove(label) != nil else {
                throw reader.error(labelNode, .unknownReference, "`release` of `\(label)`, which no earlier `hold` holds"
                    + Suggestion.hint(for: label, among: heldLabels.sorted()))
            }
            action = .release(label: label)
        case "retainCycle":
            action = .retainCycle(try moduleName("the module to leak"))
        case "advanceClock":
            let node = try needValue("a number of seconds")
            let seconds = try reader.seconds(node, "`advanceClock`")
            // Each step is finite, but their sum can overflow; an infinite clock is written as time 0, sending later events back to the start.
            guard (journeyClock + seconds).isFinite else {
                throw reader.error(node, .invalidValue, "`advanceClock` takes the journey's clock past the largest number of seconds a trace can hold")
            }
            journeyClock += seconds
            action = .advanceClock(seconds)
        case "enableLogs":
            action = try enableLogs(try needValue("true, false, or a mapping with `routing` and `component`"))
        case "registerURL":
            let node = try needValue("a URL")
            let url = try reader.text(node, "the URL of `registerURL`")
            let component = try options["component"].map { (o: (keyNode: Node, value: Node)) throws(ScenarioError) in
                try reader.text(o.value, "`component`")
            }
            let route = Scenario.Route(url: url, component: component, position: reader.position(node))
            try checkRoute(route, at: node, unchecked: unchecked)
            applyRoutes(.add([route]))
            action = .registerURL(route)
        case "registerURLs":
            let group = try parseURLGroup(try needValue("a list of URLs or a mapping of URL to component"), "`registerURLs`")
            applyRoutes(group)
            action = .registerURLs(group)
        case "removeURL":
            let url = try reader.text(try needValue("a URL"), "the URL of `removeURL`")
            routeKeys.remove(ComponentURL.routeKey(url))
            action = .removeURL(url)
        case "addSubRouting":
            let name = try reader.text(try needValue("a VIPER module name"), "the module of `addSubRouting`")
            try checkComponent(name, at: valueNode, unchecked: unchecked)
            var parent: String?
            if let option = options["to"] {
                parent = try reader.text(option.value, "`to`")
                try checkComponent(parent!, at: option.value, unchecked: unchecked)
            }
            action = .addSubRouting(name, to: parent)
        case "selectTab":
            let name = try reader.text(try needValue("the component name of a tab"), "the tab of `selectTab`")
            try checkComponent(name, at: valueNode, unchecked: false)
            action = .selectTab(name)
        case "subscribeEvents":
            let name = try reader.text(try needValue("the component name to receive events for"), "the name of `subscribeEvents`")
            let receiverClass = try options["receiver"].map { (o: (keyNode: Node, value: Node)) throws(ScenarioError) in
                try reader.text(o.value, "`receiver`")
            }
            if receiverClass != nil, let option = options["from"] {
                throw reader.error(option.keyNode, .invalidValue, "`subscribeEvents` takes `receiver` (an object) or `from` (a component), not both")
            }
            let label = try options["label"].map { (o: (keyNode: Node, value: Node)) throws(ScenarioError) in
                try reader.text(o.value, "`label`")
            } ?? receiverClass ?? name
            action = .subscribeEvents(name, receiverClass: receiverClass, label: label)
            if receiverClass != nil { heldLabels.insert(label) }
        case "unsubscribeEvents":
            let name = try reader.text(try needValue("the name to remove from the event-receiver table"), "the name of `unsubscribeEvents`")
            action = .unsubscribeEvents(name)
        default:
            throw reader.unknownStep(keyword, at: valueNode, Self.vocabulary)
        }
        return Scenario.Step(action, from: from, unchecked: unchecked, position: reader.position(node))
    }

    private func enableLogs(_ node: Node) throws(ScenarioError) -> Scenario.Action {
        if case .mapping = node {
            let fields = try reader.fields(node, "`enableLogs`", allowed: ["routing", "component"])
            let routing = try fields["routing"].map { (n: Node) throws(ScenarioError) in try reader.bool(n, "`routing`") } ?? false
            let component = try fields["component"].map { (n: Node) throws(ScenarioError) in try reader.bool(n, "`component`") } ?? false
            return .enableLogs(routing: routing, component: component)
        }
        let both = try reader.bool(node, "`enableLogs`")
        return .enableLogs(routing: both, component: both)
    }
}
