import LegoModel
import QFMoudleRuntime

/// A QFMoudle app as its source declares it: the router and its naming rule, protocols, the classes named after
/// them, and every open — resolved into the runtime's own `QFApp`, so the scan judges key-value coding and
/// conformance with the model `record` runs.
public struct QFScannedApp: Sendable {
    /// Where the naming rule comes from.
    public enum RuleSource: Sendable, Hashable {
        /// Read from the router's `NSClassFromString(…)` at this place.
        case read(SourceLocation)
        /// The router computes the class name in a way the scan cannot read; QFMoudle's rule is assumed.
        case dynamic(expression: String, at: SourceLocation)
        /// No router method builds a class name: QFMoudle's own rule (the protocol's name).
        case assumed
        /// The router walks every class for the first that adopts the protocol (`objc_copyClassList` and
        /// `class_conformsToProtocol` in its methods, the first at this place): no name is involved.
        case conformance(SourceLocation)
        /// A router class was found, but none of its methods builds a class name or walks the classes: how it
        /// resolves a protocol is not known, and QFMoudle's rule is assumed.
        case unread

        /// Whether the rule was read from the router's source.
        var isRead: Bool { if case .read = self { true } else { false } }
    }

    /// The router class (the first class declaring `interfaceForProtocol:`) and its naming rule.
    public struct Router: Sendable, Hashable {
        /// The class, when one is declared.
        public var className: String?
        /// Where it is declared.
        public var location: SourceLocation?
        /// `implName(P) = prefix + P + suffix`.
        public var prefix: String
        /// See `prefix`.
        public var suffix: String
        /// Where the rule comes from.
        public var source: RuleSource
        /// The macros and constants of other files the rule's prefix or suffix names, where each is defined.
        public var constants: [QFFacts.StringConstant] = []
        /// What the router's `interfaceForURL:` does, when its body was scanned; nil: QFMoudle's is assumed.
        public var urlRule: QFFacts.URLRule?
        /// The router's class and its subclasses, when scanned: a call sent to another class is not the router's.
        public var family: Set<String> = []


        /// The part of a URL that names the protocol: the scheme unless the router's body says otherwise.
        public var urlPart: QFFacts.URLRule.Part { urlRule?.part ?? .scheme }
        /// Whether query items are set on the module as QFMoudle sets them (assumed when the body was not scanned).
        public var setsQueryOnModule: Bool { urlRule?.setsQueryOnModule ?? true }
    }

    /// One property a class declares, and whether a category declares it (no ivar backs it).
    public struct DeclaredProperty: Sendable, Hashable {
        /// The property.
        public var property: QFFacts.Property
        /// Whether a category declares it.
        public var category: Bool
    }

    /// A class merged over its `@interface`, `@implementation`, extensions and categories.
    public struct Class: Sendable, Hashable {
        /// The name.
        public var name: String
        /// The superclass, when some declaration names it.
        public var superclass: String?
        /// The protocols it adopts, in declaration order.
        public var adopts: [String]
        /// Its properties: own, extension and category ones.
        public var declaredProperties: [DeclaredProperty]
        /// Selectors it declares or implements.
        public var methods: Set<String>
        /// `@synthesize`d names.
        public var synthesized: Set<String>
        /// Instance variable names.
        public var ivars: [String]
        /// View-controller getters: getter → the class it allocates.
        public var controllers: [String: String]
        /// Getters that keep the controller they make and hand it the module.
        public var cachedControllers: [QFFacts.CachedController] = []
        /// The first declaration.
        public var location: SourceLocation
        /// Whether its primary `@interface` was read (not only its `@implementation`, an extension or a category): without
        /// it, its superclass, protocols and header properties are unknown.
        public var interfaceRead = false
        /// Whether it is a Swift class named by `@objc(Name)`: its protocols are those its declaration lists (an extension
        /// elsewhere may add more), its properties are not read.
        public var isSwift = false
    }

    /// What the scan did not read of a class's ancestry: what the class seems to lack may be declared there.
    public enum Unread: Sendable, Hashable {
        /// A superclass the scan read no declaration of.
        case superclass(String)
        /// The primary `@interface` of a class whose other declarations were read (its header was not scanned).
        case interface(String)
        /// A Swift class, whose properties and extensions are not read.
        case swiftClass(String)
    }

    /// One protocol a module is built for: the class the naming rule names, and whether it exists and adopts it.
    public struct Module: Sendable, Hashable {
        /// The protocol.
        public var protocolName: String
        /// `implName(protocol)`.
        public var className: String
        /// Whether a class of that name is declared.
        public var classFound: Bool
        /// Whether it (or a superclass) adopts the protocol; nil without a class, or when it adopts none of what was read
        /// but a superclass or an `@interface` of its ancestry was not read.
        public var adopts: Bool?
        /// The protocol's declaration.
        public var location: SourceLocation
    }

    /// One open as the app resolves it.
    public struct Open: Sendable, Hashable {
        /// The call as read.
        public var fact: QFFacts.Open
        /// The protocol it opens when the scan knows it (the URL's scheme for a URL).
        public var protocolName: String?
        /// The URL's parts, for a URL whose scheme and keys are known.
        public var url: QFURL?
        /// Whether the URL's values are computed at run time (a `stringWithFormat:` with `%@`).
        public var valuesDynamic: Bool
        /// The module (protocol) whose code makes the call, when the scan can tell.
        public var fromModule: String?

        /// Whether what it opens is computed at run time.
        public var isDynamic: Bool { protocolName == nil }
    }

    /// Everything read.
    public let facts: QFFacts
    /// The router and its naming rule.
    public let router: Router
    /// Protocols by declaration order, each once.
    public let protocols: [QFFacts.ProtocolDecl]
    /// The same protocols by name.
    private let protocolsByName: [String: QFFacts.ProtocolDecl]
    /// Which classes adopt each protocol, for a router resolving by conformance (empty otherwise).
    private let adoption: Adoption

    /// The classes adopting each protocol, in declaration order.
    private struct Adoption: Sendable {
        /// Adopting it or a protocol that extends it (`class_conformsToProtocol` follows protocols' own bases).
        var all: [String: [String]] = [:]
        /// The first class adopting it itself: a module's class does; a base protocol's only through the modules'.
        var direct: [String: String] = [:]
    }
    /// Classes by name.
    public let classes: [String: Class]
    /// Protocols that are modules: resolved, opened, or with a class of the rule's name.
    public let modules: [Module]
    /// Opens outside the router, in file order; those in comments or `#if 0` have `fact.reachable` false.
    public let opens: [Open]
    /// The app as the runtime models it (protocols, module classes and their superclasses).
    public let model: QFApp

    /// The open as the router sees it: Swift imports an Objective-C protocol that shares its name with an Objective-C
    /// class (QFMoudle's whole naming rule: `@protocol MoudleHome` and `@interface MoudleHome`) as `MoudleHomeProtocol`,
    /// as it does `NSObjectProtocol`, so Swift's `interface(for: MoudleHomeProtocol.self)` passes the protocol
    /// `MoudleHome`.
    static func importedProtocol(_ fact: QFFacts.Open, protocolNames: Set<String>, classes: [String: Class],
                                 swiftProtocols: [String: String]) -> QFFacts.Open {
        guard fact.isSwift, case .protocolName(.literal(let name, let chain)) = fact.target else { return fact }
        // A Swift `@objc(Name)` protocol is `Name` to the runtime.
        if let runtimeName = swiftProtocols[name], runtimeName != name {
            var open = fact
            open.target = .protocolName(.literal(runtimeName, chain: chain))
            return open
        }
        guard name.hasSuffix("Protocol"), !protocolNames.contains(name) else { return fact }
        let base = String(name.dropLast("Protocol".count))
        guard protocolNames.contains(base), let owner = classes[base], !owner.isSwift else { return fact }
        var open = fact
        open.target = .protocolName(.literal(base, chain: chain))
        return open
    }

    /// Resolves `facts`.
    public init(facts: QFFacts) {
        self.facts = facts
        var classes: [String: Class] = [:]
        for declaration in facts.classes {
            // Taken out while merged, so its sets are unique and grow in place rather than being copied.
            var merged = classes.removeValue(forKey: declaration.name) ?? Class(
                name: declaration.name, superclass: nil, adopts: [], declaredProperties: [], methods: [], synthesized: [], ivars: [],
                controllers: [:], location: declaration.location)
            if merged.superclass == nil { merged.superclass = declaration.superclass }
            if !declaration.isImplementation && declaration.category == nil { merged.interfaceRead = true }
            if declaration.isSwift { merged.isSwift = true }
            // A Swift class lists the Swift names of its protocols; the runtime knows `@objc(Name)` protocols by `Name`.
            for written in declaration.adopts {
                let name = declaration.isSwift ? facts.swiftProtocols[written] ?? written : written
                if !merged.adopts.contains(name) { merged.adopts.append(name) }
            }
            let inCategory = declaration.category.map { !$0.isEmpty } ?? false
            for property in declaration.properties where !merged.declaredProperties.contains(where: { $0.property.name == property.name }) {
                merged.declaredProperties.append(DeclaredProperty(property: property, category: inCategory))
            }
            merged.methods.formUnion(declaration.methods)
            merged.synthesized.formUnion(declaration.synthesized)
            merged.ivars += declaration.ivars
            merged.controllers.merge(declaration.controllers) { first, _ in first }
            merged.cachedControllers += declaration.cachedControllers
            classes[declaration.name] = merged
        }
        self.classes = classes
        var seenProtocols: Set<String> = []
        protocols = facts.protocols.filter { seenProtocols.insert($0.name).inserted }
        protocolsByName = Dictionary(protocols.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        router = Self.router(facts: facts, classes: classes)
        if case .conformance = router.source {
            adoption = Self.adoption(classes: classes, protocols: protocolsByName)
        } else {
            adoption = Adoption()
        }
        let routerClasses = Set(classes.values.filter(Self.isRouter).map(\.name))
        let protocolNames = Set(protocols.map(\.name))
        let router = self.router
        let controllerOwners = Dictionary(classes.values.flatMap { owner in owner.controllers.values.map { ($0, owner.name) } },
                                          uniquingKeysWith: { first, _ in first })
        // Calls of a wrapper macro are opens of what the macro wraps.
        let wrapped = facts.macroCalls.compactMap { call -> QFFacts.Open? in
            guard let kind = facts.wrappers[call.name], let target = call.targets[kind] else { return nil }
            var open = call.open
            open.target = target
            return open
        }
        let all = wrapped.isEmpty ? facts.opens : facts.opens + wrapped
        // Files are read in path order: the opens usually are in order already, and sorting copies every one.
        let inOrder = all.indices.dropFirst().allSatisfy { !(all[$0].location < all[$0 - 1].location) } ? all : all.sorted { $0.location < $1.location }
        var resolver = Resolver(router: router, protocolNames: protocolNames, classes: classes, controllerOwners: controllerOwners)
        var opens: [Open] = []
        opens.reserveCapacity(inOrder.count)
        // The router's own calls pass on what they were given (`[self interfaceForProtocol:objc_getProtocol(…)]`); a
        // literal in its code (a category's `cartModule` opening `Cart://…`, a web branch's `@protocol(Web)`) is an open.
        func isLiteral(_ target: QFFacts.Open.Target) -> Bool {
            switch target {
            case .protocolName(.literal), .url(.literal), .url(.format): true
            default: false
            }
        }
        for fact in inOrder where fact.fromClass.map({ !routerClasses.contains($0) }) ?? true || isLiteral(fact.target) {
            opens.append(resolver.resolve(Self.importedProtocol(fact, protocolNames: protocolNames, classes: classes,
                                                                swiftProtocols: facts.swiftProtocols)))
        }
        self.opens = opens
        var moduleNames: Set<String> = []
        // A base protocol (QFMoudleProtocol) is adopted only through the modules' protocols: a router walking the
        // classes makes no module of it.
        let direct = adoption.direct
        func implementation(_ protocolName: String) -> String? {
            let named = router.prefix + protocolName + router.suffix
            return classes[named] != nil ? named : direct[protocolName]
        }
        for spec in protocols where implementation(spec.name) != nil { moduleNames.insert(spec.name) }
        for open in opens where open.fact.reachable {
            if let name = open.protocolName, protocolNames.contains(name) { moduleNames.insert(name) }
        }
        model = Self.model(protocols: protocols, classes: classes, router: router, facts: facts)
        let runtime = QFMoudleRuntime(app: model, sink: nil)
        let modelClasses = Dictionary(model.classes.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        modules = protocols.filter { moduleNames.contains($0.name) }.map { spec in
            let className = implementation(spec.name) ?? router.prefix + spec.name + router.suffix
            let found = modelClasses[className]
            return Module(protocolName: spec.name, className: className, classFound: found != nil,
                          adopts: found.flatMap { found -> Bool? in
                              runtime.adopts(found, spec.name) ? true : Self.lineage(of: className, in: classes).unread == nil ? false : nil
                          },
                          location: spec.location)
        }
    }

    /// Whether `candidate` declares the lookup by protocol (copies that dropped or renamed `interfaceForURL:` are routers).
    static func isRouter(_ candidate: Class) -> Bool {
        candidate.methods.contains("interfaceForProtocol:")
    }

    /// The class a call's receiver is the shared instance of (`[AppServiceLocator shared]`, Swift's
    /// `Locator.shared` or `Locator.shared()`) when it is none of the router's classes and answers
    /// `interfaceForProtocol:` itself (or was not scanned); nil for the router's, for any other expression
    /// (`self.router`, `[AppContext shared].router`, a macro) and when the router was not scanned.
    func otherClass(receiving receiver: String) -> String? {
        guard router.className != nil else { return nil }
        let text = receiver.filter { !$0.isWhitespace || $0 == " " }.trimmingCharacters(in: .whitespaces)
        func word(_ part: Substring) -> Bool { !part.isEmpty && part.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } }
        var name: Substring
        if text.hasPrefix("["), text.hasSuffix("]") {
            // `[Name selector]` exactly.
            let parts = text.dropFirst().dropLast().split(separator: " ", omittingEmptySubsequences: true)
            guard parts.count == 2, word(parts[0]), word(parts[1]) else { return nil }
            name = parts[0]
        } else {
            // `Name.member` or `Name.member()` exactly.
            var body = Substring(text)
            if body.hasSuffix("()") { body = body.dropLast(2) }
            let parts = body.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count == 2, word(parts[0]), word(parts[1]) else { return nil }
            name = parts[0]
        }
        // A scanned class that answers no interfaceForProtocol: itself hands out the router (`[AppContext router]`).
        guard let first = name.first, first.isUppercase, !router.family.contains(String(name)),
              classes[String(name)].map(Self.isRouter) ?? true else { return nil }
        return String(name)
    }

    /// The classes the router resolves `protocolName` to: by the naming rule, the one class of its name (if declared);
    /// by conformance, every scanned class adopting it, itself or through a protocol that extends it.
    func implementations(of protocolName: String) -> [String] {
        let name = router.prefix + protocolName + router.suffix
        let named = classes[name] == nil ? [] : [name]
        guard case .conformance = router.source else { return named }
        // A router that walks the classes may first try the name (a cache, a table): either class may answer.
        return named + (adoption.all[protocolName] ?? []).filter { $0 != name }
    }

    private static func adoption(classes: [String: Class], protocols: [String: QFFacts.ProtocolDecl]) -> Adoption {
        var result = Adoption()
        for candidate in classes.values.sorted(by: { $0.location < $1.location }) {
            for name in candidate.adopts where result.direct[name] == nil { result.direct[name] = candidate.name }
            var seen: Set<String> = []
            var pending = candidate.adopts
            while let next = pending.popLast() {
                guard seen.insert(next).inserted else { continue }
                result.all[next, default: []].append(candidate.name)
                pending += protocols[next]?.bases ?? []
            }
        }
        return result
    }

    private static func router(facts: QFFacts, classes: [String: Class]) -> Router {
        // A class answering interfaceForProtocol: with no naming rule of its own (a service locator reading a table
        // filled at +load) is not the router when another class names modules by a rule.
        let ruled = Set(facts.namingRules.map(\.className) + facts.dynamicNamings.map(\.className) + facts.conformanceCalls.map(\.className))
        let candidates = classes.values.filter(isRouter)
        let routers = (candidates.contains { ruled.contains($0.name) } ? candidates.filter { ruled.contains($0.name) } : candidates)
            .sorted { $0.location < $1.location }
        var names = Set(routers.map(\.name))
        // A subclass of the router (`XYRouter : QFRouter` overriding `classForProtocol:`) is the router its opens get:
        // `+router` makes the singleton with `[[self alloc] init]` (`QFRouter.m:21`), and `interfaceForProtocol:` asks
        // `[self classForProtocol:]` (`:46`).
        var grew = true
        while grew {
            grew = false
            for candidate in classes.values where !names.contains(candidate.name) {
                if let superclass = candidate.superclass, names.contains(superclass) { names.insert(candidate.name); grew = true }
            }
        }
        // A router whose methods the scan read but could not follow is `.unread`; one only declared (its `.m` in a pod)
        // is QFMoudle's, assumed.
        let implemented = Set(facts.classes.filter(\.isImplementation).map(\.name))
        var result = Router(className: routers.first?.name, location: routers.first?.location, prefix: "", suffix: "",
                            source: names.isDisjoint(with: implemented) ? .assumed : .unread)
        // The router's superclasses share its singleton (`QFRouter.m:14-34` makes one shared instance, whichever class
        // asks first): `[QFRouter router]` is the app's router when the app's is `XYRouter : QFRouter`.
        var family = names
        for name in names {
            var current = classes[name]?.superclass
            while let next = current, family.insert(next).inserted { current = classes[next]?.superclass }
        }
        result.family = family
        result.urlRule = facts.urlRules.first { names.contains($0.className) }
        let walks = facts.conformanceCalls.filter { names.contains($0.className) }
        let conformance = walks.contains { $0.kind == .classList } && walks.contains { $0.kind == .conforms }
            ? walks.first { $0.kind == .classList }?.location : nil
        let rules = facts.namingRules.filter { names.contains($0.className) }
        let chosen = namingRule(rules, opens: facts.opens)
        // A router that tries names in turn (`if (!cls) cls = NSClassFromString(… @"Impl")`, a Swift module's
        // `Target.Name`) finds a module by any of them: no single name is the module's.
        let tries = chosen.map { rule in
            Set(rules.filter { $0.className == rule.className }.map { $0.prefix.map(Self.pieceText).joined() + "|" + $0.suffix.map(Self.pieceText).joined() })
                .count + facts.dynamicNamings.filter { $0.className == rule.className }.count
        } ?? 0
        if let rule = chosen, tries > 1 {
            result.source = .dynamic(expression: "\(tries) names tried in turn by \(rule.className) (NSClassFromString again when the first finds "
                                        + "no class), a class found by any of them being the module", at: rule.location)
        } else if let rule = chosen {
            // A name is resolved only when every definition the app has of it gives the same text (an `#ifdef` may
            // choose between two); otherwise the rule is not known statically.
            let definitions = Dictionary(grouping: facts.stringConstants, by: \.name)
            var used: [QFFacts.StringConstant] = []
            var unresolved: [String] = []
            func text(_ pieces: [QFFacts.NamePiece]) -> String {
                pieces.map { piece in
                    switch piece {
                    case .text(let text): return text
                    case .constant(let name):
                        let found = definitions[name] ?? []
                        guard let first = found.first, found.allSatisfy({ $0.value == first.value }) else {
                            unresolved.append(name)
                            return ""
                        }
                        used.append(first)
                        return first.value
                    }
                }.joined()
            }
            let prefix = text(rule.prefix), suffix = text(rule.suffix)
            if unresolved.isEmpty {
                result.prefix = prefix
                result.suffix = suffix
                result.constants = used
                result.source = .read(rule.location)
            } else {
                let expression = (rule.prefix.map(Self.pieceText) + ["NSStringFromProtocol(…)"] + rule.suffix.map(Self.pieceText)).joined(separator: " + ")
                result.source = .dynamic(expression: expression + " (\(unresolved.joined(separator: ", ")) not defined as one string in the scanned source)",
                                         at: rule.location)
            }
        } else if let first = rules.first {
            // Two router classes name modules two ways, and which one the shared instance is depends on which class's
            // `+router` ran first.
            result.source = .dynamic(expression: "the naming rule of " + Set(rules.map(\.className)).sorted().joined(separator: " or ")
                                        + ", whichever class made the shared router", at: first.location)
        } else if let dynamic = facts.dynamicNamings.first(where: { names.contains($0.className) }) {
            result.source = .dynamic(expression: dynamic.expression, at: dynamic.location)
        }
        // Walking the classes finds a module whatever its name; a class name the scan read decides (a router may walk
        // the classes for something else: registering them at `+load`).
        if let conformance, !result.source.isRead { result.source = .conformance(conformance) }
        return result
    }

    /// The naming rule the app's router follows among `rules` (one per router class that writes one): the only one, or
    /// the rule of the one class every open names as its receiver (`[XYRouter router]`); nil when that is not known.
    private static func namingRule(_ rules: [QFFacts.NamingRule], opens: [QFFacts.Open]) -> QFFacts.NamingRule? {
        guard let first = rules.first else { return nil }
        if rules.allSatisfy({ $0.prefix == first.prefix && $0.suffix == first.suffix }) { return first }
        let ruleClasses = Set(rules.map(\.className))
        var named: Set<String> = []
        for open in opens {
            let words = open.receiver.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init)
            named.formUnion(words.filter(ruleClasses.contains))
        }
        guard named.count == 1, let only = named.first else { return nil }
        return rules.first { $0.className == only }
    }

    /// The part of URL `text` that names the protocol under `part` ("" for a URL without it, as `NSURL` gives nil
    /// and `objc_getProtocol` finds nothing), or nil when the router reads another part.
    static func protocolPart(of text: String, _ part: QFFacts.URLRule.Part) -> String? {
        switch part {
        case .scheme:
            return QFURL.scheme(of: text) ?? ""
        case .host:
            // `scheme://host[:port][/path][?query][#fragment]`; NSURL keeps the host's case.
            let utf8 = text.utf8
            guard let separator = ByteSearch.firstIndex(of: Array("://".utf8), in: Array(utf8)) else { return "" }
            let authority = utf8.dropFirst(separator + 3).prefix { $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }
            let host = authority.split(separator: UInt8(ascii: "@"), omittingEmptySubsequences: false).last ?? authority
            return String(decoding: host.prefix { $0 != UInt8(ascii: ":") }, as: UTF8.self)
        case .other, .none:
            return nil
        }
    }

    /// `@"SI"` or `SUFFIX`, as a piece of a naming rule is written.
    private static func pieceText(_ piece: QFFacts.NamePiece) -> String {
        switch piece {
        case .text(let text): "@\"\(text)\""
        case .constant(let name): name
        }
    }

    /// Resolves opens, each target's text once (a file often holds the same call in every method, commented out or
    /// not) and each calling class's module once in a row.
    private struct Resolver {
        let router: Router
        let protocolNames: Set<String>
        let classes: [String: Class]
        let controllerOwners: [String: String]
        private var resolved: [TargetKey: Resolution] = [:]
        /// The two targets resolved last, looked at before hashing: a file alternates between a few.
        private var recent: (key: TargetKey, value: Resolution)?, older: (key: TargetKey, value: Resolution)?
        private var lastFromClass: (name: String, module: String?)?

        /// What of a target its resolution reads: the text of a literal or format, not where it is written.
        private enum TargetKey: Hashable {
            case protocolName(String), url(String), format(String), unknown

            init(_ target: QFFacts.Open.Target) {
                switch target {
                case .protocolName(.literal(let name, _)): self = .protocolName(name)
                case .url(.literal(let text, _)): self = .url(text)
                case .url(.format(let text, _)): self = .format(text)
                default: self = .unknown
                }
            }
        }

        /// What a target resolves to: `Open`'s fields other than the call and its calling module.
        private struct Resolution {
            var protocolName: String?
            var url: QFURL?
            var valuesDynamic = false
        }

        init(router: Router, protocolNames: Set<String>, classes: [String: Class], controllerOwners: [String: String]) {
            self.router = router
            self.protocolNames = protocolNames
            self.classes = classes
            self.controllerOwners = controllerOwners
        }

        mutating func resolve(_ fact: QFFacts.Open) -> Open {
            let target = resolution(of: TargetKey(fact.target))
            var open = Open(fact: fact, protocolName: target.protocolName, url: target.url, valuesDynamic: target.valuesDynamic, fromModule: nil)
            if let fromClass = fact.fromClass {
                if let lastFromClass, lastFromClass.name == fromClass {
                    open.fromModule = lastFromClass.module
                } else {
                    open.fromModule = module(of: fromClass)
                    lastFromClass = (fromClass, open.fromModule)
                }
            }
            return open
        }

        private mutating func resolution(of key: TargetKey) -> Resolution {
            if key == .unknown { return Resolution() }
            if let recent, recent.key == key { return recent.value }
            if let older, older.key == key {
                swap(&recent, &self.older)
                return older.value
            }
            let value = resolved[key] ?? resolve(key)
            resolved[key] = value
            older = recent
            recent = (key, value)
            return value
        }

        private func resolve(_ key: TargetKey) -> Resolution {
            switch key {
            case .protocolName(let name):
                return Resolution(protocolName: name)
            case .url(let text):
                // A router that finds the protocol by another part than the scheme or host: not judged.
                guard let name = protocolPart(of: text, router.urlPart), !handledByBranch(text) else { return Resolution() }
                return Resolution(protocolName: name, url: QFURL(text))
            case .format(let text):
                let url = QFURL(text)
                // The protocol and keys are known when the `%@` arguments fill values only.
                // `%@://…` is a scheme the arguments give: the text before `://` must hold no `%` (a parse of it would
                // find no scheme and judge an empty protocol name).
                let beforeSeparator = text.utf8.prefix { $0 != UInt8(ascii: ":") }
                guard !beforeSeparator.contains(UInt8(ascii: "%")), !handledByBranch(text),
                      let name = protocolPart(of: text, router.urlPart), !name.isEmpty, !name.utf8.contains(UInt8(ascii: "%")),
                      !url.items.contains(where: { $0.key.utf8.contains(UInt8(ascii: "%")) }) else { return Resolution() }
                return Resolution(protocolName: name, url: url, valuesDynamic: true)
            case .unknown:
                return Resolution()
            }
        }

        /// Whether a branch of the router's `interfaceForURL:` of its own takes the URL `text` (its scheme, or the start of
        /// its text, is a literal an `if` on the scheme compares with): it never reaches the protocol lookup judged here.
        private func handledByBranch(_ text: String) -> Bool {
            guard let handled = router.urlRule?.handledSchemes, !handled.isEmpty else { return false }
            let scheme = QFURL.scheme(of: text)?.lowercased()
            let lowered = text.lowercased()
            return handled.contains { literal in
                let literal = literal.lowercased()
                return literal == scheme || lowered.hasPrefix(literal)
            }
        }

        /// The module whose code `fromClass` is: the protocol the rule names its owner after; else (a router walking
        /// the classes) the first module protocol the owner adopts.
        private func module(of fromClass: String) -> String? {
            let owner = controllerOwners[fromClass] ?? fromClass
            let stem = owner.count >= router.prefix.count + router.suffix.count && owner.hasPrefix(router.prefix) && owner.hasSuffix(router.suffix)
                ? String(owner.dropFirst(router.prefix.count).dropLast(router.suffix.count)) : nil
            if let stem, protocolNames.contains(stem) { return stem }
            if case .conformance = router.source { return classes[owner]?.adopts.first(where: protocolNames.contains) }
            return nil
        }
    }

    /// The runtime's app: every protocol (properties of further declared bases folded in), and the classes that
    /// adopt one or carry a module's name, with their declared superclasses.
    private static func model(protocols: [QFFacts.ProtocolDecl], classes: [String: Class], router: Router, facts: QFFacts) -> QFApp {
        let byName = Dictionary(protocols.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        func chain(_ name: String, _ seen: inout Set<String>) -> [QFFacts.Property] {
            guard seen.insert(name).inserted, let spec = byName[name] else { return [] }
            return spec.bases.flatMap { chain($0, &seen) } + spec.properties
        }
        let specs = protocols.map { spec -> QFProtocolSpec in
            let declaredBases = spec.bases.filter { byName[$0] != nil }
            var seen: Set<String> = [spec.name]
            if let first = declaredBases.first { _ = chain(first, &seen) }
            var extra: [QFFacts.Property] = []
            for base in declaredBases.dropFirst() { extra += chain(base, &seen) }
            return QFProtocolSpec(name: spec.name, base: declaredBases.first,
                                  properties: (spec.properties + extra).map { property(of: $0, category: false, in: nil, facts: facts) })
        }
        var included: [String] = []
        var isIncluded: Set<String> = []
        let moduleClassNames = Set(protocols.map { router.prefix + $0.name + router.suffix })
        for candidate in classes.values.sorted(by: { $0.location < $1.location }) {
            guard moduleClassNames.contains(candidate.name) || candidate.adopts.contains(where: { byName[$0] != nil }) else { continue }
            var current: String? = candidate.name
            while let name = current, !isIncluded.contains(name), let spec = classes[name] {
                included.append(name)
                isIncluded.insert(name)
                current = spec.superclass
            }
        }
        let classSpecs = included.compactMap { classes[$0] }.sorted { $0.location < $1.location }.map { spec -> QFClassSpec in
            var properties = spec.declaredProperties.map { property(of: $0.property, category: $0.category, in: spec, facts: facts) }
            var names = Set(properties.map(\.name))
            // A property `isVip` has the ivar `_isVip`, which the key `vip` finds too (a category's property has none).
            let synthesized = zip(spec.declaredProperties, properties).filter { !$0.0.category && $0.1.hasIvar }.map { "_" + $0.1.name }
            // KVC also finds the methods `set<Key>:` and `_set<Key>:`, and the ivars `_<key>`, `_is<Key>`, `<key>` and
            // `is<Key>` (the guide's "Search Pattern for the Basic Setter"): keys the scan cannot type.
            for selector in spec.methods.sorted() where selector.hasSuffix(":") && selector.filter({ $0 == ":" }).count == 1 {
                let stem = selector.hasPrefix("_set") ? selector.dropFirst(4).dropLast() : selector.hasPrefix("set") ? selector.dropFirst(3).dropLast() : ""
                guard let first = stem.first, first.isUppercase else { continue }
                let key = first.lowercased() + stem.dropFirst()
                if names.insert(key).inserted { properties.append(QFProperty(name: key, type: "id")) }
            }
            // An ivar answers its own name and, as `_is<Key>`/`is<Key>`, the key after `is`. `@synthesize isVip;` (a
            // protocol's property too) makes the ivar `isVip`, `@synthesize isVip = _isVip;` `_isVip`: the key `vip` finds
            // either; the property itself keeps its own type under its own name.
            let ivarKeys = spec.ivars.flatMap { ivar -> [String?] in
                let name = ivar.hasPrefix("_") ? String(ivar.dropFirst()) : ivar
                return [name, Self.keyAfterIs(name)]
            } + (synthesized + spec.synthesized).map { Self.keyAfterIs($0.hasPrefix("_") ? String($0.dropFirst()) : $0) }
            for key in ivarKeys.compactMap({ $0 }) where names.insert(key).inserted {
                properties.append(QFProperty(name: key, type: "id"))
            }
            return QFClassSpec(name: spec.name, superclass: spec.superclass.flatMap { isIncluded.contains($0) ? $0 : nil },
                               adopts: spec.adopts.filter { byName[$0] != nil }, properties: properties, controllers: spec.controllers)
        }
        let lookup: QFRouterSpec.Lookup
        if case .conformance = router.source { lookup = .conformance } else { lookup = .name }
        return QFApp(name: "app", router: QFRouterSpec(className: router.className ?? "QFRouter", implPrefix: router.prefix, implSuffix: router.suffix,
                                                       lookup: lookup),
                     protocols: specs, classes: classSpecs)
    }

    /// `vip` for `isVip`: the key whose ivar search (`_is<Key>`, `is<Key>`) finds an ivar named so; nil for other names.
    static func keyAfterIs(_ name: String) -> String? {
        guard name.hasPrefix("is"), let first = name.dropFirst(2).first, first.isUppercase else { return nil }
        return first.lowercased() + name.dropFirst(3)
    }

    /// The runtime's property for a declared one: scalar typedefs become their type; a readonly property whose getter
    /// the class writes and does not `@synthesize`, or one in a category, has no ivar.
    private static func property(of declared: QFFacts.Property, category: Bool, in owner: Class?, facts: QFFacts) -> QFProperty {
        let type = facts.scalarTypedefs[declared.type] ?? facts.objectTypedefs[declared.type] ?? declared.type
        let ownership = QFProperty.Ownership(rawValue: declared.ownership) ?? .strong
        var hasIvar = true
        if let owner, declared.readonly {
            hasIvar = !category && (owner.synthesized.contains(declared.name) || !owner.methods.contains(declared.name))
        }
        return QFProperty(name: declared.name, type: type, ownership: ownership, readonly: declared.readonly, hasIvar: hasIvar)
    }

    /// The class `name` and its declared superclasses, nearest first; `unread` is the first of its ancestry the scan did
    /// not read (nil when the chain ends at a root class or a UIKit one).
    func lineage(of name: String) -> (classes: [Class], unread: Unread?) {
        Self.lineage(of: name, in: classes)
    }

    private static func lineage(of name: String, in classes: [String: Class]) -> (classes: [Class], unread: Unread?) {
        func isSystem(_ name: String) -> Bool { name.hasPrefix("NS") || name.hasPrefix("UI") }
        var result: [Class] = []
        var current: String? = name
        var seen: Set<String> = []
        while let next = current, seen.insert(next).inserted {
            guard let found = classes[next] else { return (result, isSystem(next) ? nil : .superclass(next)) }
            result.append(found)
            // Only an `@interface` names the superclass: a class read from its `@implementation` alone ends the chain
            // unknown, not at a root class.
            if found.isSwift { return (result, .swiftClass(found.name)) }
            if !found.interfaceRead && !isSystem(found.name) { return (result, .interface(found.name)) }
            current = found.superclass
        }
        return (result, nil)
    }

    /// The protocol `name` and the declared protocols it extends, itself first.
    func protocolChain(_ name: String) -> [String] {
        var result: [String] = []
        var pending = [name]
        while let next = pending.popLast() {
            guard !result.contains(next), let spec = protocolsByName[next] else { continue }
            result.append(next)
            pending += spec.bases
        }
        return result
    }
}
