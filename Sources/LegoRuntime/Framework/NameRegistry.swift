import LegoModel

/// A framework table: an `NSMapTable` from name to a weak value plus an ordered name array that keeps duplicates.
struct NameRegistry<Value: LayerObject> {
    private struct Entry {
        weak var value: Value?
        let id: ObjectID
    }
    private var map: [String: Entry] = [:]
    /// Names in insertion order, duplicates kept.
    private(set) var names: [String] = []

    /// What `add` did: `.overwritten` when the map held another live object under the name.
    struct AddResult {
        var effect: TraceEvent.RegistryEffect
        var peer: ObjectID?
    }

    /// `setObject:forKey:` plus `addObject:` on the name array.
    mutating func add(_ value: Value, name: String) -> AddResult {
        var result = AddResult(effect: .added, peer: nil)
        if let old = map[name], let oldValue = old.value, oldValue !== value {
            result = AddResult(effect: .overwritten, peer: old.id)
        }
        map[name] = Entry(value: value, id: value.id)
        names.append(name)
        return result
    }

    /// `removeObjectForKey:` plus `removeObject:` (every copy) on the name array.
    mutating func remove(name: String) -> (held: ObjectID?, copies: Int) {
        let held = map.removeValue(forKey: name)?.id
        let before = names.count
        names.removeAll { $0 == name }
        return (held, before - names.count)
    }

    /// The live object the map holds for `name` (weak: nil once it deinitialized).
    func value(for name: String) -> Value? { map[name]?.value }

    /// Whether the map has an entry for `name`, live or not.
    func hasEntry(_ name: String) -> Bool { map[name] != nil }

    /// The identity the map's entry for `name` was set to, live or not.
    func entryID(for name: String) -> ObjectID? { map[name]?.id }

    /// Map entries, live or not (`NSMapTable.count` counts entries whose weak value was cleared until purged).
    var count: Int { map.count }

    /// Names whose weak value was cleared.
    var zombieNames: [String] { map.filter { $0.value.value == nil }.map(\.key).sorted() }

    /// Live values, one per name, in name-array order.
    var liveValues: [Value] {
        var seen = Set<String>()
        return names.compactMap { name in
            guard seen.insert(name).inserted else { return nil }
            return map[name]?.value
        }
    }
}
