import Foundation
import Testing
@testable import LegoGraph

/// Big graphs that read: nodes never pile up, labels fit their boxes, the legend is one piece of the picture.
@Suite struct GraphReadabilityTests {
    @Test func theLargeSampleIsDrawnWithDotWithNoOverlapsAndNoClippedLabels() throws {
        let graph = GraphBuilder.build(events: try Samples.events("large-app"), scope: .history)
        #expect(graph.nodes.count > 300)
        #expect(graph.isAcyclic)
        let layout = GraphLayout.resolve(nil, for: graph)
        #expect(layout == .dot)
        let svg = try SVG.render(DOTWriter.write(graph, options: .forLayout(layout)), layout: layout.rawValue)
        #expect(svg.nodeGeometry.count == graph.nodes.count)
        #expect(svg.overlappingNodes().isEmpty, "overlapping: \(svg.overlappingNodes().prefix(5))")
        #expect(svg.clippedLabels().isEmpty, "clipped: \(svg.clippedLabels().prefix(5))")
    }

    @Test(arguments: [GraphLayout.sfdp, .neato, .fdp, .twopi, .circo])
    func theLargeSampleHasNoOverlappingNodesUnderTheOtherEngines(layout: GraphLayout) throws {
        let graph = GraphBuilder.build(events: try Samples.events("large-app"), scope: .history)
        let svg = try SVG.render(DOTWriter.write(graph, options: .forLayout(layout)), layout: layout.rawValue)
        #expect(svg.nodeGeometry.count == graph.nodes.count)
        #expect(svg.overlappingNodes().isEmpty, "\(layout): overlapping \(svg.overlappingNodes().prefix(5))")
        #expect(svg.clippedLabels().isEmpty, "\(layout): clipped \(svg.clippedLabels().prefix(5))")
    }

    @Test func aThreeThousandModuleGraphIsDrawnWithSfdpWithNoOverlapsAndNoClippedLabels() throws {
        let graph = GraphBuilder.build(events: LargeTrace.events(modules: 3_000), scope: .history)
        #expect(graph.nodes.count == 3_000)
        let layout = GraphLayout.resolve(nil, for: graph)
        #expect(layout == .sfdp)
        let svg = try SVG.render(DOTWriter.write(graph, options: .forLayout(layout)), layout: layout.rawValue)
        #expect(svg.nodeGeometry.count == 3_000)
        #expect(svg.overlappingNodes().isEmpty, "overlapping: \(svg.overlappingNodes().prefix(5))")
        #expect(svg.clippedLabels().isEmpty, "clipped: \(svg.clippedLabels().prefix(5))")
    }

    @Test func autoDrawsAcyclicGraphsWithDotUpToAThousandModulesAndCyclicOnesOnlyWhenSmall() {
        #expect(GraphLayout.auto(nodeCount: 1_000, edgeCount: 2_600, hasClusters: true, acyclic: true) == .dot)
        #expect(GraphLayout.auto(nodeCount: 1_001, edgeCount: 2_600, hasClusters: true, acyclic: true) == .sfdp)
        #expect(GraphLayout.auto(nodeCount: 600, edgeCount: 2_601, hasClusters: false, acyclic: true) == .sfdp)
        #expect(GraphLayout.auto(nodeCount: 600, edgeCount: 900, hasClusters: true, acyclic: false) == .sfdp)
        let cyclic = GraphBuilder.build(events: LargeTrace.events(modules: 400), scope: .history)
        #expect(!cyclic.isAcyclic)
        #expect(GraphLayout.resolve(nil, for: cyclic) == .sfdp)
    }

    @Test func aCycleIsFoundAndSelfLoopsAreIgnored() {
        let node = { (id: String) in ModuleGraph.Node(id: id, name: id, kind: .viper) }
        let chain = ModuleGraph(scope: .history, nodes: ["a", "b", "c"].map(node), edges: [
            .init(from: "a", to: "b", relation: .push), .init(from: "b", to: "c", relation: .push), .init(from: "c", to: "c", relation: .event),
        ])
        #expect(chain.isAcyclic)
        var cycle = chain
        cycle.edges.append(.init(from: "c", to: "a", relation: .event))
        #expect(!cycle.isAcyclic)
    }

    @Test(arguments: GraphLayout.allCases)
    func theLegendIsOneTableInTheGraphLabelUnderEveryEngine(layout: GraphLayout) throws {
        let (events, findings) = SampleTraces.faults()
        let graph = GraphBuilder.build(events: events, scope: .history, marks: GraphMark.marks(from: findings))
        let dot = DOTWriter.write(graph, options: .forLayout(layout))
        #expect(dot.contains("layout=\"\(layout.rawValue)\""))
        #expect(!dot.contains("cluster_legend"))
        let svg = try SVG.render(dot, layout: layout.rawValue)
        let legendTexts = ["VIPER module", "⚠ leaked module (red, double border)", "push", "URL parent"]
        for text in legendTexts { #expect(svg.texts.contains(text), "\(layout): legend text \(text) missing") }
        // The legend is the root graph's label: drawn outside every node and cluster, above the drawing.
        let boxes = svg.nodeGeometry.map(\.box)
        let legendY = try #require(svg.textPositions.first { $0.text == "VIPER module" }?.y)
        #expect(boxes.allSatisfy { $0.minY > legendY }, "\(layout): a node is drawn above the legend")
    }
}
