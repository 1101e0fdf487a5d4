import LegoModel

/// A freshly built module instance: its record, component and interface (nil when the classes lack them).
struct AssembledModule {
    let record: ModuleRecord
    let routing: Routing?
    let component: ComponentObject?
    let interface: LayerObject?
    /// The tab children its Activity created while initializing.
    var tabs: [LayerObject] = []
}

extension LegoRuntime {
    /// Builds a module instance the way the framework's factories do (`XF_AutoAssemblyModule_Fast`,
    /// `XFControllerFactory`, the MVVM factory); `.failure` when no class family answers to `name`.
    func assemble(_ name: String) -> Result<AssembledModule, AssemblyFailure> {
        guard let resolved = resolve(name) else {
            return .failure(AssemblyFailure(reason: "no module or controller class is named \(name) (looked for \(prefix ?? "")\(name)Routing, …ViewModel, …ViewController)"))
        }
        switch resolved.kind {
        case .viper, .virtual: return assembleVIPER(resolved)
        case .controller: return .success(assembleController(resolved))
        case .viewModel: return assembleViewModel(resolved)
        // No XFLegoVIPER declaration has this kind: it names QFMoudle's protocol-named modules.
        case .protocolModule: return .failure(AssemblyFailure(reason: "\(name) is declared as a QFMoudle module, which XFLegoVIPER does not assemble"))
        }
    }

    private func alloc(_ object: LayerObject, owner: LayerObject?) {
        if let owner { object.ownerID = owner.id }
        emit(TraceEvent(
            kind: .objectAlloc, name: object.name, className: object.className, object: object.id,
            peer: owner?.id, layer: object.layer))
    }

    private func assembleVIPER(_ resolved: ResolvedModule) -> Result<AssembledModule, AssemblyFailure> {
        let name = resolved.name
        let layers = resolved.layerSpec.layers
        func layerClass(_ layer: TraceEvent.Layer) -> String { resolved.layerPrefix + resolved.layerSpec.name + layer.suffix }
        let routing = Routing(className: resolved.classPrefix + name + TraceEvent.Layer.routing.suffix, layer: .routing, name: name, recorder: recorder)
        alloc(routing, owner: nil)
        guard layers.contains(.activity) else {
            // The framework asserts and returns nil; the lone routing is released on return.
            return .failure(AssemblyFailure(reason: "module \(name) has no Activity class \(layerClass(.activity))"))
        }
        var objects: [LayerObject] = [routing]
        let activity = Activity(className: layerClass(.activity), layer: .activity, name: name, recorder: recorder)
        alloc(activity, owner: routing)
        objects.append(activity)
        routing.currentInterface = activity
        // `[[UITabBarController alloc] init]` calls `viewDidLoad` at once, so tab children are made before this
        // module's Presenter exists: `subUIterfaceFromSubComponent:parentUInterface:` finds no event handler and
        // leaves them unbound (root routings) until the re-bind below.
        var tabChildren: [AssembledModule] = []
        for tab in resolved.layerSpec.tabs {
            if let child = makeTabChild(tab, parentRouting: routing, parentInterface: activity) { tabChildren.append(child) }
        }
        if !tabChildren.isEmpty {
            let children = tabChildren.compactMap(\.routing).map(WeakObject.init)
            // `UIViewController+ComponentUI xfLego_viewDidLoad`: ~15 ms later a tab bar re-binds its children
            // (`willReBindRelationFromSubUserInterfaces:toParentUserInterface:` → `XFRoutingFactory resetSubRoutings:…`).
            after(Self.frameworkDelay) { [weak self, weak routing] in
                guard let self, let routing, routing.presenter != nil else { return }
                for child in children {
                    if let sub = child.object as? Routing, sub.parent == nil { bind(sub, to: routing) }
                }
            }
        }

        var presenter: Presenter?
        if layers.contains(.presenter) {
            let made = Presenter(className: layerClass(.presenter), layer: .presenter, name: name, recorder: recorder)
            alloc(made, owner: routing)
            objects.append(made)
            activity.eventHandler = made
            made.routing = routing
            made.userInterface = activity
            routing.presenter = made
            presenter = made
        }

        var links: [TraceEvent] = []
        if let gene = resolved.gene, let shared = sharedRoutings[gene]?.routing {
            // Instances of one gene share the first live instance's Interactor (and its DataManager).
            let interactor = shared.presenter?.interactor
            presenter?.interactor = interactor
            if let interactor {
                links.append(TraceEvent(kind: .link, object: routing.id, peer: interactor.id, relation: .sharedInteractor))
            }
        } else {
            if let gene = resolved.gene {
                sharedRoutings[gene] = WeakRouting(routing: routing)
                links.append(TraceEvent(kind: .sharedAdd, name: name, object: routing.id, gene: gene))
            }
            if layers.contains(.interactor) {
                let interactor = Interactor(className: layerClass(.interactor), layer: .interactor, name: name, recorder: recorder)
                alloc(interactor, owner: routing)
                objects.append(interactor)
                if let dataManagerClass = dataManagerClass(of: resolved) {
                    let dataManager = DataManager(className: dataManagerClass, layer: .dataManager, name: name, recorder: recorder)
                    alloc(dataManager, owner: routing)
                    objects.append(dataManager)
                    interactor.dataManager = dataManager
                }
                // Without a Presenter nothing keeps the Interactor: it is released right away, as in the framework.
                presenter?.interactor = interactor
            }
        }

        let record = ModuleRecord(
            ref: ModuleRef(id: routing.id, name: name), kind: resolved.kind, className: routing.className,
            routing: routing, component: presenter, objects: objects)
        records[routing.id] = record
        emit(TraceEvent(
            kind: .moduleAssemble, name: name, className: routing.className, object: routing.id,
            moduleKind: resolved.kind, gene: resolved.gene, objects: objects.map(\.id)))
        for event in links { emit(event) }
        if let presenter {
            for child in tabChildren {
                if let component = child.component {
                    emit(TraceEvent(kind: .link, object: presenter.id, peer: component.id, relation: .subComponent))
                }
            }
        }

        if presenter != nil {
            let result = routingRegistry.add(routing, name: name)
            emit(TraceEvent(kind: .routingAdd, name: name, object: routing.id, peer: result.peer, effect: result.effect))
            after(Self.frameworkDelay) { [weak self, weak routing] in
                // The framework checks sub-ness when the delayed log runs, not when the module is built;
                // its block holds the routing weakly, so a routing already gone still prints the log.
                guard let self else { return }
                if let routing, routing.isSubRoute || routing.parent != nil { return }
                self.printRoutingLog()
            }
        }
        return .success(AssembledModule(record: record, routing: routing, component: presenter, interface: activity,
                                        tabs: tabChildren.compactMap(\.interface)))
    }

    private func assembleController(_ resolved: ResolvedModule) -> AssembledModule {
        let name = resolved.name
        // A virtual controller is a dynamic subclass named after the component (`createDynamicSubModuleClassFromName:…`).
        let controller = ViewController(
            className: resolved.classPrefix + name + TraceEvent.Layer.viewController.suffix,
            layer: .viewController, name: name, recorder: recorder)
        alloc(controller, owner: nil)
        let record = ModuleRecord(
            ref: ModuleRef(id: controller.id, name: name), kind: .controller, className: controller.className,
            routing: nil, component: controller, objects: [controller])
        records[controller.id] = record
        emit(TraceEvent(
            kind: .moduleAssemble, name: name, className: controller.className, object: controller.id,
            moduleKind: .controller, gene: resolved.gene, objects: [controller.id]))
        return AssembledModule(record: record, routing: nil, component: controller, interface: controller)
    }

    private func assembleViewModel(_ resolved: ResolvedModule) -> Result<AssembledModule, AssemblyFailure> {
        let name = resolved.name
        let stem = resolved.classPrefix + name
        let viewModel = ViewModel(className: stem + TraceEvent.Layer.viewModel.suffix, layer: .viewModel, name: name, recorder: recorder)
        alloc(viewModel, owner: nil)
        guard resolved.layerSpec.layers.contains(.viewController) else {
            return .failure(AssemblyFailure(reason: "view model \(viewModel.className) has no view controller \(stem)ViewController"))
        }
        let controller = ViewController(className: stem + TraceEvent.Layer.viewController.suffix, layer: .viewController, name: name, recorder: recorder)
        alloc(controller, owner: viewModel)
        controller.viewModel = viewModel
        viewModel.view = controller
        let record = ModuleRecord(
            ref: ModuleRef(id: viewModel.id, name: name), kind: .viewModel, className: viewModel.className,
            routing: nil, component: viewModel, objects: [viewModel, controller])
        records[viewModel.id] = record
        emit(TraceEvent(
            kind: .moduleAssemble, name: name, className: viewModel.className, object: viewModel.id,
            moduleKind: .viewModel, gene: resolved.gene, objects: [viewModel.id, controller.id]))
        return .success(AssembledModule(record: record, routing: nil, component: viewModel, interface: controller))
    }

    /// One tab child made in the parent's `viewDidLoad` (`XF_SubUInterface_` by name, `XF_SubUInterface_URL` when `target`
    /// contains `://`); nil when it cannot be made (the framework asserts).
    private func makeTabChild(_ target: String, parentRouting: Routing, parentInterface: Activity) -> AssembledModule? {
        var name = target
        var params: [Parameter] = []
        var routed: RoutedURL?
        let url: String? = target.contains("://") ? target : nil
        if let url {
            guard case .success(let found) = route(url, operation: .sub, opener: nil) else { return nil }
            routed = found
            name = found.name
            params = found.params
        }
        defer { if let routed, let url { opened(routed, url: url, operation: .sub, opener: nil) } }
        emit(TraceEvent(kind: .transitionBegin, name: name, object: parentRouting.id, url: url, operation: .sub))
        switch makeSub(name, parentInterface: parentInterface, parentComponent: nil, params: params) {
        case .failure(let failure):
            emit(TraceEvent(kind: .transitionEnd, name: name, object: parentRouting.id, url: url, operation: .sub, value: failure.reason, ok: false))
            return nil
        case .success(let child):
            emit(TraceEvent(kind: .transitionEnd, name: name, object: parentRouting.id, peer: child.record.ref.id, url: url, operation: .sub, ok: true))
            return child
        }
    }

    /// `XFVIPERModuleAssembly _autoAssemblyModuleWithModuleName:ibSymbol:shareDataManagerName:`: the shared module's
    /// DataManager class (`<Name>DataManager`, else `<P><Name>DataManager`) when one is named, else the module's own.
    private func dataManagerClass(of resolved: ResolvedModule) -> String? {
        let suffix = TraceEvent.Layer.dataManager.suffix
        guard let shared = resolved.layerSpec.sharedDataManager else {
            return resolved.layerSpec.layers.contains(.dataManager) ? resolved.layerPrefix + resolved.layerSpec.name + suffix : nil
        }
        for candidate in [shared + suffix, resolved.layerPrefix + shared + suffix] where declaration(ofClass: candidate)?.layers.contains(.dataManager) == true {
            return candidate
        }
        return nil
    }

    /// The framework's `LEGORunAfter0_015` delay.
    static let frameworkDelay = 0.015
}

/// Why a module could not be assembled.
struct AssemblyFailure: Error {
    let reason: String
}
