import LegoModel
import LegoReplay
import LegoTraceIO
import QFMoudleRuntime
import Testing

// Behaviour pinned from qingfengiOS/QFMoudle@0ac5a23 (QFRouter.m, QFMoudleProtocol.h, MoudleHome.m); see docs/qfmoudle.md.

/// QFMoudle's demo shape: a base protocol with the controller and callback, a Cart protocol, its class.
private func app(router: QFRouterSpec = QFRouterSpec(), cartAdopts: Bool = true, cartClass: String = "Cart") -> QFApp {
    QFApp(
        name: "Shop", router: router,
        protocols: [
            QFProtocolSpec(name: "QFMoudleProtocol", properties: [
                QFProperty(name: "interfaceViewController", type: "UIViewController", ownership: .weak),
                QFProperty(name: "callbackBlock", type: "block", ownership: .copy),
            ]),
            QFProtocolSpec(name: "Cart", base: "QFMoudleProtocol", properties: [
                QFProperty(name: "coupon", type: "NSString", ownership: .copy),
                QFProperty(name: "count", type: "NSInteger", ownership: .assign),
                QFProperty(name: "source", type: "NSString", ownership: .weak),
                QFProperty(name: "owner", type: "UIViewController", ownership: .strong),
                QFProperty(name: "total", type: "double", readonly: true, hasIvar: false),
                QFProperty(name: "token", type: "NSString", ownership: .copy, readonly: true),
            ]),
        ],
        classes: [
            QFClassSpec(name: cartClass, adopts: cartAdopts ? ["Cart"] : [],
                        controllers: ["interfaceViewController": "CartViewController"]),
        ])
}

private func run(_ app: QFApp, _ body: (QFMoudleRuntime) -> Void) -> [TraceEvent] {
    let buffer = TraceBuffer()
    let runtime = QFMoudleRuntime(app: app, sink: buffer)
    body(runtime)
    runtime.close()
    return buffer.events
}

@Test func everyLookupMakesANewInstanceOfTheClassNamedAfterTheProtocol() {
    // QFRouter.m:45-48: NSClassFromString(NSStringFromProtocol(p)), then [[cls alloc] init] on every call.
    var first: ObjectID?, second: ObjectID?
    let events = run(app()) { runtime in
        first = runtime.resolve(protocol: "Cart", caller: nil)?.id
        second = runtime.resolve(protocol: "Cart", caller: nil)?.id
    }
    #expect(first != nil && second != nil && first != second)
    let resolves = events.filter { $0.kind == .moduleResolve }
    #expect(resolves.map(\.className) == ["Cart", "Cart"])
    #expect(resolves.allSatisfy { $0.ok == true && $0.value == nil })
    // Nothing held either instance: each deinitialized for real, through the recorder.
    #expect(events.filter { $0.kind == .objectDeinit }.compactMap(\.object).sorted() == [first, second].compactMap { $0 }.sorted())
}

@Test func theNamingRuleIsTheRoutersPrefixAndSuffix() {
    // Copies of QFRouter append a suffix (docs/qfmoudle.md, "the naming rule"); the class tried is recorded.
    let events = run(app(router: QFRouterSpec(className: "XYRouter", implSuffix: "Impl"), cartClass: "CartImpl")) { runtime in
        #expect(runtime.resolve(protocol: "Cart", caller: nil)?.className == "CartImpl")
    }
    #expect(events.first { $0.kind == .moduleResolve }?.className == "CartImpl")
}

@Test func aProtocolWithoutItsClassResolvesToNilSilently() {
    // QFRouter.m:45-48: [Nil alloc] is a message to nil; no log, no exception.
    let events = run(app(cartClass: "CartModule")) { runtime in
        #expect(runtime.resolve(protocol: "Cart", caller: nil) == nil)
    }
    let resolve = events.first { $0.kind == .moduleResolve }
    #expect(resolve?.ok == false)
    #expect(QFResolveProblem(traceValue: resolve?.value) == .noClass("Cart"))
    #expect(!events.contains { $0.kind == .objectAlloc })
}

@Test func aRouterLookingUpByConformanceFindsTheFirstAdoptingClass() {
    // Copies that walk objc_copyClassList for class_conformsToProtocol (not QFRouter.m:60-63's name): the class adopting
    // Cart answers whatever its name, a base protocol finds it through Cart, and a protocol nobody adopts gives nil.
    var base: String?
    let spec = QFApp(
        name: "Shop", router: QFRouterSpec(className: "PWRouter", lookup: .conformance),
        protocols: [QFProtocolSpec(name: "QFMoudleProtocol", properties: []), QFProtocolSpec(name: "Cart", base: "QFMoudleProtocol", properties: []),
                    QFProtocolSpec(name: "Pay", properties: [])],
        classes: [QFClassSpec(name: "CartModule", adopts: ["Cart"])])
    let events = run(spec) { runtime in
        #expect(runtime.resolve(protocol: "Cart", caller: nil)?.className == "CartModule")
        base = runtime.resolve(protocol: "QFMoudleProtocol", caller: nil)?.className
        #expect(runtime.resolve(protocol: "Pay", caller: nil) == nil)
    }
    #expect(base == "CartModule")
    let resolves = events.filter { $0.kind == .moduleResolve }
    #expect(resolves.map(\.ok) == [true, true, false])
    #expect(resolves.prefix(2).allSatisfy { $0.value == nil }, "found by conformance: it adopts the protocol")
    #expect(QFResolveProblem(traceValue: resolves.last?.value) == .noClass("adopting Pay"))
    // Declared modules: Cart's class, not the base protocol's.
    #expect(events.filter { $0.kind == .moduleDeclare }.map(\.className) == [nil, "CartModule", nil])
}

@Test func aClassThatDoesNotAdoptItsProtocolIsReturnedAnyway() {
    // QFRouter.m:45-48 never checks conformsToProtocol:.
    let events = run(app(cartAdopts: false)) { runtime in
        #expect(runtime.resolve(protocol: "Cart", caller: nil) != nil)
    }
    let resolve = events.first { $0.kind == .moduleResolve }
    #expect(resolve?.ok == true)
    #expect(QFResolveProblem(traceValue: resolve?.value) == .doesNotAdopt(className: "Cart", protocolName: "Cart"))
    #expect(events.first { $0.kind == .moduleDeclare && $0.name == "Cart" }?.value == "does not adopt")
}

@Test func theURLSchemeNamesTheProtocolCaseSensitivelyAndHostAndPathAreIgnored() {
    // QFRouter.m:50-57: objc_getProtocol(url.scheme).
    let events = run(app()) { runtime in
        #expect(runtime.resolve(url: "Cart://any/thing/at/all?coupon=A1", caller: nil)?.values["coupon"] == .some("A1"))
        #expect(runtime.resolve(url: "cart://?coupon=A1", caller: nil) == nil)
    }
    let opens = events.filter { $0.kind == .urlOpen }
    #expect(opens.map(\.ok) == [true, false])
    #expect(QFResolveProblem(traceValue: opens[1].value) == .unknownScheme("cart"))
    // A lookup inside interfaceForURL: carries the URL, so it is not counted as a second call.
    #expect(events.first { $0.kind == .moduleResolve }?.url == "Cart://any/thing/at/all?coupon=A1")
}

@Test(arguments: [
    // QFRouter.m:52-55 sets each item with setValue:forKey:; KVC's search by name decides.
    ("coupon=A1", QFKVCVerdict.plain),
    ("cupon=A1", .undefinedKey),
    ("count", .nilIntoScalar),
    ("count=12", .plain),
    ("count=twelve", .stringInto("NSInteger")),
    ("owner=x", .stringInto("UIViewController")),
    ("callbackBlock=1", .stringInto("block")),
    ("source=banner", .weakProperty),
    ("token=T", .readonlyBypassed),
    ("total=3", .undefinedKey),
    ("coupon", .plain),
])
func eachQueryItemGetsKVCsVerdict(query: String, verdict: QFKVCVerdict) {
    let events = run(app()) { runtime in _ = runtime.resolve(url: "Cart://?\(query)", caller: nil) }
    let set = events.first { $0.kind == .kvcSet }
    #expect(QFKVCVerdict(traceValue: set?.value) == verdict)
    #expect(set?.ok == !verdict.raises)
    // A key without `=` is a nil value: no text recorded.
    #expect((set?.params == nil) == !query.contains("="))
}

@Test func aRaisingKeyEndsTheLookupAndLeavesLaterKeysUnset() {
    let events = run(app()) { runtime in
        #expect(runtime.resolve(url: "Cart://?cupon=A1&coupon=B2", caller: nil) == nil)
    }
    #expect(events.filter { $0.kind == .kvcSet }.map(\.name) == ["cupon"])
    #expect(QFResolveProblem(traceValue: events.first { $0.kind == .urlOpen }?.value) == .raised("NSUndefinedKeyException"))
}

@Test func repeatedKeysApplyInOrderAndPercentEncodingIsDecodedButPlusStays() {
    let events = run(app()) { runtime in
        let module = runtime.resolve(url: "Cart://?coupon=A&coupon=B%20C+D", caller: nil)
        #expect(module?.values["coupon"] == .some("B C+D"))
    }
    #expect(events.filter { $0.kind == .kvcSet }.count == 2)
}

@Test func aControllerHoldsItsModuleAndTheModuleDiesWithTheControllerAfterThePop() {
    // QFHomeViewController.h:15 (`interface`, strong); QFMoudleProtocol.h:17 (interfaceViewController, weak).
    var moduleID: ObjectID?, controllerID: ObjectID?
    let events = run(app()) { runtime in
        runtime.showRoot([runtime.makeRootController(className: "RootViewController")])
        let module = runtime.resolve(protocol: "Cart", caller: runtime.topController)
        let (controller, _) = runtime.controller(of: module, getter: "interfaceViewController")
        moduleID = module?.id
        controllerID = controller?.id
        #expect(module?.interfaceViewController === controller)
        #expect(runtime.push(controller, name: "Cart") == nil)
        #expect(runtime.pop() == nil)
    }
    let deinits = events.filter { $0.kind == .objectDeinit }.compactMap(\.object)
    #expect(deinits == [controllerID, moduleID].compactMap { $0 })
    #expect(events.first { $0.kind == .objectAlloc && $0.object == controllerID }?.peer == moduleID)
}

@Test func aCallbackCapturingTheShownControllerKeepsBothAliveAfterThePop() {
    // QFMoudleProtocol.h:20 (callbackBlock, copy): VC → module → block → VC.
    let events = run(app()) { runtime in
        runtime.showRoot([runtime.makeRootController(className: "RootViewController")])
        let module = runtime.resolve(protocol: "Cart", caller: runtime.topController)!
        let (controller, _) = runtime.controller(of: module, getter: "interfaceViewController")
        runtime.setCallback(on: module, capturing: [controller!], by: runtime.topController)
        _ = runtime.push(controller, name: "Cart")
        #expect(runtime.callBack(from: controller!) == nil)
        _ = runtime.pop()
    }
    #expect(!events.contains { $0.kind == .objectDeinit })
    #expect(events.contains { $0.kind == .eventSend && $0.value == "callback" && $0.ok == true })
}

@Test func aCallbackCapturingOnlyTheOpenerLetsBothGo() {
    let events = run(app()) { runtime in
        runtime.showRoot([runtime.makeRootController(className: "RootViewController")])
        let opener = runtime.topController!
        let module = runtime.resolve(protocol: "Cart", caller: opener)!
        let (controller, _) = runtime.controller(of: module, getter: "interfaceViewController")
        runtime.setCallback(on: module, capturing: [opener], by: opener)
        _ = runtime.push(controller, name: "Cart")
        _ = runtime.pop()
    }
    #expect(events.filter { $0.kind == .objectDeinit }.map(\.className) == ["CartViewController", "Cart"])
}

@Test func pushingTheControllerOfANilModuleIsRefused() {
    let events = run(app(cartClass: "Other")) { runtime in
        runtime.showRoot([runtime.makeRootController(className: "RootViewController")])
        let (controller, reason) = runtime.controller(of: runtime.resolve(protocol: "Cart", caller: nil), getter: "interfaceViewController")
        #expect(controller == nil && reason != nil)
        #expect(runtime.push(nil, name: "Cart")?.contains("nil view controller") == true)
    }
    #expect(events.last { $0.kind == .transitionEnd }?.ok == false)
}
