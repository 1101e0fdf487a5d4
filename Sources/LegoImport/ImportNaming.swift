import LegoModel

/// Module names for the routing classes a routing link log prints, and which names are VIPER modules.
///
/// The link log prints classes (`BDJPostRouting`), the component log names (`Post`). A class is named
/// after the longest component name it ends with (`<name>Routing`), which also works when the prefix was set
/// explicitly without a log line; otherwise by the framework's rule with the printed or inferred prefix.
struct ImportNaming: Sendable {
    /// The class prefix used: printed by `inspectModulePrefix:`, else inferred from the first routing class.
    let prefix: String?
    private var moduleByClass: [String: String] = [:]
    private var classByModule: [String: String] = [:]

    /// Names every class in `routingClasses` (first-seen order) against the component names of the same log.
    init(routingClasses: [String], componentNames: Set<String>, printedPrefix: String?) {
        let inferred = routingClasses.first.flatMap { Naming.inferPrefix(fromRoutingClass: Self.bareClass($0)) }
        prefix = printedPrefix ?? inferred
        let byLength = componentNames.sorted { $0.count > $1.count || ($0.count == $1.count && $0 < $1) }
        for cls in routingClasses where moduleByClass[cls] == nil {
            let name = Self.name(of: cls, prefix: prefix, componentNames: byLength)
            moduleByClass[cls] = name
            if classByModule[name] == nil { classByModule[name] = cls }
        }
    }

    /// The module name of a routing class.
    func moduleName(forRoutingClass cls: String) -> String {
        moduleByClass[cls] ?? Self.name(of: cls, prefix: prefix, componentNames: [])
    }

    /// The routing class first printed for a module name, if any.
    func routingClass(forModule name: String) -> String? { classByModule[name] }

    /// Whether the name belongs to a VIPER module (it appears in a routing link log).
    func isVIPER(_ name: String) -> Bool { classByModule[name] != nil }

    /// A Swift class prints as `Module.Class`; the framework's naming reads the class part.
    private static func bareClass(_ cls: String) -> String {
        guard let dot = cls.lastIndex(of: ".") else { return cls }
        return String(cls[cls.index(after: dot)...])
    }

    private static func name(of cls: String, prefix: String?, componentNames: [String]) -> String {
        let bare = bareClass(cls)
        let split = Naming.split(className: bare, prefix: prefix ?? "").flatMap { $0.layer == .routing ? $0.name : nil }
        if let split, componentNames.contains(split) { return split }
        // Only a prefix may precede the name: `BDJVideoPostRouting` is not `Post` when `VideoPost` went unlogged.
        for name in componentNames where bare.hasSuffix(name + "Routing") {
            let lead = bare.unicodeScalars.dropLast(name.unicodeScalars.count + 7)
            if lead.allSatisfy({ $0.properties.isUppercase }) { return name }
        }
        return split ?? bare
    }
}
