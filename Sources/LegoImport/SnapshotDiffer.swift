import LegoModel

/// Turns consecutive snapshots of the two logs into trace events that rebuild the registries and relations.
///
/// Identity heuristics (the logs print names, not objects):
/// - An entry's key is its address when printed (`<Class: 0x…>`), else its path (its name after the entry it hangs
///   from, recursively), else `name#k` (its occurrence among entries of that name, in print order). Keys that
///   persist between two snapshots of one log are the same object; a key that vanishes is removed, a new key is
///   added (so when one of two `Post` entries goes, the one whose place in the tree went is taken as gone).
/// - A routing and a component of one module name are the same module instance when one log lists it and the
///   other has not listed it yet (the component log prints first on push, the link log ~15 ms later).
/// - A name ever listed in a routing link log is a VIPER module (routing + presenter objects); other components
///   are controller components, or of unknown kind when the file has no routing link log.
/// - `(null)` entries are names still registered whose object was released: as many vanished entries as new
///   `(null)` lines are taken as released-but-registered (object.deinit, no remove) until the `(null)` goes.
/// - A module's objects deinitialize when neither log lists it any more.
struct SnapshotDiffer {
    /// Events so far (seq, time and thread stamped by the caller).
    private(set) var events: [TraceEvent] = []
    /// Doubts found while comparing.
    private(set) var warnings: [ImportWarning] = []

    private enum Presence { case never, listed, ghost, gone }

    private struct Instance {
        var name: String
        var routingClass: String?
        var routingObject: ObjectID?
        var componentObject: ObjectID
        var routing = Presence.never
        var component = Presence.never
        var routingAlive: Bool
        var componentAlive = true
        var viper: Bool { routingObject != nil }
    }

    private struct Relation: Hashable {
        var relation: TraceEvent.Relation
        var from: ObjectID
        var to: ObjectID
    }

    /// What the differ remembers of the last snapshot of one log.
    private struct Tracker {
        var listed: [String: Int] = [:]
        var listedPaths: [String: Int] = [:]
        var order: [Int] = []
        var ghosts: [Int] = []
        var relations: [Relation] = []
        var relationSet: Set<Relation> = []
        var holder: [String: Int] = [:]
    }

    private enum Log { case routing, component }

    private var instances: [Instance] = []
    private var previousShortfall = false
    private var byName: [String: [Int]] = [:]
    private var routingLog = Tracker()
    private var componentLog = Tracker()
    private var nextObject: ObjectID = 1
    private let naming: ImportNaming
    private let hasRoutingLogs: Bool

    /// Creates a differ that names routings with `naming`.
    init(naming: ImportNaming, hasRoutingLogs: Bool) {
        self.naming = naming
        self.hasRoutingLogs = hasRoutingLogs
    }

    /// Appends the events for one `inspectModulePrefix:` line.
    mutating func prefix(_ value: String, line: Int) {
        events.append(TraceEvent(kind: .prefixSet, value: value, ok: true, line: line))
    }

    /// Appends the events that take the state from the previous routing link log to `snapshot`.
    mutating func apply(_ snapshot: RoutingLinkSnapshot) {
        let entries = snapshot.entries
        let names = entries.map { $0.name.isNull ? "" : naming.moduleName(forRoutingClass: $0.name.text) }
        let keys = Self.keys(entries.map(\.name), names,
                             predecessors: Self.predecessors(next: entries.map(\.next), parent: entries.map(\.parent)))
        let listedCount = keys.compactMap { $0 }.count
        let shortfall = snapshot.count.map { $0 < listedCount } ?? false
        defer { previousShortfall = shortfall }
        // Warn when the shortfall starts, not on every log while it lasts.
        if let count = snapshot.count, shortfall, !previousShortfall {
            warnings.append(ImportWarning(
                lines: snapshot.firstLine...snapshot.firstLine,
                message: "`current routing count: \(count)` is lower than the \(listedCount) routings listed: one module name is held by more than one routing, or a listed routing is no longer registered"))
        }
        events.append(TraceEvent(kind: .snapshot, value: "routing link log", count: snapshot.lastLine, line: snapshot.firstLine))
        var match = match(.routing, keys: keys, names: names, classes: entries.map { $0.name.text })
        for (index, entry) in entries.enumerated() {
            guard let instance = match.mapped[index], let object = instances[instance].routingObject else { continue }
            if let next = entry.next, let target = match.mapped[next], let peer = instances[target].routingObject {
                match.relations.append((Relation(relation: .routingNext, from: object, to: peer), entries[next].line))
            }
            if let parent = entry.parent, let owner = match.mapped[parent], let from = instances[owner].routingObject {
                match.relations.append((Relation(relation: .sub, from: from, to: object), entry.line))
            }
        }
        emit(.routing, match, nullCount: entries.filter(\.name.isNull).count, lines: entries.map(\.line),
             newest: [], line: snapshot.firstLine)
    }

    /// Appends the events that take the state from the previous component trace log to `snapshot`.
    mutating func apply(_ snapshot: ComponentTreeSnapshot) {
        let entries = snapshot.entries
        guard !entries.isEmpty else {
            // XFComponentManager `+_log` prints nothing for an empty table and only the header when the first name's
            // weak value is nil: the root was released while still registered; nothing else is known.
            events.append(TraceEvent(kind: .snapshot, value: "component trace log", count: snapshot.lastLine, line: snapshot.firstLine))
            if let root = componentLog.order.first { deinitComponent(root, line: snapshot.firstLine) }
            return
        }
        let names = entries.map { $0.name.isNull ? "" : $0.name.text }
        let keys = Self.keys(entries.map(\.name), names,
                             predecessors: Self.predecessors(next: entries.map(\.next), parent: entries.map(\.parent)))
        events.append(TraceEvent(kind: .snapshot, value: "component trace log", count: snapshot.lastLine, line: snapshot.firstLine))
        var match = match(.component, keys: keys, names: names, classes: names)
        for (index, entry) in entries.enumerated() {
            guard let instance = match.mapped[index] else { continue }
            let object = instances[instance].componentObject
            if let next = entry.next, let target = match.mapped[next] {
                match.relations.append((Relation(relation: .componentNext, from: object, to: instances[target].componentObject), entries[next].line))
            }
            if let parent = entry.parent, let owner = match.mapped[parent] {
                match.relations.append((Relation(relation: .subComponent, from: instances[owner].componentObject, to: object), entry.line))
            }
        }
        emit(.component, match, nullCount: entries.filter(\.name.isNull).count, lines: entries.map(\.line),
             newest: entries.map(\.newest), line: snapshot.firstLine)
    }

    // MARK: - Matching

    /// Two keys per entry, nil for `(null)`: its printed address, else `name#k` (its occurrence among entries of that
    /// name in print order) and its path (its name after its predecessor's path: the entry whose `next` it is, or
    /// its parent). The path tells two live instances of one name apart wherever they hang; `name#k` is the
    /// fallback when an entry moved.
    private static func keys(_ entries: [EntryName], _ names: [String], predecessors: [Int?]) -> [Key?] {
        var seen: [String: Int] = [:]
        var paths = [String?](repeating: nil, count: entries.count)
        func path(_ index: Int, depth: Int) -> String {
            if let known = paths[index] { return known }
            let own = entries[index].isNull ? "(null)" : names[index]
            guard depth < 256, let predecessor = predecessors[index] else { return own }
            let value = own + "<" + path(predecessor, depth: depth + 1)
            paths[index] = value
            return value
        }
        var pathSeen: [String: Int] = [:]
        return entries.indices.map { index in
            let entry = entries[index]
            if entry.isNull { return nil }
            if let address = entry.address { return Key(occurrence: "@" + address, path: "@" + address) }
            let occurrence = seen[names[index], default: 0]
            seen[names[index]] = occurrence + 1
            let entryPath = path(index, depth: 0)
            let pathOccurrence = pathSeen[entryPath, default: 0]
            pathSeen[entryPath] = pathOccurrence + 1
            return Key(occurrence: names[index] + "#" + String(occurrence), path: entryPath + "#" + String(pathOccurrence))
        }
    }

    /// The entry each entry hangs from: the one whose `next` it is, else its parent.
    private static func predecessors(next: [Int?], parent: [Int?]) -> [Int?] {
        var result = parent
        for (index, target) in next.enumerated() {
            if let target, result.indices.contains(target) { result[target] = index }
        }
        return result
    }

    /// How an entry is recognised from one snapshot to the next.
    private struct Key: Hashable {
        var occurrence: String
        var path: String
    }

    /// How one snapshot's entries map onto instances, before any event is emitted.
    private struct Match {
        var mapped: [Int?]
        var vanished: [Int]
        var appeared: [(entry: Int, instance: Int)]
        var created: Set<Int>
        var relations: [(Relation, Int)] = []
    }

    /// Matches entries to instances: kept keys, vanished ones, and new ones adopted from the other log or created.
    private mutating func match(_ log: Log, keys: [Key?], names: [String], classes: [String]) -> Match {
        var tracker = log == .routing ? routingLog : componentLog
        var mapped = [Int?](repeating: nil, count: keys.count)
        var kept = Set<Int>()
        var unmatched: [Int] = []
        for (index, key) in keys.enumerated() {
            guard let key else { continue }
            if let instance = tracker.listedPaths[key.path], !kept.contains(instance) {
                mapped[index] = instance
                kept.insert(instance)
            } else {
                unmatched.append(index)
            }
        }
        var fresh: [Int] = []
        for index in unmatched {
            if let key = keys[index], let instance = tracker.listed[key.occurrence], !kept.contains(instance) {
                mapped[index] = instance
                kept.insert(instance)
            } else {
                fresh.append(index)
            }
        }
        let vanished = tracker.order.filter { !kept.contains($0) }
        var appeared: [(entry: Int, instance: Int)] = []
        var created = Set<Int>()
        for index in fresh {
            let name = names[index]
            let instance: Int
            if let adopted = byName[name]?.first(where: { candidate in
                let other = instances[candidate]
                return log == .routing
                    ? other.viper && other.routing == .never && other.component == .listed && other.routingAlive
                    : other.component == .never && other.routing == .listed && other.componentAlive
            }) {
                instance = adopted
            } else {
                instance = allocate(name: name, routingClass: log == .routing ? classes[index] : naming.routingClass(forModule: name))
                created.insert(instance)
            }
            if log == .routing { instances[instance].routing = .listed } else { instances[instance].component = .listed }
            mapped[index] = instance
            appeared.append((index, instance))
        }
        tracker.listed = [:]
        tracker.listedPaths = [:]
        tracker.order = []
        for (index, key) in keys.enumerated() {
            guard let key, let instance = mapped[index] else { continue }
            tracker.listed[key.occurrence] = instance
            tracker.listedPaths[key.path] = instance
            tracker.order.append(instance)
        }
        if log == .routing { routingLog = tracker } else { componentLog = tracker }
        return Match(mapped: mapped, vanished: vanished, appeared: appeared, created: created)
    }

    /// Emits, in order: unlinks, `(null)` releases, removals, deinits, creations, adds (the newest component
    /// last), links; so every unlink precedes the removal of its ends and every link follows their adds.
    private mutating func emit(_ log: Log, _ match: Match, nullCount: Int, lines: [Int], newest: [Bool], line: Int) {
        var tracker = log == .routing ? routingLog : componentLog
        let newSet = Set(match.relations.map(\.0))
        for relation in tracker.relations where !newSet.contains(relation) {
            events.append(TraceEvent(kind: .unlink, object: relation.from, peer: relation.to, relation: relation.relation, line: line))
        }
        var vanished = match.vanished
        var removed: [Int] = []
        if nullCount > tracker.ghosts.count {
            // `(null)` lines: released objects whose names are still registered.
            let ghosts = Array(vanished.prefix(nullCount - tracker.ghosts.count))
            vanished.removeFirst(ghosts.count)
            tracker.ghosts.append(contentsOf: ghosts)
            for instance in ghosts {
                setPresence(log, instance, .ghost)
                if log == .routing { deinitRouting(instance, line: line) } else { deinitComponent(instance, line: line) }
            }
        } else if nullCount < tracker.ghosts.count {
            removed.append(contentsOf: tracker.ghosts.prefix(tracker.ghosts.count - nullCount))
            tracker.ghosts.removeFirst(tracker.ghosts.count - nullCount)
        }
        removed.append(contentsOf: vanished)
        for instance in removed {
            let name = instances[instance].name
            events.append(TraceEvent(kind: log == .routing ? .routingRemove : .componentRemove, name: name,
                                     object: object(instance, log), effect: .removed, line: line))
            // The framework removes a name with every copy of it.
            tracker.holder[name] = nil
            setPresence(log, instance, .gone)
        }
        for instance in Set(removed).union(tracker.ghosts).sorted() { releaseIfUnlisted(instance, line: line) }
        var adds = match.appeared
        if !newest.isEmpty {
            // The tree is printed from `__componentKeyArr[0]`, the first name added, even when it is also the newest
            // (`-> ` marks every holder of the last name added): it goes first, the other newest entries last.
            adds = adds.filter { $0.entry == 0 } + adds.filter { $0.entry != 0 && !newest[$0.entry] }
                + adds.filter { $0.entry != 0 && newest[$0.entry] }
        }
        for (entry, instance) in adds where match.created.contains(instance) { emitCreation(instance, line: lines[entry]) }
        for (entry, instance) in adds {
            let name = instances[instance].name
            var effect = TraceEvent.RegistryEffect.added
            var peer: ObjectID?
            if let holder = tracker.holder[name], holder != instance, isAlive(holder, log) {
                effect = .overwritten
                peer = object(holder, log)
            }
            events.append(TraceEvent(kind: log == .routing ? .routingAdd : .componentAdd, name: name,
                                     className: log == .routing ? instances[instance].routingClass : nil,
                                     object: object(instance, log), peer: peer, effect: effect, line: lines[entry]))
            tracker.holder[name] = instance
        }
        var ordered: [Relation] = []
        var seen = Set<Relation>()
        for (relation, relationLine) in match.relations where seen.insert(relation).inserted {
            ordered.append(relation)
            if !tracker.relationSet.contains(relation) {
                events.append(TraceEvent(kind: .link, object: relation.from, peer: relation.to, relation: relation.relation, line: relationLine))
            }
        }
        tracker.relations = ordered
        tracker.relationSet = seen
        if log == .routing { routingLog = tracker } else { componentLog = tracker }
    }

    // MARK: - Instances

    /// Reserves a new module instance and its object ids; `emitCreation` announces it.
    private mutating func allocate(name: String, routingClass: String?) -> Int {
        let instance: Instance
        if naming.isVIPER(name) {
            instance = Instance(name: name, routingClass: routingClass, routingObject: nextObject,
                                componentObject: nextObject + 1, routingAlive: true)
            nextObject += 2
        } else {
            instance = Instance(name: name, routingClass: nil, routingObject: nil, componentObject: nextObject, routingAlive: false)
            nextObject += 1
        }
        instances.append(instance)
        byName[name, default: []].append(instances.count - 1)
        return instances.count - 1
    }

    private mutating func emitCreation(_ index: Int, line: Int) {
        let instance = instances[index]
        if let routing = instance.routingObject {
            let presenter = instance.componentObject
            events.append(TraceEvent(kind: .objectAlloc, name: instance.name, className: instance.routingClass, object: routing, layer: .routing, line: line))
            events.append(TraceEvent(kind: .objectAlloc, name: instance.name, object: presenter, peer: routing, layer: .presenter, line: line))
            events.append(TraceEvent(kind: .moduleAssemble, name: instance.name, className: instance.routingClass, object: routing,
                                     moduleKind: .viper, objects: [routing, presenter], line: line))
        } else {
            events.append(TraceEvent(kind: .moduleAssemble, name: instance.name, object: instance.componentObject,
                                     moduleKind: hasRoutingLogs ? .controller : nil, objects: [instance.componentObject], line: line))
        }
    }

    private mutating func setPresence(_ log: Log, _ instance: Int, _ presence: Presence) {
        if log == .routing { instances[instance].routing = presence } else { instances[instance].component = presence }
    }

    /// Deinitializes what is left of a module once neither log lists it.
    private mutating func releaseIfUnlisted(_ instance: Int, line: Int) {
        let value = instances[instance]
        guard value.routing != .listed, value.component != .listed else { return }
        deinitComponent(instance, line: line)
        deinitRouting(instance, line: line)
        // A released module can no longer be adopted: keep the per-name lists short on long journeys.
        byName[value.name]?.removeAll { $0 == instance }
    }

    private mutating func deinitRouting(_ instance: Int, line: Int) {
        guard instances[instance].routingAlive, let object = instances[instance].routingObject else { return }
        instances[instance].routingAlive = false
        events.append(TraceEvent(kind: .objectDeinit, name: instances[instance].name, className: instances[instance].routingClass,
                                 object: object, layer: .routing, line: line))
    }

    private mutating func deinitComponent(_ instance: Int, line: Int) {
        guard instances[instance].componentAlive else { return }
        instances[instance].componentAlive = false
        let value = instances[instance]
        events.append(TraceEvent(kind: .objectDeinit, name: value.name, object: value.componentObject,
                                 layer: value.viper ? .presenter : nil, line: line))
    }

    private func object(_ instance: Int, _ log: Log) -> ObjectID? {
        log == .routing ? instances[instance].routingObject : instances[instance].componentObject
    }

    private func isAlive(_ instance: Int, _ log: Log) -> Bool {
        log == .routing ? instances[instance].routingAlive : instances[instance].componentAlive
    }
}
