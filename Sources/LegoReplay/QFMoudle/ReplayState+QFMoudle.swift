import LegoModel

/// What the replay keeps of a QFMoudle trace beyond the shared core: the protocols the app has, where each live
/// module instance was resolved, and what each module's callback block captures.
///
/// A value sub-state of `ReplayState` (its `qf`); the module instances themselves, with their controllers, live in the
/// shared `modules`, so leaks and lifetimes work as for any framework.
public struct QFReplayState: Sendable, Hashable {
    /// One `@protocol` of the app and the class its name leads to (`module.declare` with `mk: protocol`).
    public struct ProtocolInfo: Sendable, Hashable {
        /// The protocol's name (and URL scheme).
        public var name: String
        /// The class `implName(P)` names, when one exists.
        public var className: String?
        /// Whether that class adopts the protocol.
        public var adopts: Bool
        /// Where it was declared.
        public var declared: ReplayState.Moment
    }

    /// Where a live module instance came from (`module.resolve`).
    public struct Resolution: Sendable, Hashable {
        /// The protocol it was looked up by.
        public var protocolName: String
        /// Its class.
        public var className: String
        /// The caller's class, when the producer knew it.
        public var caller: String?
        /// The URL, when `interfaceForURL:` made the lookup.
        public var url: String?
        /// When it was resolved.
        public var resolved: ReplayState.Moment
    }

    /// The app's protocols by name.
    public private(set) var protocols: [String: ProtocolInfo] = [:]
    /// Live module instances by identity, with where each was resolved.
    public private(set) var resolutions = ObjectTable<Resolution>()
    /// The objects each live module's callback block captures strongly.
    public private(set) var callbackCaptures = ObjectTable<[ObjectID]>()

    /// Whether nothing is kept (every non-QFMoudle trace).
    public var isEmpty: Bool { protocols.isEmpty && resolutions.isEmpty && callbackCaptures.isEmpty }

    /// Applies a QFMoudle event (`module.declare` of a protocol, `module.resolve`, `callback.set`); others are ignored.
    mutating func apply(_ event: TraceEvent) {
        switch event.kind {
        case .moduleDeclare:
            guard let name = event.name else { return }
            protocols[name] = ProtocolInfo(name: name, className: event.className, adopts: event.value == "adopts",
                                           declared: ReplayState.Moment(event))
        case .moduleResolve:
            guard let object = event.object, let name = event.name else { return }
            resolutions[object] = Resolution(protocolName: name, className: event.className ?? "", caller: event.peerName,
                                             url: event.url, resolved: ReplayState.Moment(event))
        case .callbackSet:
            guard let object = event.object else { return }
            let captures = event.objects ?? []
            callbackCaptures[object] = captures.isEmpty ? nil : captures
        default:
            break
        }
    }

    /// Drops what was kept about `object`, which deinitialized.
    mutating func forget(_ object: ObjectID) {
        resolutions.remove(object)
        callbackCaptures.remove(object)
    }
}
