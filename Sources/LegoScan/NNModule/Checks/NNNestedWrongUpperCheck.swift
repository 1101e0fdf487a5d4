import LegoAnalysis
import LegoModel

/// `nn-nested-wrong-upper` from source: `registerRoute(_:used: sub)` on a router that is not the one `sub` was made
/// with (`URLRouter(with:)`): the router logs `upper router for (…) is not …` and registers nothing
/// (`YiHuaXie/NNModule@5d3e56e:NNModule/URLRouter/URLRouter.swift:88-102`).
enum NNNestedWrongUpperCheck: NNStaticCheck {
    static func run(_ app: NNScannedApp, _ findings: StaticFindings) {
        let replaced = !app.facts.registrations.filter { $0.service.literal == "ModuleRouteService" }.isEmpty
        for registration in app.facts.routes where registration.kind == .subRouter {
            guard let sub = registration.subRouter, let creation = app.facts.routers.first(where: { $0.name == sub }), let upper = creation.upper,
                  upper != registration.router else { continue }
            // The route service is `URLRouter.default` as first read (`ModuleRouteService.swift:13-16`) until an app replaces it.
            let aliases: Set<String> = [NNSwiftReader.defaultRouter, NNSwiftReader.routeService]
            if !replaced, aliases.contains(upper), aliases.contains(registration.router) { continue }
            // After `URLRouter.default = R`, the default router is R (`URLRouter.swift:41-42`): R's sub-router registered
            // on the default one, or the default's on R, may be registered on its own upper router.
            let defaultNames = replaced ? [NNSwiftReader.defaultRouter] : aliases
            let assigned = Set(app.facts.defaultRouterAssignments.compactMap(\.router))
            // Two routers each assigned to the default one (in two `#if` clauses) are still two routers.
            if (defaultNames.contains(upper) && assigned.contains(registration.router))
                || (assigned.contains(upper) && defaultNames.contains(registration.router)) {
                continue
            }
            // Two names are sure to be two routers only when each is one the code makes or a default one; `self` in a
            // router class and a shared instance of it are one router under two names.
            let made = Set(app.facts.routers.map(\.name)).union(aliases)
            // A default router set to one computed in place is some router the scan cannot name.
            let defaultUnknown = app.facts.defaultRouterAssignments.contains { $0.router == nil }
                && (defaultNames.contains(upper) || defaultNames.contains(registration.router))
            let certainty: Finding.Certainty = made.contains(upper) && made.contains(registration.router) && !defaultUnknown ? .literal : .dynamic
            findings.report(.nnNestedWrongUpper, "\(sub) is registered on \(registration.router) for \(registration.route.written) but was made with "
                            + "\(upper) as its upper router (\(creation.location)): nothing is registered", module: sub, at: registration.location,
                            certainty: certainty, identity: ["wrong-upper", sub, registration.router])
        }
    }
}
