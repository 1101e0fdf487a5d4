import LegoAnalysis
import LegoGraph
import LegoModel

/// XFLegoVIPER's scanner: the Objective-C and Swift readers with `XFCallTable`, resolved into a `ScannedApp`.
public struct XFScanner: FrameworkScanner {
    /// A scanner.
    public init() {}

    public var framework: Framework { .xflegoViper }

    /// Classes only the framework declares (`XFLegoVIPER/Core/…` and `XFLegoVIPER/Extension/…` at c95d757): the
    /// buses, registries, reflectors, factories and layer base classes an app subclasses but never declares.
    static let ownTypes: Set<String> = [
        "XFUIBus", "XFEventBus", "XFComponentManager", "XFComponentReflect", "XFComponentHandlerMatcher", "XFUInterfaceFactory",
        "XFURLRoute", "XFURLParse", "XFURLInterceptorChain", "XFLegoConfig", "XFModuleReflect", "XFRouting", "XFPresenter",
        "XFInteractor", "XFDataManager", "XFActivity", "XFRoutingLinkManager", "XFVIPERModuleAssembly", "XFRoutingFactory",
        "XFVIPERModuleReflect", "XFVIPERModuleHandler", "XFControllerFactory", "XFControllerReflect", "XFControllerHandler",
        "XFComponentViewController", "LEViewModel", "LEViewController", "LEMVVMModuleFactory", "LEMVVMModuleReflect",
        "LEMVVMModuleHandler", "LEMVVMConnector", "XFExpressPack", "XFExpressPiece", "XFPipe", "XFApplicationEmitter",
    ]

    public var frameworkTypes: Set<String> { Self.ownTypes }

    /// The podspec at the root of `yizzuide/XFLegoVIPER`.
    public var repositoryMarkers: [String] { ["XFLegoVIPER.podspec"] }

    // The umbrella header and module name, the assembly and navigation macros, and the bus an app sends events on.
    public var markers: [String] {
        ["XFLegoVIPER", "XF_AutoAssembly", "XF_InjectModuleWith", "XF_EXPORT_COMPONENT", "XF_PUSH", "XF_Present", "XF_SendEvent",
         "XFUIBus", "XFComponentManager", "XFRouting", "XFPresenter", "LEViewModel", "LEViewController", "setClassPrefix"]
    }

    public func read(bytes: [UInt8], file: String, language: SourceTree.Language) -> ScanFacts {
        switch language {
        case .objectiveC:
            return ObjCReader.read(bytes: bytes, file: file)
        case .swift:
            if let refusal = SwiftReader.refusal(bytes, file: file) {
                var facts = ScanFacts()
                facts.warnings.append(refusal)
                return facts
            }
            return SwiftReader.read(text: String(decoding: bytes, as: UTF8.self), file: file)
        }
    }

    public func app(from facts: ScanFacts) -> ScannedApp { ScannedApp(facts: facts) }
}

extension ScanFacts: FrameworkFacts {
    public var declaredTypeNames: [String] { classes.map(\.name) }
}

extension ScannedApp: ScannedFrameworkApp {
    public var framework: Framework { .xflegoViper }

    public var moduleCount: Int { modules.count }

    public func analyze(configuration: AnalysisConfiguration, pathPrefix: String, sourceFiles: Int) -> AnalysisResult {
        StaticAnalyzer.analyze(self, configuration: configuration, pathPrefix: pathPrefix, sourceFiles: sourceFiles)
    }

    public func scenario(appName: String) -> String { ScenarioWriter.scenario(for: self, appName: appName) }

    public func moduleGraph(findings: [Finding]) -> ModuleGraph { StaticGraph(app: self, findings: findings).moduleGraph }

    public func summaryRows(at: (SourceLocation) -> String) -> [(label: String, text: String)] {
        var rows: [(label: String, text: String)] = []
        let prefixText: String
        switch prefixSource {
        case .explicit(let site):
            // A list of two never sets the framework's prefix (XFLegoConfig.m:119-126): say where it is written, and
            // which prefix the framework names live components with.
            let isList = facts.prefixSettings.last?.isList == true
            let live = runtimePrefix.map { runtime in
                "; live components are named with \(runtime.prefix)" + (runtime.inferredFrom.map { ", inferred by +load from \($0)" } ?? "")
            } ?? "; the framework sets no prefix from it"
            prefixText = "\(prefixes.joined(separator: ", ")) (" + (isList ? "list written at \(at(site))\(live))" : "set at \(at(site)))")
        case .inferred(let className, let site): prefixText = "\(prefixes.joined(separator: ", ")) (inferred from \(className), \(at(site)))"
        case .none: prefixText = "none found"
        }
        rows.append(("prefix", prefixText))
        let byPattern = ScannedApp.Pattern.allCases.map { pattern -> String in
            let modules = modules.filter { $0.pattern == pattern }
            let shared = modules.filter { $0.gene != nil }.count
            return "\(pattern.rawValue) \(modules.count)" + (shared > 0 ? " (\(shared) shared)" : "")
        }
        rows.append(("modules", "\(modules.count): " + byPattern.joined(separator: ", ")))
        let explicit = routes.filter(\.explicitComponent).count
        rows.append(("URLs", "\(routes.count) registered" + (explicit > 0 ? " (\(explicit) with an explicit component)" : "")
            + (dynamicRoutes.isEmpty ? "" : ", \(dynamicRoutes.count) computed at run time")))
        rows.append(("root", root.map { "\($0.toModule ?? $0.fact.target.expression) (\(at($0.fact.location)))" } ?? "none found"))
        let kinds = ScanFacts.Transition.Kind.allCases.compactMap { kind -> String? in
            let count = transitions.filter { $0.fact.kind == kind }.count
            return count == 0 ? nil : "\(kind.rawValue) \(count)"
        }
        rows.append(("transitions", "\(transitions.count)" + (kinds.isEmpty ? "" : ": " + kinds.joined(separator: ", "))))
        if !inactiveTransitions.isEmpty {
            let count = inactiveTransitions.count
            let uncalled = inactiveTransitions.filter { $0.reason == .neverCalled }.count
            let afterReturn = inactiveTransitions.filter { $0.reason == .afterReturn }.count
            let plural = { (count: Int) in "transition\(count == 1 ? "" : "s")" }
            let commented = count - uncalled - afterReturn
            let parts = [commented > 0 ? "\(commented) in comments or #if 0 blocks" : nil,
                         uncalled > 0 ? "\(uncalled) in routing methods nothing calls" : nil, afterReturn > 0 ? "\(afterReturn) after a return" : nil]
            rows.append(("never runs", commented == count
                ? "\(count) \(plural(count)) in comments or #if 0 blocks (notes, not edges)"
                : "\(count) \(plural(count)): \(parts.compactMap { $0 }.joined(separator: ", ")) (notes, not edges)"))
        }
        let notifications = events.filter { $0.fact.scope == .notification }.count
        rows.append(("events", "\(events.count) sent" + (notifications > 0 ? " (\(notifications) notifications)" : "")
            + ", \(receivers.count) receiving class\(receivers.count == 1 ? "" : "es")"))
        let dynamic = transitions.filter(\.isDynamic).count + events.filter { !$0.isLiteral }.count + dynamicRoutes.count
        rows.append(("dynamic sites", "\(dynamic)" + (dynamic > 0 ? " (URLs or names computed at run time; see --model)" : "")))
        return rows
    }
}

extension XFScanner {
    /// Finds the routing methods that hold a transition and that nothing in the app calls.
    public func complete(_ facts: inout ScanFacts, files: [SourceTree.File]) {
        let calls = NeverCalledMethods.read(facts, files: files)
        facts.neverCalled = calls.neverCalled
        facts.inheritedMethodUses = calls.inheritedUses
    }
}
