import LegoModel

/// Writes a scanned app as a scenario (`docs/scenario-format.md`) that `record` runs: every module and URL (a root
/// tab bar with its `tabs`, the HTTP handler), and a journey that shows the root and walks every walkable transition
/// at least once — sub-modules added (`addSub`, `addSubRouting`), each push or present left the way its code leaves it
/// (a literal pop to a name, a `thenDismiss`, else a pop or dismiss), each tab's stack kept while the next tab is
/// walked — sending each module's literal events `from` it, with a pause after every step. What the format cannot
/// say is written as comments at the top, never dropped.
public struct ScenarioWriter {
    private let app: ScannedApp
    private let appName: String
    private var notes: [String] = []
    fileprivate var lines: [String] = []
    private var declared: Set<String> = []
    private var registered: Set<String> = []
    /// Names a receiver that is no component subscribes under (`subscribeEvents`).
    private var subscribed: Set<String> = []
    /// Where each root tab bar's module line is, to add its `tabs` once the URLs are known.
    private var tabBarLines: [(index: Int, module: String)] = []

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

    fileprivate mutating func note(_ text: String, at location: SourceLocation? = nil) {
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
        writeTabs()
        if let handler = app.facts.httpHandlers.last {
            if let name = handler.component.literal, declared.contains(name) {
                lines.insert("  httpHandler: \(Self.quoted(name))", at: urlsLine ?? lines.count)
            } else {
                note("HTTP handler \(handler.component.expression) is not a declared module; left out", at: handler.location)
            }
        }
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
        header.append("description: \(Self.quoted("Scanned from the source of \(appName): every module and URL, every static transition walked from the root."))")
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
            if module.isTabBar, module.name == app.root?.toModule { tabBarLines.append((lines.count, module.name)) }
            lines.append("    - {\(fields.joined(separator: ", "))}")
        }
    }

    /// A root tab bar's tabs: the sub-modules its code makes (it makes them as it initializes, bound ~15 ms later).
    private mutating func writeTabs() {
        for (index, module) in tabBarLines {
            var seen: Set<String> = []
            let tabs = app.transitions.filter { $0.fromModule == module && $0.fact.kind == .sub && walkable($0) && seen.insert(target($0)).inserted }
            guard !tabs.isEmpty else { continue }
            lines[index] = String(lines[index].dropLast()) + ", tabs: [\(tabs.map(target).joined(separator: ", "))]}"
        }
    }

    /// Where the `urls:` key is written, if it is (the HTTP handler goes before it).
    private var urlsLine: Int?

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
        urlsLine = lines.count
        lines.append("  urls:")
        lines += items
    }

    // MARK: - journey

    /// A transition the scenario can replay: a literal target that is declared (and registered, for URLs).
    private func walkable(_ transition: ScannedApp.Transition) -> Bool {
        Self.walkable(transition, declared: declared, registered: registered)
    }

    /// Whether a transition's target is declared and, for a URL, registered (an `http…` URL needs only its handler,
    /// which is its target).
    private static func walkable(_ transition: ScannedApp.Transition, declared: Set<String>, registered: Set<String>) -> Bool {
        guard let target = transition.toModule, declared.contains(target) else { return false }
        if let url = transition.url { return ComponentURL(url).isHTTP || registered.contains(ComponentURL(url).path) }
        return true
    }

    fileprivate func target(_ transition: ScannedApp.Transition) -> String {
        Self.quoted(transition.url ?? transition.toModule ?? "")
    }

    /// The pause written after every step: the framework's delayed work (link logs, sub-module binding, ~15 ms) runs
    /// between two user actions, as on a device.
    static let pause = "  - advanceClock: 0.5"

    private mutating func step(_ text: String...) {
        lines += text
        lines.append(Self.pause)
    }

    /// One screen of the walk: its module, and whether it was presented (a dismiss leaves it) or pushed.
    private struct Screen {
        var module: String
        var presented: Bool
    }

    private mutating func writeJourney() {
        guard let root = app.root, let rootModule = root.toModule, walkable(root) else {
            note("no root the scenario can show (XF_ShowURLComponent2Window_ / showComponent:onWindow: with a declared, registered literal target); the journey is empty")
            return
        }
        step("  - showRoot: \(target(root))")
        for transition in app.transitions where transition.fromModule != nil && transition.toModule != nil && !transition.isDynamic
            && Self.opens(transition.fact.kind) && !walkable(transition) {
            note("not walked: \(transition.fromModule ?? "") -> \(transition.toModule ?? "") (\(transition.fact.kind.rawValue)): the target is not declared or its URL not registered",
                 at: transition.fact.location)
        }
        for transition in app.transitions where transition.fromModule == nil && transition.fact.kind != .root && !transition.isDynamic {
            note("not walked: a \(transition.fact.kind.rawValue) from app code outside any module", at: transition.fact.location)
        }
        // Receivers that are no component subscribe under their name before anything is sent to it.
        for receiver in app.receivers where receiver.module.flatMap(app.module(named:)) == nil {
            for name in receiver.subscribedNames.compactMap(\.literal) where !declared.contains(name) && subscribed.insert(name).inserted {
                // A name no module declares is one the reference check does not know: `unchecked`.
                step("  - subscribeEvents: \(Self.quoted(name))", "    receiver: \(Self.quoted(receiver.className))", "    unchecked: true")
            }
        }
        let (declared, registered) = (self.declared, self.registered)
        var walk = Walk(app: app, walkable: { Self.walkable($0, declared: declared, registered: registered) })
        walk.visit(rootModule, stack: [Screen(module: rootModule, presented: false)], writer: &self)
        for module in app.modules where !walk.expanded.contains(module.name) && !module.derived {
            note("\(module.name) is not reached from the root by any static transition; declared but not opened", at: module.location)
        }
    }

    /// Whether a transition of `kind` opens a module (rather than leaving one).
    static func opens(_ kind: ScanFacts.Transition.Kind) -> Bool {
        [.push, .present, .custom, .sub, .subRouting].contains(kind)
    }

    /// The walk of every walkable transition from the root: each module's own transitions are walked the first time
    /// it is reached (an edge to a module already walked opens it and leaves it again); a tab bar's tabs are selected
    /// in turn and each tab's stack is left in place, so a module two tabs open is alive twice, as a user leaves it.
    private struct Walk {
        let app: ScannedApp
        let walkable: (ScannedApp.Transition) -> Bool
        var expanded: Set<String> = []
        /// Outgoing walkable transitions by module, one per kind and target, in file order.
        let outgoing: [String: [ScannedApp.Transition]]
        /// Each module's literal pops to a name (`popComponent:animated:` with a name).
        let popsTo: [String: [ScannedApp.Transition]]
        /// Presents that their opener follows with a dismiss of its own screen (the scenario's `thenDismiss`).
        let thenDismiss: Set<SourceLocation>

        init(app: ScannedApp, walkable: @escaping (ScannedApp.Transition) -> Bool) {
            self.app = app
            self.walkable = walkable
            var outgoing: [String: [ScannedApp.Transition]] = [:]
            var seen: Set<String> = []
            for transition in app.transitions where ScenarioWriter.opens(transition.fact.kind) && walkable(transition) {
                guard let from = transition.fromModule, let to = transition.toModule,
                      seen.insert("\(from) \(transition.fact.kind.rawValue) \(transition.url ?? to)").inserted else { continue }
                outgoing[from, default: []].append(transition)
            }
            self.outgoing = outgoing
            var popsTo: [String: [ScannedApp.Transition]] = [:]
            for transition in app.transitions where transition.fact.kind == .pop && transition.toModule != nil {
                if let from = transition.fromModule { popsTo[from, default: []].append(transition) }
            }
            self.popsTo = popsTo
            // A present, then (within two lines, in the same class and file) the opener dismissing itself.
            var thenDismiss: Set<SourceLocation> = []
            for (index, transition) in app.transitions.enumerated() where transition.fact.kind == .present || transition.fact.kind == .custom {
                let site = transition.fact.location
                if app.transitions[(index + 1)...].first(where: { $0.fact.location.file == site.file && $0.fact.location.line > site.line })
                    .map({ $0.fact.kind == .dismiss && $0.fact.fromClass == transition.fact.fromClass && $0.inheritedFrom == nil
                        && $0.fact.location.line <= site.line + 2 }) == true {
                    thenDismiss.insert(site)
                }
            }
            self.thenDismiss = thenDismiss
        }

        /// Walks `module`'s events, sub-modules and openings; `stack` is the screens alive on its path, itself last.
        /// Returns the stack as the walk leaves it (a pop to a name or a `thenDismiss` may take screens below away).
        @discardableResult
        mutating func visit(_ module: String, stack: [Screen], writer: inout ScenarioWriter, keepOpen: Bool = false) -> [Screen] {
            let first = expanded.insert(module).inserted
            guard first else { return stack }
            writer.sendEvents(from: module)
            // A virtual component is a dynamic subclass of its gene's classes (XFModuleReflect
            // createDynamicSubModuleClassFromName): it runs the gene's transitions too.
            let gene = app.module(named: module).flatMap { $0.derived ? $0.gene : nil }
            let all = (outgoing[module] ?? []) + (gene.flatMap { outgoing[$0] } ?? [])
            // Tabs only of the window root's tab bar: `selectTab` taps the root's.
            let isTabBar = app.module(named: module)?.isTabBar == true && module == app.root?.toModule
            let subs = all.filter { $0.fact.kind == .sub || $0.fact.kind == .subRouting }
            for sub in subs where !(isTabBar && sub.fact.kind == .sub) {
                writer.step("  - \(sub.fact.kind == .subRouting ? "addSubRouting" : "addSub"): \(writer.target(sub))", "    to: \(ScenarioWriter.quoted(module))")
            }
            for sub in subs {
                let child = sub.toModule ?? ""
                if isTabBar && sub.fact.kind == .sub {
                    // Each tab keeps its stack; the next tab is walked beside it.
                    writer.step("  - selectTab: \(ScenarioWriter.quoted(child))")
                    visit(child, stack: stack + [Screen(module: child, presented: false)], writer: &writer, keepOpen: true)
                } else {
                    visit(child, stack: stack + [Screen(module: child, presented: false)], writer: &writer)
                }
            }
            // Openings whose screen takes screens below it away (a pop to a name further down, a thenDismiss) last.
            let openings = all.filter { $0.fact.kind != .sub && $0.fact.kind != .subRouting }
            var ordered = openings.filter { !takesAway($0, from: module) }
            let away = openings.filter { takesAway($0, from: module) }
            // A tab keeps its last push open, so that push goes last (not when something takes the tab's screen away).
            var kept: Int?
            if keepOpen, away.isEmpty, let last = ordered.lastIndex(where: { $0.fact.kind == .push }) {
                ordered.append(ordered.remove(at: last))
                kept = ordered.count - 1
            }
            ordered += away
            var current = stack
            for (index, transition) in ordered.enumerated() {
                guard current.last?.module == module else {
                    writer.note("not walked: \(module) -> \(transition.toModule ?? "") (\(transition.fact.kind.rawValue)): \(module) is gone by then", at: transition.fact.location)
                    continue
                }
                let next = transition.toModule ?? ""
                let presents = transition.fact.kind != .push
                if transition.fact.kind == .custom {
                    writer.note("\(module) -> \(next) uses a custom transition (\(transition.fact.via)); walked as present", at: transition.fact.location)
                }
                var opening = ["  - \(presents ? "present" : "push"): \(writer.target(transition))", "    from: \(ScenarioWriter.quoted(module))"]
                var afterOpening = current
                if presents, thenDismiss.contains(transition.fact.location) {
                    if current.last?.presented == true {
                        opening.append("    thenDismiss: true")
                        afterOpening.removeLast()
                    } else {
                        writer.note("\(module) dismisses itself right after presenting \(next), but \(module) is not presented in the walk; walked without thenDismiss",
                                    at: transition.fact.location)
                    }
                }
                emit(&writer, opening)
                let keep = index == kept
                let screens = visit(next, stack: afterOpening + [Screen(module: next, presented: presents)], writer: &writer, keepOpen: keep)
                current = leave(next, screens: screens, writer: &writer, keep: keep)
                if afterOpening.count < stack.count { current = Array(current.prefix(afterOpening.count)) }
            }
            return current
        }

        private func emit(_ writer: inout ScenarioWriter, _ text: [String]) {
            writer.lines += text
            writer.lines.append(ScenarioWriter.pause)
        }

        /// Whether opening `transition` from `module` leaves `module` gone: its screen pops to a name below `module`,
        /// or the present is followed by `module` dismissing itself.
        private func takesAway(_ transition: ScannedApp.Transition, from module: String) -> Bool {
            if thenDismiss.contains(transition.fact.location) { return true }
            guard let next = transition.toModule, transition.fact.kind == .push else { return false }
            return (popsTo[next] ?? []).contains { $0.toModule != module && $0.toModule != next }
        }

        /// Leaves `module` (the top of `screens`) the way its code does: a literal pop to a name on the stack below,
        /// else a pop or dismiss. Returns the screens left.
        private func leave(_ module: String, screens: [Screen], writer: inout ScenarioWriter, keep: Bool) -> [Screen] {
            guard screens.last?.module == module, !keep else { return screens }
            let screen = screens[screens.count - 1]
            if !screen.presented, let pop = popsTo[module]?.first, let target = pop.toModule,
               let below = screens.dropLast().lastIndex(where: { $0.module == target }),
               !screens[(below + 1)...].contains(where: \.presented) {
                emit(&writer, ["  - popTo: \(ScenarioWriter.quoted(target))", "    from: \(ScenarioWriter.quoted(module))"])
                return Array(screens.prefix(below + 1))
            }
            emit(&writer, ["  - \(screen.presented ? "dismiss" : "pop"):", "    from: \(ScenarioWriter.quoted(module))"])
            return Array(screens.dropLast())
        }
    }

    fileprivate mutating func sendEvents(from module: String) {
        for event in app.events where event.fromModule == module && event.fact.scope == .directed && event.isLiteral {
            let targets = event.fact.components.compactMap(\.literal)
            let known = targets.filter { declared.contains($0) || subscribed.contains($0) }
            if known.count != targets.count {
                note("event \(event.fact.event.expression) to \(targets.filter { !known.contains($0) }.joined(separator: ", ")), which no module declares; sent only to declared ones",
                     at: event.fact.location)
            }
            guard !known.isEmpty, let name = event.fact.event.literal else { continue }
            var fields = ["  - sendEvent: \(Self.quoted(name))", "    from: \(Self.quoted(module))", "    to: [\(known.map(Self.quoted).joined(separator: ", "))]"]
            if known.contains(where: { !declared.contains($0) }) { fields.append("    unchecked: true") }
            lines += fields
            lines.append(Self.pause)
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
