import LegoModel

extension NNModuleRuntime {
    /// The five services `ModuleManager.init` registers before any module (`ModuleManager.swift:20-32`).
    public static let defaultServices: [(service: String, impl: String)] = [
        ("ModuleRouteService", "URLRouter"),
        ("ModuleTabService", "ModuleTabServiceImpl"),
        ("ModuleLaunchTaskService", "ModuleLaunchTaskServiceImpl"),
        ("ModuleNotificationService", "ModuleNotificationServiceImpl"),
        ("ModuleApplicationService", "ModuleApplicationServiceImpl"),
    ]

    /// Declares an implementation class the app has (its priority, conformance and what its `init` looks up).
    public func declare(_ impl: ImplClass) {
        implClasses[impl.name] = impl
    }

    /// `ModuleManager.shared`'s `init`: the default services, then every `ModuleRegisterService` class method in the
    /// order given (the runtime's method-list order), each a list of registrations.
    public func start(registerMethods: [(name: String, body: () -> Void)]) {
        guard phase == .notStarted else { return }
        enter(.`init`)
        for (_, impl) in Self.defaultServices where implClasses[impl] == nil { declare(ImplClass(name: impl, priority: 0)) }
        for (service, impl) in Self.defaultServices { register(service: service, impl: impl) }
        enter(.registerService)
        for method in registerMethods {
            record(TraceEvent(kind: .nnPhase, name: method.name, className: "ModuleRegisterService", value: Phase.registerService.rawValue))
            method.body()
        }
    }

    /// `willFinishLaunching` then `didFinishLaunching`: `applicationWillAwake`, every `ModuleAwake` method, the launch
    /// tasks, then the window with the tab bar as root (`ModuleManager.swift:34-74`).
    public func launch(awakeMethods: [(name: String, body: () -> Void)], showTabBar: Bool) {
        if phase == .notStarted { start(registerMethods: []) }
        guard phase == .registerService else { return }
        enter(.willAwake)
        enter(.awake)
        for method in awakeMethods {
            record(TraceEvent(kind: .nnPhase, name: method.name, className: "ModuleAwake", value: Phase.awake.rawValue))
            method.body()
        }
        enter(.tasks)
        executeLaunchTasks()
        enter(.didFinish)
        if showTabBar, let controller = tabBarController() { setRoot(controller) }
        enter(.running)
    }

    /// `Module.register(service:used:)`: insert, replace only for a strictly greater priority, ignore otherwise
    /// (`ModuleServiceCenter.swift:25-41`); a non-conforming impl is dropped (an assertion in DEBUG).
    @discardableResult
    public func register(service key: String, impl className: String) -> TraceEvent.RegistryEffect? {
        let impl = implClasses[className] ?? ImplClass(name: className)
        guard impl.conforms else {
            record(TraceEvent(kind: .nnServiceRegister, name: key, className: className, value: "not-conforming",
                              count: impl.priority, ok: false))
            return nil
        }
        guard let oldName = serviceTypeMap[key] else {
            serviceTypeMap[key] = className
            record(TraceEvent(kind: .nnServiceRegister, name: key, className: className, effect: .added, count: impl.priority, ok: true))
            return .added
        }
        let oldPriority = implClasses[oldName]?.priority ?? 0
        let newPriority = impl.priority ?? 0
        if oldPriority < newPriority {
            serviceTypeMap[key] = className
            record(TraceEvent(kind: .nnServiceRegister, name: key, className: className, peerName: oldName,
                              effect: .overwritten, value: "priority", count: impl.priority, ok: true))
            return .overwritten
        }
        let why = oldPriority == newPriority ? "priority tie" : "lower priority"
        record(TraceEvent(kind: .nnServiceRegister, name: key, className: className, peerName: oldName,
                          effect: .ignored,
                          value: "\(why): \(oldName) has \(oldPriority), \(className) \(newPriority)",
                          count: impl.priority, ok: true))
        return .ignored
    }

    /// `Module.service(of:)`: the cached instance of the impl class, or a new one cached per impl class
    /// (`ModuleServiceCenter.swift:115-144`); nil where the app would crash (no registration, a creation loop).
    @discardableResult
    public func lookup(service key: String) -> ObjectID? {
        guard let className = serviceTypeMap[key] else {
            record(TraceEvent(kind: .nnServiceResolve, name: key, value: "not registered", ok: false))
            // An `assertionFailure`, not a `URLRouterLog` line: DEBUG stops here (`ModuleServiceCenter.swift:115-144`).
            logs.append("Fatal error: the impl class of \(key) is nil, please register it first")
            return nil
        }
        if let cached = implInstances[className] {
            record(TraceEvent(kind: .nnServiceResolve, name: key, className: className, object: cached, value: "cached", ok: true))
            return cached
        }
        // DEBUG's loop check: a class already on the creation stack asserts. The stack is cleared after every
        // successful creation, nested ones included (`:124-140`), so a loop can be caught a round late.
        if let start = creationStack.firstIndex(of: className) {
            let cycle = (creationStack[start...] + [className]).joined(separator: " -> ")
            record(TraceEvent(kind: .nnServiceResolve, name: key, className: className, value: "loop: \(cycle)", ok: false))
            return nil
        }
        // In release a loop is infinite recursion; the model's depth bound keeps it finite where DEBUG's check is late.
        guard creationStack.count < 64 else {
            record(TraceEvent(kind: .nnServiceResolve, name: key, className: className, value: "loop: creation depth 64", ok: false))
            return nil
        }
        creationStack.append(className)
        for dependency in implClasses[className]?.lookups ?? [] { lookup(service: dependency) }
        let object = recorder.nextID()
        record(TraceEvent(kind: .objectAlloc, name: key, className: className, object: object))
        implInstances[className] = object
        creationStack.removeAll()
        record(TraceEvent(kind: .nnServiceResolve, name: key, className: className, object: object, value: "created", ok: true))
        return object
    }

    /// `Module.removeService(of:)`: drops the key, and the instance of the class registered now unless it serves
    /// another key (`ModuleServiceCenter.swift:146-152`).
    public func removeService(_ key: String) {
        guard let className = serviceTypeMap.removeValue(forKey: key) else {
            record(TraceEvent(kind: .nnServiceRemove, name: key, ok: false))
            return
        }
        let shared = serviceTypeMap.values.contains(className)
        let dropped = shared ? nil : implInstances.removeValue(forKey: className)
        record(TraceEvent(kind: .nnServiceRemove, name: key, className: className, object: dropped, ok: dropped != nil))
        if let dropped { record(TraceEvent(kind: .objectDeinit, name: key, className: className, object: dropped)) }
    }
}
