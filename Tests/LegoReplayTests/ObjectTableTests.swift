import LegoModel
@testable import LegoReplay
import Testing

/// `ObjectTable`, the replay's id-keyed table (#24: no SipHash per lookup), behaves as the `Dictionary` it replaced.
@Suite struct ObjectTableTests {
    /// A deterministic generator, so a failure replays.
    private struct SplitMix {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    private static func entries(_ table: ObjectTable<String>) -> [ObjectID: String] {
        var seen: [ObjectID: String] = [:]
        for (id, value) in table {
            #expect(seen[id] == nil, "id \(id) iterated twice")
            seen[id] = value
        }
        return seen
    }

    @Test(arguments: [UInt64(40), 4_000, UInt64.max])
    func randomInsertsRemovalsAndEditsMatchADictionary(idRange: UInt64) {
        var random = SplitMix(state: idRange)
        var table = ObjectTable<String>()
        var model: [ObjectID: String] = [:]
        for step in 0..<20_000 {
            let id = random.next() % idRange
            switch random.next() % 6 {
            case 0, 1: table[id] = "v\(step)"; model[id] = "v\(step)"
            case 2: #expect(table.removeValue(forKey: id) == model.removeValue(forKey: id))
            case 3:
                if step % 2 == 0 { table[id] = nil } else { table.remove(id) }
                model[id] = nil
            case 4: table[id]?.append("!"); model[id]?.append("!")
            default: table[id, default: "d"].append("+"); model[id, default: "d"].append("+")
            }
            #expect(table[id] == model[id])
            #expect(table.read(id) { $0 + "?" } == model[id].map { $0 + "?" })
            #expect(table.contains(id) == (model[id] != nil))
            #expect(table.count == model.count)
        }
        #expect(Self.entries(table) == model)
        #expect(Set(table.keys) == Set(model.keys))
        #expect(table.values.sorted() == model.values.sorted())
    }

    @Test func removingFromAProbeRunKeepsTheRestFindable() {
        // Four ids whose home is the same slot of a fresh table (eight slots: four entries fit without growing) form one
        // probe run; removing any of them must move the ones after it back, or lookups stop at the hole it leaves.
        let fresh = ObjectTable<Int>()
        let sameHome = Array((ObjectID(1)...10_000).lazy.filter { fresh.home(of: $0) == fresh.home(of: 1) }.prefix(4))
        #expect(sameHome.count == 4)
        for removed in sameHome {
            var table = ObjectTable<Int>()
            for id in sameHome { table[id] = Int(id) }
            table[removed] = nil
            for id in sameHome where id != removed { #expect(table[id] == Int(id), "id \(id) lost after removing \(removed)") }
            #expect(table.count == 3 && !table.contains(removed))
        }
    }

    @Test func aCopyIsUnchangedByChangesToTheOther() {
        // The slots are a class the two copies share until one changes: every change must copy first.
        var original = ObjectTable<String>()
        for id in ObjectID(1)...20 { original[id] = "v\(id)" }
        let snapshot = original
        original[3]?.append("!")
        original[4] = nil
        original[5, default: "x"].append("+")
        original.removeValue(forKey: 6)
        for id in ObjectID(21)...40 { original[id] = "new" }   // grows
        #expect(snapshot.count == 20)
        for id in ObjectID(1)...20 { #expect(snapshot[id] == "v\(id)") }
        #expect(snapshot[21] == nil)
        var copy = snapshot
        copy[1] = "changed"
        #expect(snapshot[1] == "v1" && copy[1] == "changed" && original[1] == "v1")
        #expect(original[3] == "v3!" && original[4] == nil && original[5] == "v5+" && original[6] == nil && original.count == 38)
    }

    @Test func equalityIgnoresSlotOrder() {
        var forward = ObjectTable<Int>()
        var backward = ObjectTable<Int>()
        for id in ObjectID(1)...50 { forward[id] = Int(id) }
        for id in (ObjectID(1)...50).reversed() { backward[id] = Int(id) }
        // Grown the same way but removed and re-added: other slots, same entries.
        for id in ObjectID(1)...25 { backward[id] = nil }
        for id in ObjectID(1)...25 { backward[id] = Int(id) }
        #expect(forward == backward)
        backward[7] = 8
        #expect(forward != backward)
        let literal: ObjectTable<Int> = [1: 1, 2: 2]
        #expect(literal == [2: 2, 1: 1])
        #expect(literal.hashValue == ([2: 2, 1: 1] as ObjectTable<Int>).hashValue)
        backward[7] = 7
        #expect(forward.hashValue == backward.hashValue && Set([forward, backward]).count == 1)
    }

    /// `read` views a used slot's optional as its payload: it must see the value for every kind of layout (a class
    /// reference, a scalar with the optional's tag after it, a struct of strings and arrays).
    @Test func readSeesTheValueOfEveryLayout() {
        final class Box { let text: String; init(_ text: String) { self.text = text } }
        struct Record { var name: String; var layers: [ObjectID]; var count: Int8 }
        var boxes = ObjectTable<Box>(), numbers = ObjectTable<Int8>(), records = ObjectTable<Record>()
        for id in ObjectID(1)...40 {
            boxes[id] = Box("b\(id)")
            numbers[id] = Int8(truncatingIfNeeded: id) &- 20
            records[id] = Record(name: "模块\(id)", layers: [id, id + 1], count: Int8(id))
        }
        for id in stride(from: ObjectID(2), through: 40, by: 3) { boxes.remove(id); numbers.remove(id); records.remove(id) }
        for id in ObjectID(0)...41 {
            let kept = id >= 1 && id <= 40 && (id + 1) % 3 != 0
            #expect(boxes.read(id) { $0.text } == (kept ? "b\(id)" : nil))
            #expect(numbers.read(id) { $0 } == (kept ? Int8(truncatingIfNeeded: id) &- 20 : nil))
            #expect(records.read(id) { "\($0.name) \($0.layers) \($0.count)" } == (kept ? "模块\(id) [\(id), \(id + 1)] \(id)" : nil))
        }
    }

    @Test func aCopyIsIndependent() {
        var table: ObjectTable<[String]> = [1: ["a"]]
        let copy = table
        table[1]?.append("b")
        table[2] = []
        #expect(copy[1] == ["a"] && copy[2] == nil && copy.count == 1)
        #expect(table[1] == ["a", "b"] && table.count == 2)
    }
}
