import LegoModel
import NNModuleRuntime

/// Runs an NNModule scenario's app section and journey steps on the model; returns why a step was refused.
struct NNJourneyDriver {
    let runtime: NNModuleRuntime
    let app: NNScenario.App

    /// Declares the impls and routers and registers the routes, redirects and interceptors, as app code does at
    /// startup (before `launch`).
    func setUp() {
        for impl in app.impls { runtime.declare(impl) }
        for router in app.routers { runtime.makeRouter(named: router.name, upper: router.upper, defaultScheme: app.defaultScheme) }
    }

    private func registerRoutes() {
        for route in app.routes {
            if let sub = route.used {
                runtime.registerRoute(route.route, on: route.router, used: sub)
            } else if let handler = route.handler {
                if route.delayed {
                    runtime.delayedRegisterRoute(route.route, on: route.router, handler: handler)
                } else {
                    runtime.registerRoute(route.route, on: route.router, handler: handler)
                }
            }
        }
        if !app.redirects.isEmpty { runtime.updateRedirects(app.redirects.map { ($0.from, $0.to) }) }
        for action in app.interceptors { runtime.appendInterceptor(action) }
    }

    /// Performs one step.
    func perform(_ action: NNScenario.Action) -> [String] {
        switch action {
        case .launch:
            guard runtime.phase == .notStarted else { return ["the app already launched"] }
            runtime.start(registerMethods: app.registerMethods.map { method in
                (method.name, { for registration in method.registrations { runtime.register(service: registration.service, impl: registration.impl) } })
            })
            let awake: [(name: String, body: () -> Void)] = [("setupModules", {
                self.registerRoutes()
                for tab in self.app.tabs { self.runtime.addTab(tab) }
                for task in self.app.tasks { self.runtime.addLaunchTask(task.className, mode: task.mode, priority: task.priority) }
            })]
            runtime.launch(awakeMethods: awake, showTabBar: !app.tabs.isEmpty)
        case let .open(route, parameters, router):
            runtime.open(route, parameters: parameters, on: router)
        case .lookup(let service):
            runtime.lookup(service: service)
        case let .register(service, impl, priority):
            if let priority { runtime.declare(.init(name: impl, priority: priority)) }
            runtime.register(service: service, impl: impl)
        case .removeService(let service):
            runtime.removeService(service)
        case .addTab(let screen):
            runtime.addTab(screen)
        case .addTask(let task):
            runtime.addLaunchTask(task.className, mode: task.mode, priority: task.priority)
        case let .eventRegister(type, target, bus):
            guard let object = runtime.screen(named: target) else { return ["no live screen \(target)"] }
            runtime.registerEvent(type, target: object, bus: bus)
        case let .eventSend(type, bus):
            runtime.sendEvent(type, bus: bus)
        case let .eventRemove(type, bus):
            runtime.removeEvent(type, bus: bus)
        case let .observe(name, sticky, owner, keep):
            var ownerID: ObjectID?
            if let owner {
                guard let id = runtime.screen(named: owner) else { return ["no live screen \(owner)"] }
                ownerID = id
            }
            runtime.observe(name, sticky: sticky, owner: ownerID, kept: keep)
        case let .post(name, sticky):
            runtime.post(name, sticky: sticky)
        case .removeSticky(let name):
            runtime.removeSticky(name)
        case .logout(let reload):
            runtime.setRoot(runtime.makeScreen("Login"))
            if reload { runtime.reloadTabBar() }
        case .login:
            guard let controller = runtime.tabBarController() else { return ["no tab bar"] }
            runtime.setRoot(controller)
        case .back:
            if !runtime.goBack() { return ["nothing to pop or dismiss"] }
        case let .hold(screen, label):
            guard let id = runtime.screen(named: screen) else { return ["no live screen \(screen)"] }
            runtime.hold(id, label: label)
        case let .release(screen, label):
            guard let id = runtime.screen(named: screen) else { return ["no live screen \(screen)"] }
            runtime.release(id, label: label)
        case .advanceClock(let seconds):
            runtime.clock.advance(by: seconds)
        }
        return []
    }
}
