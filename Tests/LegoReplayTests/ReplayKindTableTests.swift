import LegoModel
import LegoReplay
import Testing

/// One row per event kind: what applying it to the replay must change (issue #20). A kind added to the trace format
/// without a row here fails `everyKindHasARow`, so no kind reaches the replay untested.
@Suite struct ReplayKindTableTests {
    /// A kind's case: the events before it, the event itself, and what must hold after it.
    struct Row: Sendable {
        var prelude: [TraceEvent] = []
        var event: TraceEvent
        /// What must hold after the event, as a sentence for the failure message and a check.
        var holds: @Sendable (ReplayState) -> Bool
        /// Kinds that only inform observers, or change only a framework's sub-state: the core state apart from the
        /// counters must not change.
        var changesNothing = false
        /// Kinds whose framework sub-state must not change either (NNModule kinds that only inform detectors).
        var frameworkStateUnchanged = false
    }

    /// An NNModule row: the core state stays as it was, `holds` checks the NNModule sub-state.
    static func nn(_ event: TraceEvent, after prelude: [TraceEvent] = [], _ holds: @escaping @Sendable (NNState) -> Bool) -> Row {
        Row(prelude: prelude, event: event, holds: { holds($0.nn) }, changesNothing: true)
    }

    /// An NNModule kind that only informs detectors: neither the core nor the NNModule sub-state changes.
    static func nnInforming(_ event: TraceEvent) -> Row {
        Row(event: event, holds: { _ in true }, changesNothing: true, frameworkStateUnchanged: true)
    }

    static let router = TraceEvent(kind: .nnRouterCreate, name: "default", object: 1, value: "nn")
    static let cart = TraceEvent(kind: .nnServiceRegister, name: "Cart", className: "CartImpl", effect: .added, count: 1)

    /// A VIPER module `Post`: routing 10, presenter 11, in both tables.
    static let post: [TraceEvent] = [
        TraceEvent(kind: .objectAlloc, name: "Post", className: "BDJPostRouting", object: 10, layer: .routing),
        TraceEvent(kind: .objectAlloc, name: "Post", className: "BDJPostPresenter", object: 11, peer: 10, layer: .presenter),
        TraceEvent(kind: .moduleAssemble, name: "Post", className: "BDJPostRouting", object: 10, moduleKind: .viper, objects: [10, 11]),
        TraceEvent(kind: .routingAdd, name: "Post", object: 10, effect: .added),
        TraceEvent(kind: .componentAdd, name: "Post", object: 11, effect: .added),
    ]

    /// A second module `Comment`: routing 20, presenter 21, in both tables.
    static let comment: [TraceEvent] = [
        TraceEvent(kind: .objectAlloc, name: "Comment", className: "BDJCommentRouting", object: 20, layer: .routing),
        TraceEvent(kind: .objectAlloc, name: "Comment", className: "BDJCommentPresenter", object: 21, peer: 20, layer: .presenter),
        TraceEvent(kind: .moduleAssemble, name: "Comment", className: "BDJCommentRouting", object: 20, moduleKind: .viper, objects: [20, 21]),
    ]

    static let rows: [TraceEvent.Kind: Row] = [
        .prefixSet: Row(event: TraceEvent(kind: .prefixSet, value: "BDJ")) { $0.prefix == "BDJ" },
        .urlRegister: Row(event: TraceEvent(kind: .urlRegister, name: "Post", url: "bdj://essence/post?x=1", effect: .added)) {
            $0.routes == ["bdj://essence/post": "Post"]
        },
        .urlReplaceAll: Row(prelude: [TraceEvent(kind: .urlRegister, name: "Post", url: "bdj://post")],
                            event: TraceEvent(kind: .urlReplaceAll, count: 1)) { $0.routes.isEmpty },
        .urlRemove: Row(prelude: [TraceEvent(kind: .urlRegister, name: "Post", url: "bdj://post"),
                                  TraceEvent(kind: .urlRegister, name: "Index", url: "bdj://index")],
                        event: TraceEvent(kind: .urlRemove, name: "Post", url: "bdj://post?id=2")) { $0.routes == ["bdj://index": "Index"] },
        .urlHandler: Row(event: TraceEvent(kind: .urlHandler, name: "Web")) { $0.httpHandler == "Web" },
        .urlIntercept: Row(event: TraceEvent(kind: .urlIntercept, url: "bdj://post", value: "login", ok: true), holds: { _ in true }, changesNothing: true),
        .urlOpen: Row(prelude: post, event: TraceEvent(kind: .urlOpen, name: "Post", object: 11, url: "bdj://post", operation: .push, ok: true),
                      holds: { _ in true }, changesNothing: true),
        .namingProblem: Row(event: TraceEvent(kind: .namingProblem, name: "Post", className: "XYPostRouting", value: "prefix"),
                            holds: { _ in true }, changesNothing: true),
        .objectAlloc: Row(event: TraceEvent(kind: .objectAlloc, name: "Post", className: "BDJPostRouting", object: 10, layer: .routing)) {
            $0.isAlive(10) && $0.objects[10]?.className == "BDJPostRouting" && $0.objects[10]?.layer == .routing
        },
        .objectDeinit: Row(prelude: post, event: TraceEvent(kind: .objectDeinit, name: "Post", object: 11, layer: .presenter)) {
            !$0.isAlive(11) && $0.isAlive(10) && $0.changes.contains(.deinitialized(object: 11, module: 10))
        },
        .moduleDeclare: Row(event: TraceEvent(kind: .moduleDeclare, name: "Post", className: "BDJPostRouting", moduleKind: .viper)) {
            $0.declarations.map(\.name) == ["Post"] && $0.modules.isEmpty
        },
        .moduleAssemble: Row(prelude: Array(post.prefix(2)), event: post[2]) {
            $0.modules[10]?.layers == [10, 11] && $0.moduleID(of: 11) == 10 && $0.liveModules(named: "Post") == [10]
        },
        .routingAdd: Row(prelude: Array(post.prefix(3)), event: post[3]) { $0.liveRouting(named: "Post") == 10 },
        .routingRemove: Row(prelude: post, event: TraceEvent(kind: .routingRemove, name: "Post", object: 10, count: 1)) {
            $0.routingTable.map["Post"] == nil && $0.modules[10]?.goneAt != nil
        },
        .componentAdd: Row(prelude: Array(post.prefix(4)), event: post[4]) {
            $0.liveComponent(named: "Post") == 11 && $0.rootModule == 10 && $0.modules[10]?.shownAt != nil
        },
        .componentRemove: Row(prelude: post, event: TraceEvent(kind: .componentRemove, name: "Post", object: 11, effect: .evicted)) {
            $0.componentTable.map["Post"] == nil && $0.modules[10]?.goneReason == .evicted
        },
        .receiverAdd: Row(prelude: post, event: TraceEvent(kind: .receiverAdd, name: "Post", object: 11, effect: .added)) {
            $0.receiverTable.map["Post"] == 11
        },
        .receiverRemove: Row(prelude: post + [TraceEvent(kind: .receiverAdd, name: "Post", object: 11)],
                             event: TraceEvent(kind: .receiverRemove, name: "Post", object: 11)) {
            $0.receiverTable.map["Post"] == nil && $0.modules[10]?.goneAt == nil
        },
        .sharedAdd: Row(prelude: post, event: TraceEvent(kind: .sharedAdd, name: "AllPost", object: 10, gene: "Post")) {
            $0.sharedTable == ["Post": 10]
        },
        .link: Row(prelude: post + comment, event: TraceEvent(kind: .link, object: 10, peer: 20, relation: .routingNext)) {
            $0.links[10]?.routingNext == 20 && $0.links[20]?.routingPrevious == 10
                && $0.successors(of: 10) == [ReplayState.Successor(module: 20, edge: .next)]
                && $0.predecessor(of: 20)?.module == 10
        },
        .unlink: Row(prelude: post + comment + [TraceEvent(kind: .link, object: 10, peer: 20, relation: .sub)],
                     event: TraceEvent(kind: .unlink, object: 10, peer: 20, relation: .sub)) {
            $0.links[10]?.subs.isEmpty != false && $0.successors(of: 10).isEmpty
        },
        .actionSet: Row(prelude: post, event: TraceEvent(kind: .actionSet, object: 10)) { $0.currentAction == 10 },
        .transitionBegin: Row(prelude: post, event: TraceEvent(kind: .transitionBegin, name: "Post", object: 10, operation: .pop)) {
            $0.transitionInProgress?.operation == .pop && $0.modules[10]?.goneReason == .popped
        },
        .transitionEnd: Row(prelude: post + [TraceEvent(kind: .transitionBegin, name: "Post", object: 10, operation: .present)],
                            event: TraceEvent(kind: .transitionEnd, name: "Post", object: 10, peer: 10, operation: .present, ok: false)) {
            $0.transitionInProgress == nil && $0.modules[10]?.goneReason == .refused
        },
        .focus: Row(prelude: post, event: TraceEvent(kind: .focus, name: "Post", object: 11, ok: true), holds: { _ in true }, changesNothing: true),
        .intent: Row(prelude: post, event: TraceEvent(kind: .intent, object: 11, peer: 11, value: "forward"), holds: { _ in true }, changesNothing: true),
        .eventSend: Row(prelude: post, event: TraceEvent(kind: .eventSend, name: "Post", value: "refresh", count: 1, objects: [11]),
                        holds: { _ in true }, changesNothing: true),
        .notification: Row(prelude: post, event: TraceEvent(kind: .notification, value: "login", count: 1, objects: [11]),
                           holds: { _ in true }, changesNothing: true),
        .refHold: Row(prelude: post, event: TraceEvent(kind: .refHold, object: 11, value: "cache")) { $0.holds[11] == ["cache"] },
        .refRelease: Row(prelude: post + [TraceEvent(kind: .refHold, object: 11, value: "cache")],
                         event: TraceEvent(kind: .refRelease, object: 11, value: "cache")) { $0.holds[11] == nil },
        .clockAdvance: Row(event: TraceEvent(kind: .clockAdvance, value: "1.5"), holds: { _ in true }, changesNothing: true),
        .snapshot: Row(event: TraceEvent(kind: .snapshot, value: "routing", count: 3), holds: { _ in true }, changesNothing: true),
        .traceEnd: Row(prelude: post, event: TraceEvent(kind: .traceEnd, count: 5)) { $0.end?.seq == 6 && $0.eventCount == 5 },
        // QFMoudle (format 2.0)
        .moduleResolve: Row(event: TraceEvent(kind: .moduleResolve, name: "Cart", className: "Cart", object: 40, peerName: "HomeViewController", ok: true)) {
            $0.modules[40]?.kind == .protocolModule && $0.liveModules(named: "Cart") == [40]
                && $0.qf.resolutions[40]?.protocolName == "Cart" && $0.qf.resolutions[40]?.caller == "HomeViewController"
        },
        .kvcSet: Row(prelude: [TraceEvent(kind: .moduleResolve, name: "Cart", className: "Cart", object: 40, ok: true)],
                     event: TraceEvent(kind: .kvcSet, name: "coupon", className: "Cart", object: 40, ok: true,
                                       params: [Parameter(key: "coupon", value: "A1")]),
                     holds: { $0.qf.resolutions[40] != nil }, changesNothing: true, frameworkStateUnchanged: true),
        .callbackSet: Row(prelude: [TraceEvent(kind: .moduleResolve, name: "Cart", className: "Cart", object: 40, ok: true)],
                          event: TraceEvent(kind: .callbackSet, object: 40, peerName: "HomeViewController", objects: [41]),
                          holds: { $0.qf.callbackCaptures[40] == [41] }, changesNothing: true),
        // NNModule-swift (format 2.0)
        .nnPhase: nn(TraceEvent(kind: .nnPhase, value: "awake")) { $0.phase == "awake" },
        .nnServiceRegister: nn(cart) { $0.services["Cart"]?.impl == "CartImpl" && $0.services["Cart"]?.priority == 1 },
        .nnServiceResolve: nn(TraceEvent(kind: .nnServiceResolve, name: "Cart", className: "CartImpl", object: 5, value: "created"),
                              after: [cart]) { $0.instances["CartImpl"] == 5 },
        .nnServiceRemove: nn(TraceEvent(kind: .nnServiceRemove, name: "Cart", className: "CartImpl", object: 5),
                             after: [cart, TraceEvent(kind: .nnServiceResolve, name: "Cart", className: "CartImpl", object: 5, value: "created")]) {
            $0.services["Cart"] == nil && $0.instances["CartImpl"] == nil
        },
        .nnRouterCreate: nn(router) { $0.routers[1]?.defaultScheme == "nn" && $0.routers[1]?.upper == nil },
        .nnRouteRegister: nn(TraceEvent(kind: .nnRouteRegister, name: "://shop", object: 1, peerName: "ShopHandler", url: "nn://shop", effect: .added),
                             after: [router]) { $0.routes[1]?["://shop"]?.handler == "ShopHandler" },
        .nnRouteRedirect: nn(TraceEvent(kind: .nnRouteRedirect, object: 1, url: "nn://a", value: "nn://b", count: 1), after: [router]) {
            $0.openInProgress.redirects.map(\.to) == ["nn://b"]
        },
        .nnRouteForward: nn(TraceEvent(kind: .nnRouteForward, object: 1, peer: 2, url: "nn://a/b", value: "sub"), after: [router]) {
            $0.openInProgress.forwards == 1
        },
        .nnRouteHandle: nnInforming(TraceEvent(kind: .nnRouteHandle, name: "://shop", object: 1, url: "nn://shop", ok: true)),
        .nnInterceptorAdd: nn(TraceEvent(kind: .nnInterceptorAdd, className: "LoginCheck", object: 1, ok: true)) {
            $0.interceptors[1] == ["LoginCheck"]
        },
        .nnEventRegister: nn(TraceEvent(kind: .nnEventRegister, name: "Login", object: 7, peerName: "bus", value: "LoginEvent")) {
            $0.eventSets[NNState.eventSetKey(bus: "bus", name: "Login")]?.map(\.object) == [7]
        },
        .nnEventRemove: nn(TraceEvent(kind: .nnEventRemove, name: "Login", peerName: "bus", count: 1),
                           after: [TraceEvent(kind: .nnEventRegister, name: "Login", object: 7, peerName: "bus", value: "LoginEvent")]) {
            $0.eventSets[NNState.eventSetKey(bus: "bus", name: "Login")] == nil
        },
        .nnObserverAdd: nnInforming(TraceEvent(kind: .nnObserverAdd, name: "didLogin", object: 8, ok: false)),
        .nnObserverRemove: nnInforming(TraceEvent(kind: .nnObserverRemove, name: "didLogin", object: 8, value: "disposed")),
        .nnStickyRemove: nn(TraceEvent(kind: .nnStickyRemove, name: "didLogin"),
                            after: [TraceEvent(kind: .notification, name: "didLogin", ok: true)]) { $0.sticky["didLogin"] == nil },
        .nnTaskRegister: nnInforming(TraceEvent(kind: .nnTaskRegister, className: "PreloadTask", value: "syncOnMain", count: 300, ok: true)),
        .nnTaskRun: nnInforming(TraceEvent(kind: .nnTaskRun, className: "PreloadTask", value: "syncOnMain", count: 300)),
        .nnTabRegister: nnInforming(TraceEvent(kind: .nnTabRegister, name: "Home", className: "HomeTabItem", count: 0, ok: true)),
        .nnTabSetup: nn(TraceEvent(kind: .nnTabSetup, object: 9, count: 2)) { $0.tabBarController == 9 },
        .nnTabReload: nn(TraceEvent(kind: .nnTabReload, object: 9), after: [TraceEvent(kind: .nnTabSetup, object: 9, count: 2)]) {
            $0.tabBarController == nil
        },
        .nnWindowRoot: Row(prelude: post, event: TraceEvent(kind: .nnWindowRoot, object: 30, peer: 10)) {
            $0.modules[10]?.goneReason == .replaced
        },
    ]

    @Test func everyKindHasARow() {
        let missing = TraceEvent.Kind.allCases.filter { Self.rows[$0] == nil }
        #expect(missing.isEmpty, "kinds without a replay row: \(missing.map(\.rawValue))")
    }

    @Test(arguments: TraceEvent.Kind.allCases)
    func applyingTheKindChangesWhatItSays(_ kind: TraceEvent.Kind) throws {
        let row = try #require(Self.rows[kind])
        #expect(row.event.kind == kind)
        let state = ReplayState()
        let events = (row.prelude + [row.event]).enumerated().map { index, event in
            var copy = event
            copy.seq = UInt64(index + 1)
            copy.time = Double(index) * 0.01
            return copy
        }
        for event in events.dropLast() { state.apply(event) }
        let before = Fingerprint(state)
        let frameworkStateBefore = (state.nn, state.qf)
        state.apply(events.last!)
        #expect(row.holds(state), "\(kind.rawValue)")
        #expect(state.lastMoment?.seq == UInt64(events.count))
        if row.changesNothing {
            #expect(Fingerprint(state) == before, "\(kind.rawValue) must change nothing but the counters")
        } else {
            #expect(Fingerprint(state) != before, "\(kind.rawValue) must change the state")
        }
        if row.frameworkStateUnchanged {
            #expect(state.nn == frameworkStateBefore.0 && state.qf == frameworkStateBefore.1, "\(kind.rawValue) must leave the framework state")
        }
    }

    @Test func anIgnoredRegistrationKeepsTheEntryAndSaysSo() {
        let state = ReplayState()
        for (index, event) in (Self.post + Self.comment).enumerated() {
            var copy = event
            copy.seq = UInt64(index + 1)
            state.apply(copy)
        }
        state.apply(TraceEvent(seq: 9, kind: .routingAdd, name: "Post", object: 20, effect: .ignored))
        #expect(state.liveRouting(named: "Post") == 10)
        #expect(state.changes == [.shadowed(table: .routing, name: "Post", kept: 10, ignored: 20)])
        #expect(state.routingTable.names == ["Post"])
    }

    /// The state apart from counters and the last moment.
    struct Fingerprint: Equatable {
        var prefix: String?
        var routes: [String: String]
        var httpHandler: String?
        var objects: ObjectTable<ReplayState.ObjectInfo>
        var modules: ObjectTable<ReplayState.ModuleInstance>
        var tables: [ReplayState.Registry]
        var shared: [String: ObjectID]
        var links: ObjectTable<ReplayState.Links>
        var action: ObjectID?
        var root: ObjectID?
        var holds: ObjectTable<[String]>
        var transition: ReplayState.Transition?
        var end: ReplayState.Moment?
        var declarations: [ReplayState.Declaration]

        init(_ state: ReplayState) {
            prefix = state.prefix; routes = state.routes; httpHandler = state.httpHandler; objects = state.objects
            modules = state.modules; tables = [state.routingTable, state.componentTable, state.receiverTable]
            shared = state.sharedTable; links = state.links; action = state.currentAction; root = state.rootModule
            holds = state.holds; transition = state.transitionInProgress; end = state.end; declarations = state.declarations
        }
    }
}
