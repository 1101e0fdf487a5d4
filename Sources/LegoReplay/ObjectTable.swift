import LegoModel

/// A table keyed by object identity, with the part of `Dictionary`'s API the replay's readers use.
///
/// Open addressing with linear probing on the id itself: one multiply finds the slot, where `[ObjectID: …]` paid
/// SipHash on every lookup (#24's profile). Values are read in place (`_read`) and changed in place (`_modify`), so
/// `state.modules[id]?.name` copies only the name. Iteration follows the slots: the same for the same history of
/// inserts and removals, but not in id order; a reader that prints sorts, as it had to with a `Dictionary`.
public struct ObjectTable<Value> {
    // `entries[i] == nil` marks an empty slot; `ids[i]` is meaningful only beside a value. Both have a power-of-two
    // count, at most half full.
    @usableFromInline var ids: [ObjectID]
    @usableFromInline var entries: [Value?]
    @usableFromInline var shift: UInt64
    @usableFromInline var storedCount: Int

    /// How many ids have a value.
    @inlinable
    public var count: Int { storedCount }

    /// An empty table.
    @inlinable
    public init() {
        ids = Array(repeating: 0, count: 8)
        entries = Array(repeating: nil, count: 8)
        shift = 64 - 3
        storedCount = 0
    }

    /// Whether no id has a value.
    @inlinable
    public var isEmpty: Bool { count == 0 }

    /// Whether `id` has a value.
    @inlinable
    public func contains(_ id: ObjectID) -> Bool { find(id).found }

    /// The value of `id`; assigning nil removes it.
    @inlinable
    public subscript(id: ObjectID) -> Value? {
        _read {
            let (slot, found) = find(id)
            if found { yield entries[slot] } else { yield nil }
        }
        _modify {
            let (slot, found) = find(id)
            if found {
                yield &entries[slot]
                if entries[slot] == nil {
                    storedCount -= 1
                    closeGap(at: slot)
                }
            } else {
                var added: Value?
                yield &added
                if let added { insert(added, for: id, at: slot) }
            }
        }
    }

    /// The value of `id`, or `defaultValue` storedCount for it when it has none (for changing in place).
    @inlinable
    public subscript(id: ObjectID, default defaultValue: @autoclosure () -> Value) -> Value {
        _read {
            let (slot, found) = find(id)
            if found { yield entries[slot]! } else { yield defaultValue() }
        }
        _modify {
            var (slot, found) = find(id)
            if !found { slot = insert(defaultValue(), for: id, at: slot) }
            yield &entries[slot]!
        }
    }

    /// Removes the value of `id` and returns it.
    @inlinable
    @discardableResult
    public mutating func removeValue(forKey id: ObjectID) -> Value? {
        let (slot, found) = find(id)
        guard found else { return nil }
        var removed: Value?
        swap(&removed, &entries[slot])
        storedCount -= 1
        closeGap(at: slot)
        return removed
    }

    /// The ids that have a value, in slot order.
    public var keys: [ObjectID] { map(\.key) }

    /// The values, in slot order.
    public var values: [Value] { map(\.value) }

    @inlinable
    func home(of id: ObjectID) -> Int {
        Int(truncatingIfNeeded: (id &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    /// The slot holding `id`, or the empty slot where it would go.
    @inlinable
    func find(_ id: ObjectID) -> (slot: Int, found: Bool) {
        let mask = ids.count - 1
        var slot = home(of: id)
        while entries[slot] != nil {
            if ids[slot] == id { return (slot, true) }
            slot = (slot + 1) & mask
        }
        return (slot, false)
    }

    /// Stores a new id's value at `slot` (its empty slot from `find`), growing first when half full; returns where it went.
    @inlinable
    @discardableResult
    mutating func insert(_ value: Value, for id: ObjectID, at slot: Int) -> Int {
        var slot = slot
        if (count + 1) * 2 > ids.count {
            grow()
            slot = find(id).slot
        }
        ids[slot] = id
        entries[slot] = value
        storedCount += 1
        return slot
    }

    @usableFromInline
    mutating func grow() {
        let oldIDs = ids
        var oldEntries = entries
        ids = Array(repeating: 0, count: oldIDs.count * 2)
        entries = Array(repeating: nil, count: oldIDs.count * 2)
        shift -= 1
        for index in oldIDs.indices where oldEntries[index] != nil {
            let slot = find(oldIDs[index]).slot
            ids[slot] = oldIDs[index]
            swap(&entries[slot], &oldEntries[index])
        }
    }

    /// Refills the empty slot at `hole` from the probe run after it (backward-shift deletion: no tombstones).
    @usableFromInline
    mutating func closeGap(at hole: Int) {
        let mask = ids.count - 1
        var hole = hole
        var next = hole
        while true {
            next = (next + 1) & mask
            guard entries[next] != nil else { return }
            let ideal = home(of: ids[next])
            // The entry may stay only when its home slot lies cyclically in (hole, next].
            let stays = hole <= next ? (hole < ideal && ideal <= next) : (hole < ideal || ideal <= next)
            if !stays {
                ids[hole] = ids[next]
                entries.swapAt(hole, next)
                hole = next
            }
        }
    }
}

extension ObjectTable: Sequence {
    /// Walks the entries in slot order.
    public struct Iterator: IteratorProtocol {
        @usableFromInline let table: ObjectTable
        @usableFromInline var slot = 0

        @inlinable
        init(_ table: ObjectTable) { self.table = table }

        /// The next entry.
        @inlinable
        public mutating func next() -> (key: ObjectID, value: Value)? {
            while slot < table.ids.count {
                defer { slot += 1 }
                if let value = table.entries[slot] { return (table.ids[slot], value) }
            }
            return nil
        }
    }

    /// An iterator over the entries.
    @inlinable
    public func makeIterator() -> Iterator { Iterator(self) }

    /// The number of entries.
    @inlinable
    public var underestimatedCount: Int { count }
}

extension ObjectTable: Equatable where Value: Equatable {
    /// The same ids with equal entries, whatever the slot order.
    public static func == (lhs: ObjectTable, rhs: ObjectTable) -> Bool {
        lhs.count == rhs.count && lhs.allSatisfy { rhs[$0.key] == $0.value }
    }
}

extension ObjectTable: Sendable where Value: Sendable {}

extension ObjectTable: ExpressibleByDictionaryLiteral {
    /// A table of the literal's entries (a later duplicate id wins).
    public init(dictionaryLiteral elements: (ObjectID, Value)...) {
        self.init()
        for (id, value) in elements { self[id] = value }
    }
}
