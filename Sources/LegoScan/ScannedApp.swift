import LegoModel

/// The app as its source shows it: prefix, modules with their pattern, URL table, root, transitions, events and
/// receivers, each with where the code says so. Built from the raw facts of every file by `init(facts:)`.
public struct ScannedApp: Sendable, Hashable {
    /// The component pattern a module follows, in the order the framework's handlers try them.
    public enum Pattern: String, Sendable, Hashable, CaseIterable {
        /// A `<P><Name>Routing` exists (VIPER, including shared-module shells).
        case viper = "VIPER"
        /// A `<P><Name>ViewModel` exists (MVVM, shown by its ViewController).
        case mvvm = "MVVM"
        /// Only a `<P><Name>ViewController` exists (MVC controller component).
        case mvc = "MVC"
    }

    /// Where the class prefix comes from.
    public enum PrefixSource: Sendable, Hashable {
        /// `setClassPrefix:` / `setClassPrefixList:`.
        case explicit(SourceLocation)
        /// Inferred by the framework's `+load` rule from the first VIPER routing class.
        case inferred(className: String, SourceLocation)
        /// Neither: module names keep whatever prefix their classes have.
        case none
    }

    /// One class of a module.
    public struct ModuleClass: Sendable, Hashable {
        /// The class name.
        public var name: String
        /// Its layer.
        public var layer: TraceEvent.Layer
        /// Where it is declared.
        public var location: SourceLocation
        /// Whether the routing's `XF_InjectModuleWith_*` gives it, rather than the naming convention finding it: it keeps
        /// the name of its own module, if any.
        public var injected = false
    }

    /// One module (component).
    public struct Module: Sendable, Hashable {
        /// The module (component) name.
        public var name: String
        /// Its pattern.
        public var pattern: Pattern
        /// Its classes, by layer order.
        public var classes: [ModuleClass]
        /// The assembly macro its routing uses, if any.
        public var assembly: ScanFacts.Assembly?
        /// For a shared-module shell: the module whose layers it reuses.
        public var gene: String?
        /// Whether no class declares it: a virtual component the framework derives from its gene when it is opened.
        public var derived: Bool
        /// Where `XF_EXPORT_COMPONENT` exports it, if it does.
        public var export: SourceLocation?
        /// Where it is declared: its routing, view model or controller class (the opening site for derived ones).
        public var location: SourceLocation
        /// Whether its view is a tab bar: its Activity or ViewController class descends from `UITabBarController`, so
        /// its sub-modules are tabs, each with its own navigation stack.
        public var isTabBar = false
    }

    /// One registered URL.
    public struct Route: Sendable, Hashable {
        /// The URL as written.
        public var url: String
        /// The route key the framework matches: the URL as registered (an open's key is its text before `?`).
        public var path: String
        /// The component it opens: the explicit name, or the one the URL derives.
        public var component: String
        /// Whether the component was named explicitly.
        public var explicitComponent: Bool
        /// How it was registered.
        public var form: ScanFacts.Route.Form
        /// Where.
        public var location: SourceLocation
        /// The `#if` clauses and runtime `if` arms it is written in.
        public var branches: [SourceBranch] = []
    }

    /// One transition with its ends resolved.
    public struct Transition: Sendable, Hashable {
        /// The raw fact.
        public var fact: ScanFacts.Transition
        /// The module whose code makes it (nil for app-level code such as the app delegate).
        public var fromModule: String?
        /// The component it opens, when the target is a literal.
        public var toModule: String?
        /// The URL it opens, when the target is a literal URL.
        public var url: String?
        /// Whether the target is only known at run time.
        public var isDynamic: Bool
        /// The superclass whose code makes it, when the opening module inherits the transition.
        public var inheritedFrom: String?
    }

    /// A transition in code that never runs, with its ends resolved.
    public struct InactiveTransition: Sendable, Hashable {
        /// The transition as it would be.
        public var transition: Transition
        /// Why it never runs.
        public var reason: ScanFacts.InactiveTransition.Reason
    }

    /// One event send with its sender resolved.
    public struct Event: Sendable, Hashable {
        /// The raw fact.
        public var fact: ScanFacts.EventSend
        /// The sending module.
        public var fromModule: String?
        /// The superclass whose code sends it, when the sending module inherits the send.
        public var inheritedFrom: String?
    }

    /// One class that receives events.
    public struct Receiver: Sendable, Hashable {
        /// The class.
        public var className: String
        /// Its module, if the class is a module layer.
        public var module: String?
        /// Event names it compares against or registers for (literal or dynamic).
        public var events: [ScanValue]
        /// Component names it subscribes under (`subscribeEventOnReceiver:withRegisterCompName:`).
        public var subscribedNames: [ScanValue]
        /// Where its handler (or first registration) is.
        public var location: SourceLocation
    }

    /// The prefixes module names are read with, first match wins.
    public var prefixes: [String]
    /// Where they come from.
    public var prefixSource: PrefixSource
    /// The one prefix the framework names a live component with (`classPrefix`), in the framework's order: the
    /// assembly macros' `+load` infers it before launch code runs (XFRouting.h:54-58, XFVIPERModuleReflect.m:105-107),
    /// `setClassPrefix:` replaces it at launch, and `setClassPrefixList:` sets it only when it is unset and the list has
    /// one entry (XFLegoConfig.m:119-126). Nil when none is set.
    public var runtimePrefix: RuntimePrefix?

    /// The framework's `classPrefix` and why it has that value.
    public struct RuntimePrefix: Sendable, Hashable {
        /// The prefix.
        public var prefix: String
        /// Where it is set: `setClassPrefix:`, a one-entry list, or the routing whose `+load` inferred it.
        public var location: SourceLocation
        /// The routing whose `+load` inferred it, when inferred.
        public var inferredFrom: String?
    }
    /// Modules by name order.
    public var modules: [Module]
    /// Registered URLs in registration order.
    public var routes: [Route]
    /// Registrations whose URL is not a literal.
    public var dynamicRoutes: [ScanFacts.Route]
    /// The first root transition (`XF_ShowURLComponent2Window_`, `showComponent:onWindow:`).
    public var root: Transition?
    /// Every transition in file order.
    public var transitions: [Transition]
    /// The component `http…` URLs open, when the code sets one as a literal.
    public var httpHandler: String?
    /// Transitions in code that never runs (comments, `#if 0` blocks): never edges, only notes.
    public var inactiveTransitions: [InactiveTransition]
    /// Every event send.
    public var events: [Event]
    /// Every class that receives events.
    public var receivers: [Receiver]
    /// Prefix settings, assemblies and exports as found (for duplicate and naming checks).
    public var facts: ScanFacts

    /// The module named `name`.
    public func module(named name: String) -> Module? { moduleIndex[name].map { modules[$0] } }

    /// The import of a routing header (`#import <Shop/BDJShopRouting.h>`) naming module `name`, when the scanned source
    /// declares no such class: the module is in code the scan did not read (a pod, a framework).
    func unreadModuleImport(named name: String) -> ScanFacts.ImportedRouting? { unreadModuleImports[name] }

    /// `unreadModuleImport(named:)`'s answers, by module name, found once.
    private var unreadModuleImports: [String: ScanFacts.ImportedRouting] = [:]

    /// The layer whose class is the module's component, the one events reach: the Presenter of a VIPER module,
    /// the ViewModel of an MVVM one, the ViewController of an MVC one.
    public static func componentLayer(of pattern: Pattern) -> TraceEvent.Layer {
        switch pattern {
        case .viper: .presenter
        case .mvvm: .viewModel
        case .mvc: .viewController
        }
    }

    private var moduleIndex: [String: Int]

    /// Resolves the facts of every file of an app.
    public init(facts: ScanFacts) {
        self.facts = facts
        // One declaration per class: its @interface, else its first @implementation.
        var declared: [String: ScanFacts.ClassDeclaration] = [:]
        var classOrder: [String] = []
        for declaration in facts.classes {
            if let existing = declared[declaration.name] {
                if existing.isImplementation, !declaration.isImplementation { declared[declaration.name] = declaration }
            } else {
                declared[declaration.name] = declaration
                classOrder.append(declaration.name)
            }
        }
        let classes = classOrder.compactMap { declared[$0] }
        // Prefix: explicit wins (the last setting in file order), else the framework's +load inference. Settings that
        // disagree come from code that does not all run in one app (another app's launch code, a test helper's stub
        // prefix): the one the app's module classes carry is the app's, the last in file order among equals.
        let settings: [ScanFacts.PrefixSetting] = {
            let literal = facts.prefixSettings.filter { !$0.prefixes.compactMap(\.literal).isEmpty }
            guard Set(literal.map { $0.prefixes.compactMap(\.literal) }).count > 1 else { return facts.prefixSettings }
            func carried(_ setting: ScanFacts.PrefixSetting) -> Int {
                let given = setting.prefixes.compactMap(\.literal).filter { !$0.isEmpty }
                return classes.lazy.filter { declaration in
                    Naming.split(className: declaration.name, prefix: "") != nil && given.contains { declaration.name.hasPrefix($0) }
                }.count
            }
            let scored = literal.map { ($0, carried($0)) }
            let best = scored.map(\.1).max() ?? 0
            return scored.last { $0.1 == best }.map { [$0.0] } ?? facts.prefixSettings
        }()
        var prefixes: [String] = []
        var source = PrefixSource.none
        if let setting = settings.last {
            prefixes = setting.prefixes.compactMap(\.literal)
            source = .explicit(setting.location)
        }
        // Only an assembly macro's `+load` infers it (`inspectModulePrefixFromClass:self`, XFRouting.h:27-31, 41-45,
        // 54-58, 75-79): an app's `BaseRouting : XFRouting` or a `DeepLinkRouting : NSObject` helper never does. Without
        // any macro, the first subclass of a routing class stands for one.
        // A Swift routing's `autoAssemblyModule()` (a selector call in `assemble()`) has no `+load`: only the macros count.
        let assembled = Set(facts.assemblies.filter { $0.macro.hasPrefix("XF_") }.map(\.className))
        let candidates = assembled.isEmpty
            ? classes.filter { $0.name.hasSuffix("Routing") && $0.name != "XFRouting" && $0.superclass?.hasSuffix("Routing") == true }
            : classes.filter { assembled.contains($0.name) && $0.name.hasSuffix("Routing") }
        let inferring = candidates.lazy.compactMap { routing in Naming.inferPrefix(fromRoutingClass: routing.name).map { (routing, $0) } }.first
        if prefixes.isEmpty, let (routing, inferred) = inferring {
            prefixes = [inferred]
            source = .inferred(className: routing.name, routing.location)
        }
        self.prefixes = prefixes
        self.prefixSource = source
        var runtimePrefix: RuntimePrefix?
        // `+load` runs before main: the first auto-assembled routing (file order stands for load order) infers it.
        let autoAssembled = Set(facts.assemblies.filter { $0.macro.hasPrefix("XF_AutoAssemblyModule") }.map(\.className))
        if let routing = classes.first(where: { autoAssembled.contains($0.name) && $0.name.hasSuffix("Routing") }),
           let inferred = Naming.inferPrefix(fromRoutingClass: routing.name) {
            runtimePrefix = RuntimePrefix(prefix: inferred, location: routing.location, inferredFrom: routing.name)
        }
        for setting in settings {
            guard let first = setting.prefixes.first?.literal else { continue }
            if !setting.isList { runtimePrefix = RuntimePrefix(prefix: first, location: setting.location, inferredFrom: nil) }
            else if runtimePrefix == nil, setting.prefixes.count == 1 { runtimePrefix = RuntimePrefix(prefix: first, location: setting.location, inferredFrom: nil) }
        }
        self.runtimePrefix = runtimePrefix

        // Modules from the naming convention, pattern in handler order: VIPER, then MVVM, then MVC.
        var classesByModule: [String: [ModuleClass]] = [:]
        for declaration in classes {
            guard let (name, layer) = Self.split(declaration.name, prefixes: prefixes) else { continue }
            classesByModule[name, default: []].append(ModuleClass(name: declaration.name, layer: layer, location: declaration.location))
        }
        let assemblyByClass = Dictionary(facts.assemblies.map { ($0.className, $0) }, uniquingKeysWith: { first, _ in first })
        let exportByClass = Dictionary(facts.exports.map { ($0.className, $0.location) }, uniquingKeysWith: { first, _ in first })
        var modules: [Module] = []
        for (name, classes) in classesByModule {
            let layers = Set(classes.map(\.layer))
            let pattern: Pattern
            let anchor: ModuleClass?
            if layers.contains(.routing) {
                pattern = .viper; anchor = classes.first { $0.layer == .routing }
            } else if layers.contains(.viewModel) {
                pattern = .mvvm; anchor = classes.first { $0.layer == .viewModel }
            } else if layers.contains(.viewController) {
                pattern = .mvc; anchor = classes.first { $0.layer == .viewController }
            } else {
                continue
            }
            guard let anchor else { continue }
            let assembly = assemblyByClass[anchor.name]
            var members = classes
            // `XF_InjectModuleWith_*` builds the module from the classes it is given (XFRouting.h:27-48), not from
            // those named after it: an injected Presenter is the component, named after the routing.
            if let assembly, assembly.isInjection {
                let given: [(TraceEvent.Layer, String?)] = [(.activity, assembly.injectedActivity), (.presenter, assembly.injectedPresenter)]
                for case let (layer, className?) in given {
                    members.removeAll { $0.layer == layer }
                    members.append(ModuleClass(name: className, layer: layer, location: declared[className]?.location ?? assembly.location, injected: true))
                }
            }
            let sorted = members.sorted { Self.layerOrder($0.layer) < Self.layerOrder($1.layer) }
            let export = classes.lazy.compactMap { exportByClass[$0.name] }.first
            var gene = assembly?.shareModule?.literal
            // `XF_AutoAssemblyModuleForShareShell_Fast` shares the module of the routing's superclass. On a routing
            // derived from the framework's XFRouting itself there is no module to share: the module is the shell
            // its virtual components (`AllPost` of `Post`) take as their gene (XFVIPERModuleAssembly.m:107).
            if assembly?.macro == "XF_AutoAssemblyModuleForShareShell_Fast", let superclass = declared[anchor.name]?.superclass,
               declared[superclass] != nil {
                gene = Self.split(superclass, prefixes: prefixes)?.name
            }
            var module = Module(name: name, pattern: pattern, classes: sorted, assembly: assembly, gene: gene,
                                derived: false, export: export, location: anchor.location)
            module.isTabBar = sorted.contains { member in
                guard member.layer == .activity || member.layer == .viewController else { return false }
                var ancestor = declared[member.name]?.superclass
                var seen: Set<String> = [member.name]
                while let superclass = ancestor, seen.insert(superclass).inserted {
                    if superclass == "UITabBarController" { return true }
                    ancestor = declared[superclass]?.superclass
                }
                return false
            }
            modules.append(module)
        }
        modules.sort { $0.name < $1.name }
        var index = Dictionary(modules.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })

        // Routes: the component a URL derives, or the name given.
        var routes: [Route] = []
        var dynamicRoutes: [ScanFacts.Route] = []
        for route in facts.routes {
            guard let urls = route.url.values else { dynamicRoutes.append(route); continue }
            let explicit = route.component?.literal
            for url in urls {
                let component = explicit ?? Naming.componentName(forURL: url) ?? url
                // The table's key is the registered string whole (`URLRouteTable_[url] = componentName`, XFURLRoute.m:61); an
                // open looks up the text before `?` (`:77-78`), so a registration with a query is never found.
                routes.append(Route(url: url, path: url, component: component, explicitComponent: explicit != nil,
                                    form: route.form, location: route.location, branches: route.branches))
            }
        }
        let componentByPath = Dictionary(routes.map { ($0.path, $0.component) }, uniquingKeysWith: { _, last in last })

        // `http…` URLs open the HTTP handler component (XFURLRoute `setHTTPHandlerComponent:`), the last one set.
        let httpHandler = facts.httpHandlers.last?.component.literal
        self.httpHandler = httpHandler

        // Transitions: who opens what. A class's module and a URL's target are asked for once each: an app repeats
        // them in every transition it writes (and a file of commented-out code in every method).
        var moduleOfClass: [String: String?] = [:]
        var targetOfURL: [String: String?] = [:]
        // Code of a class that is no module's (a category of a UIKit class, a helper) is app-level code: nil.
        func owningModule(_ name: String) -> String? {
            if let known = moduleOfClass[name] { return known }
            let module = (Self.split(name, prefixes: prefixes)?.name).flatMap { index[$0] == nil ? nil : $0 }
            moduleOfClass[name] = module
            return module
        }
        // Each resolved transition is handed to `each`, not returned in an array: a file of commented-out code made an
        // array per transition, then another to join them.
        func resolve(_ fact: ScanFacts.Transition, _ each: (Transition) -> Void) {
            let fromModule = fact.fromClass.flatMap(owningModule)
            // A target resolved to several values (a loop over an array literal) is one transition per value.
            let value: ScanValue
            switch fact.target {
            case .url(let target), .name(let target), .routingClass(let target): value = target
            case .none: return each(Transition(fact: fact, fromModule: fromModule, toModule: nil, url: nil, isDynamic: false))
            }
            guard let texts = value.values else { return each(Transition(fact: fact, fromModule: fromModule, toModule: nil, url: nil, isDynamic: true)) }
            for text in texts {
                switch fact.target {
                case .url:
                    let toModule: String?
                    if let known = targetOfURL[text] {
                        toModule = known
                    } else {
                        let parts = ComponentURL(text)
                        toModule = parts.isHTTP ? httpHandler : componentByPath[parts.path] ?? parts.modules.last
                        targetOfURL[text] = toModule
                    }
                    each(Transition(fact: fact, fromModule: fromModule, toModule: toModule, url: text, isDynamic: false))
                case .name:
                    each(Transition(fact: fact, fromModule: fromModule, toModule: text, url: nil, isDynamic: false))
                case .routingClass, .none:
                    each(Transition(fact: fact, fromModule: fromModule, toModule: Self.split(text, prefixes: prefixes)?.name, url: nil, isDynamic: false))
                }
            }
        }
        // A transition in a routing method nothing calls never runs: a note like one in a comment, not an edge.
        let neverCalledByFile = Dictionary(grouping: facts.neverCalled, by: \.location.file)
        func isInNeverCalledMethod(_ fact: ScanFacts.Transition) -> Bool {
            neverCalledByFile[fact.location.file]?.contains { body in
                body.location.line <= fact.location.line && fact.location.line <= body.lastLine && fact.fromClass == body.className
            } ?? false
        }
        let (neverRun, run) = facts.transitions.reduce(into: ([ScanFacts.Transition](), [ScanFacts.Transition]())) { split, fact in
            if isInNeverCalledMethod(fact) { split.0.append(fact) } else { split.1.append(fact) }
        }
        var transitions: [Transition] = []
        transitions.reserveCapacity(run.count)
        for fact in run { resolve(fact) { transitions.append($0) } }
        var inactiveTransitions: [InactiveTransition] = []
        inactiveTransitions.reserveCapacity(facts.inactiveTransitions.count + neverRun.count)
        for inactive in facts.inactiveTransitions {
            resolve(inactive.transition) { inactiveTransitions.append(InactiveTransition(transition: $0, reason: inactive.reason)) }
        }
        for fact in neverRun { resolve(fact) { inactiveTransitions.append(InactiveTransition(transition: $0, reason: .neverCalled)) } }
        self.inactiveTransitions = inactiveTransitions

        // Inheritance: a module class that subclasses another module's class runs its code, so its transitions and
        // event sends are the subclass's module's too. A value the inherited code takes from `[self method]` is the
        // subclass's own when it implements the method again (BDJNewActivity's `moduleNames` overrides Essence's).
        var inheritors: [String: [(module: String, subclass: String)]] = [:]
        for declaration in classes {
            guard let module = Self.split(declaration.name, prefixes: prefixes)?.name, index[module] != nil else { continue }
            var ancestor = declared[declaration.name]?.superclass
            var seen: Set<String> = [declaration.name]
            while let superclass = ancestor, seen.insert(superclass).inserted {
                if let superModule = Self.split(superclass, prefixes: prefixes)?.name, superModule != module, index[superModule] != nil {
                    inheritors[superclass, default: []].append((module, declaration.name))
                }
                ancestor = declared[superclass]?.superclass
            }
        }
        let methodsByClass = Dictionary(grouping: facts.methods, by: \.className)
        // The override of `method` that `subclass` runs instead of `superclass`'s: the nearest class below it that implements it.
        func override(of method: ScanFacts.Method, in subclass: String) -> ScanFacts.Method? {
            var current: String? = subclass
            var seen: Set<String> = []
            while let name = current, name != method.className, seen.insert(name).inserted {
                if let found = methodsByClass[name]?.first(where: { $0.selector == method.selector }) { return found }
                current = declared[name]?.superclass
            }
            return nil
        }
        // Whether `module` runs a call of the routing method that holds `transition`, written in `fromClass`. It does
        // not when every place the method's name is written lies in a method of a superclass of the module's classes
        // that the module overrides without calling super (BDJNewPresenter's `initCommand` replaces
        // BDJEssencePresenter's, which alone sends `transition2RecommendTag`), or in another module's own class that
        // the module does not inherit, or in an inherited method that, in turn, the module never runs: BDJPostPresenter's
        // row action sends `transition2PostComment`, and BDJPostCommentPresenter inherits it, but only BDJPostActivity
        // (Post's view, not PostComment's) calls it. Any doubt keeps the edge: a call site outside a method body, in
        // shared code or in the module's own classes, a method the framework or UIKit may call without naming it.
        let bodiesByFile = Dictionary(grouping: facts.methodBodies, by: \.location.file)
        let bodiesByClass = Dictionary(grouping: facts.methodBodies, by: \.className)
        func body(around site: SourceLocation, in className: String? = nil) -> ScanFacts.MethodBody? {
            bodiesByFile[site.file]?.first { ($0.className == className || className == nil) && $0.location.line <= site.line && site.line <= $0.lastLine }
        }
        // How the classes `members` inherit `method`: nil when none descends from its class, false when each that does
        // overrides it without calling super, true when one runs it.
        func inheritance(of method: ScanFacts.MethodBody, by members: [String]) -> Bool? {
            var inherits = false
            for member in members {
                var current: String? = member
                var replaced = false
                var seen: Set<String> = []
                while let name = current, seen.insert(name).inserted {
                    if name == method.className {
                        inherits = true
                        if !replaced { return true }
                        break
                    }
                    if bodiesByClass[name]?.contains(where: { $0.name == method.name && !$0.callsSuper }) == true { replaced = true }
                    current = declared[name]?.superclass
                }
            }
            return inherits ? false : nil
        }
        let bodiesByName = Dictionary(grouping: facts.methodBodies, by: \.name)
        func descends(_ name: String, from ancestor: String) -> Bool {
            var current: String? = name
            var seen: Set<String> = []
            while let next = current, seen.insert(next).inserted {
                if next == ancestor { return true }
                current = declared[next]?.superclass
            }
            return false
        }
        // A method a class outside its own line implements too (`loadView`, a protocol's method) may be sent by UIKit or
        // the framework without its name being written: the places its name is written are not all its callers.
        func isImplementedElsewhere(_ method: ScanFacts.MethodBody) -> Bool {
            (bodiesByName[method.name] ?? []).contains {
                !descends($0.className, from: method.className) && !descends(method.className, from: $0.className)
            }
        }
        var runsMemo: [String: Bool] = [:]
        func runs(_ method: ScanFacts.MethodBody, module: String, members: [String], depth: Int) -> Bool {
            let key = "\(depth) \(module) \(method.className) \(method.name)"
            if let known = runsMemo[key] { return known }
            let answer = computeRuns(method, module: module, members: members, depth: depth)
            runsMemo[key] = answer
            return answer
        }
        func computeRuns(_ method: ScanFacts.MethodBody, module: String, members: [String], depth: Int) -> Bool {
            // The routing method (depth 0) is only ever called by name; a method it is called from may not be.
            if depth > 0, NeverCalledMethods.mayBeCalledUnnamed(method.name) || isImplementedElsewhere(method) { return true }
            guard let uses = facts.inheritedMethodUses[method.name], !uses.isEmpty else { return true }
            for use in uses {
                guard let caller = body(around: use) else { return true }
                switch inheritance(of: caller, by: members) {
                case nil:
                    // Past the routing method, a call written in another module's own class is that module's.
                    guard depth > 0, let owner = owningModule(caller.className), owner != module else { return true }
                case true?:
                    if depth >= 3 || runs(caller, module: module, members: members, depth: depth + 1) { return true }
                case false?:
                    continue
                }
            }
            return false
        }
        func runsCall(of transition: Transition, fromClass: String, module: String) -> Bool {
            guard let holder = body(around: transition.fact.location, in: fromClass),
                  let members = index[module].map({ modules[$0].classes.map(\.name) }) else { return true }
            // A module class that implements the method again without calling super replaces it: the routing object is
            // an instance of the module's own class (XFVIPERModuleAssembly.m:46), so the inherited body never runs.
            if inheritance(of: holder, by: members) == false { return false }
            return runs(holder, module: module, members: members, depth: 0)
        }
        var inherited: [Transition] = []
        var overridden: Set<String> = []
        for transition in transitions {
            guard let fromClass = transition.fact.fromClass else { continue }
            for heir in inheritors[fromClass] ?? [] where runsCall(of: transition, fromClass: fromClass, module: heir.module) {
                var copy = transition
                copy.fromModule = heir.module
                copy.inheritedFrom = fromClass
                let chain: [SourceLocation]
                switch transition.fact.target {
                case .url(.resolved(_, let links)), .name(.resolved(_, let links)), .routingClass(.resolved(_, let links)): chain = links
                default: chain = []
                }
                if let method = methodsByClass[fromClass]?.first(where: { $0.returnLocation.map(chain.contains) == true }),
                   let replacement = override(of: method, in: heir.subclass) {
                    // One set of copies per call site, with the override's values (or none known).
                    guard overridden.insert("\(transition.fact.location) \(transition.fact.via) \(heir.subclass)").inserted else { continue }
                    guard let values = replacement.returnedArray else {
                        copy.toModule = nil; copy.url = nil; copy.isDynamic = true
                        inherited.append(copy)
                        continue
                    }
                    for value in values {
                        var each = copy
                        switch transition.fact.target {
                        case .url:
                            each.url = value
                            each.toModule = componentByPath[ComponentURL(value).path] ?? Naming.componentName(forURL: value)
                        case .name: each.toModule = value
                        case .routingClass: each.toModule = Self.split(value, prefixes: prefixes)?.name
                        case .none: break
                        }
                        inherited.append(each)
                    }
                    continue
                }
                inherited.append(copy)
            }
        }
        transitions += inherited

        // A name no class declares is a virtual component when one of its gene candidates names a module: the
        // framework builds a Routing, a ViewModel or a ViewController class from a gene alike
        // (`createDynamicSubModuleClassFromName`, XFModuleReflect.m); a name an event is sent to counts as well.
        // `XF_SendEventForComponent_` took the component first in 2.x and last since 3.2.0: the reading whose component
        // names a declared module or a registered URL's component is the app's version.
        let knownComponents = Set(index.keys).union(routes.map(\.component))
        var sends = facts.events
        for position in sends.indices {
            guard let earlier = sends[position].earlierReading else { continue }
            func names(_ components: [ScanValue]) -> Bool { components.contains { $0.values?.contains(where: knownComponents.contains) == true } }
            let currentKnown = names(sends[position].components), earlierKnown = names(earlier.components)
            if earlierKnown && !currentKnown {
                sends[position].event = earlier.event
                sends[position].components = earlier.components
            } else if currentKnown == earlierKnown {
                let either = (sends[position].components + earlier.components).map { $0.literal ?? $0.expression }.joined(separator: " or ")
                sends[position].components = [.dynamic(expression: either + " (the argument order changed in XFLegoVIPER 3.2.0)")]
            }
            sends[position].earlierReading = nil
        }
        self.facts.events = sends
        let eventTargets = sends.flatMap(\.components).flatMap { $0.values ?? [] }
        let opened = Set(transitions.compactMap(\.toModule) + routes.map(\.component) + eventTargets)
        // Gene candidates longer than every module name cannot name one (a huge literal stays linear).
        let longest = modules.map(\.name.count).max() ?? 0
        for name in opened.sorted() where index[name] == nil {
            guard let gene = Self.gene(of: name, longest: longest,
                                       among: { index[$0].map { (modules[$0].gene == nil || modules[$0].gene == modules[$0].name) && !modules[$0].derived } ?? false }),
                  let genePattern = index[gene].map({ modules[$0].pattern }) else { continue }
            let site = transitions.first { $0.toModule == name }?.fact.location ?? routes.first { $0.component == name }?.location
                ?? sends.first { $0.components.contains { $0.values?.contains(name) == true } }?.location
            guard let site else { continue }
            index[name] = modules.count
            modules.append(Module(name: name, pattern: genePattern, classes: [], assembly: nil, gene: gene, derived: true, export: nil, location: site))
        }

        self.modules = modules
        self.moduleIndex = index
        let declaredNames = Set(facts.classes.map(\.name))
        // A module's class in a vendored file (a business pod under `Pods/`, opened by URL with no header imported) is
        // linked into the app as much as an imported one.
        // Only names with the app's prefix (or, with none, any): a pod's own `LoginViewController` is not the app's `Login`.
        let vendoredPrefixes = prefixes.filter { !$0.isEmpty }
        let componentSuffixes = [TraceEvent.Layer.routing, .viewModel, .viewController].map(\.suffix)
        let vendored = facts.vendoredSources.names.lazy.filter { name in
            !declaredNames.contains(name) && componentSuffixes.contains { name.hasSuffix($0) }
                && (vendoredPrefixes.isEmpty || vendoredPrefixes.contains { name.hasPrefix($0) })
        }.sorted().compactMap { name in
            facts.vendoredSources.file(declaring: name).map {
                ScanFacts.ImportedRouting(className: name, location: SourceLocation(file: $0, line: 1), isVendoredFile: true)
            }
        }
        for imported in facts.importedRoutings.filter({ !declaredNames.contains($0.className) }) + vendored {
            for prefix in (imported.isVendoredFile && !vendoredPrefixes.isEmpty ? vendoredPrefixes : prefixes + [""]) {
                guard let split = Naming.split(className: imported.className, prefix: prefix), unreadModuleImports[split.name] == nil else { continue }
                // A vendored file counts when it is named as a component class the framework looks up.
                if imported.isVendoredFile, ![.routing, .viewModel, .viewController].contains(split.layer) { continue }
                unreadModuleImports[split.name] = imported
            }
        }
        self.routes = routes
        self.dynamicRoutes = dynamicRoutes
        self.transitions = transitions
        self.root = transitions.first { $0.fact.kind == .root }
        var events = sends.map { Event(fact: $0, fromModule: $0.fromClass.flatMap { Self.split($0, prefixes: prefixes)?.name }) }
        for event in events {
            guard let fromClass = event.fact.fromClass else { continue }
            for heir in inheritors[fromClass] ?? [] { events.append(Event(fact: event.fact, fromModule: heir.module, inheritedFrom: fromClass)) }
        }
        self.events = events

        var receivers: [String: Receiver] = [:]
        var order: [String] = []
        // The events each receiver lists, as a set: a handler comparing against thousands of names was quadratic.
        var listed: [String: Set<ScanValue>] = [:]
        for receipt in facts.receipts {
            if receivers[receipt.className] == nil {
                order.append(receipt.className)
                receivers[receipt.className] = Receiver(className: receipt.className, module: Self.split(receipt.className, prefixes: prefixes)?.name,
                                                        events: [], subscribedNames: [], location: receipt.location)
            }
            if receipt.kind == .subscription, let name = receipt.event {
                receivers[receipt.className]?.subscribedNames.append(name)
            } else if let event = receipt.event, listed[receipt.className, default: []].insert(event).inserted {
                receivers[receipt.className]?.events.append(event)
            }
        }
        self.receivers = order.compactMap { receivers[$0] }
    }

    /// The module name and layer of a class: the first prefix it starts with is dropped; a class with none of the
    /// prefixes keeps its own in the name, as the framework does (`LGSettingViewModel` with prefix `XF` → `LGSetting`).
    public static func split(_ className: String, prefixes: [String]) -> (name: String, layer: TraceEvent.Layer)? {
        let prefix = prefixes.first { className.hasPrefix($0) && className.count > $0.count } ?? prefixes.first ?? ""
        return Naming.split(className: className, prefix: prefix)
    }

    /// The gene of a virtual component name: its shortest capitalised suffix that names a module (`NewAllPost` → `Post`).
    ///
    /// The one place scan applies the rule (the runtime's resolver takes the longest suffix instead; see the report).
    /// Only suffixes up to `longest` characters (the longest module name) are tried: no longer one can name a module.
    public static func gene(of name: String, longest: Int = .max, among isModule: (String) -> Bool) -> String? {
        Naming.geneCandidates(of: name, longest: longest).lazy.map(String.init).first(where: isModule)
    }

    private static func layerOrder(_ layer: TraceEvent.Layer) -> Int {
        TraceEvent.Layer.allCases.firstIndex(of: layer) ?? 0
    }
}
