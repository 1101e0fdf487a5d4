import LegoRuntimeCore
import Testing

/// Deferred tasks run in due order, ties in the order scheduled, including tasks scheduled while others run.
@Suite struct VirtualClockTests {
    @Test func tasksRunByDueTimeThenBySchedulingOrder() {
        let clock = VirtualClock(recorder: Recorder(sink: nil))
        var ran: [String] = []
        // A spread of due times with ties, scheduled out of order, so a heap has to reorder them.
        let delays: [(String, Double)] = [("c", 3), ("a1", 1), ("e", 5), ("a2", 1), ("b", 2), ("a3", 1), ("d", 4), ("b2", 2)]
        for (name, delay) in delays { clock.after(delay) { ran.append(name) } }
        clock.after(2) {
            ran.append("b3")
            // Scheduled at 2 for 2.5 and 2: the tie with "now" runs after everything already due at 2.
            clock.after(0.5) { ran.append("late") }
            clock.after(0) { ran.append("now") }
        }
        clock.settle(until: 2.5)
        #expect(ran == ["a1", "a2", "a3", "b", "b2", "b3", "now", "late"])
        #expect(clock.now == 2.5)
        clock.settle()
        #expect(ran.suffix(3) == ["c", "d", "e"])
        #expect(!clock.hasPendingTasks)
    }

    @Test func manyTasksComeOutSorted() {
        let clock = VirtualClock(recorder: Recorder(sink: nil))
        var order: [Int] = []
        for index in 0..<2_000 { clock.after(Double((index * 7919) % 101)) { order.append(index) } }
        clock.settle()
        let expected = (0..<2_000).sorted { (($0 * 7919) % 101, $0) < (($1 * 7919) % 101, $1) }
        #expect(order == expected)
    }
}
