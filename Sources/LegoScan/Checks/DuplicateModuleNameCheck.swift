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
            for member in module.classes where !member.injected {
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
        // URLs: registering a path again silently overwrites it, unless the two are in two clauses of one `#if` (a debug
        // and a release component for one URL), which are never both compiled.
        var routesByPath: [String: [ScannedApp.Route]] = [:]
        var componentRoutes: [String: [ScannedApp.Route]] = [:]
        // One pair of URLs of one component is one fact, however many `#if` clauses register both.
        var reportedPairs: Set<[String]> = []
        for route in app.routes {
            defer { routesByPath[route.path, default: []].append(route) }
            if let earlier = routesByPath[route.path]?.first(where: { !SourceBranch.exclusive($0.branches, route.branches) }) {
                // The table maps the URL to a name (`URLRouteTable_[url] = componentName`, XFURLRoute.m:59-62): the same
                // component registered again loses nothing, a note for tidying up.
                let same = earlier.component == route.component
                findings.report(rule, same ? "URL \(route.path) is registered twice for component \(route.component); the second registration changes nothing"
                                    : "URL \(route.path) is registered twice; the second registration silently replaces the first",
                                module: route.component, at: route.location, certainty: .literal, ceiling: same ? .note : nil,
                                evidence: [(earlier.location, "first registered here")], identity: ["url", route.path])
                continue
            }
            // A route registered with its query is never opened (unregistered-url says so): it makes no second instance.
            if route.url.contains("?") { continue }
            defer { componentRoutes[route.component, default: []].append(route) }
            if let earlier = componentRoutes[route.component]?.first(where: { !SourceBranch.exclusive($0.branches, route.branches) }),
               earlier.path != route.path, reportedPairs.insert([route.component, earlier.path, route.path]).inserted {
                // A risk only while both are alive at once, which the source cannot promise: a warning.
                findings.report(rule, "URLs \(earlier.path) and \(route.path) both open component \(route.component); if both are open at once, two live instances share one name in the registries",
                                module: route.component, at: route.location, certainty: .literal, ceiling: .warning,
                                evidence: [(earlier.location, "\(earlier.path) registered here")], identity: ["component", route.component, earlier.path, route.path])
            }
        }
        twoStacks(app, findings)
        selfOpens(app, findings)
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

    /// A module that pushes or presents another instance of itself (a detail opening a related detail): two live
    /// instances share one name. The component table keeps the newer under it
    /// (`XFLegoVIPER/Core/Component/Manager/XFComponentManager.m:43-48`) and popping that removes the name for both
    /// (`:57-63`), so events and pops to the name miss the first. A warning: the code may never run twice in a row.
    private static func selfOpens(_ app: ScannedApp, _ findings: StaticFindings) {
        var reported: Set<String> = []
        for transition in app.transitions {
            // A transition a subclass inherits is its superclass's code, opened from that module's screen.
            guard transition.inheritedFrom == nil, let from = transition.fromModule, from == transition.toModule,
                  app.module(named: from) != nil else { continue }
            switch transition.fact.kind {
            case .push, .present, .custom: break
            default: continue
            }
            guard reported.insert(from).inserted else { continue }
            findings.report(rule, "\(from) opens another \(from) over itself (\(transition.fact.via)): two live \(from) share one name, the "
                            + "component table keeps the newer and popping it drops the name for both, so events and pops to \(from) miss the first",
                            module: from, at: transition.fact.location, certainty: .literal, ceiling: .warning, identity: ["self-open", from])
        }
    }

    /// A module that the sub-modules of one parent (tabs, pages) both push or present: when they keep their own
    /// navigation stacks, as tabs do, both stacks hold a live instance and the name-keyed registries keep one. The
    /// source tells tabs by a tab bar parent (a warning); other parents' children may share one stack (a note).
    private static func twoStacks(_ app: ScannedApp, _ findings: StaticFindings) {
        var children: [String: [String]] = [:]
        var opens: [String: [ScannedApp.Transition]] = [:]
        for transition in app.transitions {
            guard let from = transition.fromModule, let to = transition.toModule else { continue }
            switch transition.fact.kind {
            case .sub, .subRouting: if !(children[from] ?? []).contains(to) { children[from, default: []].append(to) }
            case .push, .present, .custom: opens[from, default: []].append(transition)
            default: break
            }
        }
        for (parent, subs) in children.sorted(by: { $0.key < $1.key }) where subs.count > 1 {
            // What each child's stack can hold: everything reachable by push or present from it.
            var holders: [String: [(child: String, transition: ScannedApp.Transition)]] = [:]
            for child in subs {
                var seen: Set<String> = [child]
                var queue = [child]
                while let module = queue.popLast() {
                    for transition in opens[module] ?? [] {
                        guard let target = transition.toModule, seen.insert(target).inserted else { continue }
                        holders[target, default: []].append((child, transition))
                        queue.append(target)
                    }
                }
            }
            for (module, held) in holders.sorted(by: { $0.key < $1.key }) {
                let stacks = Array(Set(held.map(\.child))).sorted()
                guard stacks.count > 1, let first = held.first, let other = held.first(where: { $0.child != first.child }) else { continue }
                // A tab bar's children are tabs, each with its own stack, alive side by side: the risk is real as
                // soon as the user opens it in both (a warning, as for two URLs of one component).
                let tabs = app.module(named: parent)?.isTabBar == true
                findings.report(rule, "\(module) can be opened in the stacks of both \(stacks.joined(separator: " and ")), "
                                + (tabs ? "tabs of \(parent), which keep their own navigation stacks side by side: opened in both, two live \(module) share one name and the registries keep one"
                                    : "sub-modules of \(parent): if they keep their own navigation stacks (tabs), two live \(module) share one name and the registries keep one"),
                                module: module, at: first.transition.fact.location, certainty: .literal, ceiling: tabs ? .warning : .note,
                                evidence: [(other.transition.fact.location, "opened in \(other.child)'s stack here")],
                                identity: ["two-stacks", parent, module])
            }
        }
    }
}
