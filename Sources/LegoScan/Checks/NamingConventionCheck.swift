import LegoAnalysis
import LegoModel

/// `naming-convention` from source: what the framework would name differently than the author intended — a class
/// whose prefix is not the app's (it keeps its prefix in the module name), and a prefix inferred wrongly from the
/// first routing class (`XFURLRouting` gives `XFURL`).
enum NamingConventionCheck: StaticCheck {
    static let rule = RuleDescription.namingConvention

    static func run(_ app: ScannedApp, _ findings: StaticFindings) {
        urlsGivenAsNames(app, findings)
        let known = Set(app.facts.classes.map(\.name))
        unassembledLayers(app, known, findings)
        navigationClasses(app, known, findings)
        guard !app.prefixes.isEmpty else { return }
        let named = namesInUse(app)
        // A class is a component only once a name or URL looks it up, or an assembly macro makes it one
        // (XFControllerHandler.m:16-20, XFControllerFactory.m:16-27): a vendored view controller or an app's base routing
        // that nothing opens is named by nothing.
        func inUse(_ module: ScannedApp.Module, intended: String? = nil) -> Bool {
            module.assembly != nil || module.export != nil || named.contains(module.name) || intended.map(named.contains) == true
        }
        if case .inferred(let className, let site) = app.prefixSource, let prefix = app.prefixes.first {
            // A class with no prefix at all (its second letter lower-case, `SettingViewController`) is found through the
            // empty prefix and named without one (`yizzuide/XFLegoVIPER@c95d757:XFLegoVIPER/Core/LEGOAbsModule/Recognizer/
            // XFModuleReflect.m:111-114, 131-134`): named as its author means, whatever prefix is set.
            let others = app.modules.flatMap { module in module.classes.filter { !$0.injected && inUse(module, intended: intendedName(module, $0)) } }
                .filter { !$0.name.hasPrefix(prefix) && !Self.hasNoPrefix($0.name) }
            if let other = others.first {
                let rest = others.count == 1 ? "does" : "and \(others.count - 1) other class\(others.count == 2 ? "" : "es") do"
                findings.report(rule, "the class prefix is inferred as \(prefix) from \(className) (the framework's +load rule), but \(other.name) "
                                + "\(rest) not start with it; set it with setClassPrefix:",
                                module: nil, at: site, certainty: .literal, evidence: [(other.location, "\(other.name) declared here")],
                                identity: ["inferred-prefix", prefix])
            }
        }
        runtimeNames(app, findings)
        prefixRepeated(app, findings)
        for module in app.modules {
            for member in module.classes where !member.injected && !app.prefixes.contains(where: { member.name.hasPrefix($0) }) {
                // `RWViewController` (module RW) has no name left after its own prefix: nothing is named otherwise.
                guard let intended = intendedName(module, member), inUse(module, intended: intended) else { continue }
                findings.report(rule, "\(member.name) does not start with the app prefix \(app.prefixes.joined(separator: "/")), so the framework names its module "
                                + "\(module.name), not \(intended); URLs and events for \(intended) do not reach it",
                                module: module.name, at: member.location, certainty: .literal, identity: ["foreign-prefix", member.name])
            }
        }
    }

    /// A routing assembled automatically whose Activity or Presenter class the framework cannot find by name: it looks
    /// up `<prefix><Name>Activity` and `<prefix><Name>Presenter` with the routing's own prefix
    /// (`XFLegoVIPER/Extension/Modules/VIPER/VIPERModule/Manager/XFVIPERModuleAssembly.m:69-71, 87`). With no Activity
    /// the assembly asserts and returns nil (`:105-108`); with no Presenter the routing is never added and no component
    /// is made (`:181-188, 218-229`), so every open of the module asserts.
    private static func unassembledLayers(_ app: ScannedApp, _ known: Set<String>, _ findings: StaticFindings) {
        let needsActivity: Set<String> = ["XF_AutoAssemblyModule_Fast", "XF_AutoAssemblyModule_ShareDM"]
        let needsPresenter = needsActivity.union(["XF_AutoAssemblyModuleFromIB", "XF_AutoAssemblyModuleFromIB_ShareDM"])
        var superclasses: [String: String] = [:]
        for declaration in app.facts.classes {
            if let superclass = declaration.superclass, superclasses[declaration.name] == nil { superclasses[declaration.name] = superclass }
        }
        let assemblyByClass = Dictionary(app.facts.assemblies.map { ($0.className, $0) }, uniquingKeysWith: { first, _ in first })
        // A routing's `+assembleRouting`: its own macro's, else the nearest superclass's (a class method is inherited).
        func assembly(of routing: String) -> (assembly: ScanFacts.Assembly, from: String)? {
            var current: String? = routing
            var seen: Set<String> = []
            while let name = current, seen.insert(name).inserted {
                if let found = assemblyByClass[name] { return (found, name) }
                current = superclasses[name]
            }
            return nil
        }
        // Routings other modules' routings descend from: a base class that may carry the macro for them only.
        var baseRoutings: Set<String> = []
        for module in app.modules {
            guard let routing = module.classes.first(where: { $0.layer == .routing }) else { continue }
            var current = superclasses[routing.name]
            var seen: Set<String> = [routing.name]
            while let name = current, seen.insert(name).inserted {
                baseRoutings.insert(name)
                current = superclasses[name]
            }
        }
        let lookedUp = namesLookedUp(app)
        for module in app.modules where module.pattern == .viper {
            guard let routing = module.classes.first(where: { $0.layer == .routing }), routing.name.hasSuffix(module.name + "Routing"),
                  let (assembly, carrier) = assembly(of: routing.name), needsPresenter.contains(assembly.macro) else { continue }
            // A base routing nothing looks up by its own name is never assembled as itself: its macro assembles each
            // subclass by the subclass's runtime name (XFVIPERModuleAssembly.m:46).
            if baseRoutings.contains(routing.name), !lookedUp.contains(module.name) { continue }
            let prefix = String(routing.name.dropLast(module.name.count + "Routing".count))
            let inherited = carrier != routing.name
            for layer in [TraceEvent.Layer.activity, .presenter] where layer == .presenter || needsActivity.contains(assembly.macro) {
                let expected = prefix + module.name + layer.suffix
                guard !known.contains(expected) else { continue }
                // The nearest spelling the app has (`NSWDetailActivity`, `NWSDetailPresentor`), to point at the typo.
                let near = Suggestion.closest(to: expected, among: known.sorted())
                let consequence = layer == .activity ? "the assembly asserts and returns no routing" : "no presenter is made, so the routing is never added and no component is"
                let assembled = inherited ? "inherits \(assembly.macro) from \(carrier)" : "is assembled by \(assembly.macro)"
                var evidence = [(routing.location, "\(routing.name) declared here")]
                if inherited { evidence.append((assembly.location, "\(carrier)'s \(assembly.macro)")) }
                findings.report(rule, "\(routing.name) \(assembled), which looks up the class \(expected): no scanned class has that "
                                + "name, so \(consequence), and every open of \(module.name) asserts" + (near.map { " (is \($0) meant?)" } ?? ""),
                                module: module.name, at: inherited ? routing.location : assembly.location, certainty: .literal,
                                evidence: evidence, identity: ["unassembled", module.name, layer.rawValue])
            }
        }
    }

    /// A URL whose `nav=X` or `navC=Class` names a navigation controller class the app does not have: the framework
    /// makes it with `NSClassFromString` (`XFLegoVIPER/Extension/Modules/MVC/Controller/Manager/XFControllerFactory.m:29-41`),
    /// nil for a missing class, and then sets no navigator (`XFLegoVIPER/Core/Component/Bus/XFUIBus.m:323-338`): the
    /// screen shows without a navigation controller, and pushes from it do nothing. `nav=UI` is UIKit's own. A prefix
    /// that is not the app's may name a pod's class: then a note.
    private static func navigationClasses(_ app: ScannedApp, _ known: Set<String>, _ findings: StaticFindings) {
        var reported: Set<String> = []
        for transition in app.transitions {
            guard let url = transition.url else { continue }
            // The framework keeps only items that split into two on `=` (XFURLParse.m:40), and reads `navC` only without
            // `nav` (XFUIBus.m:328-331).
            let items = ComponentURL(url).query.filter { !$0.value.isEmpty && !$0.value.contains("=") }
            let nav = items.first { $0.key == "nav" }
            for item in items {
                let className: String
                switch item.key {
                case "nav" where item.value != "UI": className = item.value + "NavigationController"
                case "navC" where nav == nil: className = item.value
                default: continue
                }
                guard !className.hasPrefix("UI"), !known.contains(className), reported.insert(className).inserted else { continue }
                let own = item.key == "nav" && app.prefixes.contains(item.value)
                findings.report(rule, "\(url) asks for the navigation controller \(className) (\(item.key)=\(item.value)), which no scanned class is: "
                                + "the framework makes none, so the screen opens without a navigation controller and pushes from it do nothing",
                                module: transition.toModule, at: transition.fact.location, certainty: .literal, ceiling: own ? nil : .note,
                                identity: ["navigation-class", className])
            }
        }
    }

    /// A routing whose name holds its prefix again (`TVLiveTVRouting` with prefix `TV`): the framework names the module
    /// by the text after the prefix's last occurrence, cut before `Routing`
    /// (`XFLegoVIPER/Extension/Modules/VIPER/VIPERModule/Recognizer/XFVIPERModuleReflect.m:18-29`), `""` here, so the
    /// assembly finds no Activity or Presenter and asserts, and URLs and events for `LiveTV` reach nothing.
    private static func prefixRepeated(_ app: ScannedApp, _ findings: StaticFindings) {
        for module in app.modules where module.pattern == .viper && module.assembly != nil {
            // The framework splits on its one class prefix (a list of several never sets it, XFLegoConfig.m:119-127).
            guard let routing = module.classes.first(where: { $0.layer == .routing }),
                  let prefix = app.runtimePrefix?.prefix ?? (app.prefixes.count == 1 ? app.prefixes.first : nil),
                  !prefix.isEmpty, routing.name.hasPrefix(prefix),
                  routing.name.dropFirst(prefix.count).contains(prefix) else { continue }
            let afterLast = routing.name.components(separatedBy: prefix).last ?? ""
            let named = afterLast.components(separatedBy: "Routing").first ?? ""
            guard named != module.name else { continue }
            let consequence = named.isEmpty
                ? "an empty name, so its assembly finds no Activity or Presenter and asserts"
                : "\(named), so URLs, events and pops for \(module.name) do not reach it"
            findings.report(rule, "\(routing.name) holds the prefix \(prefix) again: the framework names its module by the text after the last "
                            + "\(prefix) and before Routing, \(consequence); rename it without the second \(prefix)",
                            module: module.name, at: routing.location, certainty: .literal, identity: ["prefix-repeated", routing.name])
        }
    }

    /// The name `member`'s author meant for `module`: the module's name without the class's own prefix (`LGSetting` →
    /// `Setting`); nil when the class has no prefix of its own or nothing is left after it.
    private static func intendedName(_ module: ScannedApp.Module, _ member: ScannedApp.ModuleClass) -> String? {
        guard let own = Naming.inferPrefix(fromRoutingClass: member.name), module.name.hasPrefix(own), module.name.count > own.count else { return nil }
        return String(module.name.dropFirst(own.count))
    }

    /// The component names the app's code looks up or sends to: registered URLs' components, both ends of transitions,
    /// events' receivers and senders.
    private static func namesInUse(_ app: ScannedApp) -> Set<String> {
        var names = Set(app.routes.map(\.component) + app.facts.httpHandlers.compactMap(\.component.literal))
        for transition in app.transitions {
            if let to = transition.toModule { names.insert(to) }
            if let from = transition.fromModule { names.insert(from) }
        }
        for event in app.events {
            if let from = event.fromModule { names.insert(from) }
            names.formUnion(event.fact.components.compactMap(\.literal))
        }
        return names
    }

    /// The component names the app's code looks up: registered URLs' components, transitions' targets, events'
    /// receivers and the HTTP handler (not the modules whose code sends or opens, which may be a base class's code).
    private static func namesLookedUp(_ app: ScannedApp) -> Set<String> {
        var names = Set(app.routes.map(\.component) + app.facts.httpHandlers.compactMap(\.component.literal))
        names.formUnion(app.transitions.compactMap(\.toModule))
        for event in app.events { names.formUnion(event.fact.components.compactMap(\.literal)) }
        return names
    }

    /// Whether the framework takes `className` for a class without a prefix: its second letter is lower-case.
    static func hasNoPrefix(_ className: String) -> Bool {
        let letters = Array(className.utf8.prefix(2))
        return letters.count == 2 && letters[1] >= UInt8(ascii: "a") && letters[1] <= UInt8(ascii: "z")
    }

    /// A URL given to a component-name API (`XF_PUSH_Component_Fast(@"rac://Home/Set")`, iT-Boyer/RACPlayground) that
    /// a gene rule still builds: the framework makes a virtual component of that URL-shaped name from the gene
    /// (XFModuleReflect's `createDynamicSubModuleClassFromName`), so the screen opens, but events, pops and the
    /// registries know it by the URL, not by the gene's name. (A URL no gene builds is `unknown-component`.)
    private static func urlsGivenAsNames(_ app: ScannedApp, _ findings: StaticFindings) {
        for transition in app.transitions {
            guard case .name = transition.fact.target, let name = transition.toModule, name.contains("://"),
                  let module = app.module(named: name), module.derived, let gene = module.gene else { continue }
            findings.report(rule, "\(name) is a URL given to a component-name API (\(transition.fact.via)); the framework builds a virtual "
                            + "component named \(name) from the gene \(gene), so events, pops and the registries know it by that name: "
                            + "use the URL form", module: name, at: transition.fact.location, certainty: .literal, ceiling: .warning,
                            identity: ["url-as-name", name, transition.fromModule ?? "-"])
        }
    }

    /// A module whose class is found through the prefix list under one name while the framework names the live
    /// component with its single `classPrefix`, so the registries, events and pops see another name
    /// (XFControllerReflect.m:20-30, LEMVVMModuleReflect.m:20-30: the class name minus `classPrefix`, whole when it
    /// does not contain it).
    private static func runtimeNames(_ app: ScannedApp, _ findings: StaticFindings) {
        guard let runtime = app.runtimePrefix, app.prefixes.count > 1 else { return }
        for module in app.modules where !module.derived {
            let layer = ScannedApp.componentLayer(of: module.pattern)
            // An injected class is named after the routing (XFVIPERModuleReflect.m:18-29), not after itself.
            let own = module.classes.filter { !$0.injected }
            guard let member = own.first(where: { $0.layer == layer }) ?? own.first,
                  !member.name.hasPrefix(runtime.prefix), app.prefixes.contains(where: { member.name.hasPrefix($0) }),
                  let live = Naming.split(className: member.name, prefix: runtime.prefix)?.name, live != module.name else { continue }
            let why = runtime.inferredFrom.map { "inferred at +load from \($0), before setClassPrefixList: runs at launch; a list of more than one entry never sets it" }
                ?? "set here"
            let route = app.routes.first { $0.component == module.name }
            var evidence = [(runtime.location, "class prefix \(runtime.prefix): \(why)")]
            if let route { evidence.append((route.location, "\(route.url) opens \(module.name)")) }
            findings.report(rule, "\(member.name) is found for \(module.name) through the prefix list, but the framework names the live component "
                            + "\(live) (its class prefix is \(runtime.prefix), \(why)); events and pops to \(module.name) and the registries miss it",
                            module: module.name, at: member.location, certainty: .literal, evidence: evidence, identity: ["runtime-name", module.name, live])
        }
    }
}
