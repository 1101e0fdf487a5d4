import Testing
@testable import LegoTraceIO

@Test func theSplitMovesOneStepTowardsTheThreadThatWaited() {
    var balance = SplitBalance(share: 1_712, capacity: 2_048)
    #expect(balance.step == 16)
    balance.readerWaited()
    #expect(balance.share == 1_728)
    balance.callerWaited()
    balance.callerWaited()
    #expect(balance.share == 1_696)
}

@Test func theSplitStaysWithinTheBatch() {
    var balance = SplitBalance(share: 2_040, capacity: 2_048)
    balance.readerWaited()
    #expect(balance.share == 2_048)
    balance.readerWaited()
    #expect(balance.share == 2_048)
    for _ in 0..<200 { balance.callerWaited() }
    #expect(balance.share == 0)
    balance.readerWaited()
    #expect(balance.share == 16)
}

@Test(arguments: [(share: 0, capacity: 1), (share: 1, capacity: 1), (share: 5, capacity: 7), (share: 99, capacity: 7), (share: -3, capacity: 2)])
func smallBatchesMoveByWholeLines(share: Int, capacity: Int) {
    var balance = SplitBalance(share: share, capacity: capacity)
    #expect(balance.step == 1)
    #expect((0...capacity).contains(balance.share))
    let start = balance.share
    balance.readerWaited()
    #expect(balance.share == min(start + 1, capacity))
    balance.callerWaited()
    balance.callerWaited()
    #expect(balance.share == max(min(start + 1, capacity) - 2, 0))
}

@Test func aScheduleGivesItsSplitsInTurnWhoeverWaits() {
    var balance = SplitBalance(schedule: [0, 9, 3], capacity: 7)
    var shares: [Int] = []
    for _ in 0..<5 {
        shares.append(balance.nextShare())
        balance.readerWaited()
        balance.callerWaited()
    }
    #expect(shares == [0, 7, 3, 0, 7])
}

@Test func aMovingSplitIsWhatTheWaitsMadeIt() {
    var balance = SplitBalance(share: 100, capacity: 256)
    #expect(balance.nextShare() == 100)
    balance.readerWaited()
    #expect(balance.nextShare() == 102)
    #expect(balance.nextShare() == 102)
}
