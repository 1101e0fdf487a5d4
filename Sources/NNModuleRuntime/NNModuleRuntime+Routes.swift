import LegoModel

extension NNModuleRuntime {
    /// `URLRouter(with: upper)` (or a root router when `upper` is nil): a nested router shares the upper router's
    /// parser, navigator, interceptors and redirects (`NNModule/URLRouter/URLRouter.swift:27-39`, `:60-67`).
    @discardableResult
    public func makeRouter(named name: String, upper: String?, defaultScheme: String = "nn") -> ObjectID {
        if let existing = routers[name] { return existing.id }
        let upperRouter = upper.flatMap { routers[$0] }
        let parser = upperRouter?.parser ?? NNRouteParser(defaultScheme: defaultScheme)
        let id = recorder.nextID()
        routers[name] = Router(id: id, name: name, upper: upperRouter?.name, parser: parser)
        routerNames[id] = name
        record(TraceEvent(kind: .objectAlloc, name: name, className: "URLRouter", object: id))
        record(TraceEvent(kind: .nnRouterCreate, name: name, object: id, peer: upperRouter?.id, value: parser.defaultScheme))
        return id
    }

    /// `registerRoute(_:handleRouteFactory:)`: an unparsable route is logged, an existing `fullPath` keeps the first
    /// handler (`URLRouter.swift:73-86`).
    public func registerRoute(_ route: String, on routerName: String = NNModuleRuntime.defaultRouter, handler: Handler) {
        add(route, on: routerName, target: .handler(handler), label: handler.label)
    }

    /// `delayedRegisterRoute`: queued on this router and registered at its next `openRoute` (`URLRouter.swift:69-71`, `:163-166`).
    public func delayedRegisterRoute(_ route: String, on routerName: String = NNModuleRuntime.defaultRouter, handler: Handler) {
        guard let router = routers[routerName] else { return }
        routers[routerName]?.delayed.append((route, handler))
        record(TraceEvent(kind: .nnRouteRegister, object: router.id, peerName: handler.label, url: route, value: "delayed"))
    }

    /// `registerRoute(_:used: sub)`: only when `sub.upperRouter === self`, and only the host-level key
    /// (`URLRouter.swift:88-102`).
    public func registerRoute(_ route: String, on routerName: String = NNModuleRuntime.defaultRouter, used sub: String) {
        guard let router = routers[routerName], let subRouter = routers[sub] else { return }
        guard subRouter.upper == routerName else {
            record(TraceEvent(kind: .nnRouteRegister, object: router.id, peer: subRouter.id, peerName: sub, url: route,
                              value: "wrong-upper", ok: false))
            log("upper router for (\(sub)) is not \(routerName)")
            return
        }
        guard let url = router.parser.parse(route) else {
            add(route, on: routerName, target: .forward(sub: sub), label: "router \(sub)")
            return
        }
        add(url.combinedRoute, on: routerName, target: .forward(sub: sub), label: "router \(sub)", written: route)
    }

    private func add(_ route: String, on routerName: String, target: Route, label: String, written: String? = nil) {
        guard let router = routers[routerName] else { return }
        let subID: ObjectID? = if case .forward(let sub) = target { routers[sub]?.id } else { nil }
        guard let url = router.parser.parse(route) else {
            record(TraceEvent(kind: .nnRouteRegister, object: router.id, peer: subID, peerName: label, url: written ?? route,
                              value: "invalid", ok: false))
            log("route for (\(written ?? route)) is invalid")
            return
        }
        let key = url.fullPath
        if router.routes[key] != nil {
            record(TraceEvent(kind: .nnRouteRegister, name: key, object: router.id, peer: subID, peerName: label,
                              url: written ?? route, effect: .ignored, value: "duplicate", ok: true))
            log("route for (\(written ?? route)) already exist")
            return
        }
        routers[routerName]?.routes[key] = target
        record(TraceEvent(kind: .nnRouteRegister, name: key, object: router.id, peer: subID, peerName: label,
                          url: written ?? route, effect: .added, ok: true))
    }

    /// `updateRedirectRoutes`: merges redirects into the root router's redirector, keys as `fullPath`s, unparsable
    /// keys dropped silently (`NNModule/URLRouter/URLRouteRedirector.swift:25-37`).
    public func updateRedirects(_ pairs: [(from: String, to: String)]) {
        guard let root = routers[Self.defaultRouter] else { return }
        for (from, to) in pairs {
            guard let key = root.parser.parse(from)?.fullPath else { continue }
            redirects[key] = to
        }
    }

    /// `routeInterceptor.append`: an action already present is ignored, one with an unparsable specified route is
    /// dropped (`NNModule/URLRouter/URLRouteInterceptor.swift:52-65`, `:88-102`).
    public func appendInterceptor(_ action: Interceptor) {
        guard let root = routers[Self.defaultRouter] else { return }
        if interceptors.contains(where: { $0.className == action.className }) {
            record(TraceEvent(kind: .nnInterceptorAdd, className: action.className, object: root.id, value: "already present", ok: false))
            return
        }
        if let bad = action.routes.first(where: { root.parser.parse($0) == nil }) {
            record(TraceEvent(kind: .nnInterceptorAdd, className: action.className, object: root.id, value: "invalid route \(bad)", ok: false))
            log("action (\(action.className)) provided an invalid route (\(bad))")
            return
        }
        interceptors.append(action)
        record(TraceEvent(kind: .nnInterceptorAdd, className: action.className, object: root.id, ok: true))
    }

    /// `openRoute(_:parameters:)` on a router, recorded as one `url.open` with what happened inside before it.
    @discardableResult
    public func open(_ route: String, parameters: [Parameter] = [], on routerName: String = NNModuleRuntime.defaultRouter,
                     from screen: ObjectID? = nil) -> OpenResult {
        guard let router = routers[routerName] else { return OpenResult(handled: false, reason: "no router \(routerName)") }
        var context = OpenContext()
        let (result, key) = open(route, parameters: parameters, on: routerName, context: &context)
        record(TraceEvent(kind: .urlOpen, name: key, object: router.id, url: route, value: result.handled ? nil : result.reason,
                          count: context.routersPassed, ok: result.handled, params: parameters.isEmpty ? nil : parameters))
        return result
    }

    struct OpenContext {
        var redirectsSeen: Set<String> = []
        var routesSeen: Set<String> = []
        var routersPassed = 0
        var depth = 0
    }

    // `URLRouter.swift:118-161`, one router's step; forwards recurse as the framework's calls do.
    private func open(_ route: String, parameters: [Parameter], on routerName: String,
                      context: inout OpenContext) -> (OpenResult, String?) {
        guard var router = routers[routerName] else { return (OpenResult(handled: false, reason: "not exist"), nil) }
        context.routersPassed += 1
        let delayed = router.delayed
        if !delayed.isEmpty {
            routers[routerName]?.delayed.removeAll()
            for item in delayed { registerRoute(item.route, on: routerName, handler: item.handler) }
            router = routers[routerName]!
        }
        guard let url = router.parser.parse(route) else {
            log("route for (\(route)) is invalid")
            return (OpenResult(handled: false, reason: "invalid"), nil)
        }
        // A redirect wins over a route, and the framework follows it with no cycle check (`URLRouter.swift:127-129`).
        if let target = redirects[url.fullPath] {
            let loop = context.redirectsSeen.contains(url.fullPath)
            context.redirectsSeen.insert(url.fullPath)
            context.depth += 1
            record(TraceEvent(kind: .nnRouteRedirect, object: router.id, url: route, value: target, count: context.depth, ok: !loop))
            if loop { return (OpenResult(handled: false, reason: "redirect loop"), nil) }
            var forwarded = parameters
            if url.isWebLink { forwarded.removeAll { $0.key == "url" } }
            return open(target, parameters: forwarded, on: routerName, context: &context)
        }
        let visit = "\(router.id) \(url.fullPath)"
        if context.routesSeen.contains(visit) {
            return (OpenResult(handled: false, reason: "forward loop"), nil)
        }
        context.routesSeen.insert(visit)
        var candidates = [url.fullPath]
        if url.isWebLink {
            candidates.append(url.combinedRoute)
            candidates.append(router.parser.parse("weblink")?.fullPath ?? "://weblink")
        } else if !url.path.isEmpty {
            candidates.append(url.combinedRoute)
        }
        for key in candidates {
            guard let target = router.routes[key] else { continue }
            return (invoke(target, url: url, route: route, key: key, parameters: parameters, router: router, context: &context), key)
        }
        if let upper = router.upper, let upperRouter = routers[upper] {
            return forward(route, parameters: parameters, from: router, to: upperRouter, direction: "upper", context: &context)
        }
        let reason = url.isWebLink ? "web link without handler" : "not exist"
        log(url.isWebLink ? "\(route) is web link, please register handler for web links" : "route for (\(route)) is not exist")
        return (OpenResult(handled: false, reason: reason), nil)
    }

    private func forward(_ route: String, parameters: [Parameter], from: Router, to: Router, direction: String,
                         context: inout OpenContext) -> (OpenResult, String?) {
        let visit = "\(to.id) \(to.parser.parse(route)?.fullPath ?? route)"
        // The framework has no guard: the two routers hand the open to each other until the stack overflows.
        if context.routesSeen.contains(visit) {
            record(TraceEvent(kind: .nnRouteForward, object: from.id, peer: to.id, url: route,
                              value: "loop: \(from.name) -> \(to.name) again for \(route)", ok: false))
            return (OpenResult(handled: false, reason: "forward loop"), nil)
        }
        record(TraceEvent(kind: .nnRouteForward, object: from.id, peer: to.id, url: route, value: direction, ok: true))
        return open(route, parameters: parameters, on: to.name, context: &context)
    }

    private func invoke(_ target: Route, url: NNRouteURL, route: String, key: String, parameters: [Parameter], router: Router,
                        context: inout OpenContext) -> OpenResult {
        // The chain is the shared one, read through `upperRouter` (`URLRouter.swift:180-184`), so a forwarded open runs it
        // once per router.
        for action in interceptors where matches(action, url: url, parser: router.parser) {
            record(TraceEvent(kind: .urlIntercept, object: router.id, url: route, value: action.className, ok: action.rejects))
            if action.rejects { return OpenResult(handled: false, reason: "intercepted by \(action.className)") }
        }
        switch target {
        case .forward(let sub):
            guard let subRouter = routers[sub] else { return OpenResult(handled: false, reason: "not exist") }
            return forward(url.fullPath, parameters: parameters, from: router, to: subRouter, direction: "sub", context: &context).0
        case .handler(let handler):
            return run(handler, url: url, route: route, key: key, parameters: parameters, router: router)
        }
    }

    private func matches(_ action: Interceptor, url: NNRouteURL, parser: NNRouteParser) -> Bool {
        guard !action.routes.isEmpty else { return true }
        return action.routes.contains { specified in
            guard let key = parser.parse(specified)?.fullPath else { return false }
            return key == url.fullPath || key == url.combinedRoute
        }
    }

    private func run(_ handler: Handler, url: NNRouteURL, route: String, key: String, parameters: [Parameter], router: Router) -> OpenResult {
        if !handler.paths.isEmpty, !handler.paths.contains(url.path) {
            record(TraceEvent(kind: .nnRouteHandle, name: key, object: router.id, url: route, value: "declined", ok: false))
            return OpenResult(handled: false, reason: "declined")
        }
        guard handler.returns else {
            record(TraceEvent(kind: .nnRouteHandle, name: key, object: router.id, url: route, value: "declined", ok: false))
            return OpenResult(handled: false, reason: "declined")
        }
        let outcome = navigate(handler)
        record(TraceEvent(kind: .nnRouteHandle, name: key, object: router.id, url: route, value: outcome, ok: true))
        return OpenResult(handled: true, reason: outcome)
    }
}
