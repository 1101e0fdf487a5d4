import LegoAnalysis
import LegoModel

/// `nn-route-duplicate` from source: two registrations on one router whose keys are equal, aliases included (`nn://a`,
/// `a`, `://a` and `A` are one key, `URLRouteParser.swift:89-117`); the first handler stays
/// (`YiHuaXie/NNModule@5d3e56e:NNModule/URLRouter/URLRouter.swift:73-86`). A sub-router is registered by its host
/// alone (`URLRouter.swift:88-102`).
enum NNRouteDuplicateCheck: NNStaticCheck {
    static func run(_ app: NNScannedApp, _ findings: StaticFindings) {
        var seen: [String: [(route: String, location: SourceLocation, branches: [NNFacts.Branch])]] = [:]
        // A route registered again right after its removal (a reload) is compared with none: which call runs first is not known.
        for entry in app.literalRoutes where !entry.registration.afterRemoval {
            guard let key = entry.key else { continue }
            let slot = entry.registration.router + "\u{0}" + key
            let branches = entry.registration.branches
            defer { seen[slot, default: []].append((entry.route, entry.registration.location, branches)) }
            // Two clauses of one `#if` are never both compiled: the first registration is the first one the same build has.
            guard let first = seen[slot]?.first(where: { !NNFacts.Branch.exclusive($0.branches, branches) }) else { continue }
            // Equal text is one key under any parser; an alias depends on the parser the router really uses.
            let certainty: Finding.Certainty = first.route == entry.route || app.keysCertain ? .literal : .dynamic
            let alias = first.route == entry.route ? "" : " (\(entry.route) and \(first.route) are one key)"
            findings.report(.nnRouteDuplicate, "\(entry.route) is registered again on \(entry.registration.router)\(alias): the key \(key) already "
                            + "has the handler registered at \(first.location); the first one stays", module: key, at: entry.registration.location,
                            certainty: certainty, identity: ["duplicate", entry.registration.router, key, entry.route])
        }
    }
}
