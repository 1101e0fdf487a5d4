import LegoModel

extension LegoRuntime {
    /// Sends a component event to the named components, or to every component when `names` is nil; returns who received it.
    ///
    /// A directed event goes to the event-receiver table's holder of the name, else the component table's
    /// (only the newest holder of a name); an unknown name is dropped silently. `sender` is the module whose
    /// event bus sends it (recorded as the event's `obj`, so graphs can draw the edge).
    @discardableResult public func sendEvent(_ event: String, to names: [String]?, data: String? = nil, from sender: ModuleRef? = nil) -> [ModuleRef] {
        defer { settle() }
        let senderID = sender.flatMap { record(of: $0)?.component?.id }
        guard let names else {
            let receivers = componentRegistry.liveValues
            for receiver in receivers { receiver.receivedEvents.append((event, data)) }
            emit(TraceEvent(kind: .eventSend, object: senderID, value: event, count: receivers.count, objects: receivers.map(\.id)))
            return receivers.compactMap(moduleRef(of:))
        }
        var reached: [ModuleRef] = []
        for name in names {
            // XFComponentManager `sendEventName:intentData:forComponent:`: the event-receiver table first.
            let receiver = receiverRegistry.value(for: name) ?? componentRegistry.value(for: name)
            receiver?.receivedEvents.append((event, data))
            let objects = receiver.map { [$0.id] } ?? []
            emit(TraceEvent(kind: .eventSend, name: name, object: senderID, value: event, count: objects.count, objects: objects))
            if let receiver, let ref = moduleRef(of: receiver) { reached.append(ref) }
        }
        return reached
    }

    /// Registers a component for MVx notifications (`XF_RegisterMVxNotis_`); false when the module is no longer alive.
    ///
    /// Like `XFEventBus registerMVxNotifications:`, this only adds notification observers: the event-receiver
    /// table is left alone, so directed events still reach the component table's newest holder of the name.
    @discardableResult public func observe(_ notifications: [String], by module: ModuleRef) -> Bool {
        guard let component = record(of: module)?.component else { return false }
        component.observedNotifications.append(contentsOf: notifications)
        return true
    }

    /// An object that is not a component subscribes to the directed events sent to `name`
    /// (`XFPipe subscribeEventOnReceiver:withRegisterCompName:needReceiveEmitterEvent:NO`); user code holds it
    /// under `label` until `release(label:)`. Returns the receiver's identity.
    @discardableResult public func subscribeEvents(name: String, receiverClass: String, label: String) -> ObjectID {
        let receiver = EventReceiverObject(className: receiverClass, layer: nil, name: name, recorder: recorder)
        emit(TraceEvent(kind: .objectAlloc, name: name, className: receiverClass, object: receiver.id))
        let result = receiverRegistry.add(receiver, name: name)
        emit(TraceEvent(kind: .receiverAdd, name: name, className: receiverClass, object: receiver.id, peer: result.peer, effect: result.effect))
        holds.append((label, receiver))
        emit(TraceEvent(kind: .refHold, name: name, object: receiver.id, value: label))
        return receiver.id
    }

    /// A component subscribes itself to the directed events sent to `name` (`XFPipe subscribeEventOnReceiver:self …`);
    /// false when the module is no longer alive.
    @discardableResult public func subscribeEvents(name: String, by module: ModuleRef) -> Bool {
        guard let component = record(of: module)?.component else { return false }
        let result = receiverRegistry.add(component, name: name)
        emit(TraceEvent(kind: .receiverAdd, name: name, object: component.id, peer: result.peer, effect: result.effect))
        return true
    }

    /// `XFPipe unSubscribeEventWithCompName:needReceiveEmitterEvent:NO`: the name leaves the event-receiver table.
    @discardableResult public func unsubscribeEvents(name: String) -> LegoOutcome {
        guard receiverRegistry.hasEntry(name) else { return .failure("no event receiver is registered for \(name)") }
        let removed = receiverRegistry.remove(name: name)
        emit(TraceEvent(kind: .receiverRemove, name: name, object: removed.held))
        return .success(nil)
    }

    /// Events the non-component receiver `receiver` received, in order (empty once it is gone).
    public func receivedEvents(ofReceiver receiver: ObjectID) -> [String] {
        holds.first { $0.object.id == receiver && $0.object is EventReceiverObject }
            .map { ($0.object as? ComponentObject)?.receivedEvents.map(\.name) ?? [] } ?? []
    }

    /// Posts a notification; observing components (and, for `UIApplication…` names, every component) receive it.
    @discardableResult public func postNotification(_ name: String, data: String? = nil) -> [ModuleRef] {
        defer { settle() }
        var receivers: [ComponentObject] = []
        var seen = Set<ObjectID>()
        if name.hasPrefix("UIApplication") {
            // XFComponentManager forwards application notifications to every component in its table.
            for component in componentRegistry.liveValues where seen.insert(component.id).inserted {
                receivers.append(component)
            }
        }
        for record in records.values.sorted(by: { $0.ref.id < $1.ref.id }) {
            guard let component = record.component, component.observedNotifications.contains(name),
                  seen.insert(component.id).inserted else { continue }
            receivers.append(component)
        }
        for receiver in receivers { receiver.receivedEvents.append((name, data)) }
        emit(TraceEvent(kind: .notification, value: name, count: receivers.count, objects: receivers.map(\.id)))
        return receivers.compactMap(moduleRef(of:))
    }

    /// User code takes a strong reference to the module's component (its routing when it has none) under `label`;
    /// false when the module is no longer alive.
    @discardableResult public func hold(_ module: ModuleRef, label: String) -> Bool {
        guard let record = record(of: module), let object = record.component ?? record.routing else { return false }
        holds.append((label, object))
        emit(TraceEvent(kind: .refHold, name: object.name, object: object.id, value: label))
        return true
    }

    /// User code drops the reference held under `label` (the latest one); false when nothing is held under it.
    @discardableResult public func release(label: String) -> Bool {
        defer { settle() }
        guard let index = holds.lastIndex(where: { $0.label == label }) else { return false }
        let held = holds.remove(at: index)
        emit(TraceEvent(kind: .refRelease, name: held.object.name, object: held.object.id, value: label))
        // `held` goes out of scope here: if it was the last strong reference, the object deinitializes now.
        return true
    }

    /// User code stores a closure in the module's component that captures the component strongly: a real retain cycle;
    /// false when the module is no longer alive.
    @discardableResult public func retainCycle(_ module: ModuleRef) -> Bool {
        guard let component = record(of: module)?.component else { return false }
        component.userClosure = { _ = component.receivedEvents.count }
        return true
    }

    /// Lets time pass: runs every framework task due by then (a non-positive or infinite span is ignored).
    public func advanceClock(by seconds: Double) {
        guard seconds > 0, seconds.isFinite else { return }
        emit(TraceEvent(kind: .clockAdvance, value: String(seconds)))
        clock.advance(by: seconds)
        pruneRecords()
    }

    /// Enables the routing link log and/or the component trace log.
    public func enableLogs(routing: Bool = true, component: Bool = true) {
        routingLogEnabled = routing
        componentLogEnabled = component
    }
}
