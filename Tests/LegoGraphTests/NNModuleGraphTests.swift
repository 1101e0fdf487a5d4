import Foundation
import LegoAnalysis
import LegoGraph
import LegoModel
import LegoScenario
import LegoTestSupport
import LegoTraceIO
import Testing

// NNModule-swift's graph: services → the impl kept (a strictly greater `implPriority` replaces, a tie or lower is
// ignored: ModuleServiceCenter.swift in YiHuaXie/NNModule, `register(service:used:)`), routers with their routes,
// nested routers (`registerRoute(_:used:)`, URLRouter.swift), redirects, interceptors and the screens each route
// showed, with the findings marked. Goldens re-record with LEGO_RECORD_GOLDENS=1.

/// The events and findings of an NNModule-swift sample of the package's `samples/` folder.
private func nnSample(_ file: String) throws -> (events: [TraceEvent], marks: [GraphMark]) {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let scenario = try ScenarioDocument.load(path: root.appendingPathComponent("samples").appendingPathComponent(file).path)
    let buffer = TraceBuffer()
    _ = scenario.run(sink: buffer, console: nil, logs: false)
    let header = TraceHeader(producer: "lego-trace-tests", start: "2026-01-01T00:00:00Z", app: scenario.appName, framework: .nnModule)
    let result = Analyzer.analyze(header: header, events: buffer.events, configuration: AnalysisConfiguration())
    return (buffer.events, GraphMark.marks(from: result.findings))
}

private let nnProfile = FrameworkProfile(.nnModule)

@Test func nnModuleAppHistoryDrawsServicesRoutersAndRoutesAndMatchesItsGoldenDOT() throws {
    let (events, marks) = try nnSample("nnmodule-app.yml")
    #expect(marks.isEmpty)
    let graph = GraphBuilder.build(events: events, scope: .history, profile: nnProfile)
    func node(_ entity: ModuleGraph.Entity, _ name: String) -> ModuleGraph.Node? { graph.nodes.first { $0.entity == entity && $0.name == name } }
    // The login module's Router (priority 100) replaced the default URLRouter (priority 0) for ModuleRouteService.
    let routeService = try #require(node(.service, "ModuleRouteService"))
    let kept = graph.edges.filter { $0.from == routeService.id && $0.relation == .implements }
    #expect(Set(kept.map(\.to)) == ["impl:Router", "impl:URLRouter"])
    #expect(kept.first { $0.to == "impl:Router" }?.priority == 100 && kept.first { $0.to == "impl:Router" }?.reason == nil)
    #expect(kept.first { $0.to == "impl:URLRouter" }?.reason == "replaced")
    // The shop route forwards to the nested router, whose routes sit in its cluster.
    let shopRouter = try #require(node(.router, "shop"))
    #expect(shopRouter.details == ["upper router default"])
    let shopRoute = try #require(node(.route, "://shop"))
    #expect(graph.edges.contains { $0.from == shopRoute.id && $0.to == shopRouter.id && $0.relation == .subRouter })
    let list = try #require(node(.route, "://shop/list"))
    #expect(list.cluster == ["router shop"] && list.details.contains("handled ×1"))
    // The route showed its screen; the redirect went to the settings route; the interceptor sits in the default chain.
    #expect(graph.edges.contains { $0.from == list.id && $0.to == "ShopList" && $0.relation == .push })
    let oldSettings = try #require(node(.redirect, "://old/settings"))
    let settings = try #require(node(.route, "://settings"))
    #expect(graph.edges.contains { $0.from == oldSettings.id && $0.to == settings.id && $0.relation == .redirect })
    let interceptor = try #require(node(.interceptor, "LoginCheckAction"))
    #expect(graph.edges.contains { $0.from == interceptor.id && $0.relation == .intercepts && $0.to == node(.router, "default")?.id })
    // The screens are still drawn as before.
    #expect(graph.nodes.contains { $0.entity == nil && $0.name == "Home" })
    try goldens.check(DOTWriter.write(graph), named: "nnmodule-app-history.dot")
    try goldens.check(GraphJSON.write(graph), named: "nnmodule-app-history.json")
}

@Test func nnModuleFaultsDrawIgnoredRegistrationsDashedAndMarkTheirFindings() throws {
    let (events, marks) = try nnSample("nnmodule-faults.yml")
    let graph = GraphBuilder.build(events: events, scope: .history, marks: marks, profile: nnProfile)
    // The tie: DebugRouter's registration was ignored, with the framework's reason, and nn-priority-ignored is on the service.
    let ignored = try #require(graph.edges.first { $0.relation == .ignored })
    #expect(ignored.from == "service:ModuleRouteService" && ignored.to == "impl:DebugRouter")
    #expect(ignored.priority == 100 && ignored.reason?.contains("priority tie") == true)
    let service = try #require(graph.nodes.first { $0.id == "service:ModuleRouteService" })
    #expect(service.marks.map(\.message).contains { $0.contains("DebugRouter") })
    // A service looked up and never registered is drawn, and carries nn-service-missing.
    let cart = try #require(graph.nodes.first { $0.entity == .service && $0.name == "CartService" })
    #expect(cart.details == ["not registered"] && !cart.marks.isEmpty)
    // The redirect loop a → b → a and the dangling redirect to a route nobody registered.
    let a = try #require(graph.nodes.first { $0.name == "://promo/a" }), b = try #require(graph.nodes.first { $0.name == "://promo/b" })
    #expect(graph.edges.contains { $0.from == a.id && $0.to == b.id && $0.relation == .redirect })
    #expect(graph.edges.contains { $0.from == b.id && $0.to == a.id && $0.relation == .redirect })
    #expect(graph.nodes.contains { $0.entity == .redirect && $0.name == "://cart" })
    // The duplicate route's finding is on the route it named.
    #expect(graph.nodes.first { $0.entity == .route && $0.name == "://settings" }?.marks.isEmpty == false)
    let dot = DOTWriter.write(graph)
    #expect(dot.contains("label=\"ignored: priority tie"))
    #expect(dot.contains("style=\"dashed\", fontcolor=\"#6b7280\", arrowhead=\"odot\""))
    try goldens.check(dot, named: "nnmodule-faults-history.dot")
}

/// An NNModule-swift trace whose services, impls, router, routes and interceptors carry the hostile names.
private func hostileNNModuleTrace() -> [TraceEvent] {
    var events: [TraceEvent] = []
    func add(_ event: TraceEvent) {
        var event = event
        event.seq = UInt64(events.count + 1)
        events.append(event)
    }
    add(TraceEvent(kind: .nnRouterCreate, name: SampleTraces.hostileNames[0], object: 1, value: "nn"))
    for (index, name) in SampleTraces.hostileNames.enumerated() {
        add(TraceEvent(kind: .nnServiceRegister, name: name, className: name + "Impl", effect: .added, count: 0, ok: true))
        add(TraceEvent(kind: .nnServiceRegister, name: name, className: name + "Mock", peerName: name + "Impl", effect: .ignored,
                       value: "priority tie: \(name)", count: 0, ok: true))
        add(TraceEvent(kind: .nnRouteRegister, name: "://r\(index)/" + name, object: 1, peerName: "push " + name, url: name, effect: .added, ok: true))
        add(TraceEvent(kind: .nnInterceptorAdd, className: name + "Action", object: 1, ok: true))
    }
    return events
}

@Test func hostileNNModuleNamesAreEscapedInDOTSVGAndJSON() throws {
    let graph = GraphBuilder.build(events: hostileNNModuleTrace(), scope: .history, profile: nnProfile)
    let dot = DOTWriter.write(graph)
    for name in SampleTraces.hostileNames {
        #expect(dot.contains("label=\(DOTWriter.quote(name))"), "service label of \(name.debugDescription)")
        #expect(dot.contains("label=\(DOTWriter.quote("ignored: priority tie: " + name))"), "ignored edge of \(name.debugDescription)")
    }
    #expect(dot.components(separatedBy: "label=<").count == 2)
    let svg = try SVG.render(dot)
    #expect(svg.elementNames.isSubset(of: ["svg", "g", "title", "text", "path", "polygon", "ellipse", "polyline", "a"]))
    for name in SampleTraces.hostileNames {
        for line in (name + "Action").split(separator: "\n") { #expect(svg.texts.contains(String(line)), "label line \(line.debugDescription)") }
        #expect(svg.tooltips.contains { $0.hasPrefix(name + " (NNModule service)") }, "tooltip of \(name.debugDescription)")
    }
    // The JSON parses back to the same names.
    let json = try #require(try JSONSerialization.jsonObject(with: Data(GraphJSON.write(graph).utf8)) as? [String: Any])
    let names = Set((json["nodes"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String })
    #expect(Set(SampleTraces.hostileNames).isSubset(of: names))
    try goldens.check(dot, named: "nnmodule-hostile-history.dot")
}

@Test func aScreenNamedLikeAnEntityIdKeepsEveryNodeIdUnique() {
    let events = [
        TraceEvent(seq: 1, kind: .moduleAssemble, name: "service:Cart", className: "X", object: 5, moduleKind: .controller, objects: [5]),
        TraceEvent(seq: 2, kind: .nnServiceRegister, name: "Cart", className: "CartImpl", effect: .added, count: 0, ok: true),
    ]
    let graph = GraphBuilder.build(events: events, scope: .history, profile: nnProfile)
    #expect(Set(graph.nodes.map(\.id)).count == graph.nodes.count)
    #expect(graph.nodes.contains { $0.entity == .service && $0.name == "Cart" && $0.id != "service:Cart" })
}
