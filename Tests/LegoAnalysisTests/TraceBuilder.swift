import LegoAnalysis
import LegoModel
import LegoReplay

/// Builds small, correct-by-construction traces the way the runtime records them.
///
/// A VIPER module `id` has routing `id`, presenter `id + 1` (its component), activity `id + 2`, interactor `id + 3`.
struct TraceBuilder {
    private(set) var events: [TraceEvent] = []
    var time: Double = 0
    /// Added to every object id, so two builds of one scenario differ in ids only.
    var idOffset: ObjectID = 0
    /// Leading events (e.g. filler) shift every seq, so two builds differ in seq only.
    var prefix = "BDJ"

    init(idOffset: ObjectID = 0, leadingFiller: Int = 0) {
        self.idOffset = idOffset
        for _ in 0..<leadingFiller { add(TraceEvent(kind: .clockAdvance, value: "0")) }
    }

    mutating func add(_ event: TraceEvent) {
        var copy = event
        copy.seq = UInt64(events.count + 1)
        copy.time = time
        copy.thread = 1
        events.append(copy)
    }

    func id(_ base: ObjectID) -> ObjectID { base + idOffset }

    mutating func advance(_ seconds: Double) {
        time += seconds
        add(TraceEvent(kind: .clockAdvance, value: String(seconds)))
    }

    mutating func register(_ url: String, _ name: String) {
        add(TraceEvent(kind: .urlRegister, name: name, url: url, effect: .added))
    }

    /// Allocates and assembles a VIPER module and adds it to both tables.
    mutating func module(_ name: String, _ base: ObjectID, className: String? = nil, kind: TraceEvent.ModuleKind = .viper, gene: String? = nil) {
        let routing = id(base)
        let stem = className ?? "\(prefix)\(name)"
        add(TraceEvent(kind: .objectAlloc, name: name, className: "\(stem)Routing", object: routing, layer: .routing))
        add(TraceEvent(kind: .objectAlloc, name: name, className: "\(stem)Presenter", object: routing + 1, peer: routing, layer: .presenter))
        add(TraceEvent(kind: .objectAlloc, name: name, className: "\(stem)Activity", object: routing + 2, peer: routing, layer: .activity))
        add(TraceEvent(kind: .objectAlloc, name: name, className: "\(stem)Interactor", object: routing + 3, peer: routing, layer: .interactor))
        add(TraceEvent(kind: .moduleAssemble, name: name, className: "\(stem)Routing", object: routing, moduleKind: kind, gene: gene,
                       objects: [routing, routing + 1, routing + 2, routing + 3]))
        add(TraceEvent(kind: .routingAdd, name: name, object: routing, effect: .added))
        add(TraceEvent(kind: .componentAdd, name: name, object: routing + 1, effect: .added))
    }

    /// Allocates and assembles a controller component and adds it to the component table.
    mutating func controller(_ name: String, _ base: ObjectID) {
        let object = id(base)
        add(TraceEvent(kind: .objectAlloc, name: name, className: "\(prefix)\(name)ViewController", object: object, layer: .viewController))
        add(TraceEvent(kind: .moduleAssemble, name: name, className: "\(prefix)\(name)ViewController", object: object, moduleKind: .controller, objects: [object]))
        add(TraceEvent(kind: .componentAdd, name: name, object: object, effect: .added))
    }

    mutating func show(_ name: String, _ base: ObjectID) {
        add(TraceEvent(kind: .transitionBegin, name: name, operation: .show))
        module(name, base)
        add(TraceEvent(kind: .transitionEnd, name: name, peer: id(base) + 1, operation: .show, ok: true))
    }

    /// `from` pushes a new VIPER module `name` with id `base`.
    mutating func push(from: ObjectID, _ name: String, _ base: ObjectID, url: String? = nil) {
        let source = id(from), target = id(base)
        add(TraceEvent(kind: .actionSet, object: source))
        add(TraceEvent(kind: .transitionBegin, name: name, object: source + 1, url: url, operation: .push))
        module(name, base)
        add(TraceEvent(kind: .link, object: source, peer: target, relation: .routingNext))
        add(TraceEvent(kind: .link, object: source + 1, peer: target + 1, relation: .componentNext))
        // The framework never clears `currentActionRouting` (XFRoutingLinkManager `setCurrentActionRounting:`).
        add(TraceEvent(kind: .transitionEnd, name: name, object: source + 1, peer: target + 1, operation: .push, ok: true))
        // Recorded where `open:transitionBlock:` returns, after its transition block (runtime and recorder alike).
        if let url { add(TraceEvent(kind: .urlOpen, name: name, object: source + 1, url: url, operation: .push, ok: true)) }
    }

    /// `parent` adds sub-module `name` with id `base`.
    mutating func sub(parent: ObjectID, _ name: String, _ base: ObjectID) {
        let source = id(parent), target = id(base)
        module(name, base)
        add(TraceEvent(kind: .link, object: source, peer: target, relation: .sub))
        add(TraceEvent(kind: .link, object: source + 1, peer: target + 1, relation: .subComponent))
    }

    /// Pops module `base` (pushed by `previous`); with `leak` its objects stay alive.
    mutating func pop(_ name: String, _ base: ObjectID, previous: ObjectID, breakLink: Bool = true, leak: Bool = false) {
        let target = id(base), source = id(previous)
        add(TraceEvent(kind: .transitionBegin, name: name, object: target + 1, peer: source + 1, operation: .pop))
        if breakLink { add(TraceEvent(kind: .unlink, object: source, peer: target, relation: .routingNext)) }
        add(TraceEvent(kind: .unlink, object: source + 1, peer: target + 1, relation: .componentNext))
        add(TraceEvent(kind: .routingRemove, name: name, object: target, count: 1))
        add(TraceEvent(kind: .componentRemove, name: name, object: target + 1, effect: .removed, count: 1))
        if !leak && breakLink { release(base) }
        add(TraceEvent(kind: .transitionEnd, name: name, object: target + 1, peer: source + 1, operation: .pop, ok: true))
    }

    /// Deinitializes every layer object of module `base`.
    mutating func release(_ base: ObjectID) {
        let target = id(base)
        for object in [target + 3, target + 2, target + 1, target] {
            add(TraceEvent(kind: .objectDeinit, object: object))
        }
    }

    /// Ends the trace cleanly, as `TraceWriter.close` does.
    mutating func end() {
        add(TraceEvent(kind: .traceEnd, count: events.count))
    }

    mutating func send(_ eventName: String, to name: String?, reached: [ObjectID]) {
        add(TraceEvent(kind: .eventSend, name: name, value: eventName, count: reached.count, objects: reached.map(id)))
    }

    static let header = TraceHeader(producer: "lego-trace-tests", start: "2026-01-01T00:00:00Z", app: "Test")
    static let importedHeader = TraceHeader(producer: "lego-trace-import", start: "2026-01-01T00:00:00Z", app: "Test", source: "import")

    func analyze(_ configuration: AnalysisConfiguration = .init(), header: TraceHeader = TraceBuilder.header) -> AnalysisResult {
        Analyzer.analyze(header: header, events: events, configuration: configuration)
    }

    func findings(_ rule: String, _ configuration: AnalysisConfiguration = .init()) -> [Finding] {
        analyze(configuration).findings.filter { $0.ruleID == rule }
    }
}
