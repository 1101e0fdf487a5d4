import LegoModel
import NNModuleRuntime
import Yams

/// Reads an NNModule-swift scenario from a composed YAML tree; every mistake is a `ScenarioError` at its line.
struct NNScenarioParser {
    let reader: YAMLReader

    /// Journey step keywords and the option keys each accepts.
    static let vocabulary = JourneyVocabulary([
        "launch": [], "open": ["route", "params", "router"], "lookup": [], "register": ["service", "impl", "priority"],
        "removeService": [], "addTab": [], "addTask": ["class", "mode", "priority"],
        "eventRegister": ["event", "target", "bus"], "eventSend": ["event", "bus"], "eventRemove": ["event", "bus"],
        "observe": ["name", "sticky", "owner", "keep"], "post": ["name", "sticky"], "removeSticky": [],
        "logout": ["reload"], "login": [], "back": [], "hold": ["screen", "label"], "release": ["screen", "label"],
        "advanceClock": [],
    ])

    init(file: String) { reader = YAMLReader(file: file) }

    func parse(root: Node) throws(ScenarioError) -> NNScenario {
        let top = try reader.fields(root, "the scenario", allowed: ScenarioDocument.sharedTopKeys + ["app", "journey"])
        let app = try parseApp(try reader.required(top, "app"))
        let journeyNode = try reader.required(top, "journey")
        guard case .sequence(let items) = journeyNode else {
            throw reader.error(journeyNode, .wrongType, "`journey` must be a list of steps, found \(reader.describe(journeyNode))")
        }
        var journey: [NNScenario.Step] = []
        for item in items { journey.append(try parseStep(item)) }
        return NNScenario(file: reader.file, notes: try reader.optionalText(top["description"], "`description`"), app: app, journey: journey)
    }

    private func list(_ node: Node?, _ what: String) throws(ScenarioError) -> [Node] {
        guard let node, !reader.isNull(node) else { return [] }
        guard case .sequence(let items) = node else {
            throw reader.error(node, .wrongType, "\(what) must be a list, found \(reader.describe(node))")
        }
        return Array(items)
    }

    private func integer(_ node: Node?, _ what: String) throws(ScenarioError) -> Int? {
        guard let node, !reader.isNull(node) else { return nil }
        guard let value = Int(try reader.text(node, what)) else {
            throw reader.error(node, .wrongType, "\(what) must be a whole number, found \(reader.describe(node))")
        }
        return value
    }

    private func flag(_ node: Node?, _ what: String, default value: Bool) throws(ScenarioError) -> Bool {
        guard let node else { return value }
        return try reader.bool(node, what)
    }

    private func parseApp(_ node: Node) throws(ScenarioError) -> NNScenario.App {
        let fields = try reader.fields(node, "app", allowed: [
            "name", "defaultScheme", "services", "routers", "routes", "redirects", "interceptors", "tabs", "tasks",
        ])
        var app = NNScenario.App()
        if let name = try reader.optionalText(fields["name"], "`name`") { app.name = name }
        if let scheme = try reader.optionalText(fields["defaultScheme"], "`defaultScheme`") { app.defaultScheme = scheme }
        var impls: [String: NNModuleRuntime.ImplClass] = [:]
        var implOrder: [String] = []
        for item in try list(fields["services"], "`services`") {
            let entry = try reader.fields(item, "a service", allowed: ["service", "impl", "priority", "conforms", "lookups", "method"])
            let service = try reader.text(try reader.required(entry, "service"), "`service`")
            let implName = try reader.text(try reader.required(entry, "impl"), "`impl`")
            var impl = impls[implName] ?? NNModuleRuntime.ImplClass(name: implName)
            if let priority = try integer(entry["priority"], "`priority`") { impl.priority = priority }
            impl.conforms = try flag(entry["conforms"], "`conforms`", default: impl.conforms)
            if let lookups = entry["lookups"] { impl.lookups = try reader.textList(lookups, "`lookups`").map(\.text) }
            if impls[implName] == nil { implOrder.append(implName) }
            impls[implName] = impl
            let method = try reader.optionalText(entry["method"], "`method`") ?? "registerServices"
            let registration = NNScenario.Registration(service: service, impl: implName)
            if let index = app.registerMethods.firstIndex(where: { $0.name == method }) {
                app.registerMethods[index].registrations.append(registration)
            } else {
                app.registerMethods.append(NNScenario.RegisterMethod(name: method, registrations: [registration]))
            }
        }
        app.impls = implOrder.compactMap { impls[$0] }
        for item in try list(fields["routers"], "`routers`") {
            let entry = try reader.fields(item, "a router", allowed: ["name", "upper"])
            app.routers.append(NNScenario.RouterSpec(name: try reader.text(try reader.required(entry, "name"), "`name`"),
                                                     upper: try reader.optionalText(entry["upper"], "`upper`")))
        }
        let routerNames = [NNModuleRuntime.defaultRouter] + app.routers.map(\.name)
        for item in try list(fields["routes"], "`routes`") {
            let entry = try reader.fields(item, "a route", allowed: ["route", "router", "screen", "navigation", "returns", "paths", "used", "delayed"])
            let routeNode = try reader.required(entry, "route")
            let route = try reader.text(routeNode, "`route`", allowEmpty: true)
            let router = try reader.optionalText(entry["router"], "`router`") ?? NNModuleRuntime.defaultRouter
            for (name, key) in [(router, "router"), (try reader.optionalText(entry["used"], "`used`"), "used")] {
                if let name, !routerNames.contains(name) {
                    throw reader.error(entry[key], .invalidValue, "no router `\(name)` (routers: \(routerNames.joined(separator: ", ")))")
                }
            }
            let used = try reader.optionalText(entry["used"], "`used`")
            var handler: NNModuleRuntime.Handler?
            if used == nil {
                var made = NNModuleRuntime.Handler(screen: try reader.optionalText(entry["screen"], "`screen`"))
                if let navigationNode = entry["navigation"] {
                    let text = try reader.text(navigationNode, "`navigation`")
                    guard let navigation = NNModuleRuntime.Handler.Navigation(rawValue: text) else {
                        throw reader.error(navigationNode, .invalidValue, "unknown navigation `\(text)`"
                            + Suggestion.hint(for: text, among: NNModuleRuntime.Handler.Navigation.allCases.map(\.rawValue)))
                    }
                    made.navigation = navigation
                }
                made.returns = try flag(entry["returns"], "`returns`", default: true)
                if let paths = entry["paths"] { made.paths = try reader.textList(paths, "`paths`").map(\.text) }
                handler = made
            }
            app.routes.append(NNScenario.RouteSpec(route: route, router: router, handler: handler, used: used,
                                                   delayed: try flag(entry["delayed"], "`delayed`", default: false)))
        }
        if let redirects = fields["redirects"], !reader.isNull(redirects) {
            for entry in try reader.entries(redirects, "`redirects`") {
                app.redirects.append(NNScenario.Redirect(from: entry.key, to: try reader.text(entry.value, "a redirect target", allowEmpty: true)))
            }
        }
        for item in try list(fields["interceptors"], "`interceptors`") {
            let entry = try reader.fields(item, "an interceptor", allowed: ["action", "routes", "rejects"])
            app.interceptors.append(NNModuleRuntime.Interceptor(
                className: try reader.text(try reader.required(entry, "action"), "`action`"),
                routes: try entry["routes"].map { node throws(ScenarioError) in try reader.textList(node, "`routes`").map(\.text) } ?? [],
                rejects: try flag(entry["rejects"], "`rejects`", default: false)))
        }
        if let tabs = fields["tabs"] { app.tabs = try reader.textList(tabs, "`tabs`").map(\.text) }
        for item in try list(fields["tasks"], "`tasks`") { app.tasks.append(try parseTask(item)) }
        return app
    }

    private func parseTask(_ node: Node) throws(ScenarioError) -> NNScenario.LaunchTask {
        if case .scalar = node { return NNScenario.LaunchTask(className: try reader.text(node, "a task"), mode: .asynOnGlobal, priority: 100) }
        let entry = try reader.fields(node, "a task", allowed: ["class", "mode", "priority"])
        var mode = NNModuleRuntime.RunMode.asynOnGlobal
        if let modeNode = entry["mode"] {
            let text = try reader.text(modeNode, "`mode`")
            guard let parsed = NNModuleRuntime.RunMode(rawValue: text) else {
                throw reader.error(modeNode, .invalidValue, "unknown run mode `\(text)`"
                    + Suggestion.hint(for: text, among: NNModuleRuntime.RunMode.allCases.map(\.rawValue)))
            }
            mode = parsed
        }
        return NNScenario.LaunchTask(className: try reader.text(try reader.required(entry, "class"), "`class`"), mode: mode,
                                     priority: try integer(entry["priority"], "`priority`") ?? 100)
    }

    private func parseStep(_ node: Node) throws(ScenarioError) -> NNScenario.Step {
        let position = reader.position(node)
        let step = try reader.journeyStep(node, Self.vocabulary)
        let keyword = step.keyword
        let value = step.value
        // `- open: {route: x, params: …}` and `- open: x` with options beside it read the same.
        var fields = step.options
        if let value, case .mapping = value {
            let allowed = Self.vocabulary.options[keyword] ?? []
            fields = try reader.fields(value, "step `\(keyword)`", allowed: allowed)
        }
        func main(_ key: String, _ what: String) throws(ScenarioError) -> String {
            if let node = fields[key] { return try reader.text(node, what, allowEmpty: key == "route") }
            guard let value, !reader.isNull(value), case .scalar = value else {
                throw reader.error(value ?? node, .missingKey, "`\(keyword)` needs \(what)")
            }
            return try reader.text(value, what, allowEmpty: key == "route")
        }
        let bus = try reader.optionalText(fields["bus"], "`bus`") ?? "EventBus.default"
        let action: NNScenario.Action
        switch keyword {
        case "launch": action = .launch
        case "login": action = .login
        case "back": action = .back
        case "open":
            var parameters: [Parameter] = []
            if let params = fields["params"] {
                for entry in try reader.entries(params, "`params`") {
                    parameters.append(Parameter(key: entry.key, value: try reader.text(entry.value, "a parameter", allowEmpty: true)))
                }
            }
            action = .open(route: try main("route", "a route"), parameters: parameters,
                           router: try reader.optionalText(fields["router"], "`router`") ?? NNModuleRuntime.defaultRouter)
        case "lookup": action = .lookup(service: try main("service", "a service"))
        case "register":
            action = .register(service: try reader.text(try reader.required(fields, "service"), "`service`"),
                               impl: try reader.text(try reader.required(fields, "impl"), "`impl`"),
                               priority: try integer(fields["priority"], "`priority`"))
        case "removeService": action = .removeService(try main("service", "a service"))
        case "addTab": action = .addTab(try main("screen", "a screen"))
        case "addTask": action = .addTask(try parseTask(value ?? node))
        case "eventRegister":
            action = .eventRegister(type: try reader.text(try reader.required(fields, "event"), "`event`"),
                                    target: try reader.text(try reader.required(fields, "target"), "`target`"), bus: bus)
        case "eventSend": action = .eventSend(type: try main("event", "an event type"), bus: bus)
        case "eventRemove": action = .eventRemove(type: try main("event", "an event type"), bus: bus)
        case "observe":
            action = .observe(name: try main("name", "a notification name"), sticky: try flag(fields["sticky"], "`sticky`", default: false),
                              owner: try reader.optionalText(fields["owner"], "`owner`"), keep: try flag(fields["keep"], "`keep`", default: true))
        case "post":
            action = .post(name: try main("name", "a notification name"), sticky: try flag(fields["sticky"], "`sticky`", default: false))
        case "removeSticky": action = .removeSticky(try main("name", "a notification name"))
        case "logout": action = .logout(reload: try flag(fields["reload"], "`reload`", default: true))
        case "hold", "release":
            let screen = try reader.text(try reader.required(fields, "screen"), "`screen`")
            let label = try reader.optionalText(fields["label"], "`label`") ?? "user"
            action = keyword == "hold" ? .hold(screen: screen, label: label) : .release(screen: screen, label: label)
        default:
            guard let value else { throw reader.error(node, .missingKey, "`advanceClock` needs a number of seconds") }
            action = .advanceClock(try reader.seconds(value, "`advanceClock`"))
        }
        return NNScenario.Step(action: action, position: position, keyword: keyword)
    }
}
