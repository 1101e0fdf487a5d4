import LegoAnalysis
import LegoModel

/// `unknown-component` from source: a literal component name, URL component or routing class that no class
/// of the app can assemble (no Routing, ViewModel or ViewController, and no gene for a virtual component).
enum UnknownComponentCheck: StaticCheck {
    static let rule = RuleDescription.unknownComponent

    /// ` (did you mean X?)` for the closest module name, else empty.
    static func hint(_ name: String, _ names: [String]) -> String {
        Suggestion.closest(to: name, among: names).map { " (did you mean \($0)?)" } ?? ""
    }

    /// For a module whose routing header the app imports but the scan did not read: what to add to the message, and
    /// the note it makes the finding.
    static func unreadImport(_ app: ScannedApp, _ name: String) -> (text: String?, ceiling: Severity?) {
        guard let imported = app.unreadModuleImport(named: name) else { return (nil, nil) }
        if imported.isVendoredFile {
            return (" in the scanned source (\(imported.location.file), a vendored file the scan does not read as the app, declares "
                    + "\(imported.className): the module is most likely in that pod or framework)", .note)
        }
        return (" in the scanned source (\(imported.className).h is imported at \(imported.location.file):\(imported.location.line), but the scan "
                + "did not read it: the module may be in a pod or framework)", .note)
    }

    static func run(_ app: ScannedApp, _ findings: StaticFindings) {
        let names = app.modules.map(\.name)
        for transition in app.transitions {
            guard let name = transition.toModule, app.module(named: name) == nil else { continue }
            // An unregistered URL is reported once, by unregistered-url.
            // An http URL opens the HTTP handler component, checked here like any name.
            if let url = transition.url, !ComponentURL(url).isHTTP, !app.routes.contains(where: { $0.path == ComponentURL(url).path }) { continue }
            if transition.fact.kind == .pop { continue }
            if case .name = transition.fact.target, name.contains("://") {
                findings.report(rule, "\(name) is a URL given to a component-name API (\(transition.fact.via)); the framework looks for a component "
                                + "named \(name), which cannot exist: use the URL form", module: name, at: transition.fact.location,
                                certainty: .literal, identity: ["url-as-name", name, transition.fromModule ?? "-"])
                continue
            }
            let what: String = switch transition.fact.target {
            case .url(let value) where ComponentURL(value.literal ?? "").isHTTP:
                "http URL \(value.literal ?? "") opens the HTTP handler component \(name) (setHTTPHandlerComponent:)"
            case .url(let value): "URL \(value.literal ?? "") names component \(name)"
            case .routingClass(let value): "routing class \(value.literal ?? "") gives module \(name)"
            default: "component \(name)"
            }
            let unread = unreadImport(app, name)
            findings.report(rule, "\(what), which no class of the app can assemble\(unread.text ?? hint(name, names))", module: name,
                            at: transition.fact.location, certainty: .literal, ceiling: unread.ceiling,
                            identity: ["transition", name, transition.fromModule ?? "-"])
        }
        for route in app.routes where app.module(named: route.component) == nil && !ComponentURL(route.url).isHTTP {
            let unread = unreadImport(app, route.component)
            findings.report(rule, "URL \(route.url) is registered for component \(route.component), which no class of the app can assemble"
                            + (unread.text ?? hint(route.component, names)),
                            module: route.component, at: route.location, certainty: .literal, ceiling: unread.ceiling, identity: ["route", route.path])
        }
        virtualComponentsOfUnsharedGenes(app, findings)
        // Pops to a name: popping to a component that does not exist pops nothing.
        for transition in app.transitions where transition.fact.kind == .pop {
            guard let name = transition.toModule, app.module(named: name) == nil else { continue }
            findings.report(rule, "pop to component \(name), which no class of the app can assemble", module: name,
                            at: transition.fact.location, certainty: .literal, identity: ["pop", name])
        }
    }

    /// A virtual component whose gene's routing is assembled by a macro that names the module after the runtime class
    /// (`XF_AutoAssemblyModule_Fast`, `_ShareDM`, `…FromIB`): the framework makes the virtual routing class as a subclass
    /// of the gene's (XFModuleReflect.m:16-36), whose inherited `+assembleRouting` assembles the module of that class
    /// (`AllPost`, XFVIPERModuleAssembly.m:46) and looks up `<prefix>AllPostActivity` and `…Presenter` (:64-68): without
    /// them it asserts and returns nil (:105-108) or makes no component. Only the share-shell macros
    /// (`XF_AutoAssemblyModuleForShareShell_Fast`, `XF_AutoAssemblyModuleFromShareModuleName`) build it from the gene.
    static func virtualComponentsOfUnsharedGenes(_ app: ScannedApp, _ findings: StaticFindings) {
        let needsActivity: Set<String> = ["XF_AutoAssemblyModule", "XF_AutoAssemblyModule_Fast", "XF_AutoAssemblyModule_ShareDM"]
        let byName = needsActivity.union(["XF_AutoAssemblyModuleFromIB", "XF_AutoAssemblyModuleFromIB_ShareDM"])
        let known = Set(app.facts.classes.map(\.name))
        var superclasses: [String: String] = [:]
        for declaration in app.facts.classes {
            if let superclass = declaration.superclass, superclasses[declaration.name] == nil { superclasses[declaration.name] = superclass }
        }
        let assemblyByClass = Dictionary(app.facts.assemblies.map { ($0.className, $0) }, uniquingKeysWith: { first, _ in first })
        for module in app.modules where module.derived && module.pattern == .viper {
            guard let geneName = module.gene, let gene = app.module(named: geneName),
                  let routing = gene.classes.first(where: { $0.layer == .routing && !$0.injected }), routing.name.hasSuffix(geneName + "Routing") else { continue }
            // The gene routing's `+assembleRouting`: its own macro's, else the nearest superclass's.
            var current: String? = routing.name
            var seen: Set<String> = []
            var assembly: ScanFacts.Assembly?
            while let name = current, seen.insert(name).inserted, assembly == nil {
                assembly = assemblyByClass[name]
                current = superclasses[name]
            }
            guard let assembly, byName.contains(assembly.macro) else { continue }
            let prefix = String(routing.name.dropLast(geneName.count + "Routing".count))
            let missing = [TraceEvent.Layer.activity, .presenter]
                .filter { $0 == .presenter || needsActivity.contains(assembly.macro) }
                .map { prefix + module.name + $0.suffix }
                .filter { !known.contains($0) }
            guard !missing.isEmpty else { continue }
            for transition in app.transitions where transition.toModule == module.name && transition.fact.kind != .pop {
                findings.report(rule, "\(module.name) is a virtual component of the gene \(geneName), but \(routing.name) is assembled by \(assembly.macro), "
                                + "which assembles the module of the runtime class \(prefix)\(module.name)Routing and looks up "
                                + missing.joined(separator: " and ") + ": no scanned class has \(missing.count == 1 ? "that name" : "those names"), so the assembly asserts and no component is made; "
                                + "assemble the gene as a shared shell (XF_AutoAssemblyModuleForShareShell_Fast on a subclass of XFRouting)",
                                module: module.name, at: transition.fact.location, certainty: .literal,
                                evidence: [(assembly.location, "\(routing.name)'s \(assembly.macro)")],
                                identity: ["unshared-gene", module.name, transition.fromModule ?? "-"])
            }
        }
    }
}
