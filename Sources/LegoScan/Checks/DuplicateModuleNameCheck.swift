import LegoAnalysis
import LegoModel

/// `duplicate-module-name` from source: two classes of one layer that resolve to one module name, one URL
/// registered twice, two URLs that derive one component name, a name exported twice.
enum DuplicateModuleNameCheck: StaticCheck {
    static let rule = RuleDescription.duplicateModuleName

    static func run(_ app: ScannedApp, _ findings: StaticFindings) {
        // Classes: the framework looks a layer up by `<Prefix><Name><Suffix>`; two spellings of one name and layer
        // (two prefixes of a prefix list, or an Objective-C and a Swift class) leave only one reachable.
        var firstClass: [String: (String, SourceLocation)] = [:]
        for module in app.modules {
            for member in module.classes {
                let key = module.name + "/" + member.layer.rawValue
                if let (other, site) = firstClass[key] {
                    findings.report(rule, "classes \(other) and \(member.name) both resolve to module \(module.name) (\(member.layer.rawValue)); the framework reaches only one",
                                    module: module.name, at: member.location, certainty: .literal,
                                    evidence: [(site, "first declared as \(other)")], identity: ["class", module.name, member.layer.rawValue])
                } else {
                    firstClass[key] = (member.name, member.location)
                }
            }
        }
        // URLs: registering a path again silently overwrites it.
        var firstRoute: [String: ScannedApp.Route] = [:]
        var firstComponent: [String: ScannedApp.Route] = [:]
        for route in app.routes {
            if let earlier = firstRoute[route.path] {
                findings.report(rule, "URL \(route.path) is registered twice; the second registration silently replaces the first",
                                module: route.component, at: route.location, certainty: .literal,
                                evidence: [(earlier.location, "first registered here")], identity: ["url", route.path])
                continue
            }
            firstRoute[route.path] = route
            if let earlier = firstComponent[route.component], earlier.path != route.path {
                // A risk only while both are alive at once, which the source cannot promise: a warning.
                findings.report(rule, "URLs \(earlier.path) and \(route.path) both open component \(route.component); if both are open at once, two live instances share one name in the registries",
                                module: route.component, at: route.location, certainty: .literal, ceiling: .warning,
                                evidence: [(earlier.location, "\(earlier.path) registered here")], identity: ["component", route.component, earlier.path, route.path])
            } else if firstComponent[route.component] == nil {
                firstComponent[route.component] = route
            }
        }
        // Exports: two classes exported under one component name.
        var firstExport: [String: (String, SourceLocation)] = [:]
        for export in app.facts.exports {
            guard let name = ScannedApp.split(export.className, prefixes: app.prefixes)?.name else { continue }
            if let (other, site) = firstExport[name], other != export.className {
                findings.report(rule, "\(other) and \(export.className) are both exported as component \(name)", module: name,
                                at: export.location, certainty: .literal, evidence: [(site, "\(other) exported here")],
                                identity: ["export", name])
            } else {
                firstExport[name] = (export.className, export.location)
            }
        }
    }
}
