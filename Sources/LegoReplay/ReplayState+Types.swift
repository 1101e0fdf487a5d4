import LegoModel

extension ReplayState {
    /// A point in a trace.
    public struct Moment: Sendable, Hashable {
        /// The event's sequence number.
        public var seq: UInt64
        /// The event's trace time in seconds.
        public var time: Double
        /// The event's source line in an imported console log, if any.
        public var line: Int?
        /// The moment of `event`.
        public init(_ event: TraceEvent) { seq = event.seq; time = event.time; line = event.line }
        /// A moment from its parts.
        public init(seq: UInt64, time: Double, line: Int? = nil) { self.seq = seq; self.time = time; self.line = line }
    }

    /// A module class family the app has (`module.declare`), whether or not the trace reaches it.
    public struct Declaration: Sendable, Hashable {
        /// The component name the framework gives it.
        public var name: String
        /// Its entry class: the Routing, the view controller or the view model.
        public var className: String
        /// VIPER, virtual, controller or view model.
        public var kind: TraceEvent.ModuleKind
        /// The gene module a shared-module shell reuses.
        public var gene: String?
        /// Where it was (last) declared.
        public var declared: Moment
    }

    /// A live object of a module layer.
    public struct ObjectInfo: Sendable, Hashable {
        /// Its identity.
        public var id: ObjectID
        /// Its class.
        public var className: String
        /// Its layer, when known.
        public var layer: TraceEvent.Layer?
        /// The module name it belongs to.
        public var module: String
        /// The module instance (routing or controller) it belongs to.
        public var owner: ObjectID?
        /// When it came alive.
        public var born: Moment
    }

    /// One instance of a module or controller component.
    public struct ModuleInstance: Sendable, Hashable {
        /// Its primary object: the routing, or the controller.
        public var id: ObjectID
        /// Its module (component) name.
        public var name: String
        /// Its routing or controller class.
        public var className: String
        /// VIPER, virtual, controller or view-model.
        public var kind: TraceEvent.ModuleKind
        /// The gene module a virtual module reuses.
        public var gene: String?
        /// Its layer objects, the primary object first.
        public var layers: [ObjectID]
        /// When it was assembled.
        public var assembled: Moment
        /// When it was first added to the component table.
        public var shownAt: Moment?
        /// When its screen went away, if it did.
        public var goneAt: Moment?
        /// Why its screen went away.
        public var goneReason: GoneReason?

        /// Whether any of its layer objects is still alive.
        public func isAlive(in state: ReplayState) -> Bool { layers.contains { state.isAlive($0) } }

        // The replay changes modules through these in place (`modules[id]?.noteShown(…)`): reading a
        // field through the dictionary first copied the whole instance (measured: ~3% of a check).
        mutating func noteShown(at moment: Moment) {
            if shownAt == nil { shownAt = moment }
        }

        mutating func addLayer(_ object: ObjectID) {
            if !layers.contains(object) { layers.append(object) }
        }

        /// Records that the screen went away; false when it already had.
        mutating func noteGone(reason: GoneReason, at moment: Moment) -> Bool {
            guard goneAt == nil else { return false }
            goneAt = moment
            goneReason = reason
            return true
        }
    }

    /// Why a module's screen went away.
    public enum GoneReason: String, Sendable, Hashable {
        case popped, dismissed, evicted, released, parentGone = "parent released"
        /// A present UIKit refused (`transition.end` with `ok: false` and the component as `peer`): never shown.
        case refused = "refused by UIKit"
        /// Another view controller became the window's root (NNModule-swift: logout shows the login screen).
        case replaced = "replaced as window root"
    }

    /// A name-keyed registry with weak values and an ordered name list that allows duplicates.
    public struct Registry: Sendable, Hashable {
        /// Which registry: a framework table, or one router's routes (`RegistryID`).
        public typealias Table = RegistryID
        /// Name → object (weak in the framework: check liveness when reading).
        public var map: [String: ObjectID] = [:]
        /// Names in insertion order, duplicates kept.
        public var names: [String] = []
    }

    /// The transition in progress: what `transition.begin` said, without the rest of the event.
    public struct Transition: Sendable, Hashable {
        /// Push, present, pop, pop-to, dismiss, sub-module or root.
        public var operation: TraceEvent.Operation?
        /// The component the transition is about.
        public var name: String?
        /// Its routing or controller.
        public var object: ObjectID?
        /// The other side of the transition.
        public var peer: ObjectID?
        /// When it began.
        public var began: Moment
        /// The transition `event` begins.
        public init(_ event: TraceEvent) {
            operation = event.operation; name = event.name; object = event.object; peer = event.peer; began = Moment(event)
        }
    }

    /// Relations of one object.
    public struct Links: Sendable, Hashable {
        /// Routing `next` (strong).
        public var routingNext: ObjectID?
        /// Routing `previous` (strong).
        public var routingPrevious: ObjectID?
        /// Component `next` (weak).
        public var componentNext: ObjectID?
        /// Component `from` (weak).
        public var componentFrom: ObjectID?
        /// Parent routing or component (weak).
        public var parent: ObjectID?
        /// Sub-routings or sub-components (strong for routings).
        public var subs: [ObjectID] = []
        /// The shared Interactor used.
        public var sharedInteractor: ObjectID?
    }

    /// What an event meant, derived once by the state machine for every observer.
    public enum Change: Sendable, Hashable {
        /// A module's screen went away.
        case screenGone(module: ObjectID, reason: GoneReason, at: Moment)
        /// An object deinitialized.
        case deinitialized(object: ObjectID, module: ObjectID?)
        /// Every layer object of a module deinitialized.
        case moduleReleased(ObjectID)
        /// A registry add replaced a live entry of the same name.
        case overwritten(table: Registry.Table, name: String, old: ObjectID, new: ObjectID)
        /// A removal by name left another live instance of that name running but untracked.
        case untracked(table: Registry.Table, name: String, survivor: ObjectID)
        /// A registration the framework ignored (`effect: ignored`): `kept` still holds the name, `ignored` does not.
        case shadowed(table: Registry.Table, name: String, kept: ObjectID?, ignored: ObjectID?)
    }
}
