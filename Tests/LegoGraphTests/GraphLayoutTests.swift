import Testing
@testable import LegoGraph

@Test func autoUsesDotForGraphsItLaysOutQuicklyAndSfdpBeyond() {
    #expect(GraphLayout.auto(nodeCount: 10, edgeCount: 20, hasClusters: true) == .dot)
    #expect(GraphLayout.auto(nodeCount: 250, edgeCount: 600, hasClusters: true) == .dot)
    #expect(GraphLayout.auto(nodeCount: 251, edgeCount: 300, hasClusters: true) == .sfdp)
    #expect(GraphLayout.auto(nodeCount: 300, edgeCount: 500, hasClusters: false) == .dot)
    #expect(GraphLayout.auto(nodeCount: 301, edgeCount: 500, hasClusters: false) == .sfdp)
    #expect(GraphLayout.auto(nodeCount: 3_000, edgeCount: 6_000, hasClusters: true) == .sfdp)
    #expect(GraphLayout.auto(nodeCount: 200, edgeCount: 601, hasClusters: false) == .sfdp)
}

@Test func resolveKeepsAnExplicitEngineAndDecidesAuto() {
    let graph = GraphBuilder.build(events: SampleTraces.navigation().events, scope: .history)
    #expect(GraphLayout.resolve(nil, for: graph) == .dot)
    #expect(GraphLayout.resolve(.circo, for: graph) == .circo)
}

@Test func aLargeAppWithAutoLayoutRendersEveryModule() throws {
    let graph = GraphBuilder.build(events: LargeTrace.events(modules: 400), scope: .history)
    #expect(graph.nodes.count == 400)
    let layout = try GraphLayout.choose(nil, for: graph)
    #expect(layout == .sfdp)
    let svg = try SVG.render(DOTWriter.write(graph, options: .forLayout(layout)), layout: layout.rawValue)
    #expect(Set(svg.titles(ofClass: "node")).isSuperset(of: graph.nodes.map { "m:" + $0.id }))
}

/// Measured bounds except `lowered`, whose engines get room for `nodes` modules and twice as many edges.
private func bounds(lowering lowered: Set<GraphLayout>, to nodes: Int) -> GraphLayout.Bounds {
    GraphLayout.Bounds { lowered.contains($0) ? GraphLayout.Bound(nodes: nodes, edges: nodes * 2) : $0.measuredBound }
}

@Test func anEngineBeyondItsBoundIsRefusedNamingOneThatFits() throws {
    let graph = GraphBuilder.build(events: SampleTraces.navigation().events, scope: .history)
    let lowered = bounds(lowering: [.dot, .circo], to: graph.nodes.count - 1)
    #expect(try GraphLayout.choose(.circo, for: graph) == .circo)
    let error = try #require(throws: GraphError.self) { try GraphLayout.choose(.circo, for: graph, bounds: lowered) }
    // auto would draw this small graph with dot, but dot is lowered too: sfdp is what fits.
    #expect(error == .beyondBound(
        layout: .circo, auto: false, nodeCount: graph.nodes.count, edgeCount: graph.edges.count,
        bound: lowered[.circo], alternative: .sfdp))
    #expect(error.description.hasPrefix("the graph has \(graph.nodes.count) modules and \(graph.edges.count) edges, more than circo lays out"))
    #expect(error.description.contains("(at most \(graph.nodes.count - 1) modules and \(2 * graph.nodes.count - 2) edges)"))
    #expect(error.description.contains("use --layout sfdp"))
    #expect(error.description.contains("--force"))
}

@Test func forceLaysOutBeyondTheBound() throws {
    let graph = GraphBuilder.build(events: SampleTraces.navigation().events, scope: .history)
    let lowered = bounds(lowering: Set(GraphLayout.allCases), to: 1)
    #expect(try GraphLayout.choose(.dot, for: graph, bounds: lowered, force: true) == .dot)
    #expect(try GraphLayout.choose(nil, for: graph, bounds: lowered, force: true) == .sfdp)
}

@Test func autoNeverPicksAnEngineBeyondItsBound() throws {
    let graph = GraphBuilder.build(events: SampleTraces.navigation().events, scope: .history)
    #expect(try GraphLayout.choose(nil, for: graph) == .dot)
    // With dot's bound below this graph, auto draws it with sfdp instead of refusing.
    #expect(try GraphLayout.choose(nil, for: graph, bounds: bounds(lowering: [.dot], to: graph.nodes.count - 1)) == .sfdp)
    for nodeCount in stride(from: 1, through: 60_000, by: 97) {
        for edgeCount in [nodeCount, nodeCount * 2, nodeCount * 3] {
            for hasClusters in [false, true] {
                guard let layout = GraphLayout.auto(nodeCount: nodeCount, edgeCount: edgeCount, hasClusters: hasClusters) else { continue }
                #expect(layout.measuredBound.admits(nodeCount: nodeCount, edgeCount: edgeCount), "\(layout) for \(nodeCount)/\(edgeCount)")
            }
        }
    }
}

@Test func autoKeepsItsChoicesForGraphsWithinTheMeasuredBounds() {
    // Every graph auto drew with dot before the bounds existed is within dot's measured bound.
    #expect(GraphLayout.dot.measuredBound.admits(
        nodeCount: max(GraphLayout.dotNodeLimit, GraphLayout.dotNodeLimitWithClusters), edgeCount: GraphLayout.dotEdgeLimit))
    let sfdp = GraphLayout.sfdp.measuredBound
    #expect(GraphLayout.auto(nodeCount: sfdp.nodes, edgeCount: sfdp.edges, hasClusters: true) == .sfdp)
    #expect(GraphLayout.auto(nodeCount: sfdp.nodes + 1, edgeCount: sfdp.edges, hasClusters: true) == nil)
    #expect(GraphLayout.auto(nodeCount: sfdp.nodes, edgeCount: sfdp.edges + 1, hasClusters: false) == nil)
}

@Test func autoRefusesWhenEvenSfdpIsBeyondItsBoundAndSaysToDrawLess() throws {
    let graph = GraphBuilder.build(events: SampleTraces.navigation().events, scope: .history)
    let lowered = bounds(lowering: Set(GraphLayout.allCases), to: graph.nodes.count - 1)
    let error = try #require(throws: GraphError.self) { try GraphLayout.choose(nil, for: graph, bounds: lowered) }
    guard case .beyondBound(let layout, let auto, _, _, _, let alternative) = error else {
        Issue.record("unexpected \(error)")
        return
    }
    #expect(layout == .sfdp && auto && alternative == nil)
    #expect(error.description.contains("more than sfdp (the engine auto uses at this size) lays out"))
    #expect(error.description.contains("no engine draws that many, so draw less with --focus MODULE --depth N, or add --force"))
}
