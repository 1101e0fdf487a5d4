import Foundation
import LegoRender
import Testing
@testable import LegoGraph

@Test func hostileNamesRenderToWellFormedSVGWithNoInjectedMarkup() throws {
    let graph = GraphBuilder.build(events: SampleTraces.hostile(), scope: .history)
    let svg = try SVG.render(DOTWriter.write(graph))
    #expect(!svg.elementNames.contains("script"))
    #expect(!svg.elementNames.contains("b"))
    #expect(svg.elementNames.isSubset(of: ["svg", "g", "title", "text", "path", "polygon", "ellipse", "polyline", "a"]))
    let texts = svg.texts
    for name in SampleTraces.hostileNames {
        // A name with a line break is drawn as two lines of text.
        for line in name.split(separator: "\n") {
            #expect(texts.contains(String(line)), "label line \(line.debugDescription) missing from \(texts)")
        }
        #expect(svg.tooltips.contains { $0.hasPrefix(name + " (VIPER module)") }, "tooltip of \(name.debugDescription)")
        for line in ("on" + name).split(separator: "\n") {
            #expect(texts.contains(String(line)), "event label line \(line.debugDescription) missing")
        }
    }
}

@Test func everyModuleAndEdgeOfTheNavigationSampleIsInItsSVG() throws {
    let graph = GraphBuilder.build(events: SampleTraces.navigation().events, scope: .history)
    let svg = try SVG.render(DOTWriter.write(graph))
    let nodeTitles = Set(svg.titles(ofClass: "node"))
    for node in graph.nodes { #expect(nodeTitles.contains("m:" + node.id), "node \(node.id)") }
    let edgeTitles = svg.titles(ofClass: "edge")
    for edge in graph.edges { #expect(edgeTitles.contains("m:\(edge.from)->m:\(edge.to)"), "edge \(edge.from) -> \(edge.to)") }
    #expect(svg.texts.contains("contains sub-module"))
}

@Test(arguments: GraphLayout.allCases)
func theGraphRendersWithEveryLayoutEngine(layout: GraphLayout) throws {
    let (events, findings) = SampleTraces.faults()
    let graph = GraphBuilder.build(events: events, scope: .history, marks: GraphMark.marks(from: findings))
    let svg = try SVG.render(DOTWriter.write(graph, options: .forLayout(layout)), layout: layout.rawValue)
    #expect(Set(svg.titles(ofClass: "node")).isSuperset(of: graph.nodes.map { "m:" + $0.id }))
    #expect(svg.texts.contains("⚠ leaked"))
}

@Test func theGraphRendersToPNGAndPDF() throws {
    let dot = DOTWriter.write(GraphBuilder.build(events: SampleTraces.navigation().events, scope: .history))
    let png = try GraphvizRenderer.render(dot: dot, layout: "dot", format: .png)
    #expect(Array(png.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
    #expect((5_000...5_000_000).contains(png.count))
    let pdf = try GraphvizRenderer.render(dot: dot, layout: "dot", format: .pdf)
    #expect(String(decoding: pdf.prefix(5), as: UTF8.self) == "%PDF-")
    #expect((2_000...5_000_000).contains(pdf.count))
}

@Test func anUnknownLayoutIsAClearError() throws {
    let dot = DOTWriter.write(GraphBuilder.build(events: SampleTraces.navigation().events, scope: .history))
    let error = try #require(throws: RenderError.self) { try GraphvizRenderer.render(dot: dot, layout: "auto", format: .svg) }
    #expect(error.description.hasPrefix("unknown layout 'auto'"))
}

@Test func modulesWith20KiBNamesRenderInProcessWithTheNameWhole() throws {
    let graph = GraphBuilder.build(events: SampleTraces.longNamed(), scope: .history)
    let svg = try SVG.render(DOTWriter.write(graph))
    let texts = svg.texts
    for name in SampleTraces.longNames {
        #expect(texts.contains(name), "label of the \(name.prefix(12))… name missing or cut")
        #expect(svg.tooltips.contains { $0.hasPrefix(name + " (VIPER module)") }, "tooltip of the \(name.prefix(12))… name")
    }
}
