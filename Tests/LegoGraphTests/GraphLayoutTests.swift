import Testing
@testable import LegoGraph

@Test func autoUsesDotForGraphsItLaysOutQuicklyAndSfdpBeyond() {
    #expect(GraphLayout.auto(nodeCount: 10, edgeCount: 20, hasClusters: true) == "dot")
    #expect(GraphLayout.auto(nodeCount: 250, edgeCount: 600, hasClusters: true) == "dot")
    #expect(GraphLayout.auto(nodeCount: 251, edgeCount: 300, hasClusters: true) == "sfdp")
    #expect(GraphLayout.auto(nodeCount: 300, edgeCount: 500, hasClusters: false) == "dot")
    #expect(GraphLayout.auto(nodeCount: 301, edgeCount: 500, hasClusters: false) == "sfdp")
    #expect(GraphLayout.auto(nodeCount: 3_000, edgeCount: 6_000, hasClusters: true) == "sfdp")
    #expect(GraphLayout.auto(nodeCount: 200, edgeCount: 601, hasClusters: false) == "sfdp")
}

@Test func resolveKeepsAnExplicitEngineAndDecidesAuto() {
    let graph = GraphBuilder.build(events: SampleTraces.navigation().events, scope: .history)
    #expect(GraphLayout.resolve("auto", for: graph) == "dot")
    #expect(GraphLayout.resolve("circo", for: graph) == "circo")
}

@Test func aLargeAppWithAutoLayoutRendersEveryModule() throws {
    let graph = GraphBuilder.build(events: LargeTrace.events(modules: 400), scope: .history)
    #expect(graph.nodes.count == 400)
    let layout = GraphLayout.resolve("auto", for: graph)
    #expect(layout == "sfdp")
    let svg = try SVG.render(DOTWriter.write(graph, options: .forLayout(layout)), layout: layout)
    #expect(Set(svg.titles(ofClass: "node")).isSuperset(of: graph.nodes.map { "m:" + $0.id }))
}
