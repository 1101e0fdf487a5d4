import LegoModel

/// Writes a scanned app as a scenario (`docs/scenario-format.md`) that `record` runs: every module and URL, and a
/// journey that shows the root, then walks a breadth-first spanning tree of the static transitions — sub-modules
/// added to their parent, every push or present followed by its pop or dismiss — and sends each module's literal
/// events while it is on screen. What the format cannot say is written as comments at the top, never dropped.
public struct ScenarioWriter {
    private let app: ScannedApp
    private let appName: String
    private var notes: [String] = []
    private var lines: [String] = []
    private var declared: Set<String> = []
    private var registered: Set<String> = []

    /// Writes `app`, named `appName` in the trace header.
    public static func scenario(for app: ScannedApp, appName: String) -> String {
        var writer = ScenarioWriter(app: app, appName: appName)
        return writer.write()
    }

    private init(app: ScannedApp, appName: String) {
        self.app = app
        self.appName = appName
    }

    /// A YAML double-quoted scalar (JSON string syntax is valid YAML).
    static func quoted(_ text: String) -> String {
        var out = ""
        JSONText.appendQuoted(text, to: &out)
        return out
    }

    private mutating func note(_ text: String, at location: SourceLocation? = nil) {
        notes.append("# - " + TerminalText.line(text + (location.map { " (\($0))" } ?? "")))
    }

    private mutating func write() -> String {
        let prefix = app.prefixes.first
        lines.append("app:")
        lines.append("  name: \(Self.quoted(appName))")
        if let prefix { lines.append("  prefix: \(Self.quoted(prefix))") }
        if app.prefixes.count > 1 {
            note("setClassPrefixList: \(app.prefixes.joined(separator: ", ")): the format has one prefix; modules with another prefix are declared under their component name")
        }
        writeModules()
        writeURLs()
        lines.append("journey:")
        writeJourney()
        for transition in app.transitions where transition.isDynamic {
            note("not walked: a \(transition.fact.kind.rawValue) to a target computed at run time (\(transition.fact.target.expression)) from \(transition.fromModule ?? "app code")",
                 at: transition.fact.location)
        }
        for event in app.events where !event.isLiteral {
            note("not sent: event \(event.fact.event.expression) to a name computed at run time from \(event.fromModule ?? "app code")", at: event.fact.location)
        }
        for receiver in app.receivers where !receiver.events.isEmpty {
            let names = receiver.events.map(\.expression).joined(separator: ", ")
            note("\(receiver.className) handles only \(names): the format has no event filter (the runtime delivers every event)", at: receiver.location)
        }
        var header = [
            "# Written by `lego-trace scan` from the app's source. Not expressible in the scenario format:",
        ]
        header += notes.isEmpty ? ["# - nothing"] : notes
        header.append("description: \(Self.quoted("Scanned from the source of \(appName): every module and URL, the static transitions walked breadth-first from the root."))")
        return (header + lines).joined(separator: "\n") + "\n"
    }

    // MARK: - app

    private mutating func writeModules() {
        lines.append("  modules:")
        for module in app.modules {
            var fields = ["name: \(Self.quoted(module.name))"]
            if let gene = module.gene {
                guard app.module(named: gene)?.pattern == .viper else {
                    note("module \(module.name) shares \(gene), which is not a VIPER module of the app; left out", at: module.location)
                    continue
                }
                fields += ["kind: virtual", "gene: \(Self.quoted(gene))"]
            } else {
                switch module.pattern {
                case .viper:
                    let layers = Set(module.classes.map(\.layer))
                    let viperLayers: [TraceEvent.Layer] = [.routing, .presenter, .activity, .interactor, .dataManager]
                    let present = viperLayers.filter(layers.contains)
                    if present.count != viperLayers.count {
                        fields.append("layers: [\(present.map(\.rawValue).joined(separator: ", "))]")
                    }
                    if !layers.contains(.activity) {
                        note("module \(module.name) has no Activity class in the scanned source (a storyboard or another target?); the runtime cannot show it",
                             at: module.location)
                    }
                case .mvvm: fields.append("kind: viewModel")
                case .mvc: fields.append("kind: controller")
                }
            }
            declared.insert(module.name)
            lines.append("    - {\(fields.joined(separator: ", "))}")
        }
    }

    private mutating func writeURLs() {
        var items: [String] = []
        for route in app.routes {
            guard declared.contains(route.component) else {
                note("URL \(route.url) names component \(route.component), which no class declares; not registered", at: route.location)
                continue
            }
            guard registered.insert(route.path).inserted else {
                note("URL \(route.url) is registered again; registered once", at: route.location)
                continue
            }
            if route.form == .replacingGroup {
                note("URL \(route.url) comes from a dictionary initURLGroup: (which replaces the table); registered as a list item", at: route.location)
            }
            items.append(route.explicitComponent
                ? "    - {url: \(Self.quoted(route.url)), component: \(Self.quoted(route.component))}"
                : "    - \(Self.quoted(route.url))")
        }
        for route in app.dynamicRoutes {
            note("URL registered from a value computed at run time (\(route.url.expression)); not registered", at: route.location)
        }
        guard !items.isEmpty else { return }
        lines.append("  urls:")
        lines += items
    }

    // MARK: - journey

    /// A transition the scenario can replay: a literal target that is declared (and registered, for URLs).
    private func walkable(_ transition: ScannedApp.Transition) -> Bool {
        guard let target = transition.toModule, declared.contains(target) else { return false }
        if let url = transition.url { return registered.contains(ComponentURL(url).path) }
        return true
    }

    private func target(_ transition: ScannedApp.Transition) -> String {
        Self.quoted(transition.url ?? transition.toModule ?? "")
    }

    private mutating func writeJourney() {
        guard let root = app.root, let rootModule = root.toModule, walkable(root) else {
            note("no root the scenario can show (XF_ShowURLComponent2Window_ / showComponent:onWindow: with a declared, registered literal target); the journey is empty")
            return
        }
        lines.append("  - showRoot: \(target(root))")
        // Breadth-first spanning tree: each module is reached once, by the first transition that discovers it.
        var children: [String: [ScannedApp.Transition]] = [:]
        var reached: Set<String> = [rootModule]
        var queue = [rootModule]
        var head = 0
        let outgoing = Dictionary(grouping: app.transitions.filter { $0.fromModule != nil }, by: { $0.fromModule ?? "" })
        while head < queue.count {
            let module = queue[head]
            head += 1
            for transition in outgoing[module] ?? [] {
                guard [.push, .present, .custom, .sub, .subRouting].contains(transition.fact.kind), let next = transition.toModule else { continue }
                guard walkable(transition) else {
                    note("not walked: \(module) -> \(next) (\(transition.fact.kind.rawValue)): the target is not declared or its URL not registered",
                         at: transition.fact.location)
                    continue
                }
                guard reached.insert(next).inserted else { continue }
                children[module, default: []].append(transition)
                queue.append(next)
            }
        }
        for transition in app.transitions where transition.fromModule == nil && transition.fact.kind != .root && !transition.isDynamic {
            note("not walked: a \(transition.fact.kind.rawValue) from app code outside any module", at: transition.fact.location)
        }
        for module in app.modules where !reached.contains(module.name) && !module.derived {
            note("\(module.name) is not reached from the root by any static transition; declared but not opened", at: module.location)
        }
        visit(rootModule, children: children)
    }

    /// Sub-modules first (they live with their parent), then each push or present and its way back.
    private mutating func visit(_ module: String, children: [String: [ScannedApp.Transition]]) {
        sendEvents(from: module)
        let all = children[module] ?? []
        for sub in all where sub.fact.kind == .sub || sub.fact.kind == .subRouting {
            lines.append("  - addSub: \(target(sub))")
            lines.append("    to: \(Self.quoted(module))")
            visit(sub.toModule ?? "", children: children)
        }
        for transition in all where transition.fact.kind != .sub && transition.fact.kind != .subRouting {
            let next = transition.toModule ?? ""
            let presents = transition.fact.kind != .push
            if transition.fact.kind == .custom {
                note("\(module) -> \(next) uses a custom transition (\(transition.fact.via)); walked as present", at: transition.fact.location)
            }
            lines.append("  - \(presents ? "present" : "push"): \(target(transition))")
            lines.append("    from: \(Self.quoted(module))")
            visit(next, children: children)
            lines.append("  - \(presents ? "dismiss" : "pop"):")
            lines.append("    from: \(Self.quoted(next))")
        }
    }

    private mutating func sendEvents(from module: String) {
        for event in app.events where event.fromModule == module && event.fact.scope == .directed && event.isLiteral {
            let targets = event.fact.components.compactMap(\.literal)
            let known = targets.filter(declared.contains)
            if known.count != targets.count {
                note("event \(event.fact.event.expression) to \(targets.filter { !declared.contains($0) }.joined(separator: ", ")), which no module declares; sent only to declared ones",
                     at: event.fact.location)
            }
            guard !known.isEmpty, let name = event.fact.event.literal else { continue }
            lines.append("  - sendEvent: \(Self.quoted(name))")
            lines.append("    to: [\(known.map(Self.quoted).joined(separator: ", "))]")
        }
    }
}

extension ScanFacts.Transition.Target {
    /// The target as written: a literal or the expression.
    var expression: String {
        switch self {
        case .url(let value), .name(let value), .routingClass(let value): value.expression
        case .none: "-"
        }
    }
}
