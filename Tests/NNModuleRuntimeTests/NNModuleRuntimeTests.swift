import LegoModel
import LegoTraceIO
import NNModuleRuntime
import Testing

private func runtime() -> (NNModuleRuntime, TraceBuffer) {
    let buffer = TraceBuffer()
    return (NNModuleRuntime(sink: buffer), buffer)
}

private extension TraceBuffer {
    func events(_ kind: TraceEvent.Kind) -> [TraceEvent] { events.filter { $0.kind == kind } }
}

// `YiHuaXie/NNModule@5d3e56e:NNModule/ModuleManager/Core/ModuleServiceCenter.swift:25-41`: replace only when the old
// priority is strictly lower; a tie keeps the first.
@Test func aStrictlyHigherPriorityReplacesAndATieIsIgnored() {
    let (model, buffer) = runtime()
    model.declare(.init(name: "PayA", priority: 100))
    model.declare(.init(name: "PayB", priority: 100))
    model.declare(.init(name: "PayC", priority: 200))
    #expect(model.register(service: "PayService", impl: "PayA") == .added)
    #expect(model.register(service: "PayService", impl: "PayB") == .ignored)
    #expect(model.register(service: "PayService", impl: "PayC") == .overwritten)
    let effects = buffer.events(.nnServiceRegister).map(\.effect)
    #expect(effects == [.added, .ignored, .overwritten])
    #expect(buffer.events(.nnServiceRegister)[1].value?.hasPrefix("priority tie") == true)
}

// `ModuleServiceCenter.swift:115-144`: one instance per impl class, cached; a replaced one stays cached.
@Test func instancesAreCachedPerImplClassAndReplacedOnesStay() throws {
    let (model, buffer) = runtime()
    model.declare(.init(name: "Auth", priority: 0))
    model.declare(.init(name: "MockAuth", priority: 10))
    model.register(service: "AuthService", impl: "Auth")
    let first = try #require(model.lookup(service: "AuthService"))
    #expect(model.lookup(service: "AuthService") == first)
    model.register(service: "AuthService", impl: "MockAuth")
    let second = try #require(model.lookup(service: "AuthService"))
    #expect(second != first)
    #expect(buffer.events(.nnServiceResolve).map(\.value) == ["created", "cached", "created"])
    #expect(buffer.events(.objectDeinit).isEmpty)
}

@Test func aMissingServiceAndACreationLoopAreRecorded() {
    let (model, buffer) = runtime()
    model.declare(.init(name: "AImpl", lookups: ["B"]))
    model.declare(.init(name: "BImpl", lookups: ["A"]))
    model.register(service: "A", impl: "AImpl")
    model.register(service: "B", impl: "BImpl")
    #expect(model.lookup(service: "Cart") == nil)
    model.lookup(service: "A")
    let values = buffer.events(.nnServiceResolve).compactMap(\.value)
    #expect(values.first == "not registered")
    #expect(values.contains("loop: AImpl -> BImpl -> AImpl"))
}

// `URLRouter.swift:73-86`: an existing fullPath keeps the first handler, whatever alias it was written with.
@Test func theFirstRouteWinsAcrossAliases() {
    let (model, buffer) = runtime()
    model.registerRoute("nn://shop", handler: .init(screen: "Shop"))
    model.registerRoute("SHOP", handler: .init(screen: "Other"))
    model.registerRoute("", handler: .init(screen: "Nothing"))
    let registers = buffer.events(.nnRouteRegister)
    #expect(registers.map(\.effect) == [.added, .ignored, nil])
    #expect(registers.map(\.value) == [nil, "duplicate", "invalid"])
    #expect(model.logs.contains("URLRouter Error ⚠️ :route for (SHOP) already exist"))
}

// `URLRouter.swift:69-71` and `:163-166`: a delayed registration lands at the router's next open.
@Test func delayedRoutesRegisterAtTheNextOpen() {
    let (model, buffer) = runtime()
    model.registerRoute("shop", handler: .init(screen: "Shop", navigation: .none))
    model.delayedRegisterRoute("Shop", handler: .init(screen: "Late"))
    #expect(buffer.events(.nnRouteRegister).count == 2)
    #expect(model.open("shop").handled)
    #expect(buffer.events(.nnRouteRegister).last?.value == "duplicate")
}

// `URLRouter.swift:88-102`: the sub-router's upper router must be this one; `:27-39` and `:180-184`: a forwarded open
// runs the shared interceptors once per router.
@Test func nestedRoutersCheckTheirUpperAndRunInterceptorsTwice() {
    let (model, buffer) = runtime()
    model.makeRouter(named: "other", upper: nil)
    model.makeRouter(named: "shop", upper: NNModuleRuntime.defaultRouter)
    model.makeRouter(named: "wrong", upper: "other")
    model.registerRoute("mine", used: "wrong")
    model.registerRoute("shop", used: "shop")
    model.registerRoute("shop/list", on: "shop", handler: .init(screen: "List", navigation: .none))
    model.appendInterceptor(.init(className: "LogAction"))
    #expect(model.open("shop/list").handled)
    #expect(buffer.events(.nnRouteRegister).first?.value == "wrong-upper")
    #expect(buffer.events(.urlIntercept).count == 2)
    #expect(buffer.events(.nnRouteForward).map(\.value) == ["sub"])
}

// A sub-router without the path hands the open back up, which forwards again: a stack overflow in the app.
@Test func aForwardLoopIsStoppedAndRecorded() {
    let (model, buffer) = runtime()
    model.makeRouter(named: "shop", upper: NNModuleRuntime.defaultRouter)
    model.registerRoute("shop", used: "shop")
    model.registerRoute("shop/list", on: "shop", handler: .init(screen: "List"))
    let result = model.open("shop/detail")
    #expect(!result.handled)
    #expect(buffer.events(.nnRouteForward).last?.ok == false)
}

// `URLRouteRedirector.swift:42-51`: no cycle check; the model stops at the first repeat.
@Test func redirectLoopsStopAndDanglingRedirectsFail() {
    let (model, buffer) = runtime()
    model.updateRedirects([("a", "b"), ("b", "a"), ("c", "zzz")])
    #expect(model.open("a").reason == "redirect loop")
    #expect(buffer.events(.nnRouteRedirect).last?.ok == false)
    #expect(model.open("c").reason == "not exist")
}

// `Navigator.swift:52-76`: push ignores a navigation controller and needs one; the handler still returns true.
@Test func navigatorNoOpsStillCountAsHandled() {
    let (model, buffer) = runtime()
    model.registerRoute("nav", handler: .init(screen: "X", navigation: .pushNavigationController))
    model.registerRoute("push", handler: .init(screen: "Y"))
    #expect(model.open("nav").handled)
    #expect(model.open("push").reason == "no-op: push with no navigation controller")
    #expect(buffer.events(.nnRouteHandle).allSatisfy { $0.ok == true })
}

// `ModuleTabServiceImpl.swift:12` holds the controller strongly until `needReloadTabBarController` (`:41-44`).
@Test func theTabBarOutlivesLogoutUntilTheTabServiceReloads() throws {
    let (model, buffer) = runtime()
    model.start(registerMethods: [])
    model.launch(awakeMethods: [("tabs", { model.addTab("Home") })], showTabBar: true)
    let tabBar = try #require(model.rootScreen)
    model.setRoot(model.makeScreen("Login"))
    #expect(!buffer.events(.objectDeinit).contains { $0.object == tabBar })
    model.reloadTabBar()
    #expect(buffer.events(.objectDeinit).contains { $0.object == tabBar })
    model.addTab("Late")
    #expect(buffer.events(.nnTabRegister).map(\.ok) == [true, true])
}

@Test func lateTabsAndLaunchTasksAreMarked() {
    let (model, buffer) = runtime()
    model.launch(awakeMethods: [("setup", { model.addTab("Home"); model.addLaunchTask("Warmup") })], showTabBar: true)
    model.addTab("Settings")
    model.addLaunchTask("Late")
    model.close()
    #expect(buffer.events(.nnTabRegister).map(\.ok) == [true, false])
    #expect(buffer.events(.nnTaskRegister).map(\.ok) == [true, false])
    #expect(buffer.events(.nnTaskRun).map(\.className) == ["Warmup"])
}

// `EventBus.swift:33-37` keys sets by unqualified name; `:68-73` sends only to castable targets; dead targets stay.
@Test func theEventBusSharesOneSetPerUnqualifiedName() {
    let (model, buffer) = runtime()
    let a = model.makeScreen("A")
    model.hold(a, label: "test")
    model.registerEvent("Shop.LoginEvent", target: a)
    model.registerEvent("Cart.LoginEvent", target: a)
    #expect(model.sendEvent("Shop.LoginEvent").isEmpty)
    #expect(model.sendEvent("Cart.LoginEvent") == [a])
    model.release(a, label: "test")
    #expect(model.sendEvent("Cart.LoginEvent").isEmpty)
    #expect(buffer.events(.nnEventRegister).map(\.name) == ["LoginEvent", "LoginEvent"])
}

// `StickyNotification.swift:54-58` and `NotificationObserver.swift:33`: a discarded observer is removed at once; a
// sticky value replays to a later observer even after a newer non-sticky post.
@Test func discardedObserversMissPostsAndStickyValuesReplay() {
    let (model, buffer) = runtime()
    let owner = model.makeScreen("Owner")
    model.hold(owner, label: "test")
    model.observe("n", sticky: false, owner: nil, kept: false)
    #expect(model.post("n", sticky: true).isEmpty)
    model.post("n", sticky: false)
    model.observe("n", sticky: true, owner: owner)
    #expect(buffer.events(.nnObserverRemove).first?.value == "discarded")
    #expect(buffer.events(.nnObserverAdd).map(\.ok) == [false, true])
}

// `URLRouter.swift:187-191` prefixes router messages; the service center's miss is an assertion, not a router line.
@Test func consoleLinesUseTheFrameworksOwnWording() {
    let (model, _) = runtime()
    model.lookup(service: "CartService")
    model.open("nowhere")
    #expect(model.logs == ["Fatal error: the impl class of CartService is nil, please register it first",
                           "URLRouter Error ⚠️ :route for (nowhere) is not exist"])
}

/// A launched app whose root is the tab bar with `Home` and `Mine`, and routes that push `Settings` and present `Login`.
private func tabApp() throws -> (NNModuleRuntime, TraceBuffer, tabBar: ObjectID) {
    let (model, buffer) = runtime()
    model.start(registerMethods: [])
    model.launch(awakeMethods: [("tabs", { model.addTab("Home"); model.addTab("Mine") })], showTabBar: true)
    model.registerRoute("settings", handler: .init(screen: "Settings"))
    model.registerRoute("login", handler: .init(screen: "Login", navigation: .present))
    return (model, buffer, try #require(model.rootScreen))
}

// `YiHuaXie/NNModule@5d3e56e:NNModule/URLRouter/Navigator.swift:105-118`: `topViewController(of:)` follows
// `presentedViewController` first, so a screen presented without a navigation controller is the top one and `push`
// (`:54`, its `navigationController`) finds none; `present` (`:66`) from it is handed to the root covering the screen.
@Test func aPresentedScreenIsTheTopSoAPushFromItHasNoNavigationController() throws {
    let (model, buffer, tabBar) = try tabApp()
    #expect(model.open("login").reason == "present Login")
    let login = try #require(model.screen(named: "Login"))
    #expect(buffer.events(.transitionEnd).last?.object == tabBar, "the tab bar, covering the screen, presents")
    #expect(model.open("settings").reason == "no-op: push with no navigation controller")
    #expect(model.goBack())
    #expect(buffer.events(.transitionEnd).last?.operation == .dismiss)
    #expect(buffer.events(.objectDeinit).contains { $0.object == login })
    #expect(model.open("settings").reason == "push Settings")
    #expect(buffer.events(.transitionEnd).last?.object == model.screen(named: "Home"))
}

// `Navigator.swift:110-113`: the tab bar's `selectedViewController`, not its first child, leads to the top.
@Test func aPushGoesOnTheSelectedTabsNavigationController() throws {
    let (model, buffer, _) = try tabApp()
    #expect(model.selectTab(1))
    #expect(!model.selectTab(2))
    #expect(model.open("settings").reason == "push Settings")
    #expect(buffer.events(.transitionEnd).last?.object == model.screen(named: "Mine"))
}

// A tab's navigation controller with only its root has nothing to pop, and the tab bar keeps it.
@Test func backOnATabWithNothingPushedDoesNothing() throws {
    let (model, buffer, _) = try tabApp()
    let home = try #require(model.screen(named: "Home"))
    #expect(!model.goBack())
    #expect(model.isAlive(home))
    #expect(!buffer.events(.objectDeinit).contains { $0.object == home })
}
