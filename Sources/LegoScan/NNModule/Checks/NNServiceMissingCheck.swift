import LegoAnalysis
import LegoModel

/// `nn-service-missing` from source: a literal lookup of a protocol that no scanned code registers and that is not one
/// of `ModuleManager`'s default services: `service(of:)` asserts and returns nil and `Module.service` force-unwraps it
/// (`YiHuaXie/NNModule@5d3e56e:NNModule/ModuleManager/Core/ModuleServiceCenter.swift:115-144`, `Module.swift:59-61`).
enum NNServiceMissingCheck: NNStaticCheck {
    static func run(_ app: NNScannedApp, _ findings: StaticFindings) {
        // The framework's key is `String(reflecting: P.self)` (`ModuleServiceCenter.swift:155-164`), qualified by P's
        // module however the code spells P: `P` and `App.P` are one key.
        let registered = Set((app.facts.registrations.compactMap(\.service.literal) + NNScannedApp.defaultServices.map(\.service))
            .map(NNScannedApp.unqualifiedName))
        // A registration of a computed type may be the one: then a missing key is only as sure as that.
        let certainty: Finding.Certainty = app.facts.registrations.contains { $0.service.literal == nil } ? .dynamic : .literal
        for lookup in app.facts.lookups {
            guard let key = lookup.service.literal, !registered.contains(NNScannedApp.unqualifiedName(key)),
                  // A pod the app links registers it: every register method of every image runs (`ModuleManager.swift:31, 76-92`).
                  app.facts.vendoredRegistrations[String(NNScannedApp.unqualifiedName(key))] == nil else { continue }
            let api = lookup.api == .swift ? "Module.service(of:)" : "serivceOfProtocol:"
            // A lookup compiles only where its protocol is declared: one the scanned source does not declare comes from
            // a module the scan did not read (a pod, a framework), which most likely registers it too.
            let outside = !app.declares(service: key)
            let unread = outside ? ", nor declares it: it comes from code the scan did not read (a pod or a framework), which may register it; if none does," : ":"
            findings.report(.nnServiceMissing, "\(key) is looked up (\(api)) but no scanned source registers it\(unread) the lookup asserts in DEBUG and "
                            + "crashes in release (Module.service force-unwraps nil)", module: key, at: lookup.location, certainty: certainty,
                            ceiling: outside ? .note : nil, identity: ["missing", key])
        }
    }
}
