import Testing
@testable import LegoGraph

@Test func depthZeroKeepsOnlyTheModule() throws {
    let graph = GraphBuilder.build(events: SampleTraces.navigation().events, scope: .history)
    let focused = try graph.focus(module: "Post", depth: 0)
    #expect(focused.nodes.map(\.id) == ["Post"])
    #expect(focused.edges.isEmpty)
}

@Test func depthCountsEdgesInEitherDirection() throws {
    let graph = GraphBuilder.build(events: SampleTraces.navigation().events, scope: .history)
    let one = try graph.focus(module: "Post", depth: 1)
    #expect(one.nodes.map(\.id) == ["Essence", "Login", "Post", "PostComment"])
    #expect(one.edges.allSatisfy { Set(one.nodes.map(\.id)).isSuperset(of: [$0.from, $0.to]) })
    #expect(one.edges.contains { $0.from == "PostComment" && $0.to == "Essence" && $0.relation == .event })
    let two = try graph.focus(module: "Post", depth: 2)
    #expect(two.nodes.map(\.id) == ["Essence", "IndexTab", "Login", "Post", "PostComment"])
    let all = try graph.focus(module: "Post", depth: 10)
    #expect(all.nodes.count == graph.nodes.count)
}

@Test func focusInTheLiveScopeKeepsEveryInstanceOfTheName() throws {
    let live = GraphBuilder.build(events: SampleTraces.faults().events, scope: .live)
    let focused = try live.focus(module: "Post", depth: 0)
    #expect(focused.nodes.count == 3)
}

@Test func anUnknownModuleIsAnErrorListingCloseNames() {
    let graph = GraphBuilder.build(events: SampleTraces.navigation().events, scope: .history)
    #expect(throws: GraphError.unknownModule("Pots", closeNames: ["Post"])) { try graph.focus(module: "Pots", depth: 1) }
    #expect(throws: GraphError.unknownModule("post", closeNames: ["Post", "PostComment", "VideoPost"])) { try graph.focus(module: "post", depth: 1) }
    #expect(throws: GraphError.unknownModule("Zzzzzzzz", closeNames: [])) { try graph.focus(module: "Zzzzzzzz", depth: 1) }
    #expect(GraphError.unknownModule("Pots", closeNames: ["Post"]).description == "no module named 'Pots' in this graph (did you mean 'Post'?)")
    #expect(throws: GraphError.negativeDepth(-1)) { try graph.focus(module: "Post", depth: -1) }
}
