import LegoAnalysis
import LegoModel
import LegoTraceIO
import NNModuleRuntime
import Testing

/// Runs `journey` on a fresh NNModule model and returns the findings of `rule` in its trace.
func nnFindings(_ rule: String, _ journey: (NNModuleRuntime) -> Void) -> [Finding] {
    let buffer = TraceBuffer()
    let model = NNModuleRuntime(sink: buffer)
    journey(model)
    model.close()
    let header = TraceHeader(producer: "lego-trace-tests", start: "2026-01-01T00:00:00Z", app: "Test", framework: .nnModule)
    return Analyzer.analyze(header: header, events: buffer.events).findings.filter { $0.ruleID == rule }
}

// `YiHuaXie/NNModule@5d3e56e:NNModule/ModuleManager/Core/ModuleServiceCenter.swift:115-144` asserts and returns nil;
// `Module.swift:59-61` force-unwraps it.
@Test func aLookupWithNoRegistrationIsAnError() throws {
    let finding = try #require(nnFindings("nn-service-missing") { $0.lookup(service: "CartService") }.first)
    #expect(finding.severity == .error)
    #expect(finding.message.contains("CartService"))
    #expect(nnFindings("nn-service-missing") { $0.register(service: "CartService", impl: "Cart"); $0.lookup(service: "CartService") }.isEmpty)
}

// `ModuleServiceCenter.swift:25-41`: `old < new` replaces; a tie is dropped silently.
@Test func aTiedPriorityRegistrationIsReportedAndAHigherOneIsNot() {
    let tie = nnFindings("nn-priority-ignored") { model in
        model.declare(.init(name: "PayA", priority: 100)); model.declare(.init(name: "PayB", priority: 100))
        model.register(service: "PayService", impl: "PayA"); model.register(service: "PayService", impl: "PayB")
    }
    #expect(tie.map(\.message) == ["PayB was ignored for service PayService, which keeps PayA (priority tie: PayA has 100, PayB 100)"])
    #expect(nnFindings("nn-priority-ignored") { model in
        model.declare(.init(name: "PayA", priority: 100)); model.declare(.init(name: "PayB", priority: 101))
        model.register(service: "PayService", impl: "PayA"); model.register(service: "PayService", impl: "PayB")
    }.isEmpty)
}

// `ModuleServiceCenter.swift:115-152`: the cache is per impl class and `removeService` only reaches the current class.
@Test func replacingAnImplAfterItWasCreatedIsReported() {
    func journey(lookupFirst: Bool) -> [Finding] {
        nnFindings("nn-impl-replaced-after-use") { model in
            model.declare(.init(name: "Auth")); model.declare(.init(name: "MockAuth", priority: 10))
            model.register(service: "AuthService", impl: "Auth")
            if lookupFirst { model.lookup(service: "AuthService") }
            model.register(service: "AuthService", impl: "MockAuth")
        }
    }
    #expect(journey(lookupFirst: true).count == 1)
    #expect(journey(lookupFirst: false).isEmpty)
}

// `ModuleServiceCenter.swift:124-140`: DEBUG's creation stack catches the re-entry.
@Test func implsLookingEachOtherUpInInitAreACycle() {
    let cycle = nnFindings("nn-service-cycle") { model in
        model.declare(.init(name: "AImpl", lookups: ["B"])); model.declare(.init(name: "BImpl", lookups: ["A"]))
        model.register(service: "A", impl: "AImpl"); model.register(service: "B", impl: "BImpl")
        model.lookup(service: "A")
    }
    #expect(cycle.first?.message.contains("AImpl -> BImpl -> AImpl") == true)
    #expect(nnFindings("nn-service-cycle") { model in
        model.declare(.init(name: "AImpl", lookups: ["B"])); model.declare(.init(name: "BImpl"))
        model.register(service: "A", impl: "AImpl"); model.register(service: "B", impl: "BImpl")
        model.lookup(service: "A")
    }.isEmpty)
}

// `URLRouter.swift:73-86` keeps the first handler; `URLRouteParser.swift:107-117` makes `nn://shop` and `SHOP` one key.
@Test func anAliasedDuplicateRouteIsReportedAndDistinctRoutesAreNot() {
    let duplicate = nnFindings("nn-route-duplicate") { model in
        model.registerRoute("nn://shop", handler: .init(screen: "Shop")); model.registerRoute("SHOP", handler: .init(screen: "Other"))
    }
    #expect(duplicate.first?.message == "route SHOP on router default is key ://shop, already registered as nn://shop (push Shop): the first handler stays, push Other is dropped")
    #expect(nnFindings("nn-route-duplicate") { model in
        model.registerRoute("shop", handler: .init(screen: "Shop")); model.registerRoute("shop/Detail", handler: .init(screen: "Detail"))
    }.isEmpty)
}

// `URLRouteParser.swift:87`: "" is invalid; `RouteUtils.swift:25-26` uses "%&" as the invalid example.
@Test func anEmptyRouteOpenIsInvalid() {
    #expect(nnFindings("nn-route-invalid") { $0.open("") }.count == 1)
    #expect(nnFindings("nn-route-invalid") { $0.registerRoute("%&", handler: .init()) }.count == 1)
    #expect(nnFindings("nn-route-invalid") { $0.registerRoute("a%20b", handler: .init(navigation: .none)); $0.open("a%20b") }.isEmpty)
}

// `URLRouter.swift:118-178`: no handler in the chain logs `not exist` and returns false.
@Test func anOpenNoRouterHandlesIsUnmatched() {
    #expect(nnFindings("nn-route-unmatched") { $0.registerRoute("shop", handler: .init(navigation: .none)); $0.open("acme://shop/detail") }.count == 1)
    #expect(nnFindings("nn-route-unmatched") { $0.registerRoute("shop", handler: .init(navigation: .none)); $0.open("shop/detail") }.isEmpty)
}

// `URLRouter.swift:88-102`: `sub.upperRouter === self` or nothing is registered.
@Test func aSubRouterOnTheWrongUpperIsAnError() {
    #expect(nnFindings("nn-nested-wrong-upper") { model in
        model.makeRouter(named: "other", upper: nil); model.makeRouter(named: "sub", upper: "other"); model.registerRoute("m", used: "sub")
    }.count == 1)
    #expect(nnFindings("nn-nested-wrong-upper") { model in
        model.makeRouter(named: "sub", upper: NNModuleRuntime.defaultRouter); model.registerRoute("m", used: "sub")
    }.isEmpty)
}

private func nested(_ model: NNModuleRuntime) {
    model.makeRouter(named: "shop", upper: NNModuleRuntime.defaultRouter)
    model.registerRoute("shop", used: "shop")
    model.registerRoute("shop/list", on: "shop", handler: .init(navigation: .none))
}

// `URLRouter.swift:60-67` and `:88-102`: the sub-router hands an unknown path back up, which forwards it again.
@Test func aPathTheSubRouterLacksLoopsBetweenRouters() {
    #expect(nnFindings("nn-nested-loop") { nested($0); $0.open("shop/detail") }.count == 1)
    #expect(nnFindings("nn-nested-loop") { nested($0); $0.open("shop/list") }.isEmpty)
}

// `URLRouter.swift:27-39`, `:180-184`: the shared chain runs on each router a forwarded open passes.
@Test func aForwardedOpenRunsInterceptorsTwice() {
    #expect(nnFindings("nn-interceptor-double-run") { nested($0); $0.appendInterceptor(.init(className: "Log")); $0.open("shop/list") }.count == 1)
    #expect(nnFindings("nn-interceptor-double-run") { model in
        model.registerRoute("home", handler: .init(navigation: .none)); model.appendInterceptor(.init(className: "Log")); model.open("home")
    }.isEmpty)
}

// `URLRouter.swift:127-129`, `URLRouteRedirector.swift:42-51`: redirects are followed with no cycle check.
@Test func redirectCyclesAndDanglingRedirectsAreReported() {
    #expect(nnFindings("nn-redirect-loop") { $0.updateRedirects([("a", "b"), ("b", "a")]); $0.open("a") }.first?.message
        == "redirects loop (a -> b -> a): a stack overflow in the app")
    #expect(nnFindings("nn-redirect-dangling") { $0.updateRedirects([("a", "zzz")]); $0.open("a") }.count == 1)
    let fine: (NNModuleRuntime) -> Void = { model in
        model.registerRoute("b", handler: .init(navigation: .none)); model.updateRedirects([("a", "b")]); model.open("a")
    }
    #expect(nnFindings("nn-redirect-loop", fine).isEmpty)
    #expect(nnFindings("nn-redirect-dangling", fine).isEmpty)
    #expect(nnFindings("nn-route-unmatched") { $0.updateRedirects([("a", "zzz")]); $0.open("a") }.isEmpty)
}

// `Navigator.swift:52-60`: `push` ignores a UINavigationController and returns Void.
@Test func aHandlerThatReturnsTrueAfterANoOpIsReported() {
    #expect(nnFindings("nn-handler-noop") { $0.registerRoute("nav", handler: .init(screen: "X", navigation: .pushNavigationController)); $0.open("nav") }.count == 1)
    #expect(nnFindings("nn-handler-noop") { $0.registerRoute("nav", handler: .init(navigation: .none)); $0.open("nav") }.isEmpty)
}

// `EventBus.swift:33-37`: sets are keyed by the unqualified type name.
@Test func twoEventTypesWithOneNameCollide() {
    func journey(_ second: String) -> [Finding] {
        nnFindings("nn-event-name-collision") { model in
            let a = model.makeScreen("A"); model.hold(a, label: "t")
            model.registerEvent("Shop.LoginEvent", target: a); model.registerEvent(second, target: a)
        }
    }
    #expect(journey("Cart.LoginEvent").count == 1)
    #expect(journey("Shop.LoginEvent").isEmpty)
}

// `EventSet.swift:41-65`: dead weak targets stay in the set.
@Test func deadTargetsInAnEventSetAreNoted() {
    func journey(release: Bool) -> [Finding] {
        nnFindings("nn-event-dead-targets") { model in
            let a = model.makeScreen("A"); model.hold(a, label: "t")
            model.registerEvent("LoginEvent", target: a)
            if release { model.release(a, label: "t") }
            model.sendEvent("LoginEvent")
        }
    }
    #expect(journey(release: true).first?.severity == .note)
    #expect(journey(release: false).isEmpty)
}

// `NotificationObserver.swift:33`: the token's deinit removes the observer.
@Test func aDiscardedObserverIsAnError() {
    #expect(nnFindings("nn-observer-discarded") { $0.observe("n", sticky: false, owner: nil, kept: false); $0.post("n", sticky: false) }.count == 1)
    #expect(nnFindings("nn-observer-discarded") { $0.observe("n", sticky: false, owner: nil, kept: true); $0.post("n", sticky: false) }.isEmpty)
}

// `StickyNotification.swift:54-58`; the framework's own test, `Example_StickyNotificationTests.swift:39-60`.
@Test func aStickyValueOlderThanTheLastPostIsNoted() {
    #expect(nnFindings("nn-sticky-stale") { model in
        model.post("n", sticky: true); model.post("n", sticky: false); model.observe("n", sticky: true, owner: nil)
    }.count == 1)
    #expect(nnFindings("nn-sticky-stale") { model in
        model.post("n", sticky: false); model.post("n", sticky: true); model.observe("n", sticky: true, owner: nil)
    }.isEmpty)
}

// `ModuleTabServiceImpl.swift:35-39`, `ModuleLaunchTaskServiceImpl.swift:20-40`.
@Test func tabsAndTasksAddedAfterSetupAreLate() {
    let late = nnFindings("nn-late-register") { model in
        model.launch(awakeMethods: [("setup", { model.addTab("Home") })], showTabBar: true)
        model.addTab("Settings"); model.addLaunchTask("Warmup")
    }
    #expect(late.count == 2)
    #expect(nnFindings("nn-late-register") { model in
        model.launch(awakeMethods: [("setup", { model.addTab("Home"); model.addLaunchTask("Warmup") })], showTabBar: true)
    }.isEmpty)
}

// `ModuleTabServiceImpl.swift:12` holds the controller strongly until `needReloadTabBarController` (`:41-44`).
@Test func aTabBarKeptByTheTabServiceAfterLogoutLeaks() throws {
    func journey(reload: Bool) -> [Finding] {
        nnFindings("leaked-module") { model in
            model.launch(awakeMethods: [("setup", { model.addTab("Home") })], showTabBar: true)
            model.setRoot(model.makeScreen("Login"))
            if reload { model.reloadTabBar() }
            model.clock.advance(by: 3)
        }
    }
    let leak = try #require(journey(reload: false).first)
    #expect(leak.message.contains("the tab service still holds it"))
    #expect(journey(reload: false).count == 1)
    #expect(journey(reload: true).isEmpty)
}

// `ModuleServiceCenter.swift:25-41`: a non-conforming impl asserts in DEBUG and is dropped in release.
@Test func aNonConformingImplIsAnErrorAndAConformingOneIsNot() {
    let dropped = nnFindings("nn-impl-not-conforming") { model in
        model.declare(.init(name: "Wrong", conforms: false)); model.register(service: "PayService", impl: "Wrong")
    }
    #expect(dropped.first?.severity == .error)
    #expect(nnFindings("nn-impl-not-conforming") { $0.register(service: "PayService", impl: "Right") }.isEmpty)
}
