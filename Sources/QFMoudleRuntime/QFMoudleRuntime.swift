import LegoModel
import LegoRuntimeCore
import LegoTraceIO

/// The instrumented, headless model of a QFMoudle app: a router that resolves modules by protocol and URL scheme,
/// sets query items by key-value coding, and a minimal UIKit screen model; every decision is a trace event.
///
/// Not thread-safe: like UIKit and the router, drive it from one thread.
public final class QFMoudleRuntime {
    /// The app being modelled.
    public let app: QFApp
    /// Object identities and the trace sink.
    public let recorder: Recorder
    /// The virtual time the model runs on.
    public let clock: VirtualClock
    /// What UIKit shows: a tab bar of navigation stacks, and presented navigation stacks on top; it holds the
    /// controllers strongly, as UIKit does.
    public internal(set) var window = UIKitWindow<QFViewController>()
    let protocols: [String: QFProtocolSpec]
    let classes: [String: QFClassSpec]

    /// A runtime for `app`, recording into `sink` (nothing when nil); declares the app's protocols at once.
    public init(app: QFApp, sink: (any TraceSink)?) {
        self.app = app
        recorder = Recorder(sink: sink)
        clock = VirtualClock(recorder: recorder)
        protocols = Dictionary(app.protocols.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        classes = Dictionary(app.classes.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        declareProtocols()
    }

    /// Closes the recorder; the app's objects stay as the journey left them (an app is not torn down at exit).
    public func close() {
        recorder.close()
    }

    private func declareProtocols() {
        for spec in app.protocols {
            // A router walking the classes makes a module of a protocol a class adopts itself, not of a base protocol.
            let found = app.router.lookup == .name ? classes[app.router.implName(forProtocol: spec.name)]
                : app.classes.first { $0.adopts.contains(spec.name) }
            recorder.record(TraceEvent(
                kind: .moduleDeclare, name: spec.name, className: found?.name, moduleKind: .protocolModule,
                value: found.map { adopts($0, spec.name) ? "adopts" : "does not adopt" }))
        }
    }

    // MARK: Resolution

    /// `interfaceForProtocol:` (`QFRouter.m:45-48`): `NSClassFromString(implName(P))`, then a new instance on every
    /// call, with no check that the class adopts the protocol; nil, silently, when no class has that name.
    public func resolve(protocol name: String, caller: QFViewController?, url: String? = nil) -> QFModule? {
        guard let spec = implementation(forProtocol: name) else {
            let className = missingClassName(forProtocol: name)
            recorder.record(TraceEvent(kind: .moduleResolve, name: name, className: className, peerName: caller?.className,
                                       url: url, value: QFResolveProblem.noClass(className).traceValue, ok: false))
            return nil
        }
        let module = QFModule(id: recorder.nextID(), className: spec.name, protocolName: name, recorder: recorder)
        // A class found by conformance adopts the protocol by construction.
        let problem = app.router.lookup == .conformance || adopts(spec, name) ? nil : QFResolveProblem.doesNotAdopt(className: spec.name, protocolName: name)
        recorder.record(TraceEvent(kind: .moduleResolve, name: name, className: spec.name, object: module.id,
                                   peerName: caller?.className, url: url, moduleKind: .protocolModule,
                                   value: problem?.traceValue, ok: true))
        return module
    }

    /// `interfaceForURL:` (`QFRouter.m:50-57`): the scheme names the protocol (case-sensitive; host and path are
    /// ignored), then each query item is set on the new module by key-value coding, in order. A set that raises
    /// ends the lookup (the app would crash there): the result is nil and the rest of the items are not set.
    public func resolve(url: String, caller: QFViewController?) -> QFModule? {
        let parsed = QFURL(url)
        let scheme = parsed.scheme ?? ""
        func opened(_ module: QFModule?, _ problem: QFResolveProblem?) -> QFModule? {
            recorder.record(TraceEvent(kind: .urlOpen, name: scheme, object: module?.id, url: url,
                                       value: problem?.traceValue, ok: problem == nil && module != nil,
                                       params: parsed.parameters))
            return module
        }
        guard protocols[scheme] != nil else { return opened(nil, .unknownScheme(scheme)) }
        guard let module = resolve(protocol: scheme, caller: caller, url: url) else {
            return opened(nil, .noClass(missingClassName(forProtocol: scheme)))
        }
        let properties = settableProperties(of: module.className)
        for item in parsed.items {
            let verdict = QFKeyValueCoding.verdict(key: item.key, text: item.value, properties: properties)
            recorder.record(TraceEvent(
                kind: .kvcSet, name: item.key, className: module.className, object: module.id, value: verdict.traceValue,
                ok: !verdict.raises, params: item.value.map { [Parameter(key: item.key, value: $0)] }))
            if verdict.raises {
                return opened(nil, .raised(verdict == .undefinedKey ? "NSUndefinedKeyException" : "NSInvalidArgumentException"))
            }
            module.values[item.key] = item.value
            if item.key == "callbackBlock" {
                // KVC stored the text (or nil) where a block belongs: calling it later crashes, so it is no callback.
                module.hasCallback = false
                module.callbackCaptures = []
            }
        }
        return opened(module, nil)
    }

    /// Sets `module.callbackBlock` to a block that captures `captures` strongly (`QFHomeViewController.m:37-41`).
    public func setCallback(on module: QFModule, capturing captures: [QFViewController], by setter: QFViewController?) {
        module.callbackCaptures = captures
        module.hasCallback = true
        recorder.record(TraceEvent(kind: .callbackSet, className: module.className, object: module.id,
                                   peerName: setter?.className, value: "callbackBlock", objects: captures.map(\.id)))
    }

    /// `controller` calls its module's callback block, when it holds one (`QFDetailViewController.m:41-45` checks
    /// for nil first); a string KVC stored there is called as a block and crashes. Returns a reason when it failed.
    @discardableResult
    public func callBack(from controller: QFViewController) -> String? {
        guard let module = controller.module else { return "\(controller.className) has no module to call back" }
        if let stored = module.values["callbackBlock"], stored != nil {
            let reason = "callbackBlock holds the string KVC set, not a block: calling it raises"
            recorder.record(TraceEvent(kind: .eventSend, name: module.protocolName, className: controller.className,
                                       object: controller.id, peer: module.id, value: "callback", ok: false))
            return reason
        }
        guard module.hasCallback else { return nil }
        recorder.record(TraceEvent(kind: .eventSend, name: module.protocolName, className: controller.className,
                                   object: controller.id, peer: module.id, value: "callback", ok: true))
        return nil
    }

    // MARK: View controllers

    /// A module's getter (`interfaceViewController`, `detailViewController`): a new controller on every call, holding
    /// the module; the module keeps the first getter's controller weakly. Nil with a reason when the module is nil
    /// or its class has no such getter (an unrecognized selector).
    public func controller(of module: QFModule?, getter: String) -> (QFViewController?, String?) {
        guard let module else { return (nil, "the module is nil, so \(getter) is nil") }
        guard let className = classes[module.className]?.controllers[getter] ?? inheritedGetter(getter, of: module.className) else {
            return (nil, "-[\(module.className) \(getter)]: unrecognized selector")
        }
        let controller = QFViewController(id: recorder.nextID(), className: className, module: module, recorder: recorder)
        if getter == "interfaceViewController" { module.interfaceViewController = controller }
        return (controller, nil)
    }

    /// A root controller no module made (the app delegate's own).
    public func makeRootController(className: String) -> QFViewController {
        QFViewController(id: recorder.nextID(), className: className, module: nil, recorder: recorder)
    }

    /// `controller` keeps `module` in a strong property.
    public func keep(_ module: QFModule, in controller: QFViewController) {
        controller.keptModules.append(module)
        recorder.record(TraceEvent(kind: .refHold, object: module.id, value: "\(controller.className)#\(controller.id)"))
    }

    // MARK: Class facts

    private func inheritedGetter(_ getter: String, of className: String) -> String? {
        var current = classes[className]?.superclass
        var seen: Set<String> = [className]
        while let name = current, seen.insert(name).inserted, let spec = classes[name] {
            if let found = spec.controllers[getter] { return found }
            current = spec.superclass
        }
        return nil
    }

    /// Whether `spec` (or a superclass) adopts `protocolName`.
    /// The class the router finds for protocol `name` (`QFRouterSpec.Lookup`), nil when there is none.
    public func implementation(forProtocol name: String) -> QFClassSpec? {
        switch app.router.lookup {
        case .name:
            return classes[app.router.implName(forProtocol: name)]
        case .conformance:
            return app.classes.first { candidate in
                candidate.adopts.contains { adopted in
                    var current: String? = adopted
                    var seen: Set<String> = []
                    while let next = current, seen.insert(next).inserted {
                        if next == name { return true }
                        current = protocols[next]?.base
                    }
                    return false
                }
            }
        }
    }

    /// What a trace names as the class not found for protocol `name`: the class of the rule's name, or (by
    /// conformance) a class adopting it.
    private func missingClassName(forProtocol name: String) -> String {
        app.router.lookup == .name ? app.router.implName(forProtocol: name) : "adopting \(name)"
    }

    public func adopts(_ spec: QFClassSpec, _ protocolName: String) -> Bool {
        // Adopting a protocol that extends it is adopting it: conformance walks the inherited protocols
        // (objc4 `protocol_conformsToProtocol_nolock`, objc-runtime-new.mm:5302-5316).
        lineage(of: spec.name).contains { $0.adopts.contains { adopted in protocolChain(adopted).contains { $0.name == protocolName } } }
    }

    /// The class and its declared superclasses, nearest first.
    private func lineage(of className: String) -> [QFClassSpec] {
        var result: [QFClassSpec] = []
        var current: String? = className
        var seen: Set<String> = []
        while let name = current, seen.insert(name).inserted, let spec = classes[name] {
            result.append(spec)
            current = spec.superclass
        }
        return result
    }

    /// Every property KVC can find on an instance of `className`: its own and inherited ones, and those of the
    /// protocols they adopt (and those protocols' bases), which `@synthesize` backs with ivars.
    public func settableProperties(of className: String) -> [String: QFProperty] {
        var result: [String: QFProperty] = [:]
        for spec in lineage(of: className).reversed() {
            for protocolName in spec.adopts {
                for property in protocolChain(protocolName).flatMap(\.properties) { result[property.name] = property }
            }
            for property in spec.properties { result[property.name] = property }
        }
        return result
    }

    private func protocolChain(_ name: String) -> [QFProtocolSpec] {
        var result: [QFProtocolSpec] = []
        var current: String? = name
        var seen: Set<String> = []
        while let name = current, seen.insert(name).inserted, let spec = protocols[name] {
            result.insert(spec, at: 0)
            current = spec.base
        }
        return result
    }
}
