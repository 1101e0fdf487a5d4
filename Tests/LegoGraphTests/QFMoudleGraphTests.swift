import Foundation
import LegoAnalysis
import LegoGraph
import LegoModel
import LegoScenario
import LegoTestSupport
import LegoTraceIO
import Testing

// QFMoudle's graph: protocols → the classes their naming rule finds (QFRouter.m:60-63), the opens by protocol and by
// URL (QFRouter.m:45-57), the controllers that hold each module, and the findings marked. Goldens re-record with
// LEGO_RECORD_GOLDENS=1.

/// The events and findings of a QFMoudle sample of the package's `samples/` folder.
private func qfSample(_ file: String) throws -> (events: [TraceEvent], marks: [GraphMark]) {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let scenario = try ScenarioDocument.load(path: root.appendingPathComponent("samples").appendingPathComponent(file).path)
    let buffer = TraceBuffer()
    _ = scenario.run(sink: buffer, console: nil, logs: false)
    let header = TraceHeader(producer: "lego-trace-tests", start: "2026-01-01T00:00:00Z", app: scenario.appName, framework: .qfMoudle)
    let result = Analyzer.analyze(header: header, events: buffer.events, configuration: AnalysisConfiguration())
    return (buffer.events, GraphMark.marks(from: result.findings))
}

@Test func qfMoudleAppHistoryMatchesItsGoldenDOT() throws {
    let (events, _) = try qfSample("qfmoudle-app.yml")
    let graph = GraphBuilder.build(events: events, scope: .history)
    let detail = try #require(graph.nodes.first { $0.name == "MoudleDetail" })
    #expect(detail.classNames == ["MoudleDetail"])
    #expect(detail.controllers == ["QFDetailViewController"])
    // Home opens the detail by protocol, Me by URL.
    let fromHome = try #require(graph.edges.first { $0.from == "MoudleHome" && $0.to == "MoudleDetail" })
    let fromMe = try #require(graph.edges.first { $0.from == "MoudleMe" && $0.to == "MoudleDetail" })
    #expect(fromHome.openedByURL == 0 && fromMe.openedByURL == 1)
    #expect(fromMe.urls == ["MoudleDetail://detail"])
    // The base protocol has no class and no lookup: no module, not drawn.
    #expect(!graph.nodes.contains { $0.name == "QFMoudleProtocol" })
    try goldens.check(DOTWriter.write(graph), named: "qfmoudle-app-history.dot")
}

@Test func qfMoudleFaultsWithFindingsMatchTheirGoldenDOT() throws {
    let (events, marks) = try qfSample("qfmoudle-faults.yml")
    let graph = GraphBuilder.build(events: events, scope: .history, marks: marks)
    // The protocol whose class is missing is drawn, with no class, and carries qf-missing-impl.
    let cart = try #require(graph.nodes.first { $0.name == "MoudleCart" })
    #expect(cart.classNames.isEmpty && !cart.reached)
    #expect(cart.marks.count == 1 && cart.marks[0].message.contains("no class MoudleCart exists"))
    #expect(graph.nodes.first { $0.name == "MoudleAbout" }?.marks.map(\.kind) == [.orphan])
    // Only the wrongly cased scheme names no node.
    #expect(graph.unplacedMarks.map(\.module) == ["moudleMe"])
    let dot = DOTWriter.write(graph)
    #expect(dot.contains("label=\"MoudleCart\\nno class\\nnever reached\""))
    #expect(dot.contains("label=\"×2 (1 by URL)\""))
    try goldens.check(dot, named: "qfmoudle-faults-history.dot")
}

/// A QFMoudle trace whose protocols, classes, controllers and URLs carry the hostile names.
private func hostileQFMoudleTrace() -> [TraceEvent] {
    var events: [TraceEvent] = []
    var next: ObjectID = 1
    func add(_ event: TraceEvent) {
        var event = event
        event.seq = UInt64(events.count + 1)
        events.append(event)
    }
    let root = next
    next += 1
    add(TraceEvent(kind: .objectAlloc, className: "RootViewController", object: root))
    add(TraceEvent(kind: .transitionBegin, peer: root, operation: .show))
    add(TraceEvent(kind: .transitionEnd, peer: root, operation: .show, ok: true))
    for (index, name) in SampleTraces.hostileNames.enumerated() {
        let className = name + "Impl"
        add(TraceEvent(kind: .moduleDeclare, name: name, className: className, moduleKind: .protocolModule, value: "adopts"))
        let module = next, controller = next + 1
        next += 2
        let url = index.isMultiple(of: 2) ? "\(name)://x?q=<b>&x=\"1\"" : nil
        add(TraceEvent(kind: .objectAlloc, name: name, className: className, object: module))
        add(TraceEvent(kind: .moduleResolve, name: name, className: className, object: module, url: url, moduleKind: .protocolModule, ok: true))
        add(TraceEvent(kind: .objectAlloc, name: name, className: name + "ViewController", object: controller, peer: module))
        add(TraceEvent(kind: .transitionBegin, name: name, object: root, peer: controller, operation: .push))
        add(TraceEvent(kind: .transitionEnd, name: name, object: root, peer: controller, operation: .push, ok: true))
    }
    return events
}

@Test func hostileQFMoudleNamesAreEscapedAndMatchTheirGoldenDOT() throws {
    let graph = GraphBuilder.build(events: hostileQFMoudleTrace(), scope: .history)
    let dot = DOTWriter.write(graph)
    for name in SampleTraces.hostileNames {
        // The class differs from the protocol here, so the label names it; the label is quoted whole.
        #expect(dot.contains("label=\(DOTWriter.quote(name + "\nclass " + name + "Impl"))"), "label of \(name.debugDescription)")
    }
    #expect(dot.components(separatedBy: "label=<").count == 2)
    // Drawn, they stay text: no element comes from a name, and each line of each label is there as written.
    let svg = try SVG.render(dot)
    #expect(svg.elementNames.isSubset(of: ["svg", "g", "title", "text", "path", "polygon", "ellipse", "polyline", "a"]))
    for name in SampleTraces.hostileNames {
        for line in (name + "\nclass " + name + "Impl").split(separator: "\n") {
            #expect(svg.texts.contains(String(line)), "label line \(line.debugDescription)")
        }
        #expect(svg.tooltips.contains { $0.hasPrefix(name + " (QFMoudle module") }, "tooltip of \(name.debugDescription)")
    }
    try goldens.check(dot, named: "qfmoudle-hostile-history.dot")
}
