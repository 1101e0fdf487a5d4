import LegoAnalysis
import LegoModel

/// `nn-route-invalid` from source: a literal route the parser rejects, registered, opened, redirected or given to an
/// interceptor, and an open whose `?? ""` fallback is the empty route (`YiHuaXie/NNModule@5d3e56e:NNModule/URLRouter/URLRouteParser.swift:87`).
/// `""` is invalid everywhere; other text only before iOS 17, whose `URL(string:)` percent-encodes it: a note.
enum NNRouteInvalidCheck: NNStaticCheck {
    static func run(_ app: NNScannedApp, _ findings: StaticFindings) {
        func check(_ value: ScanValue, _ use: String, at location: SourceLocation) {
            guard let route = value.literal, app.parser.parse(route) == nil else { return }
            let why = route.isEmpty ? "the empty route never parses" : "URL(string:) rejects it before iOS 17"
            findings.report(.nnRouteInvalid, "\(use) \"\(route)\": \(why), so the router logs `is invalid` and drops it", module: route.isEmpty ? nil : route,
                            at: location, certainty: .literal, ceiling: route.isEmpty ? nil : .note, identity: ["invalid", use, route, location.file])
        }
        for registration in app.facts.routes { check(registration.route, "registerRoute", at: registration.location) }
        for open in app.facts.opens {
            check(open.route, "openRoute", at: open.location)
            if let fallback = open.fallback, app.parser.parse(fallback) == nil, case .dynamic(let expression) = open.route {
                findings.report(.nnRouteInvalid, "openRoute(\(expression) ?? \"\(fallback)\"): when \(expression) is nil the fallback is opened, "
                                + "an invalid route, and the open fails (logged in DEBUG builds only)", module: nil, at: open.location,
                                certainty: .dynamic, identity: ["fallback", expression, fallback])
            }
        }
        for redirect in app.facts.redirects {
            check(redirect.from, "redirect from", at: redirect.location)
            if let target = redirect.to { check(target, "redirect to", at: redirect.location) }
        }
        for interceptor in app.facts.interceptors {
            for route in interceptor.routes { check(route, "interceptor route", at: interceptor.location) }
        }
    }
}
