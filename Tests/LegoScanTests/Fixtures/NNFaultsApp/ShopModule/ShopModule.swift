import NNModule_swift

extension Module.RegisterService {
    @objc static func registerShop() {
        Module.register(service: ShopService.self, used: ShopServiceImpl.self)
    }
}

extension Module.Awake {
    @objc static func shopAwake() {
        Module.routeService.registerRoute("settings") { _, _ in true }
        // FAULT nn-route-duplicate: `SETTINGS` is the key of `settings`; the first handler stays.
        Module.routeService.registerRoute("SETTINGS") { _, _ in true }
        Module.routeService.registerRoute("shop") { _, _ in true }
        // FAULT nn-nested-wrong-upper: the sub-router was made with another upper router.
        Module.routeService.registerRoute("promo", used: ShopRouters.sub)
        // FAULT nn-redirect-loop (promo/a, promo/b) and nn-redirect-dangling (old/cart -> cart).
        Module.routeService.routeRedirector.updateRedirectRoutes(["promo/a": "promo/b", "promo/b": "promo/a", "old/cart": "cart"])
    }
}

enum ShopRouters {
    static let other = URLRouter()
    static let sub = URLRouter(with: other)
}

enum LoginModule {
    protocol LoginEvent: AnyObject {}
}

enum ShopModule {
    protocol LoginEvent: AnyObject {}
}

class ShopServiceImpl: NSObject, ShopService {
    required override init() {
        super.init()
        EventBus.default.register(LoginModule.LoginEvent.self, target: self)
        // FAULT nn-event-name-collision: another LoginEvent on the same bus.
        EventBus.default.register(ShopModule.LoginEvent.self, target: self)
    }

    func show(_ item: Item) {
        // FAULT nn-service-missing: nothing registers CartService.
        let cart = Module.service(of: CartService.self)
        _ = cart
        // FAULT nn-route-invalid: a missing server field opens the empty route.
        Module.routeService.openRoute(item.link ?? "")
        // FAULT nn-route-unmatched: routes use the default scheme.
        Module.routeService.openRoute("acme://shop/list")
        Module.routeService.openRoute("shop/list")
    }

    func watch() {
        // FAULT nn-observer-discarded: the token is not kept.
        _ = Module.notificationService.addObserver(forName: .cartDidChange) { _ in }
    }

    func afterLaunch() {
        // FAULT nn-late-register (a note): outside a Module.Awake method.
        Module.tabService.addRegister(SettingsTab.self)
    }
}

// The services the modules provide, declared as a shared services module would; CartService is registered nowhere
// (the nn-service-missing fault above).
protocol ShopService: AnyObject {}
@objc protocol PayService {}
protocol CartService: AnyObject {}
