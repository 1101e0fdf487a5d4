import LegoModel
import LegoTraceIO

/// Realistic QFMoudle traces of any length for tests and benchmarks, in the event order `QFMoudleRuntime` records.
///
/// The app declares its module protocols (each adopted by the class of the same name), then shows a tab bar of two
/// modules. Each lifecycle opens a detail module from a tab, by protocol or (every other time) by URL with query items
/// set by KVC, sets a callback capturing the tab's controller, pushes the module's new controller, calls the callback,
/// pops, and releases the controller and the module, so the live state stays bounded however long the trace is.
public enum SyntheticQFTrace {
    /// The header synthetic QFMoudle traces carry.
    public static let header = TraceHeader(producer: "lego-trace synthetic", start: "2026-01-01T00:00:00Z", app: "SyntheticQF",
                                           framework: .qfMoudle, frameworkVersion: "1.0")

    /// Writes a trace of exactly `events` events cycling through `modules` detail modules to `path`, then its end marker.
    public static func write(events: Int, to path: String, modules: Int = 50) throws(TraceIOError) {
        var generator = Generator(modules: modules)
        try SyntheticTrace.write(header: header, events: events, to: path) { generator.next() }
    }

    /// The first `count` events of the same synthetic trace, in memory.
    public static func events(count: Int, modules: Int = 50) -> [TraceEvent] {
        var generator = Generator(modules: modules)
        return (0..<count).map { _ in generator.next() }
    }

    /// Produces the synthetic QFMoudle event stream one event at a time.
    public struct Generator {
        private struct Module {
            var name: String
            var controller: String
        }

        private static let words = [
            "Detail", "Comment", "Profile", "Settings", "Message", "Search", "Order", "Cart", "Coupon", "Address",
            "Payment", "Review", "Favorite", "Feedback", "Share", "Player",
        ]
        private static let tabs: [(module: String, controller: String, object: ObjectID, controllerObject: ObjectID)] = [
            ("MoudleHome", "QFHomeViewController", 1, 2), ("MoudleMe", "QFMeViewController", 3, 4),
        ]

        private let modules: [Module]
        private var numbering = SyntheticTrace.Numbering()
        private var lifecycle = 0
        private var nextObject: ObjectID = 10_001

        /// Creates a generator over `modules` distinct detail modules (at least 1).
        public init(modules: Int = 50) {
            self.modules = (0..<max(1, modules)).map { index in
                let word = Self.words[index % Self.words.count]
                let name = "Moudle" + word + (index < Self.words.count ? "" : String(index / Self.words.count))
                return Module(name: name, controller: "QF" + name.dropFirst("Moudle".count) + "ViewController")
            }
            numbering.refill(prelude())
        }

        /// The next event, with `seq` counting from 1 and time advancing about 250 µs per event.
        public mutating func next() -> TraceEvent {
            if numbering.isEmpty { numbering.refill(cycle()) }
            return numbering.next()
        }

        private func prelude() -> [TraceEvent] {
            var events = [TraceEvent(kind: .moduleDeclare, name: "QFMoudleProtocol", moduleKind: .protocolModule)]
            for name in Self.tabs.map(\.module) + modules.map(\.name) {
                events.append(TraceEvent(kind: .moduleDeclare, name: name, className: name, moduleKind: .protocolModule, value: "adopts"))
            }
            for tab in Self.tabs {
                events += [
                    TraceEvent(kind: .objectAlloc, name: tab.module, className: tab.module, object: tab.object),
                    TraceEvent(kind: .moduleResolve, name: tab.module, className: tab.module, object: tab.object, moduleKind: .protocolModule, ok: true),
                    TraceEvent(kind: .objectAlloc, name: tab.module, className: tab.controller, object: tab.controllerObject, peer: tab.object),
                ]
            }
            for tab in Self.tabs {
                events += [
                    TraceEvent(kind: .transitionBegin, name: tab.module, peer: tab.controllerObject, operation: .show),
                    TraceEvent(kind: .transitionEnd, name: tab.module, peer: tab.controllerObject, operation: .show, ok: true),
                ]
            }
            return events
        }

        private mutating func cycle() -> [TraceEvent] {
            let module = modules[lifecycle % modules.count]
            let tab = Self.tabs[lifecycle % Self.tabs.count]
            let instance = nextObject, controller = nextObject + 1
            nextObject += 2
            lifecycle += 1
            var events = [TraceEvent(kind: .objectAlloc, name: module.name, className: module.name, object: instance)]
            if lifecycle.isMultiple(of: 2) {
                let title = "第\(lifecycle)页", url = "\(module.name)://detail?titleString=%E7%AC%AC\(lifecycle)%E9%A1%B5&page=\(lifecycle)"
                events += [
                    TraceEvent(kind: .moduleResolve, name: module.name, className: module.name, object: instance, peerName: tab.controller,
                               url: url, moduleKind: .protocolModule, ok: true),
                    TraceEvent(kind: .kvcSet, name: "titleString", className: module.name, object: instance, ok: true,
                               params: [Parameter(key: "titleString", value: title)]),
                    TraceEvent(kind: .kvcSet, name: "page", className: module.name, object: instance, ok: true,
                               params: [Parameter(key: "page", value: String(lifecycle))]),
                    TraceEvent(kind: .urlOpen, name: module.name, object: instance, url: url, ok: true,
                               params: [Parameter(key: "titleString", value: "%E7%AC%AC\(lifecycle)%E9%A1%B5"), Parameter(key: "page", value: String(lifecycle))]),
                ]
            } else {
                events.append(TraceEvent(kind: .moduleResolve, name: module.name, className: module.name, object: instance, peerName: tab.controller,
                                         moduleKind: .protocolModule, ok: true))
            }
            events += [
                TraceEvent(kind: .objectAlloc, name: module.name, className: module.controller, object: controller, peer: instance),
                TraceEvent(kind: .callbackSet, className: module.name, object: instance, peerName: tab.controller, value: "callbackBlock",
                           objects: [tab.controllerObject]),
                TraceEvent(kind: .transitionBegin, name: module.name, object: tab.controllerObject, peer: controller, operation: .push),
                TraceEvent(kind: .transitionEnd, name: module.name, object: tab.controllerObject, peer: controller, operation: .push, ok: true),
                TraceEvent(kind: .eventSend, name: module.name, className: module.controller, object: controller, peer: instance,
                           value: "callback", ok: true),
                TraceEvent(kind: .transitionBegin, name: module.name, object: controller, operation: .pop),
                TraceEvent(kind: .transitionEnd, name: module.name, object: controller, operation: .pop, ok: true),
                TraceEvent(kind: .objectDeinit, name: module.name, className: module.controller, object: controller),
                TraceEvent(kind: .objectDeinit, name: module.name, className: module.name, object: instance),
            ]
            return events
        }
    }
}
