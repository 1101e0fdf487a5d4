import LegoAnalysis
import LegoModel
import QFMoudleRuntime

/// The QFMoudle rules a scan can decide from source, through the same rule ids, configuration, allowlists and
/// fingerprints as `check`: each reachable open with a literal target is judged as the router would run it
/// (`QFRouter.m:45-63`), with the runtime's own key-value coding verdicts.
public enum QFStaticAnalyzer {
    /// The findings for `app` under `configuration`, sorted by file, line and rule; `pathPrefix` goes before files.
    public static func analyze(_ app: QFScannedApp, configuration: AnalysisConfiguration = .init(), pathPrefix: String = "",
                               sourceFiles: Int = 0) -> AnalysisResult {
        let findings = StaticFindings(configuration: configuration, pathPrefix: pathPrefix)
        let runtime = QFMoudleRuntime(app: app.model, sink: nil)
        let modelClasses = Dictionary(app.model.classes.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let protocolNames = Set(app.protocols.map(\.name))
        let uncertain = uncertainTypes(app)
        let outside = protocolDeclaredOutside(app, protocolNames)
        var otherReceivers: [String: Int] = [:]
        for open in app.opens where open.fact.reachable {
            guard let protocolName = open.protocolName else { continue }
            // A call to another class's interfaceForProtocol: (a service locator, a pod's) follows that class's rule.
            if let other = app.otherClass(receiving: open.fact.receiver) {
                otherReceivers[other, default: 0] += 1
                continue
            }
            check(open, protocolName: protocolName, app: app, runtime: runtime, classes: modelClasses, protocolNames: protocolNames,
                  outside: outside, uncertain: uncertain, findings: findings)
        }
        references(app, findings)
        controllerCycles(app, findings)
        var limitations: [String] = []
        for (other, count) in otherReceivers.sorted(by: { $0.key < $1.key }) {
            limitations.append("\(count) open\(count == 1 ? " is" : "s are") sent to \(other), not to the router \(app.router.className ?? ""): "
                               + "\(other) finds modules its own way, which is not judged")
        }
        let dynamic = app.opens.filter { $0.fact.reachable && $0.isDynamic }.count
        if dynamic > 0 {
            limitations.append("\(dynamic) open\(dynamic == 1 ? " takes a protocol or URL" : "s take protocols or URLs") computed at run time; "
                + "what they open is not known statically (see --model)")
        }
        switch app.router.source {
        case .dynamic(let expression, _):
            limitations.append("the router names classes with \(expression), which the scan cannot read; QFMoudle's rule (the protocol's name) is assumed")
        case .unread:
            limitations.append("the router's methods neither build a class name nor walk the classes: how it resolves a protocol was not read, "
                               + "and verdicts naming a class assume QFMoudle's rule (the protocol's name)")
        case .conformance:
            let opened = Set(app.opens.filter(\.fact.reachable).compactMap(\.protocolName))
            let ambiguous = opened.filter { app.implementations(of: $0).count > 1 }.count
            if ambiguous > 0 {
                limitations.append("\(ambiguous) protocol\(ambiguous == 1 ? " is" : "s are") adopted by several classes; the router returns whichever "
                                   + "the runtime lists first, so key-value coding on them is not judged")
            }
        case .read, .assumed: break
        }
        if let rule = app.router.urlRule {
            switch rule.part {
            case .scheme, .host: break
            case .other(let expression):
                limitations.append("the router's interfaceForURL: finds the protocol by \(expression), not by the URL's scheme or host; opens by URL are not judged")
            case .none:
                limitations.append("the router's interfaceForURL: calls neither objc_getProtocol nor NSProtocolFromString; opens by URL are not judged")
            }
            if !rule.setsQueryOnModule {
                limitations.append("the router's interfaceForURL: does not set each query item on the module unguarded as QFMoudle does "
                                   + "(it checks respondsToSelector:, sets another object, or sets nothing); key-value coding verdicts are not given")
            }
        }
        return findings.result(framework: .qfMoudle, suppressions: app.facts.suppressions, limitations: limitations, sourceFiles: sourceFiles)
    }

    /// The first literal `@protocol(P)` whose `P` the scanned source does not declare: it compiles only where `P` is
    /// declared, so the app declares protocols in code the scan did not read (a pod, a framework, an excluded folder).
    private static func protocolDeclaredOutside(_ app: QFScannedApp, _ protocolNames: Set<String>) -> (name: String, at: SourceLocation)? {
        // Only Objective-C's `@protocol(P)` compiles nowhere but where `P` is declared in Objective-C: Swift's `P.self` may
        // name a protocol declared in Swift, which the scan does not read.
        // `NSProtocolFromString(@"P")` compiles whatever `P` is: no evidence (a typo is the likelier reading).
        let opened = app.opens.lazy.filter { $0.fact.reachable && $0.url == nil && !$0.fact.isSwift && !$0.fact.protocolByString }
            .compactMap { open -> (String, SourceLocation)? in
            guard case .protocolName(.literal(let name, _)) = open.fact.target else { return nil }
            return (name, open.fact.location)
        }
        let referenced = app.facts.references.lazy.map { ($0.name, $0.location) }
        return (Array(opened) + Array(referenced)).filter { !protocolNames.contains($0.0) }.min { $0.1 < $1.1 }.map { (name: $0.0, at: $0.1) }
    }

    private static func check(_ open: QFScannedApp.Open, protocolName: String, app: QFScannedApp, runtime: QFMoudleRuntime,
                              classes: [String: QFClassSpec], protocolNames: Set<String>, outside: (name: String, at: SourceLocation)?,
                              uncertain: Set<String>, findings: StaticFindings) {
        let site = open.fact.location
        let by = open.url != nil ? "the URL \(urlText(open))" : open.fact.isSwift ? "\(protocolName).self"
            : open.fact.protocolByString ? "NSProtocolFromString(@\"\(protocolName)\")" : "@protocol(\(protocolName))"
        if open.url != nil, !protocolNames.contains(protocolName) {
            // `objc_getProtocol(url.scheme)` (QFRouter.m:51) is exact: no protocol, no class, a nil module. Unless the app
            // declares protocols the scan did not read, where this one may be too.
            let near = protocolNames.first { $0.lowercased() == protocolName.lowercased() }
            let part = app.router.urlPart == .host ? " (its host: this router reads the host)" : ""
            let unread = outside.map { " (unless it is declared outside the scanned source, as @protocol(\($0.name)) at \($0.at.file):\($0.at.line) shows "
                + "some protocols are)" } ?? ""
            findings.report(.qfUnknownScheme, "\(by) names the protocol `\(protocolName)`\(part), which the app does not declare\(unread): "
                            + "interfaceForURL: returns nil" + (near.map { " (protocol names are case-sensitive: did you mean \($0)?)" } ?? ""),
                            module: protocolName, at: site, certainty: .literal, ceiling: outside == nil ? nil : .note, identity: ["scheme", protocolName])
            return
        }
        // `@protocol(P)` compiles only where P is declared: one the scanned source does not declare is in code the scan
        // did not read, with, most likely, its class.
        // A string names a protocol whether or not one exists: undeclared, it is a typo or a pod's protocol the app does not
        // import (a note either way), and no evidence that the app declares protocols elsewhere.
        let elsewhere = !open.fact.protocolByString || outside != nil || protocolNames.isEmpty
        let undeclaredName = !protocolNames.contains(protocolName) && !elsewhere
        let declaredOutside = !protocolNames.contains(protocolName) && elsewhere
        // Every verdict below names the class the rule gives; a rule the scan could not read makes them notes.
        let ruleCeiling = ruleCeiling(app)
        if case .conformance(let walk) = app.router.source {
            // The router walks every class for one adopting the protocol: no name to miss, no class that does not adopt.
            let candidates = app.implementations(of: protocolName)
            guard let className = candidates.first else {
                let unread = declaredOutside ? " (the protocol itself is declared outside it)" : ""
                findings.report(.qfMissingImpl, "\(by) is resolved but no scanned class adopts <\(protocolName)>: the router walks every class "
                                + "for one (\(walk.file):\(walk.line)) and interfaceForProtocol: returns nil without a word, unless a class "
                                + "outside the scanned source adopts it\(unread)",
                                module: protocolName, at: site, certainty: .literal, ceiling: declaredOutside ? .note : .warning,
                                identity: ["resolve", protocolName])
                return
            }
            guard candidates.count == 1, let url = open.url, app.router.setsQueryOnModule else { return }
            kvc(url, open: open, protocolName: protocolName, className: className, lineage: app.lineage(of: className), uncertain: uncertain,
                runtime: runtime, ruleCeiling: ruleCeiling, extensions: app.facts.swiftExtensions, urlRule: app.router.urlRule, findings: findings)
            return
        }
        let className = app.router.prefix + protocolName + app.router.suffix
        guard let spec = classes[className] else {
            if app.classes[className] == nil {
                let declared = declaredOutside ? " in the scanned source (nor is the protocol declared there: both may be in code the scan "
                    + "did not read, a pod or a framework)"
                    : undeclaredName ? " (nor does the scanned source declare a protocol of that name: unless a pod or framework does, "
                        + "NSProtocolFromString returns nil for it"
                        + (Suggestion.closest(to: protocolName, among: protocolNames.sorted()).map { "; did you mean \($0)?" } ?? "") + ")"
                    : ""
                // A Swift class of that name without `@objc(Name)` has a module-qualified runtime name.
                let swift = app.facts.swiftClasses.first { $0.name == className && $0.runtimeName == nil }.map {
                    " (the Swift class \(className) at \($0.location.file):\($0.location.line) is not it: without @objc(\(className)) its "
                        + "runtime name is module-qualified, which NSClassFromString of the bare name does not find)"
                } ?? ""
                // A business pod under `Pods/` is linked into the app, and its files are named after their classes.
                let vendored = app.facts.vendoredSources.file(declaring: className)
                let inPod = vendored.map { " in the scanned source (\($0), a vendored file the scan does not read as the app, declares it: the "
                    + "class is most likely in that pod)" } ?? ""
                findings.report(.qfMissingImpl, "\(by) is resolved but no class \(className) exists\(inPod)\(declared)\(swift): "
                                + "interfaceForProtocol: returns nil without a word\(ruleNote(app))",
                                module: protocolName, at: site, certainty: .literal,
                                ceiling: lowest(declaredOutside || undeclaredName || vendored != nil ? .note : nil, ruleCeiling),
                                identity: ["resolve", protocolName, className])
            }
            return
        }
        let lineage = app.lineage(of: className)
        // Every base of an adopted protocol counts (the runtime's model keeps one base per protocol).
        let adopted = lineage.classes.flatMap(\.adopts).flatMap(app.protocolChain)
        if !runtime.adopts(spec, protocolName), !adopted.contains(protocolName) {
            // A superclass the scan did not read may adopt it.
            let ceiling = lowest(lineage.unread == nil ? nil : .note, ruleCeiling)
            let unread: String
            switch lineage.unread {
            case .superclass(let name): unread = " (unless its superclass \(name), not scanned, adopts it)"
            case .interface(let name) where name == className: unread = " (unless its @interface, not scanned, adopts it)"
            case .interface(let name): unread = " (unless the @interface of its superclass \(name), not scanned, adopts it)"
            case .swiftClass(let name): unread = " (unless an extension of the Swift class \(name), not read, adopts it)"
            case nil: unread = ""
            }
            findings.report(.qfImplNotConforming, "\(by) resolves to \(className), which does not adopt <\(protocolName)>\(unread): "
                            + "the router returns it anyway, and a protocol method it lacks raises unrecognized selector\(ruleNote(app))",
                            module: protocolName, at: site, certainty: .literal, ceiling: ceiling,
                            evidence: app.classes[className].map { [($0.location, "\(className) declared here")] } ?? [],
                            identity: ["conforming", protocolName, className])
        }
        guard let url = open.url, app.router.setsQueryOnModule else { return }
        kvc(url, open: open, protocolName: protocolName, className: className, lineage: lineage, uncertain: uncertain, runtime: runtime,
            ruleCeiling: ruleCeiling, extensions: app.facts.swiftExtensions, urlRule: app.router.urlRule, findings: findings)
    }

    /// The query items in order, as `interfaceForURL:` sets them (QFRouter.m:52-55); the first that raises ends it.
    private static func kvc(_ url: QFURL, open: QFScannedApp.Open, protocolName: String, className: String,
                            lineage: (classes: [QFScannedApp.Class], unread: QFScannedApp.Unread?), uncertain: Set<String>, runtime: QFMoudleRuntime,
                            ruleCeiling: Severity?, extensions: [String: SourceLocation], urlRule: QFFacts.URLRule?, findings: StaticFindings) {
        // A class overriding setValue:forUndefinedKey: (or setNilValueForKey:) decides itself what a bad key does.
        let overrides = Set(lineage.classes.flatMap(\.methods))
        // A class overriding setValue:forKey: itself receives the router's call (QFRouter.m:54) and decides what each key
        // does (mapping `id` to `itemId`, then super): no verdict of KVC's search is sure.
        guard !overrides.contains("setValue:forKey:") else { return }
        let properties = runtime.settableProperties(of: className)
        // A router that wraps each set in `@try { … } @catch`: the key is dropped and the module opens without it.
        let caught = urlRule?.catchesKVCExceptions == true
        let catchText = urlRule.map { " (the router catches it, \($0.location.file):\($0.location.line): the value is lost and the module opens without it)" } ?? ""
        var unread: String
        switch lineage.unread {
        case .superclass(let name): unread = " (its superclass \(name) was not scanned)"
        case .interface(let name): unread = " (the @interface of \(name) was not scanned)"
        case .swiftClass(let name): unread = " (the properties of the Swift class \(name) are not read)"
        case nil: unread = ""
        }
        // A Swift extension with `@objc` members may add the setter a key finds (`@objc var source`): its members are not
        // read, so a key it may answer is only a note.
        let extended = lineage.classes.lazy.compactMap { owner in extensions[owner.name].map { (owner.name, $0) } }.first
        if let (name, site) = extended, lineage.unread == nil {
            unread = " (unless the Swift extension of \(name) at \(site.file):\(site.line), whose @objc members are not read, adds it)"
        }
        for item in url.items {
            // A value a `%@` fills is unknown: judge the key with a number, which every convertible scalar accepts.
            let text = open.valuesDynamic && (item.value?.utf8.contains(UInt8(ascii: "%")) ?? false) ? "0" : item.value
            let verdict = QFKeyValueCoding.verdict(key: item.key, text: text, properties: properties)
            let value = text != item.value ? "a value computed at run time" : item.value.map { "'\($0)'" } ?? "nil (no `=`)"
            let prefix = "\(urlText(open)): query key `\(item.key)` = \(value) set on \(className)\(assumedRuleNote(ruleCeiling)) by key-value coding: "
            let identity = [protocolName, className, item.key]
            let declared = properties[item.key].flatMap { property in
                lineage.classes.lazy.compactMap { owner in owner.declaredProperties.first { $0.property.name == property.name }?.property.location }.first
            }
            let evidence = declared.map { [($0, "`\(item.key)` declared here")] } ?? []
            switch verdict {
            case .undefinedKey where !overrides.contains("setValue:forUndefinedKey:"):
                findings.report(.qfKVCUnknownKey, prefix + "no setter or ivar answers it, so NSUndefinedKeyException is raised inside interfaceForURL:"
                                + (caught ? catchText : "") + unread,
                                module: protocolName, at: open.fact.location, certainty: .literal,
                                ceiling: lowest(lineage.unread == nil && extended == nil ? nil : .note, lowest(caught ? .warning : nil, ruleCeiling)),
                                evidence: evidence, identity: identity)
            case .nilIntoScalar where !overrides.contains("setNilValueForKey:"):
                findings.report(.qfKVCNilScalar, prefix + "a key without `=` gives nil, and setNilValueForKey: raises NSInvalidArgumentException for a scalar"
                                + (caught ? catchText : ""),
                                module: protocolName, at: open.fact.location, certainty: .literal, ceiling: lowest(caught ? .warning : nil, ruleCeiling),
                                evidence: evidence, identity: identity)
            case .stringInto(let type):
                findings.report(.qfKVCTypeMismatch, prefix + "the text is stored into a \(type) property (converted to 0 or NO, or kept as a string "
                                + "where a \(type) is expected); the damage shows later",
                                module: protocolName, at: open.fact.location, certainty: .literal, ceiling: lowest(uncertain.contains(type) ? .note : nil, ruleCeiling),
                                evidence: evidence, identity: identity)
            case .weakProperty:
                findings.report(.qfKVCWeakTarget, prefix + "the property is weak, so only the URL's query item owns the string: once that is released the "
                                + "property reads nil (a short string may be a tagged pointer that survives, which hides it in tests)",
                                module: protocolName, at: open.fact.location, certainty: .literal, ceiling: ruleCeiling, evidence: evidence, identity: identity)
            default:
                break
            }
            // The first exception ends the open, unless the router catches it and sets the next key.
            if verdict.raises, !caught { return }
        }
    }

    /// Types written without `*` that no typedef read explains: a scalar typedef from an unscanned header would
    /// take a number, so a mismatch on them is only a note.
    static func uncertainTypes(_ app: QFScannedApp) -> Set<String> {
        let declared = app.protocols.flatMap(\.properties) + app.classes.values.flatMap { $0.declaredProperties.map(\.property) }
        return Set(declared.filter { $0.kind == .unknown && !app.facts.blockTypedefs.contains($0.type) && app.facts.scalarTypedefs[$0.type] == nil
            && app.facts.objectTypedefs[$0.type] == nil }
            .map(\.type))
    }

    /// `@protocol(P)` outside an open, for a module protocol nothing opens literally, with no class of the rule's name:
    /// a warning (a reference resolves nothing by itself).
    private static func references(_ app: QFScannedApp, _ findings: StaticFindings) {
        let opened = Set(app.opens.filter(\.fact.reachable).compactMap(\.protocolName))
        // Module protocols share a base with a protocol that has its class (QFMoudle's QFMoudleProtocol).
        let moduleBases = Set(app.modules.filter(\.classFound).flatMap { app.protocolChain($0.protocolName).dropFirst() })
        for reference in app.facts.references where !opened.contains(reference.name) {
            let className = app.router.prefix + reference.name + app.router.suffix
            guard app.implementations(of: reference.name).isEmpty, app.protocols.contains(where: { $0.name == reference.name }),
                  !app.protocolChain(reference.name).dropFirst().filter(moduleBases.contains).isEmpty else { continue }
            let missing: String
            if case .conformance = app.router.source { missing = "that no scanned class adopts" } else { missing = "with no class \(className)" }
            findings.report(.qfMissingImpl, "@protocol(\(reference.name)) names a module protocol \(missing): "
                            + "resolving it gives nil\(ruleNote(app))",
                            module: reference.name, at: reference.location, certainty: .literal, ceiling: lowest(.warning, ruleCeiling(app)),
                            identity: ["reference", reference.name, className])
        }
    }

    /// A module class whose getter keeps the controller it makes in a strong property or ivar and sets a strong
    /// property of that controller to the module: module and controller hold each other, so every module opened and
    /// shown stays alive with its screen (QFMoudle's own modules make a new controller per call and keep none,
    /// `QFHomeMoudle.m`, so only the controller holds the module). A warning: code that sets either to nil breaks it.
    private static func controllerCycles(_ app: QFScannedApp, _ findings: StaticFindings) {
        func property(_ name: String, in lineage: [QFScannedApp.Class]) -> QFFacts.Property? {
            lineage.lazy.compactMap { $0.declaredProperties.first { $0.property.name == name }?.property }.first
        }
        for moduleClass in app.classes.values.sorted(by: { $0.location < $1.location }) {
            for cached in moduleClass.cachedControllers {
                let modules = app.lineage(of: moduleClass.name).classes
                // A property the class declares, or one of a protocol it adopts that it synthesizes (`@synthesize
                // serverBody;` for the protocol's `serverBody`); an ivar of object type is strong under ARC.
                let adopted = modules.flatMap(\.adopts).flatMap(app.protocolChain)
                let stored = property(cached.storage, in: modules) ?? app.protocols.lazy.filter { adopted.contains($0.name) }
                    .compactMap { $0.properties.first { $0.name == cached.storage } }.first
                let storedStrongly = stored.map { $0.kind != .scalar && ($0.ownership == "strong" || $0.ownership == "copy") }
                    ?? modules.contains { $0.ivars.contains(cached.storage) || $0.ivars.contains("_" + cached.storage) }
                guard storedStrongly else { continue }
                let controllers = app.lineage(of: cached.controllerClass).classes
                for back in cached.backReferences {
                    guard let held = property(back, in: controllers), held.kind != .scalar, held.ownership == "strong" else { continue }
                    var evidence = [(held.location, "\(cached.controllerClass).\(back) is strong")]
                    if let stored { evidence.append((stored.location, "\(moduleClass.name).\(cached.storage) is \(stored.ownership)")) }
                    findings.report(.leakedModule, "\(moduleClass.name).\(cached.getter) keeps the \(cached.controllerClass) it makes in "
                                    + "\(cached.storage) and sets its \(back) to the module, both strongly: module and controller hold each other, "
                                    + "so each module opened stays alive with its screen after it is popped or dismissed",
                                    module: app.modules.first { $0.className == moduleClass.name }?.protocolName ?? moduleClass.name,
                                    at: cached.location, certainty: .literal, ceiling: .warning,
                                    evidence: evidence, identity: ["controller-cycle", moduleClass.name, cached.storage, back])
                }
            }
        }
    }

    private static func ruleNote(_ app: QFScannedApp) -> String {
        if ruleCeiling(app) != nil { return assumedRuleNote(.note) }
        return app.router.prefix.isEmpty && app.router.suffix.isEmpty ? "" : " (the router's rule adds \(ruleText(app.router)))"
    }

    /// What a verdict under a naming rule the scan could not read says of it (empty when the rule was read).
    private static func assumedRuleNote(_ ceiling: Severity?) -> String {
        ceiling == nil ? "" : " (if the router's naming rule, computed in a way the scan cannot read, is QFMoudle's: the protocol's name)"
    }

    /// `.note` when the router computes class names in a way the scan could not read: every class it names is a guess.
    private static func ruleCeiling(_ app: QFScannedApp) -> Severity? {
        switch app.router.source {
        case .dynamic, .unread: return .note
        case .read, .assumed, .conformance: return nil
        }
    }

    /// The lower of two ceilings (nil is no ceiling).
    private static func lowest(_ first: Severity?, _ second: Severity?) -> Severity? {
        guard let first else { return second }
        guard let second else { return first }
        return min(first, second)
    }

    /// `prefix "X" and suffix "SI"`.
    static func ruleText(_ router: QFScannedApp.Router) -> String {
        [router.prefix.isEmpty ? nil : "prefix \"\(router.prefix)\"", router.suffix.isEmpty ? nil : "suffix \"\(router.suffix)\""]
            .compactMap { $0 }.joined(separator: " and ")
    }

    private static func urlText(_ open: QFScannedApp.Open) -> String {
        switch open.fact.target {
        case .url(.literal(let text, _)), .url(.format(let text, _)), .protocolName(.literal(let text, _)): text
        default: "?"
        }
    }
}
