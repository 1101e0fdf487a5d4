#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import LegoModel
import LegoTraceIO

/// Realistic traces of any length for tests and benchmarks: modules pushed and popped over and over.
///
/// Every module lifecycle allocates, registers, links, pushes, focuses, sends an event, then pops,
/// unlinks, unregisters and deinitializes what it created, so the live state stays bounded however
/// long the trace is (the memory benchmark compares 1M and 10M events). Lines average ~130 bytes.
public enum SyntheticTrace {
    /// The header synthetic traces carry.
    public static let header = TraceHeader(producer: "lego-trace synthetic", start: "2026-01-01T00:00:00Z", app: "Synthetic")

    /// Writes a trace of exactly `events` events cycling through `modules` modules to `path`, then its end marker.
    public static func write(events: Int, to path: String, modules: Int = 50) throws(TraceIOError) {
        var generator = Generator(modules: modules)
        try write(header: header, events: events, to: path) { generator.next() }
    }

    /// Writes `header`, `events` events from `next` and the end marker a clean recording ends with to `path`.
    static func write(header: TraceHeader, events: Int, to path: String, next: () -> TraceEvent) throws(TraceIOError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw .cannotOpen(file: path, reason: String(cString: strerror(errno)))
        }
        defer { _ = close(descriptor) }
        var buffer: [UInt8] = []
        buffer.reserveCapacity(2 << 20)
        TraceEncoding.encode(header, into: &buffer)
        var last = TraceEvent(kind: .traceEnd)
        for _ in 0..<events {
            last = next()
            TraceEncoding.encode(last, into: &buffer)
            if buffer.count >= 1 << 20 {
                try flush(&buffer, to: descriptor, path: path)
            }
        }
        // A recording that ended cleanly, as `TraceWriter.close` ends one.
        TraceEncoding.encode(TraceEvent(seq: last.seq + 1, time: last.time, thread: 1, kind: .traceEnd, count: events), into: &buffer)
        try flush(&buffer, to: descriptor, path: path)
    }

    /// The first `count` events of the same synthetic trace, in memory.
    public static func events(count: Int, modules: Int = 50) -> [TraceEvent] {
        var generator = Generator(modules: modules)
        return (0..<count).map { _ in generator.next() }
    }

    private static func flush(_ buffer: inout [UInt8], to descriptor: Int32, path: String) throws(TraceIOError) {
        var offset = 0
        while offset < buffer.count {
            let written = buffer.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                throw .writeFailed(file: path, reason: String(cString: strerror(errno)))
            }
            offset += written
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// The events a generator has made and not yet handed out, numbered as a recording numbers them.
    struct Numbering {
        private var pending: [TraceEvent] = []
        private var index = 0
        private var seq: UInt64 = 0

        /// Whether every event made has been handed out.
        var isEmpty: Bool { index == pending.count }

        /// Replaces what was made with `events` (all handed out).
        mutating func refill(_ events: [TraceEvent]) {
            pending = events
            index = 0
        }

        /// The next event made, with `seq` counting from 1, time advancing about 250 µs per event, thread 1.
        mutating func next() -> TraceEvent {
            var event = pending[index]
            index += 1
            seq += 1
            event.seq = seq
            // Whole microseconds, so the time survives the encoder's rounding exactly.
            event.time = Double(seq * 250 + seq % 7 * 13) / 1_000_000
            event.thread = 1
            return event
        }
    }

    /// Produces the synthetic event stream one event at a time.
    public struct Generator {
        private struct Module {
            var name: String
            var url: String
            var routingClass: String
            var presenterClass: String
            var activityClass: String
        }

        private static let sections = ["Essence", "Mine", "Discover"]
        private static let words = [
            "Essence", "Post", "PostComment", "Profile", "Settings", "Message", "Search", "Detail",
            "VideoPlayer", "Album", "Topic", "UserCenter", "Feedback", "Login", "Ranking", "Notice",
        ]

        private let modules: [Module]
        private var numbering = SyntheticTrace.Numbering()
        private var lifecycle = 0
        private var nextObject: ObjectID = 10_001
        private let rootRouting: ObjectID = 10_000 - 2
        private let rootActivity: ObjectID = 10_000 - 1

        /// Creates a generator over `modules` distinct module names (at least 1).
        public init(modules: Int = 50) {
            self.modules = (0..<max(1, modules)).map { index in
                let section = Self.sections[index % Self.sections.count]
                let word = Self.words[index % Self.words.count]
                let suffix = index < Self.words.count ? "" : String(index / Self.words.count)
                let name = section + word + suffix
                // Every module is pushed from the root, so its URL names the root first: a legal URL hierarchy.
                let path = name.prefix(1).lowercased() + name.dropFirst()
                return Module(
                    name: name, url: "bdj://indexTab/\(path)",
                    routingClass: "BDJ\(name)Routing", presenterClass: "BDJ\(name)Presenter", activityClass: "BDJ\(name)Activity"
                )
            }
            numbering.refill(prelude())
        }

        /// The next event, with `seq` counting from 1 and time advancing about 250 µs per event.
        public mutating func next() -> TraceEvent {
            if numbering.isEmpty { numbering.refill(cycle()) }
            return numbering.next()
        }

        private func prelude() -> [TraceEvent] {
            var events = [TraceEvent(kind: .prefixSet, className: "BDJIndexTabRouting", value: "BDJ", ok: true)]
            for module in modules {
                events.append(TraceEvent(kind: .urlRegister, name: module.name, url: module.url, effect: .added))
            }
            events += [
                TraceEvent(kind: .objectAlloc, name: "IndexTab", className: "BDJIndexTabRouting", object: rootRouting, layer: .routing),
                TraceEvent(kind: .objectAlloc, name: "IndexTab", className: "BDJIndexTabActivity", object: rootActivity, peer: rootRouting, layer: .activity),
                TraceEvent(kind: .moduleAssemble, name: "IndexTab", className: "BDJIndexTabRouting", object: rootRouting, moduleKind: .viper, objects: [rootRouting, rootActivity]),
                TraceEvent(kind: .routingAdd, name: "IndexTab", object: rootRouting, effect: .added),
                TraceEvent(kind: .componentAdd, name: "IndexTab", object: rootActivity, effect: .added),
                TraceEvent(kind: .transitionBegin, name: "IndexTab", peer: rootRouting, url: "bdj://indexTab", operation: .show),
                TraceEvent(kind: .transitionEnd, name: "IndexTab", peer: rootRouting, url: "bdj://indexTab", operation: .show, ok: true),
                TraceEvent(kind: .focus, name: "IndexTab", object: rootActivity, ok: true),
            ]
            return events
        }

        private mutating func cycle() -> [TraceEvent] {
            let module = modules[lifecycle % modules.count]
            let routing = nextObject, presenter = nextObject + 1, activity = nextObject + 2
            nextObject += 3
            lifecycle += 1
            let name = module.name
            return [
                TraceEvent(kind: .urlOpen, object: rootActivity, url: module.url, operation: .push, value: nil, ok: true,
                           params: [Parameter(key: "id", value: String(lifecycle))]),
                TraceEvent(kind: .objectAlloc, name: name, className: module.routingClass, object: routing, layer: .routing),
                TraceEvent(kind: .objectAlloc, name: name, className: module.presenterClass, object: presenter, peer: routing, layer: .presenter),
                TraceEvent(kind: .objectAlloc, name: name, className: module.activityClass, object: activity, peer: routing, layer: .activity),
                TraceEvent(kind: .moduleAssemble, name: name, className: module.routingClass, object: routing, moduleKind: .viper,
                           objects: [routing, presenter, activity]),
                TraceEvent(kind: .routingAdd, name: name, object: routing, effect: .added),
                TraceEvent(kind: .componentAdd, name: name, object: activity, effect: .added),
                TraceEvent(kind: .link, object: rootRouting, peer: routing, relation: .routingNext),
                TraceEvent(kind: .link, object: rootActivity, peer: activity, relation: .componentNext),
                TraceEvent(kind: .transitionBegin, name: name, object: rootRouting, peer: routing, url: module.url, operation: .push),
                TraceEvent(kind: .focus, name: "IndexTab", object: rootActivity, ok: false),
                TraceEvent(kind: .focus, name: name, object: activity, ok: true),
                TraceEvent(kind: .transitionEnd, name: name, object: rootRouting, peer: routing, url: module.url, operation: .push, ok: true),
                TraceEvent(kind: .eventSend, name: name, value: "refresh", count: 1, objects: [activity]),
                TraceEvent(kind: .transitionBegin, name: "IndexTab", object: routing, peer: rootRouting, operation: .pop),
                TraceEvent(kind: .unlink, object: rootRouting, peer: routing, relation: .routingNext),
                TraceEvent(kind: .unlink, object: rootActivity, peer: activity, relation: .componentNext),
                TraceEvent(kind: .focus, name: name, object: activity, ok: false),
                TraceEvent(kind: .focus, name: "IndexTab", object: rootActivity, ok: true),
                TraceEvent(kind: .transitionEnd, name: "IndexTab", object: routing, peer: rootRouting, operation: .pop, ok: true),
                TraceEvent(kind: .routingRemove, name: name, object: routing, peer: routing, count: 1),
                TraceEvent(kind: .componentRemove, name: name, object: activity, peer: activity, effect: .removed, count: 1),
                TraceEvent(kind: .objectDeinit, name: name, className: module.activityClass, object: activity, layer: .activity),
                TraceEvent(kind: .objectDeinit, name: name, className: module.presenterClass, object: presenter, layer: .presenter),
                TraceEvent(kind: .objectDeinit, name: name, className: module.routingClass, object: routing, layer: .routing),
            ]
        }
    }
}

// `write(events:to:modules:)` hides the system call inside `SyntheticTrace`.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
