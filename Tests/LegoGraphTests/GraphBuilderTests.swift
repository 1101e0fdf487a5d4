import LegoModel
import LegoReplay
import Testing
@testable import LegoGraph

@Test func historyHasOneNodePerModuleNameWithKindsGenesAndURLs() throws {
    let graph = GraphBuilder.build(events: SampleTraces.navigation().events, scope: .history)
    #expect(graph.nodes.map(\.id) == ["Essence", "IndexTab", "Login", "New", "Post", "PostComment", "VideoPost"])
    let login = try #require(graph.nodes.first { $0.name == "Login" })
    #expect(login.kind == .controller)
    #expect(login.classNames == ["BDJLoginViewController"])
    #expect(login.liveCount == 0)
    let video = try #require(graph.nodes.first { $0.name == "VideoPost" })
    #expect(video.kind == .virtual)
    #expect(video.gene == "Post")
    #expect(video.classNames.contains("BDJPostPresenter") && video.classNames.contains("BDJVideoPostRouting"))
    let post = try #require(graph.nodes.first { $0.name == "Post" })
    #expect(post.urls == ["bdj://essence/post"])
    #expect(post.cluster == ["bdj://essence"])
    let comment = try #require(graph.nodes.first { $0.name == "PostComment" })
    #expect(comment.cluster == ["bdj://essence", "bdj://essence/post"])
    #expect(comment.liveCount == 0)
}

@Test func historyEdgesCoverEveryRelation() {
    let graph = GraphBuilder.build(events: SampleTraces.navigation().events, scope: .history)
    let edges = Set(graph.edges.map { "\($0.from) \($0.relation.rawValue) \($0.to) ×\($0.count)" })
    #expect(edges == [
        "IndexTab sub Essence ×1", "IndexTab sub New ×1",
        "Essence push Post ×1", "Post push PostComment ×1", "Post present Login ×1", "New push VideoPost ×1",
        "PostComment event Essence ×2", "PostComment event Post ×1",
        "Essence urlParent Post ×1", "Post urlParent PostComment ×1", "New urlParent VideoPost ×1",
    ])
    let refresh = graph.edges.first { $0.relation == .event && $0.to == "Essence" }
    #expect(refresh?.events == [ModuleGraph.EventCount(name: "Refresh", count: 2)])
    #expect(graph.nodes.first { $0.name == "Essence" }?.eventsReceived == [ModuleGraph.EventCount(name: "Refresh", count: 2)])
}

@Test func anEventWithoutASenderCountsOnTheReceiverButDrawsNoEdge() {
    var trace = TraceFixture()
    let root = trace.show("Root")
    let detail = trace.open("Detail", from: root)
    trace.emit(TraceEvent(kind: .eventSend, name: "Detail", value: "Reload", count: 1, objects: [detail.component]))
    trace.emit(TraceEvent(kind: .eventSend, value: "Theme", count: 2, objects: [root.component, detail.component]))
    let graph = GraphBuilder.build(events: trace.events, scope: .history)
    #expect(!graph.edges.contains { $0.relation == .event })
    #expect(graph.nodes.first { $0.name == "Detail" }?.eventsReceived.map(\.name) == ["Reload", "Theme"])
    #expect(graph.nodes.first { $0.name == "Root" }?.eventsReceived == [ModuleGraph.EventCount(name: "Theme", count: 1)])
}

@Test func liveScopeAtASeqShowsOnlyWhatWasAliveThen() {
    let (events, beforeDismiss) = SampleTraces.navigation()
    let atEnd = GraphBuilder.build(events: events, scope: .live)
    #expect(atEnd.nodes.map(\.name) == ["Essence", "IndexTab", "New", "Post", "VideoPost"])
    #expect(atEnd.lastSeq == UInt64(events.count))
    let before = GraphBuilder.build(events: events, scope: .live, stopAfter: beforeDismiss)
    #expect(before.lastSeq == beforeDismiss)
    #expect(before.nodes.map(\.name) == ["Essence", "IndexTab", "Login", "New", "Post", "VideoPost"])
    let present = before.edges.filter { $0.relation == .present }
    #expect(present.count == 1)
    #expect(present.first.map { $0.from.hasPrefix("Post#") && $0.to.hasPrefix("Login#") } == true)
    #expect(!atEnd.edges.contains { $0.relation == .present })
    // The history up to the same point already contains the popped PostComment; the live state does not.
    let history = GraphBuilder.build(events: events, scope: .history, stopAfter: beforeDismiss)
    #expect(history.nodes.contains { $0.name == "PostComment" })
    #expect(!before.nodes.contains { $0.name == "PostComment" })
}

@Test func liveScopeKeepsTwoInstancesOfOneNameApart() {
    let (events, _) = SampleTraces.faults()
    let live = GraphBuilder.build(events: events, scope: .live)
    let posts = live.nodes.filter { $0.name == "Post" }
    #expect(posts.count == 3)
    #expect(Set(posts.map(\.id)).count == 3)
    #expect(posts.allSatisfy { $0.instanceCount == 1 && $0.liveCount == 1 })
    // The live view is the picture of a duplicate: its instances are numbered in object order and keyed by object id.
    let ordered = posts.sorted { ($0.object ?? 0) < ($1.object ?? 0) }
    #expect(ordered.map(\.title) == ["Post #1", "Post #2", "Post #3"])
    #expect(ordered.allSatisfy { $0.object != nil })
    #expect(live.nodes.first { $0.name == "PostComment" }?.title == "PostComment")
    #expect(DOTWriter.write(live).contains("label=\"Post #2"))
    let history = GraphBuilder.build(events: events, scope: .history)
    let post = history.nodes.first { $0.name == "Post" }
    #expect(post?.instanceCount == 3)
    #expect(post?.liveCount == 3)
}

@Test func marksLandOnTheirInstanceInTheLiveScopeAndOnTheNameInHistory() throws {
    let (events, findings) = SampleTraces.faults()
    let marks = GraphMark.marks(from: findings)
    let live = GraphBuilder.build(events: events, scope: .live, marks: marks)
    let leaked = live.nodes.filter { $0.marks.contains { $0.kind == .leaked } }
    #expect(leaked.count == 1)
    #expect(leaked.first?.instances == [try #require(marks.first { $0.kind == .leaked }?.instance)])
    #expect(leaked.first?.object == marks.first { $0.kind == .leaked }?.object)
    #expect(live.nodes.filter { $0.marks.contains { $0.kind == .duplicateName } }.count == 1)
    #expect(live.nodes.first { $0.name == "PostComment" }?.marks.map(\.kind) == [.illegalURL])
    #expect(live.unplacedMarks.map(\.module) == ["Ghost"])

    let history = GraphBuilder.build(events: events, scope: .history, marks: marks)
    #expect(Set(history.nodes.first { $0.name == "Post" }?.marks.map(\.kind) ?? []) == [.leaked, .duplicateName])
    #expect(history.marks.count == 4)
}

@Test func aReplayStoppedBeforeATransitionEndsStillDrawsIt() throws {
    var trace = TraceFixture()
    let root = trace.show("Root")
    _ = trace.open("Detail", from: root)
    let end = try #require(trace.events.last { $0.kind == .transitionEnd }?.seq)
    let graph = GraphBuilder.build(events: trace.events, scope: .history, stopAfter: end - 1)
    #expect(graph.edges.contains { $0.from == "Root" && $0.to == "Detail" && $0.relation == .push })
}

@Test func anEmptyTraceGivesAnEmptyGraph() {
    let graph = GraphBuilder.build(events: [], scope: .history)
    #expect(graph.nodes.isEmpty && graph.edges.isEmpty && graph.lastSeq == nil)
    #expect(DOTWriter.write(graph).hasPrefix("digraph \"lego-trace\" {"))
}

@Test func aModuleWithoutAURLJoinsTheClusterItsNameHeads() throws {
    var trace = TraceFixture()
    trace.register("bdj://essence/post", for: "Post")
    let root = trace.show("Essence")
    _ = trace.open("Post", from: root, url: "bdj://essence/post")
    _ = trace.open("Other", from: root)
    let graph = GraphBuilder.build(events: trace.events, scope: .history)
    #expect(graph.nodes.first { $0.name == "Essence" }?.cluster == ["bdj://essence"])
    #expect(graph.nodes.first { $0.name == "Post" }?.cluster == ["bdj://essence"])
    #expect(graph.nodes.first { $0.name == "Other" }?.cluster == [])
}

/// A navigation trace whose app also declares a controller with a URL and a hostile-named module that no step reaches.
private func navigationWithUnreachedModules() -> [TraceEvent] {
    var events = SampleTraces.navigation().events
    for var event in [
        TraceEvent(kind: .moduleDeclare, name: "Settings", className: "BDJSettingsViewController", moduleKind: .controller),
        TraceEvent(kind: .urlRegister, name: "Settings", url: "bdj://essence/settings", effect: .added),
        TraceEvent(kind: .moduleDeclare, name: "Post", className: "BDJPostRouting", moduleKind: .viper),
        TraceEvent(kind: .moduleDeclare, name: "<b>\"设置\"\n", className: "BDJ<b>\"设置\"\nRouting", moduleKind: .viper),
    ] {
        event.seq = UInt64(events.count + 1)
        event.time = events.last?.time ?? 0
        events.append(event)
    }
    return events
}

@Test func historyDrawsDeclaredModulesNoStepReachedAndOnlyThose() throws {
    let graph = GraphBuilder.build(events: navigationWithUnreachedModules(), scope: .history)
    let unreached = graph.nodes.filter { !$0.reached }
    #expect(Set(unreached.map(\.name)) == ["Settings", "<b>\"设置\"\n"], "Post is declared and reached: one node, reached")
    let settings = try #require(unreached.first { $0.name == "Settings" })
    #expect(settings.kind == .controller && settings.classNames == ["BDJSettingsViewController"] && settings.instances.isEmpty)
    #expect(settings.urls == ["bdj://essence/settings"] && settings.cluster == ["bdj://essence"])
    #expect(graph.edges.contains { $0.from == "Essence" && $0.to == "Settings" && $0.relation == .urlParent })
    #expect(graph.nodes.filter { $0.name == "Post" }.count == 1 && graph.nodes.first { $0.name == "Post" }?.reached == true)

    let builder = GraphBuilder()
    Replayer(observers: [builder]).run(navigationWithUnreachedModules())
    #expect(builder.graph(scope: .history, unreached: false).nodes.allSatisfy { $0.reached })
    #expect(builder.graph(scope: .history, unreached: false).nodes.count == graph.nodes.count - 2)
    #expect(builder.graph(scope: .live).nodes.allSatisfy { $0.reached }, "the live state holds instances only")
}

@Test func aNeverReachedModuleIsDrawnGreyAndDashedAndSaysSo() throws {
    let graph = GraphBuilder.build(events: navigationWithUnreachedModules(), scope: .history)
    let dot = DOTWriter.write(graph)
    let line = try #require(dot.split(separator: "\n").first { $0.contains("\"m:Settings\" [") })
    #expect(line.contains("label=\"Settings\\nnever reached\""))
    #expect(line.contains("style=\"rounded,filled,dashed\"") || line.contains("style=\"filled,dashed\""))
    #expect(line.contains("fillcolor=\"#f8fafc\"") && line.contains("color=\"#94a3b8\""))
    #expect(line.contains("never reached: the app declares it"))
    #expect(dot.contains("declared, never reached"))
    #expect(!DOTWriter.write(GraphBuilder.build(events: SampleTraces.navigation().events, scope: .history)).contains("never reached"))
    let hostile = try #require(dot.split(separator: "\n").first { $0.contains("never reached") && $0.contains("设置") })
    #expect(!hostile.contains("<b>\"") && hostile.contains("\\\"设置\\\""))
    let json = GraphJSON.write(graph)
    #expect(json.contains("\"name\": \"Settings\"") && json.contains("\"reached\": false"))
}

@Test func urlClustersAndParentEdgesFollowTheFrameworkProfile() throws {
    // XFLegoVIPER URLs nest modules (`bdj://essence/settings` is Settings under Essence); QFMoudle's scheme names a
    // protocol and NNModule-swift's path is a route key, so the same URLs claim no chain there.
    let xf = GraphBuilder.build(events: navigationWithUnreachedModules(), scope: .history)
    #expect(xf.nodes.first { $0.name == "Settings" }?.cluster == ["bdj://essence"])
    #expect(xf.edges.contains { $0.relation == .urlParent })
    for framework in [Framework.qfMoudle, .nnModule] {
        let graph = GraphBuilder.build(events: navigationWithUnreachedModules(), scope: .history, profile: FrameworkProfile(framework))
        #expect(graph.nodes.allSatisfy { $0.cluster.isEmpty }, "\(framework)")
        #expect(!graph.edges.contains { $0.relation == .urlParent }, "\(framework)")
        #expect(graph.nodes.first { $0.name == "Settings" }?.urls == ["bdj://essence/settings"], "URLs are still listed")
    }
}
