import LegoModel

/// A table keyed by object identity, with the part of `Dictionary`'s API the replay's readers use.
///
/// Open addressing with linear probing on the id itself: one multiply finds the slot, where `[ObjectID: …]` paid
/// SipHash on every lookup (#24's profile). Values are read in their slot (an addressor) and changed in place
/// (`_modify`); an optional chain on a read (`state.modules[id]?.isAlive(in:)`) can still make the compiler copy the
/// whole value first (#24's fourth-round profile). Iteration follows the slots: the same for the same history of
/// inserts and removals, but not in id order; a reader that prints sorts, as it had to with a `Dictionary`.
/// A copy shares its storage until one side changes (copy-on-write, as `Dictionary`).
public struct ObjectTable<Value> {
    /// The slots, in memory this table allocates: an `Array`'s subscript returns a copy, so yielding `entries[slot]`
    /// from an array copied the whole value (every string in a module retained and released) on each read (#24's
    /// callgrind profile: 6–9% of a check in Optional's generic copy and destroy witnesses).
    @usableFromInline
    final class Storage {
        /// A power of two; at most half the slots are used.
        @usableFromInline let capacity: Int
        /// Which slots hold an entry; probing reads these bytes, never the values.
        @usableFromInline let used: UnsafeMutablePointer<Bool>
        /// The id of each used slot (0 elsewhere).
        @usableFromInline let ids: UnsafeMutablePointer<ObjectID>
        /// The value of each used slot, nil elsewhere (every slot is initialized), and one more slot past the last that
        /// is always nil: a read of an absent id yields it, so the accessor's frame holds no optional value of its own.
        @usableFromInline let entries: UnsafeMutablePointer<Value?>
        /// How many slots are used (changed only through a uniquely referenced table, so not checked at run time).
        @exclusivity(unchecked) @usableFromInline var count = 0

        @usableFromInline
        init(capacity: Int) {
            self.capacity = capacity
            used = .allocate(capacity: capacity)
            used.initialize(repeating: false, count: capacity)
            ids = .allocate(capacity: capacity)
            ids.initialize(repeating: 0, count: capacity)
            entries = .allocate(capacity: capacity + 1)
            entries.initialize(repeating: nil, count: capacity + 1)
        }

        deinit {
            entries.deinitialize(count: capacity + 1)
            entries.deallocate()
            ids.deallocate()
            used.deallocate()
        }

        /// A storage of the same slots holding copies of the values.
        @usableFromInline
        func copy() -> Storage {
            let copy = Storage(capacity: capacity)
            copy.used.update(from: used, count: capacity)
            copy.ids.update(from: ids, count: capacity)
            for slot in 0..<capacity where used[slot] { copy.entries[slot] = entries[slot] }
            copy.count = count
            return copy
        }
    }

    @usableFromInline var storage: Storage
    @usableFromInline var shift: UInt64

    /// How many ids have a value.
    @inlinable
    public var count: Int { storage.count }

    /// An empty table.
    @inlinable
    public init() {
        storage = Storage(capacity: 8)
        shift = 64 - 3
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
        // Both accessors hand out a slot of the storage, never a local: a coroutine whose frame holds a value larger
        // than the caller's small buffer allocates the frame on the heap (a malloc and a free per access, #24's profile).
        unsafeAddress {
            let (slot, found) = find(id)
            return UnsafePointer(storage.entries + (found ? slot : storage.capacity))
        }
        _modify {
            makeUnique()
            var (slot, found) = find(id)
            if !found { slot = reserve(id, at: slot) }
            yield &storage.entries[slot]
            if case .none = storage.entries[slot] { vacate(slot) }
        }
    }

    /// What `body` makes of `id`'s value, read in its slot; nil when `id` has none.
    ///
    /// For a field or a method of a large value: an optional chain on the subscript (`table[id]?.field`) made the
    /// compiler copy the whole value first, then destroy it (#24's fourth-round profile).
    @inlinable
    public func read<Result>(_ id: ObjectID, _ body: (borrowing Value) -> Result) -> Result? {
        let (slot, found) = find(id)
        guard found else { return nil }
        // A used slot holds `.some`, and an optional's payload starts at its first byte.
        return body(UnsafeRawPointer(storage.entries + slot).assumingMemoryBound(to: Value.self).pointee)
    }

    /// The value of `id`, or `defaultValue` stored for it when it has none (for changing in place).
    @inlinable
    public subscript(id: ObjectID, default defaultValue: @autoclosure () -> Value) -> Value {
        _read {
            let (slot, found) = find(id)
            if found { yield storage.entries[slot]! } else { yield defaultValue() }
        }
        _modify {
            makeUnique()
            var (slot, found) = find(id)
            if !found { slot = insert(defaultValue(), for: id, at: slot) }
            yield &storage.entries[slot]!
        }
    }

    /// Removes the value of `id` and returns it.
    @inlinable
    @discardableResult
    public mutating func removeValue(forKey id: ObjectID) -> Value? {
        let (slot, found) = find(id)
        guard found else { return nil }
        makeUnique()
        let removed = (storage.entries + slot).move()
        (storage.entries + slot).initialize(to: nil)
        vacate(slot)
        return removed
    }

    /// Removes the value of `id`, if any, destroying it in its slot.
    ///
    /// What `table[id] = nil` does, without handing an optional value back to the caller to destroy: the compiler
    /// destroyed those through Optional's generic witnesses (#24's third-round profile).
    @inlinable
    public mutating func remove(_ id: ObjectID) {
        let (slot, found) = find(id)
        guard found else { return }
        makeUnique()
        (storage.entries + slot).deinitialize(count: 1)
        (storage.entries + slot).initialize(to: nil)
        vacate(slot)
    }

    /// Marks `slot`, whose value is already nil, empty and refills it from the probe run after it.
    @inlinable
    mutating func vacate(_ slot: Int) {
        storage.used[slot] = false
        storage.ids[slot] = 0
        storage.count -= 1
        closeGap(at: slot)
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
        let storage = storage
        let mask = storage.capacity - 1
        var slot = home(of: id)
        while storage.used[slot] {
            if storage.ids[slot] == id { return (slot, true) }
            slot = (slot + 1) & mask
        }
        return (slot, false)
    }

    /// Gives this table storage of its own before a change (copy-on-write).
    @inlinable
    mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
    }

    /// Stores a new id's value at `slot` (its empty slot from `find`), growing first when half full; returns where it
    /// went. The storage must be unique.
    @inlinable
    @discardableResult
    mutating func insert(_ value: consuming Value, for id: ObjectID, at slot: Int) -> Int {
        let slot = reserve(id, at: slot)
        storage.entries[slot] = value
        return slot
    }

    /// Marks `slot` (a new id's empty slot from `find`) used by `id` with no value yet, growing first when half full;
    /// returns where it went. The storage must be unique; a slot left nil must be vacated.
    @inlinable
    mutating func reserve(_ id: ObjectID, at slot: Int) -> Int {
        var slot = slot
        if (count + 1) * 2 > storage.capacity {
            grow()
            slot = find(id).slot
        }
        storage.used[slot] = true
        storage.ids[slot] = id
        storage.count += 1
        return slot
    }

    /// Moves every entry into storage of twice the slots. The storage must be unique.
    @usableFromInline
    mutating func grow() {
        let old = storage
        storage = Storage(capacity: old.capacity * 2)
        shift -= 1
        for index in 0..<old.capacity where old.used[index] {
            let slot = find(old.ids[index]).slot
            storage.used[slot] = true
            storage.ids[slot] = old.ids[index]
            swap(&storage.entries[slot], &old.entries[index])
        }
        storage.count = old.count
    }

    /// Refills the empty slot at `hole` from the probe run after it (backward-shift deletion: no tombstones).
    @usableFromInline
    mutating func closeGap(at hole: Int) {
        let storage = storage
        let mask = storage.capacity - 1
        var hole = hole
        var next = hole
        while true {
            next = (next + 1) & mask
            guard storage.used[next] else { return }
            let ideal = home(of: storage.ids[next])
            // The entry may stay only when its home slot lies cyclically in (hole, next].
            let stays = hole <= next ? (hole < ideal && ideal <= next) : (hole < ideal || ideal <= next)
            if !stays {
                storage.used[hole] = true
                storage.ids[hole] = storage.ids[next]
                swap(&storage.entries[hole], &storage.entries[next])
                storage.used[next] = false
                storage.ids[next] = 0
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
            let storage = table.storage
            while slot < storage.capacity {
                defer { slot += 1 }
                if storage.used[slot], let value = storage.entries[slot] { return (storage.ids[slot], value) }
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

extension ObjectTable: Hashable where Value: Hashable {
    /// Hashes the entries whatever their slot order (each entry's hash is summed), as `==` compares them.
    public func hash(into hasher: inout Hasher) {
        var sum = 0
        for (id, value) in self {
            var entry = Hasher()
            entry.combine(id)
            entry.combine(value)
            sum &+= entry.finalize()
        }
        hasher.combine(count)
        hasher.combine(sum)
    }
}

// The storage is a class, but it is changed only through a table holding the sole reference (`makeUnique`), as a
// `Dictionary`'s is: sharing a table between threads shares nothing that changes.
extension ObjectTable: @unchecked Sendable where Value: Sendable {}

extension ObjectTable: ExpressibleByDictionaryLiteral {
    /// A table of the literal's entries (a later duplicate id wins).
    public init(dictionaryLiteral elements: (ObjectID, Value)...) {
        self.init()
        for (id, value) in elements { self[id] = value }
    }
}
