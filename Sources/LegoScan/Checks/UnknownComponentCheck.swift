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
        // Pops to a name: popping to a component that does not exist pops nothing.
        for transition in app.transitions where transition.fact.kind == .pop {
            guard let name = transition.toModule, app.module(named: name) == nil else { continue }
            findings.report(rule, "pop to component \(name), which no class of the app can assemble", module: name,
                            at: transition.fact.location, certainty: .literal, identity: ["pop", name])
        }
    }
}
