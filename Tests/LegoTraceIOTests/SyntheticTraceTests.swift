import LegoModel
import LegoTestSupport
import Testing

@Test func syntheticTraceKeepsLiveStateBoundedHoweverLong() {
    var live = Set<ObjectID>()
    var registeredRoutings = Set<String>()
    var maximumLive = 0
    var seq: UInt64 = 0
    for event in SyntheticTrace.events(count: 100_000, modules: 50) {
        #expect(event.seq == seq + 1)
        seq = event.seq
        switch event.kind {
        case .objectAlloc: live.insert(event.object ?? 0)
        case .objectDeinit: #expect(live.remove(event.object ?? 0) != nil)
        case .routingAdd: registeredRoutings.insert(event.name ?? "")
        case .routingRemove: registeredRoutings.remove(event.name ?? "")
        default: break
        }
        maximumLive = max(maximumLive, live.count)
    }
    #expect(maximumLive <= 5)
    #expect(registeredRoutings.count <= 2)
}

@Test func syntheticTraceUsesTheRequestedNumberOfModules() {
    let names = Set(SyntheticTrace.events(count: 20_000, modules: 7).filter { $0.kind == .moduleAssemble }.compactMap(\.name))
    #expect(names.count == 1 + 7)
}
