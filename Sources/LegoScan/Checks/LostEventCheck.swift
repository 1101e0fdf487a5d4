import LegoAnalysis
import LegoModel

/// `lost-event` from source: an event sent to a component name that does not exist, or to a module none of whose
/// classes handles events, or whose handler compares only against other event names.
enum LostEventCheck: StaticCheck {
    static let rule = RuleDescription.lostEvent

    static func run(_ app: ScannedApp, _ findings: StaticFindings) {
        inheritedSends(app, findings)
        arraysAmongVariadicNames(app, findings)
        let subscribed = Set(app.receivers.flatMap(\.subscribedNames).compactMap(\.literal))
        var superclasses: [String: String] = [:]
        for declaration in app.facts.classes {
            if let superclass = declaration.superclass, superclasses[declaration.name] == nil { superclasses[declaration.name] = superclass }
        }
        let declaredClasses = Set(app.facts.classes.map(\.name))
        let names = app.modules.map(\.name) + subscribed
        for event in app.events where event.fact.scope == .directed {
            let certainty: Finding.Certainty = event.fact.event.literal == nil ? .dynamic : .literal
            let eventName = event.fact.event.literal ?? event.fact.event.expression
            for target in event.fact.components {
                guard let name = target.literal else { continue }
                // A receiver subscribed under the name takes the event as it is (its handler sees every name).
                if subscribed.contains(name) { continue }
                guard let module = app.module(named: name) else {
                    let unread = UnknownComponentCheck.unreadImport(app, name)
                    findings.report(rule, "event \(eventName) is sent to component \(name), which does not exist\(unread.text ?? ""); the framework drops it "
                                    + "silently" + (unread.text == nil ? UnknownComponentCheck.hint(name, names) : ""),
                                    module: name, at: event.fact.location, certainty: certainty, ceiling: unread.ceiling,
                                    identity: ["no-component", eventName, name])
                    continue
                }
                // Events reach the component object only (a VIPER module's Presenter), not its other layers.
                let layer = ScannedApp.componentLayer(of: module.pattern)
                // A shared-module shell runs its gene's layers.
                let owner = module.gene.flatMap(app.module(named:)) ?? module
                let component = owner.classes.first { $0.layer == layer }?.name
                // Delivery asks `respondsToSelector:` (`XFComponentManager.m:135-136`): a handler a superclass implements
                // (an app's base presenter) answers too. A superclass the scan did not read may implement one.
                var lineage: [String] = []
                // An injected class the scan did not read (`XF_InjectModuleWith_Act`) may implement one.
                var reachesUnread = component.map { !declaredClasses.contains($0) } ?? false
                var current = component
                while let name = current, !lineage.contains(name), lineage.count < 32 {
                    lineage.append(name)
                    guard let superclass = superclasses[name] else { break }
                    if !declaredClasses.contains(superclass) {
                        reachesUnread = !XFScanner.ownTypes.contains(superclass) && !superclass.hasPrefix("NS") && !superclass.hasPrefix("UI")
                        // A category on the framework's or UIKit's class, or on any above it up to NSObject, answers too.
                        if !reachesUnread { lineage += frameworkLineage(from: superclass) }
                        break
                    }
                    current = superclass
                }
                let handlers = lineage.lazy.map { name in app.receivers.filter { $0.className == name } }.first { !$0.isEmpty } ?? []
                if handlers.isEmpty, reachesUnread { continue }
                if handlers.isEmpty {
                    let other = app.receivers.first { $0.module == name }.map { " (\($0.className) does, but events reach \(component ?? "its \(layer.suffix)") only)" } ?? ""
                    findings.report(rule, "event \(eventName) is sent to \(name), but its component does not implement receiveComponentEventName:intentData:\(other)",
                                    module: name, at: event.fact.location, certainty: certainty, identity: ["no-handler", eventName, name])
                    continue
                }
                // A handler that compares only against literals other than this name ignores it.
                guard let literalName = event.fact.event.literal else { continue }
                let ignoring = handlers.allSatisfy { handler in
                    !handler.events.isEmpty && handler.events.allSatisfy { $0.literal != nil && $0.literal != literalName }
                }
                if ignoring {
                    let handled = handlers.flatMap(\.events).compactMap(\.literal).joined(separator: ", ")
                    findings.report(rule, "event \(literalName) is sent to \(name), whose handler only compares against \(handled)",
                                    module: name, at: event.fact.location, certainty: .literal,
                                    evidence: handlers.map { ($0.location, "\($0.className) handles events here") },
                                    identity: ["ignored", literalName, name])
                }
            }
        }
    }
}

extension LostEventCheck {
    /// An array among the variadic component names of `sendEventName:intentData:,…` (`XF_SendEventForComponents_`): the
    /// framework reads each argument as a name and stops at the first that is not a string (`XFEventBus.m:58-70`), so
    /// no component named in the array, or after it, gets the event. It compiles without a warning.
    static func arraysAmongVariadicNames(_ app: ScannedApp, _ findings: StaticFindings) {
        for event in app.events where event.inheritedFrom == nil {
            guard let array = event.fact.variadicArray else { continue }
            let eventName = event.fact.event.literal ?? event.fact.event.expression
            let before = event.fact.components.map { $0.literal ?? $0.expression }
            let reached = before.isEmpty ? "no component gets it" : "only \(before.joined(separator: ", ")) before it get\(before.count == 1 ? "s" : "") it"
            findings.report(rule, "event \(eventName) is sent with the array \(array) among the variadic component names of \(event.fact.via): the "
                            + "framework stops at the first argument that is not a string, so \(reached); use sendEventName:intentData:forComponents:",
                            module: event.fromModule, at: event.fact.location, certainty: .literal, identity: ["variadic-array", eventName, array])
        }
    }

    /// The superclasses of the framework's and UIKit's classes a component descends from (XFLegoVIPER's headers at
    /// c95d757: `XFPresenter : XFExpressDirver`, `LEViewModel : XFExpressDirver`, `XFActivity : UIViewController`).
    static let frameworkSuperclasses: [String: String] = [
        "XFPresenter": "XFExpressDirver", "LEViewModel": "XFExpressDirver", "XFExpressDirver": "NSObject",
        "XFActivity": "UIViewController", "LEViewController": "UIViewController", "XFComponentViewController": "UIViewController",
        "UIViewController": "UIResponder", "UIResponder": "NSObject",
    ]

    /// `name` and the classes above it up to `NSObject`, a framework or UIKit class the scan did not read: a receiver a
    /// category adds to any of them answers `respondsToSelector:` for every component below it.
    static func frameworkLineage(from name: String) -> [String] {
        var lineage: [String] = []
        var current: String? = name
        while let next = current, !lineage.contains(next) {
            lineage.append(next)
            // UIKit's controllers (`UITableViewController`, `UITabBarController` …) descend from UIViewController.
            current = frameworkSuperclasses[next] ?? (next.hasPrefix("UI") && next.hasSuffix("Controller") ? "UIViewController" : nil)
        }
        if lineage.last != "NSObject" { lineage.append("NSObject") }
        return lineage
    }

    /// A send a subclass inherits from another module's class, to a sub-module of that module that the subclass's
    /// module never creates (BDJNewPresenter inherits BDJEssencePresenter's send to `AllPost` while New's pages are
    /// `NewAllPost`, …): a directed event reaches only the component table's holder of the name (XFEventBus, see
    /// docs xflego-runtime "Events"), so it goes to the superclass module's sub-module when that is alive, is dropped
    /// silently when it is not, and never reaches the subclass's own.
    static func inheritedSends(_ app: ScannedApp, _ findings: StaticFindings) {
        var ownChildren: [String: Set<String>] = [:]
        var allChildren: [String: Set<String>] = [:]
        var computedChildren: Set<String> = []
        for transition in app.transitions where transition.fact.kind == .sub || transition.fact.kind == .subRouting {
            guard let from = transition.fromModule else { continue }
            guard let to = transition.toModule else { computedChildren.insert(from); continue }
            allChildren[from, default: []].insert(to)
            if transition.inheritedFrom == nil { ownChildren[from, default: []].insert(to) }
        }
        for event in app.events where event.fact.scope == .directed {
            guard let superclass = event.inheritedFrom, let module = event.fromModule,
                  let superModule = ScannedApp.split(superclass, prefixes: app.prefixes)?.name else { continue }
            let theirs = ownChildren[superModule] ?? []
            let mine = allChildren[module] ?? []
            let eventName = event.fact.event.literal ?? event.fact.event.expression
            for target in event.fact.components {
                guard let name = target.literal, theirs.contains(name), !mine.contains(name) else { continue }
                // A sub-module created from a computed name might be this one.
                let certainty: Finding.Certainty = event.fact.event.literal == nil || computedChildren.contains(module) ? .dynamic : .literal
                let own = mine.sorted()
                findings.report(rule, "\(module) inherits from \(superclass) the send of event \(eventName) to \(name), a sub-module of \(superModule) "
                                + "that \(module) never creates" + (own.isEmpty ? "" : " (its own are \(own.joined(separator: ", ")))")
                                + ": the event reaches \(superModule)'s \(name) when it is alive, is dropped silently when it is not, and never reaches \(module)'s",
                                module: module, at: event.fact.location, certainty: certainty,
                                identity: ["inherited-send", eventName, module, name])
            }
        }
    }
}

extension ScanValue {
    /// The expression of a dynamic value, or the literal.
    var expression: String {
        switch self {
        case .literal(let text): text
        case .resolved(let values, _): values.joined(separator: " | ")
        case .dynamic(let expression): expression
        }
    }
}
