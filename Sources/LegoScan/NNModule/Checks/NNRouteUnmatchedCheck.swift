import LegoAnalysis
import LegoModel

/// `nn-route-unmatched` from source: a literal open that no router in the code handles: no full-path or host key,
/// no `weblink` for a web link, no redirect (`YiHuaXie/NNModule@5d3e56e:NNModule/URLRouter/URLRouter.swift:118-178`).
enum NNRouteUnmatchedCheck: NNStaticCheck {
    static func run(_ app: NNScannedApp, _ findings: StaticFindings) {
        let certainty: Finding.Certainty = app.hasDynamicRoutes || !app.keysCertain ? .dynamic : .literal
        // Code the scan did not read (a pod that declares a service the app uses) may register any route.
        let unread = app.unreadCodeEvidence.map { " (unless code the scan did not read registers it: \($0.service), used at \($0.at.file):\($0.at.line), "
            + "is declared there)" } ?? ""
        for open in app.facts.opens {
            guard let route = open.route.literal, let parsed = app.parser.parse(route), !app.isHandled(parsed) else { continue }
            let opener = open.fromClass.map { " (opened from \($0))" } ?? ""
            findings.report(.nnRouteUnmatched, "no router handles \(route) (key \(parsed.fullPath))\(opener)\(unread): the open logs `is not exist` "
                            + "and returns false", module: parsed.fullPath, at: open.location, certainty: certainty,
                            ceiling: unread.isEmpty ? nil : .note, identity: ["unmatched", parsed.fullPath, open.fromClass ?? "-"])
        }
    }
}
