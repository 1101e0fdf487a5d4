import Testing
@testable import LegoGraph

@Test func autoUsesDotForGraphsItLaysOutQuicklyAndSfdpBeyond() {
    #expect(GraphLayout.auto(nodeCount: 10, edgeCount: 20, hasClusters: true) == "dot")
    #expect(GraphLayout.auto(nodeCount: 1_000, edgeCount: 2_000, hasClusters: true) == "dot")
    #expect(GraphLayout.auto(nodeCount: 1_001, edgeCount: 2_000, hasClusters: true) == "sfdp")
    #expect(GraphLayout.auto(nodeCount: 1_400, edgeCount: 2_000, hasClusters: false) == "dot")
    #expect(GraphLayout.auto(nodeCount: 3_000, edgeCount: 6_000, hasClusters: false) == "sfdp")
    #expect(GraphLayout.auto(nodeCount: 500, edgeCount: 5_000, hasClusters: false) == "sfdp")
}

@Test func resolveKeepsAnExplicitEngineAndDecidesAuto() {
    let graph = GraphBuilder.build(events: SampleTraces.navigation().events, scope: .history)
    #expect(GraphLayout.resolve("auto", for: graph) == "dot")
    #expect(GraphLayout.resolve("circo", for: graph) == "circo")
}
