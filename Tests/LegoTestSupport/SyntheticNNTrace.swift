import LegoModel
import LegoTraceIO

/// Realistic NNModule-swift traces of any length for tests and benchmarks, in the event order `NNModuleRuntime` records.
///
/// A bootstrap registers services (one registration ignored for a priority tie), two routers (the shop router nested
/// under the default one), routes, a redirect, an interceptor and a tab bar with a navigation controller. Then each
/// lifecycle looks a service up, opens a route (redirected, intercepted or forwarded to the nested router) that pushes
/// a screen, registers the screen on the event bus, sends to it, observes and posts a notification, pops the screen
/// and releases everything it made, so the live state stays bounded however long the trace is.
public enum SyntheticNNTrace {
    /// The header synthetic NNModule-swift traces carry.
    public static let header = TraceHeader(producer: "lego-trace synthetic", start: "2026-01-01T00:00:00Z", app: "SyntheticNN",
                                           framework: .nnModule, frameworkVersion: "1.0.6")

    /// Writes a trace of exactly `events` events cycling through `screens` screens to `path`, then its end marker.
    public static func write(events: Int, to path: String, screens: Int = 50) throws(TraceIOError) {
        var generator = Generator(screens: screens)
        try SyntheticTrace.write(header: header, events: events, to: path) { generator.next() }
    }

    /// The first `count` events of the same synthetic trace, in memory.
    public static func events(count: Int, screens: Int = 50) -> [TraceEvent] {
        var generator = Generator(screens: screens)
        return (0..<count).map { _ in generator.next() }
    }

    /// Produces the synthetic NNModule-swift event stream one event at a time.
    public struct Generator {
        private struct Screen {
            var name: String
            var className: String
            /// The route as opened and its key on the router that handles it.
            var route: String
            var key: String
            /// Opened through the nested shop router.
            var nested: Bool
            /// The service its screen looks up, and that service's impl.
            var service: String
            var impl: String
        }

        private static let words = [
            "Home", "Mine", "ShopList", "ShopDetail", "Cart", "Order", "Profile", "Settings", "Search", "Message",
            "Coupon", "Address", "Payment", "Review", "Favorite", "Feedback",
        ]
        private static let services = ["ModuleConfigService", "LoginService", "ShopService", "CartService", "PayService"]
        private static let defaultRouter: ObjectID = 1
        private static let shopRouter: ObjectID = 2
        private static let tabBar: ObjectID = 3
        private static let navigation: ObjectID = 4
        /// The first instance of each service impl, cached by the framework for the whole trace.
        private static let firstInstance: ObjectID = 10

        private let screens: [Screen]
        private var numbering = SyntheticTrace.Numbering()
        private var lifecycle = 0
        private var nextObject: ObjectID = 10_001

        /// Creates a generator over `screens` distinct screen names (at least 1).
        public init(screens: Int = 50) {
            self.screens = (0..<max(1, screens)).map { index in
                let word = Self.words[index % Self.words.count]
                let name = word + (index < Self.words.count ? "" : String(index / Self.words.count))
                let nested = index.isMultiple(of: 3)
                let path = name.lowercased()
                let service = Self.services[index % Self.services.count]
                return Screen(name: name, className: name + "ViewController", route: nested ? "shop/\(path)" : path,
                              key: nested ? "://shop/\(path)" : "://\(path)", nested: nested, service: service, impl: service + "Impl")
            }
            numbering.refill(prelude())
        }

        /// The next event, with `seq` counting from 1 and time advancing about 250 µs per event.
        public mutating func next() -> TraceEvent {
            if numbering.isEmpty { numbering.refill(cycle()) }
            return numbering.next()
        }

        private func prelude() -> [TraceEvent] {
            var events = [
                TraceEvent(kind: .nnRouterCreate, name: "default", object: Self.defaultRouter, value: "nn"),
                TraceEvent(kind: .nnPhase, value: "init"),
                TraceEvent(kind: .nnPhase, value: "registerService"),
            ]
            for service in Self.services {
                events.append(TraceEvent(kind: .nnServiceRegister, name: service, className: service + "Impl", effect: .added, count: 0, ok: true))
            }
            // A debug impl with the same priority: the framework keeps the first (a tie is ignored).
            events.append(TraceEvent(kind: .nnServiceRegister, name: "ShopService", className: "DebugShopServiceImpl", peerName: "ShopServiceImpl",
                                     effect: .ignored, value: "priority tie: ShopServiceImpl has 0, DebugShopServiceImpl 0", count: 0, ok: true))
            for (index, service) in Self.services.enumerated() {
                let object = Self.firstInstance + ObjectID(index)
                events.append(TraceEvent(kind: .objectAlloc, name: service, className: service + "Impl", object: object))
                events.append(TraceEvent(kind: .nnServiceResolve, name: service, className: service + "Impl", object: object, value: "created", ok: true))
            }
            events += [
                TraceEvent(kind: .nnPhase, value: "awake"),
                TraceEvent(kind: .nnRouterCreate, name: "shop", object: Self.shopRouter, peer: Self.defaultRouter, value: "nn"),
                TraceEvent(kind: .nnRouteRegister, name: "://shop", object: Self.defaultRouter, peer: Self.shopRouter, peerName: "router shop",
                           url: "shop", effect: .added, ok: true),
            ]
            for screen in screens {
                events.append(TraceEvent(kind: .nnRouteRegister, name: screen.key, object: screen.nested ? Self.shopRouter : Self.defaultRouter,
                                         peerName: "push " + screen.name, url: screen.route, effect: .added, ok: true))
            }
            events += [
                TraceEvent(kind: .nnInterceptorAdd, className: "LoginCheckAction", object: Self.defaultRouter, ok: true),
                TraceEvent(kind: .nnTabRegister, name: "Home", className: "HomeTabItem", count: 0, ok: true),
                TraceEvent(kind: .objectAlloc, name: "TabBar", className: "UITabBarController", object: Self.tabBar, layer: .viewController),
                TraceEvent(kind: .moduleAssemble, name: "TabBar", className: "UITabBarController", object: Self.tabBar, moduleKind: .controller,
                           objects: [Self.tabBar]),
                TraceEvent(kind: .objectAlloc, name: "Navigation", className: "UINavigationController", object: Self.navigation, layer: .viewController),
                TraceEvent(kind: .moduleAssemble, name: "Navigation", className: "UINavigationController", object: Self.navigation,
                           moduleKind: .controller, objects: [Self.navigation]),
                TraceEvent(kind: .link, object: Self.tabBar, peer: Self.navigation, relation: .subComponent),
                TraceEvent(kind: .nnTabSetup, object: Self.tabBar, count: 1),
                TraceEvent(kind: .nnWindowRoot, object: Self.tabBar),
                TraceEvent(kind: .transitionBegin, name: "TabBar", peer: Self.tabBar, operation: .show),
                TraceEvent(kind: .transitionEnd, name: "TabBar", peer: Self.tabBar, operation: .show, ok: true),
                TraceEvent(kind: .nnPhase, value: "running"),
            ]
            return events
        }

        private mutating func cycle() -> [TraceEvent] {
            let index = lifecycle % screens.count
            let screen = screens[index]
            let controller = nextObject, token = nextObject + 1
            nextObject += 2
            lifecycle += 1
            let router = screen.nested ? Self.shopRouter : Self.defaultRouter
            let instance = Self.firstInstance + ObjectID(Self.services.firstIndex(of: screen.service)!)
            var events = [TraceEvent(kind: .nnServiceResolve, name: screen.service, className: screen.impl, object: instance, value: "cached", ok: true)]
            // Every fifth open comes through an old route that redirects to the current one.
            var opened = screen.route
            if lifecycle.isMultiple(of: 5) {
                opened = "old/" + screen.route
                events.append(TraceEvent(kind: .nnRouteRedirect, object: Self.defaultRouter, url: opened, value: screen.route, count: 1, ok: true))
            }
            if screen.nested {
                events.append(TraceEvent(kind: .nnRouteForward, object: Self.defaultRouter, peer: Self.shopRouter, url: screen.key, value: "sub", ok: true))
            } else {
                events.append(TraceEvent(kind: .urlIntercept, object: Self.defaultRouter, url: screen.route, value: "LoginCheckAction", ok: false))
            }
            let parameters = [Parameter(key: "id", value: String(lifecycle))]
            events += [
                TraceEvent(kind: .objectAlloc, name: screen.name, className: screen.className, object: controller, layer: .viewController),
                TraceEvent(kind: .moduleAssemble, name: screen.name, className: screen.className, object: controller, moduleKind: .controller,
                           objects: [controller]),
                TraceEvent(kind: .transitionBegin, name: screen.name, object: Self.navigation, peer: controller, operation: .push),
                TraceEvent(kind: .link, object: Self.navigation, peer: controller, relation: .subComponent),
                TraceEvent(kind: .transitionEnd, name: screen.name, object: Self.navigation, peer: controller, operation: .push, ok: true),
                TraceEvent(kind: .nnRouteHandle, name: screen.key, object: router, url: screen.route, value: "push " + screen.name, ok: true),
                TraceEvent(kind: .urlOpen, name: screen.key, object: Self.defaultRouter, url: opened, count: screen.nested ? 2 : 1, ok: true,
                           params: parameters),
                TraceEvent(kind: .nnEventRegister, name: "RefreshEvent", object: controller, peerName: "EventBus.default",
                           value: "AppModule.RefreshEvent", ok: true),
                TraceEvent(kind: .nnEventRegister, name: "RefreshEvent", object: Self.tabBar, peerName: "EventBus.default",
                           value: "AppModule.RefreshEvent", ok: true),
                TraceEvent(kind: .eventSend, name: "RefreshEvent", peerName: "EventBus.default", value: "AppModule.RefreshEvent",
                           count: 2, objects: [controller, Self.tabBar]),
                TraceEvent(kind: .objectAlloc, name: "cartDidChange", className: "NotificationObserver", object: token),
                TraceEvent(kind: .nnObserverAdd, name: "cartDidChange", object: token, peer: controller, ok: false),
                TraceEvent(kind: .notification, name: "cartDidChange", value: "cartDidChange", count: 1, ok: false, objects: [token]),
                TraceEvent(kind: .transitionBegin, name: screen.name, object: controller, peer: Self.navigation, operation: .pop),
                TraceEvent(kind: .unlink, object: Self.navigation, peer: controller, relation: .subComponent),
                TraceEvent(kind: .transitionEnd, name: screen.name, object: controller, peer: Self.navigation, operation: .pop, ok: true),
                TraceEvent(kind: .nnEventRemove, name: "RefreshEvent", peerName: "EventBus.default", value: "AppModule.RefreshEvent", count: 2),
                TraceEvent(kind: .nnObserverRemove, name: "cartDidChange", object: token, peer: controller, value: "released"),
                TraceEvent(kind: .objectDeinit, name: "cartDidChange", className: "NotificationObserver", object: token),
                TraceEvent(kind: .objectDeinit, name: screen.name, className: screen.className, object: controller, layer: .viewController),
            ]
            return events
        }
    }
}
