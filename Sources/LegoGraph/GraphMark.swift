import LegoAnalysis

/// A finding drawn on the graph: which module (or instance) it concerns and how to mark it.
public struct GraphMark: Sendable, Hashable {
    /// How a mark is drawn; each kind has its own colour and line style.
    public enum Kind: String, Sendable, Hashable, CaseIterable, Comparable {
        /// A module alive after its screen went away (red double border).
        case leaked
        /// Two live modules answering to one name (orange dashed border).
        case duplicateName
        /// A URL whose path does not match the live module chain (purple border and URL edge).
        case illegalURL
        /// Any other finding (grey note).
        case other

        /// Drawing priority: the first kind of a node's marks decides its border colour.
        private var rank: Int {
            switch self {
            case .leaked: 0
            case .duplicateName: 1
            case .illegalURL: 2
            case .other: 3
            }
        }

        /// Orders marks by drawing priority.
        public static func < (lhs: Kind, rhs: Kind) -> Bool { lhs.rank < rhs.rank }
    }

    /// The module name the finding concerns.
    public var module: String
    /// The instance it concerns, as `Class#object` (e.g. `BDJPostRouting#17`), when the finding names one.
    public var instance: String?
    /// How to draw it.
    public var kind: Kind
    /// The finding's first line.
    public var message: String

    /// Creates a mark.
    public init(module: String, instance: String? = nil, kind: Kind, message: String) {
        self.module = module
        self.instance = instance
        self.kind = kind
        self.message = message
    }

    /// The object id in `instance` (the digits after `#`), if any.
    public var objectID: UInt64? {
        guard let instance, let hash = instance.lastIndex(of: "#") else { return nil }
        return UInt64(instance[instance.index(after: hash)...])
    }

    /// Marks for analyzer findings; findings that name no module cannot be placed and are left out.
    public static func marks(from findings: [Finding]) -> [GraphMark] {
        findings.compactMap { finding in
            guard let module = finding.module else { return nil }
            let firstLine = finding.message.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            return GraphMark(module: module, instance: finding.instance, kind: kind(forRule: finding.ruleID), message: String(firstLine))
        }
    }

    /// The mark kind for an analyzer rule id.
    public static func kind(forRule ruleID: String) -> Kind {
        switch ruleID {
        case "leaked-module", "orphan-component": .leaked
        case "duplicate-module-name": .duplicateName
        case "illegal-url-hierarchy": .illegalURL
        default: .other
        }
    }
}

extension GraphMark: Comparable {
    /// Orders by module, instance, kind, then message, so output built from marks is deterministic.
    public static func < (lhs: GraphMark, rhs: GraphMark) -> Bool {
        if lhs.module != rhs.module { return lhs.module < rhs.module }
        if lhs.instance != rhs.instance { return (lhs.instance ?? "") < (rhs.instance ?? "") }
        if lhs.kind != rhs.kind { return lhs.kind < rhs.kind }
        return lhs.message < rhs.message
    }
}
