import LegoAnalysis
import LegoModel

/// A finding drawn on the graph: which module (or instance) it concerns and how to mark it.
public struct GraphMark: Sendable, Hashable {
    /// How a mark is drawn: the drawing of the finding's rule (`RuleDescription.drawing`).
    public typealias Kind = RuleDescription.Drawing

    /// The module name the finding concerns.
    public var module: String
    /// The instance it concerns, as `Class#object` (e.g. `BDJPostRouting#17`), when the finding names one.
    public var instance: String?
    /// The object id of that instance: the live graph puts the mark on that instance's node.
    public var object: ObjectID?
    /// How to draw it.
    public var kind: Kind
    /// The finding's first line.
    public var message: String

    /// Creates a mark.
    public init(module: String, instance: String? = nil, object: ObjectID? = nil, kind: Kind, message: String) {
        self.module = module
        self.instance = instance
        self.object = object
        self.kind = kind
        self.message = message
    }

    /// Marks for analyzer findings, drawn as each finding's rule says (`rules`: the rules that ran, by default every
    /// registered one; a rule not among them is drawn as `other`); findings that name no module cannot be placed and are left out.
    public static func marks(from findings: [Finding], rules: [RuleDescription] = DetectorRegistry.rules) -> [GraphMark] {
        let drawing = Dictionary(rules.map { ($0.id, $0.drawing) }, uniquingKeysWith: { first, _ in first })
        return findings.compactMap { finding in
            guard let module = finding.module else { return nil }
            let firstLine = finding.message.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            return GraphMark(module: module, instance: finding.instance, object: finding.object,
                             kind: kind(of: finding, drawing: drawing), message: String(firstLine))
        }
    }

    /// How each of `findings` is marked, in order (the HTML report colours and filters its findings by it).
    public static func kinds(of findings: [Finding], rules: [RuleDescription] = DetectorRegistry.rules) -> [Kind] {
        let drawing = Dictionary(rules.map { ($0.id, $0.drawing) }, uniquingKeysWith: { first, _ in first })
        return findings.map { kind(of: $0, drawing: drawing) }
    }

    private static func kind(of finding: Finding, drawing: [String: Kind]) -> Kind {
        finding.drawing ?? drawing[finding.ruleID] ?? .other
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
