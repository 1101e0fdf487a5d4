import LegoModel

extension NNModuleRuntime {
    /// The `EventBus` key of an event type: its unqualified name (`"\(E.self)"`, `NNModule/EventTransfer/EventBus.swift:33-37`).
    public static func eventKey(_ type: String) -> String {
        type.split(separator: ".").last.map(String.init) ?? type
    }

    /// `EventBus.register(E.self, target:)`: a weak target in the set of the type's unqualified name; the same object
    /// replaces its entry (`EventSet.swift:28-39`).
    public func registerEvent(_ type: String, target: ObjectID, bus: String = "EventBus.default") {
        let key = Self.eventKey(type)
        let setKey = "\(bus)\u{0}\(key)"
        var set = eventSets[setKey] ?? EventSetState()
        set.targets.removeAll { $0.object == target }
        set.targets.append((target, type))
        eventSets[setKey] = set
        record(TraceEvent(kind: .nnEventRegister, name: key, object: target, peerName: bus, value: type, ok: true))
    }

    /// `EventBus.send(E.self)`: every live target castable to `type`, synchronously; dead ones stay in the set
    /// (`EventBus.swift:68-73`, `EventSet.swift:41-65`).
    @discardableResult
    public func sendEvent(_ type: String, bus: String = "EventBus.default") -> [ObjectID] {
        let key = Self.eventKey(type)
        let targets = eventSets["\(bus)\u{0}\(key)"]?.targets ?? []
        let reached = targets.filter { $0.type == type && isAlive($0.object) }.map(\.object)
        record(TraceEvent(kind: .eventSend, name: key, peerName: bus, value: type, count: reached.count, objects: reached))
        return reached
    }

    /// `EventBus.remove(E.self)`: drops the whole set of the unqualified name, other types sharing it included
    /// (`EventBus.swift:53-56`).
    public func removeEvent(_ type: String, bus: String = "EventBus.default") {
        let key = Self.eventKey(type)
        let dropped = eventSets.removeValue(forKey: "\(bus)\u{0}\(key)")?.targets.count ?? 0
        record(TraceEvent(kind: .nnEventRemove, name: key, peerName: bus, value: type, count: dropped))
    }

    /// `addObserver(forName:isSticky:…)`: a sticky value replays at once; a result neither kept nor `disposed(by:)`
    /// removes the observer at once (`NNModule/StickyNotification/StickyNotification.swift:20-46`,
    /// `NotificationObserver.swift:33`). `owner` is the pool it is disposed by; nil with `kept` false: discarded.
    @discardableResult
    public func observe(_ name: String, sticky: Bool, owner: ObjectID?, kept: Bool = true) -> ObjectID {
        let token = recorder.nextID()
        record(TraceEvent(kind: .objectAlloc, name: name, className: "NotificationObserver", object: token))
        let replayed = sticky && stickyNames.contains(name)
        record(TraceEvent(kind: .nnObserverAdd, name: name, object: token, peer: owner, ok: replayed))
        if kept, let owner, isAlive(owner) {
            observers.append(ObserverState(token: token, name: name, owner: owner))
        } else if kept {
            observers.append(ObserverState(token: token, name: name, owner: nil))
        } else {
            record(TraceEvent(kind: .nnObserverRemove, name: name, object: token, peer: owner, value: "discarded"))
            record(TraceEvent(kind: .objectDeinit, name: name, className: "NotificationObserver", object: token))
        }
        return token
    }

    /// `post(name:isSticky:)`: delivers to the observers now, then stores the value when sticky; a non-sticky post
    /// leaves the stored one (`StickyNotification.swift:54-58`).
    @discardableResult
    public func post(_ name: String, sticky: Bool) -> [ObjectID] {
        let reached = observers.filter { $0.name == name }.map(\.token)
        record(TraceEvent(kind: .notification, name: name, value: name, count: reached.count, ok: sticky, objects: reached))
        if sticky { stickyNames.insert(name) }
        return reached
    }

    /// `removeStickyNotification(for:)` (`StickyNotification.swift:62-64`).
    public func removeSticky(_ name: String) {
        stickyNames.remove(name)
        record(TraceEvent(kind: .nnStickyRemove, name: name))
    }
}
