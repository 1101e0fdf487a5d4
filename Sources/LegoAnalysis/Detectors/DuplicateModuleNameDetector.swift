import LegoModel
import LegoReplay

/// Finds one module name claimed twice: by two classes, by two URL registrations, or by two live instances
/// at once (the registry overwrite), with what that overwrite did to events, pops and tracking.
///
/// The framework keys its tables by name, so the second holder silently takes over the first one's entry.
final class DuplicateModuleNameDetector: Detector {
    static let rule = RuleDescription(
        id: "duplicate-module-name",
        defaultSeverity: .error,
        summary: "One module name is claimed twice: by two classes, two URL registrations, or two live instances at once.",
        why: """
        The framework's routing link table, component table and event-receiver table map a module name to one \
        object (weakly) and keep an ordered list of names that allows duplicates. Adding under a name that is \
        already present overwrites the map entry. So while two live modules share a name, lookups, directed \
        events and `pop to name` reach only the newest; when either is removed by name, every copy of the name \
        goes and the other instance keeps running untracked: missing from both console logs and unreachable by \
        events, usually until the app restarts. The same collision happens earlier when two classes resolve to one \
        module name (a prefix mistake or a copied module), when `register:forComponent:` silently overwrites an \
        existing URL, or when two URLs name the same component.

        How to fix: give every module a unique name (class `<Prefix><Name><Suffix>`), do not push a module on top \
        of a live instance of itself (open the existing one or pop to it), register each URL once, and let each \
        component have one URL.
        """,
        drawing: .duplicateName,
        frameworks: [.xflegoViper])

    static let willApplyKinds: Set<TraceEvent.Kind> = [.eventSend, .transitionBegin]
    static let didApplyKinds: Set<TraceEvent.Kind> = [.moduleDeclare, .moduleAssemble, .urlRegister]
    static let watchesChanges = true

    private struct Episode {
        var name: String
        var modules: [ObjectID]
        var classes: [String]
        var started: ReplayState.Moment
        var last: ReplayState.Moment
        var evidence: [Evidence]
        var consequences: [String]
        var moreConsequences = 0
        var tables: Set<String> = []
        var untracked: Set<ObjectID> = []
    }

    private static let maxConsequences = 6

    private let context: DetectorContext
    @exclusivity(unchecked)
    private var classByName: [String: String] = [:]
    @exclusivity(unchecked)
    private var reportedClassPairs: Set<[String]> = []
    @exclusivity(unchecked)
    private var routeByName: [String: String] = [:]
    @exclusivity(unchecked)
    private var episodes: [String: Episode] = [:]
    @exclusivity(unchecked)
    private var episodeByModule: [ObjectID: String] = [:]

    init(context: DetectorContext) {
        self.context = context
    }

    var retainedCount: Int { classByName.count + reportedClassPairs.count + routeByName.count + episodes.count + episodeByModule.count }

    func willApply(_ event: TraceEvent, state: ReplayState) {
        switch event.kind {
        case .eventSend:
            guard let name = event.name, episodes[name] != nil else { return }
            let label = event.value ?? "?"
            recordConsequence(name, event, text: "event '\(label)' at seq \(event.seq) reached only the newest holder of the name")
        case .transitionBegin where event.operation == .popTo:
            guard let name = event.name, episodes[name] != nil else { return }
            recordConsequence(name, event, text: "pop to \(name) at seq \(event.seq) could reach only the newest holder of the name")
        default:
            break
        }
    }

    func didApply(_ event: TraceEvent, state: ReplayState) {
        switch event.kind {
        case .moduleDeclare, .moduleAssemble:
            checkClass(event)
        case .urlRegister:
            checkURL(event)
        default:
            break
        }
        guard state.hasChanges else { return }
        for change in state.changes {
            switch change {
            case let .overwritten(table, name, old, new):
                overwritten(table: table, name: name, old: old, new: new, event: event, state: state)
            case let .untracked(table, name, survivor):
                // Both tables drop the name in one release: one consequence per survivor.
                guard episodes[name] != nil, episodes[name]!.untracked.insert(survivor).inserted else { continue }
                let text = "after the name was removed from the \(table.rawValue) table at seq \(event.seq), "
                    + "\(state.describe(survivor)) kept running untracked"
                recordConsequence(name, event, text: text)
            case let .moduleReleased(module):
                moduleReleased(module, state: state)
            case .screenGone, .deinitialized, .shadowed:
                // An ignored registration never held the name: nothing answers to it twice.
                break
            }
        }
    }

    func finish(state: ReplayState) {
        for name in episodes.keys.sorted() { conclude(name) }
    }

    /// Two classes resolving to one name, from the app's declarations (`module.declare`, whether or not a journey
    /// reaches them) or from what was assembled; each pair once.
    private func checkClass(_ event: TraceEvent) {
        guard let name = event.name, let className = event.className, event.moduleKind != .virtual else { return }
        guard let known = classByName[name] else { classByName[name] = className; return }
        guard known != className, !context.isAllowed(Self.rule, module: name) else { return }
        let pair = [known, className].sorted()
        guard reportedClassPairs.insert(pair).inserted else { return }
        let moment = ReplayState.Moment(event)
        let how = event.kind == .moduleDeclare ? "declared" : "assembled"
        context.report(Self.rule, message: "classes \(pair[0]) and \(pair[1]) both resolve to module name \(name); the framework's tables keep only one of them",
                       module: name, instance: event.object.map { "\(className)#\($0)" }, object: event.object, first: moment, last: moment,
                       evidence: [Evidence(event, note: "\(className) \(how) as \(name), already claimed by \(known)")],
                       fingerprint: ["classes", name] + pair)
    }

    private func checkURL(_ event: TraceEvent) {
        guard let url = event.url, let name = event.name else { return }
        let route = ComponentURL.routeKey(url)
        let moment = ReplayState.Moment(event)
        if event.effect == .overwritten, let previous = event.peerName, previous != name, !context.isAllowed(Self.rule, module: name) {
            context.report(Self.rule, message: "registering \(route) for \(name) silently overwrote its route to \(previous)",
                           module: name, instance: nil, first: moment, last: moment,
                           evidence: [Evidence(event, note: "\(route) re-registered: \(previous) → \(name)")],
                           fingerprint: ["url-overwrite", route, previous, name])
        }
        guard let known = routeByName[name] else { routeByName[name] = route; return }
        guard known != route, !context.isAllowed(Self.rule, module: name) else { return }
        let pair = [known, route].sorted()
        context.report(Self.rule, message: "URLs \(pair[0]) and \(pair[1]) both name component \(name)",
                       module: name, instance: nil, first: moment, last: moment,
                       evidence: [Evidence(event, note: "\(route) registered for \(name), already named by \(known)")],
                       fingerprint: ["url-alias", name] + pair)
    }

    private func overwritten(table: ReplayState.Registry.Table, name: String, old: ObjectID, new: ObjectID,
                             event: TraceEvent, state: ReplayState) {
        let oldModule = state.moduleID(of: old) ?? old
        let newModule = state.moduleID(of: new) ?? new
        guard oldModule != newModule else { return }
        if episodes[name] == nil {
            if context.isAllowed(Self.rule, module: name) { return }
            let moment = ReplayState.Moment(event)
            episodes[name] = Episode(name: name, modules: [], classes: [], started: moment, last: moment, evidence: [], consequences: [])
        }
        // Capped so a name overwritten again and again keeps one bounded episode.
        for module in [oldModule, newModule] where !(episodes[name]!.modules.contains(module)) && episodes[name]!.modules.count < 8 {
            episodes[name]!.modules.append(module)
            episodes[name]!.classes.append(state.modules[module]?.className ?? state.objects[module]?.className ?? "")
            episodeByModule[module] = name
        }
        if !episodes[name]!.tables.contains(table.rawValue) {
            episodes[name]!.tables.insert(table.rawValue)
            episodes[name]!.evidence.append(Evidence(event, note: "\(state.describe(new)) overwrote live \(state.describe(old)) in the \(table.rawValue) table"))
        }
        episodes[name]!.last = ReplayState.Moment(event)
    }

    private func recordConsequence(_ name: String, _ event: TraceEvent, text: String) {
        guard var episode = episodes[name] else { return }
        episode.last = ReplayState.Moment(event)
        if episode.consequences.count < Self.maxConsequences {
            episode.consequences.append(text)
            episode.evidence.append(Evidence(event, note: text))
        } else {
            episode.moreConsequences += 1
        }
        episodes[name] = episode
    }

    private func moduleReleased(_ module: ObjectID, state: ReplayState) {
        guard let name = episodeByModule.removeValue(forKey: module), let episode = episodes[name] else { return }
        // The episode is over once at most one of its instances is alive and nothing is left untracked to report later.
        let alive = episode.modules.filter { state.modules[$0] != nil }
        if alive.isEmpty { conclude(name) }
    }

    private func conclude(_ name: String) {
        guard let episode = episodes.removeValue(forKey: name) else { return }
        for module in episode.modules where episodeByModule[module] == name { episodeByModule[module] = nil }
        let instances = zip(episode.classes, episode.modules).map { "\($0)#\($1)" }
        let tables = episode.tables.sorted().joined(separator: " and ")
        var message = "\(instances.count) live instances held the name \(name) at once (\(instances.joined(separator: ", "))): "
            + "from seq \(episode.started.seq) (t=\(formatTime(episode.started.time))) the \(tables) table"
            + (episode.tables.count > 1 ? "s" : "") + " reached only the newest"
        if !episode.consequences.isEmpty {
            message += "; " + episode.consequences.joined(separator: "; ")
            if episode.moreConsequences > 0 { message += "; and \(episode.moreConsequences) more" }
        }
        let classes = Array(Set(episode.classes)).sorted()
        context.report(Self.rule, message: message, module: name, instance: instances.last, object: episode.modules.last,
                       first: episode.started, last: episode.last, evidence: episode.evidence,
                       fingerprint: ["live-overwrite", name] + classes)
    }
}
