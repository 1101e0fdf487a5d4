import Foundation
import Testing
@testable import LegoGraph

@Test func faultsJSONMatchesItsGolden() throws {
    let (events, findings) = SampleTraces.faults()
    let graph = GraphBuilder.build(events: events, scope: .history, marks: GraphMark.marks(from: findings))
    try goldens.check(GraphJSON.write(graph), named: "faults-history.json")
}

@Test func jsonIsValidAndCarriesNodesEdgesAndMarks() throws {
    let (events, findings) = SampleTraces.faults()
    let graph = GraphBuilder.build(events: events, scope: .live, marks: GraphMark.marks(from: findings))
    let object = try #require(try JSONSerialization.jsonObject(with: Data(GraphJSON.write(graph).utf8)) as? [String: Any])
    #expect(object["version"] as? Int == 1)
    #expect(object["scope"] as? String == "live")
    let nodes = try #require(object["nodes"] as? [[String: Any]])
    #expect(nodes.count == graph.nodes.count)
    let edges = try #require(object["edges"] as? [[String: Any]])
    #expect(edges.count == graph.edges.count)
    let marks = try #require(object["marks"] as? [[String: Any]])
    #expect(marks.contains { $0["kind"] as? String == "other" && $0["node"] is NSNull })
    #expect(marks.contains { $0["kind"] as? String == "leaked" && ($0["node"] as? String)?.hasPrefix("Post#") == true })
}

@Test func hostileNamesSurviveAJSONRoundTrip() throws {
    let graph = GraphBuilder.build(events: SampleTraces.hostile(), scope: .history)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(GraphJSON.write(graph).utf8)) as? [String: Any])
    let names = Set(try #require(object["nodes"] as? [[String: Any]]).compactMap { $0["name"] as? String })
    #expect(names.isSuperset(of: SampleTraces.hostileNames))
    #expect(GraphJSON.string("\u{1}\n\"\\") == "\"\\u0001\\n\\\"\\\\\"")
}
