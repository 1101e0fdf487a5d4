import Foundation
import LegoModel
import LegoReplay
import LegoScenario
import LegoTraceIO
import Testing
@testable import LegoGraph

/// The samples under `samples/`, run through the scenario runner into memory.
enum Samples {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("samples")

    static func events(_ name: String) throws -> [TraceEvent] {
        let scenario = try Scenario.load(path: directory.appendingPathComponent(name + ".yml").path)
        let buffer = TraceBuffer()
        _ = ScenarioRunner.run(scenario, sink: buffer, console: nil)
        return buffer.events
    }
}

@Test(arguments: ["bdj-app", "bdj-faults"])
func sampleHistoryMatchesItsGoldenDOT(sample: String) throws {
    let graph = GraphBuilder.build(events: try Samples.events(sample), scope: .history)
    try goldens.check(DOTWriter.write(graph), named: "\(sample)-history.dot")
}

@Test(arguments: ["bdj-app", "bdj-faults"])
func sampleLiveStateAtTheEndMatchesItsGoldenDOT(sample: String) throws {
    let graph = GraphBuilder.build(events: try Samples.events(sample), scope: .live)
    try goldens.check(DOTWriter.write(graph), named: "\(sample)-live.dot")
}

@Test(arguments: ["bdj-app", "bdj-faults"])
func everyModuleAndEdgeOfTheSampleIsInItsSVG(sample: String) throws {
    let graph = GraphBuilder.build(events: try Samples.events(sample), scope: .history)
    for module in ["IndexTab", "Essence", "New", "FriendTrends", "UserCenter", "AllPost", "Post", "PostComment"] {
        #expect(graph.nodes.contains { $0.name == module }, "\(module) missing from the graph")
    }
    #expect(graph.edges.contains { $0.from == "IndexTab" && $0.to == "Essence" && $0.relation == .sub })
    #expect(graph.edges.contains { $0.from == "Essence" && $0.to == "AllPost" && $0.relation == .sub })
    #expect(graph.nodes.first { $0.name == "AllPost" }?.gene == "Post")
    let svg = try SVG.render(DOTWriter.write(graph))
    let nodeTitles = Set(svg.titles(ofClass: "node"))
    for node in graph.nodes { #expect(nodeTitles.contains("m:" + node.id), "node \(node.id) missing from the SVG") }
    let edgeTitles = svg.titles(ofClass: "edge")
    for edge in graph.edges {
        #expect(edgeTitles.contains("m:\(edge.from)->m:\(edge.to)"), "edge \(edge.from) -> \(edge.to) missing from the SVG")
    }
    let labelled = Set(svg.texts)
    for node in graph.nodes { #expect(labelled.contains(node.name), "label \(node.name) missing from the SVG") }
}

@Test func theFaultsSampleShowsTwoLivePostsAtTheDuplicateAndTheLeakedSignInAtTheEnd() throws {
    let events = try Samples.events("bdj-faults")
    let state = ReplayState()
    let duplicateSeq = try #require(events.first { event in
        state.apply(event)
        return state.liveModules(named: "Post").count == 2
    }?.seq)
    let atDuplicate = GraphBuilder.build(events: events, scope: .live, stopAfter: duplicateSeq)
    #expect(atDuplicate.nodes.filter { $0.name == "Post" }.count == 2)
    #expect(!GraphBuilder.build(events: events, scope: .live, stopAfter: duplicateSeq - 1).nodes.contains { $0.name == "Post" && $0.id.hasSuffix("#\(state.liveModules(named: "Post").last!)") })
    let live = GraphBuilder.build(events: events, scope: .live)
    #expect(!live.nodes.contains { $0.name == "Post" })
    #expect(live.nodes.contains { $0.name == "SignIn" })
    let clean = GraphBuilder.build(events: try Samples.events("bdj-app"), scope: .live)
    #expect(clean.nodes.filter { $0.name == "Post" }.count <= 1)
    #expect(!clean.nodes.contains { $0.name == "SignIn" })
}

/// docs/graph.md draws component events from their sender (`event.send` with `obj`): the tabs sample records its
/// senders (`XFEventBus sendEventName:intentData:forComponents:` is called on the sender's own bus), so the edges appear.
@Test func theTabsSampleHasEventEdgesFromItsSenders() throws {
    let graph = GraphBuilder.build(events: try Samples.events("tabs-app"), scope: .history)
    let events = graph.edges.filter { $0.relation == .event }
    #expect(events.contains { $0.from == "Details" && $0.to == "Weibo" }, "\(events)")
    #expect(events.contains { $0.from == "UserSetting" })
}
