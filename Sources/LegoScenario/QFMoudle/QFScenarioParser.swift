import Foundation
import LegoModel
import QFMoudleRuntime
import Yams

/// Turns a `framework: qfmoudle` scenario tree into a `QFScenario`, checking every key, type and reference.
struct QFScenarioParser {
    static let topKeys = ScenarioDocument.sharedTopKeys + ["app", "journey"]
    static let appKeys = ["name", "router", "protocols", "classes"]
    static let routerKeys = ["class", "implPrefix", "implSuffix", "lookup"]
    static let protocolKeys = ["name", "base", "properties"]
    static let classKeys = ["name", "superclass", "adopts", "properties", "controllers"]
    static let propertyKeys = ["name", "type", "attributes", "ivar"]
    static let openKeys = ["protocol", "url", "getter", "show", "callback"]
    static let resolveKeys = ["protocol", "url", "keep"]
    static let vocabulary = JourneyVocabulary([
        "showRoot": [], "selectTab": [], "open": [], "resolve": [], "resolveURL": [], "back": [], "pop": [], "dismiss": [],
        "advanceClock": [],
    ])
    /// Property attributes as written; `nonatomic`/`atomic` are accepted and mean nothing to KVC.
    static let attributeNames = ["strong", "weak", "copy", "assign", "retain", "readonly", "readwrite", "nonatomic", "atomic"]

    let reader: YAMLReader
    private var protocolNames: [String] = []

    init(file: String) { reader = YAMLReader(file: file) }

    mutating func parse(root: Node) throws(ScenarioError) -> QFScenario {
        let top = try reader.fields(root, "the scenario", allowed: Self.topKeys)
        let app = try parseApp(try reader.required(top, "app"))
        let journeyNode = try reader.required(top, "journey")
        guard case .sequence(let steps) = journeyNode else {
            throw reader.error(journeyNode, .wrongType, "`journey` must be a list of steps, found \(reader.describe(journeyNode))")
        }
        var journey: [QFScenario.Step] = []
        for step in steps { journey.append(try parseStep(step)) }
        return QFScenario(file: reader.file, notes: try reader.optionalText(top["description"], "`description`"), app: app, journey: journey)
    }

    // MARK: App

    private mutating func parseApp(_ node: Node) throws(ScenarioError) -> QFApp {
        let fields = try reader.fields(node, "app", allowed: Self.appKeys)
        let name = try reader.text(try reader.required(fields, "name"), "the app's `name`")
        var router = QFRouterSpec()
        if let routerNode = fields["router"] {
            let routerFields = try reader.fields(routerNode, "router", allowed: Self.routerKeys)
            if let className = try reader.optionalText(routerFields["class"], "the router's `class`") { router.className = className }
            router.implPrefix = try reader.optionalText(routerFields["implPrefix"], "`implPrefix`", allowEmpty: true) ?? ""
            router.implSuffix = try reader.optionalText(routerFields["implSuffix"], "`implSuffix`", allowEmpty: true) ?? ""
            router.lookup = try choice(routerFields["lookup"], "the router's `lookup`", default: .name)
        }
        var protocols: [QFProtocolSpec] = []
        var protocolNodes: [(QFProtocolSpec, Node?)] = []
        for item in try list(try reader.required(fields, "protocols"), "`protocols`") {
            let entry = try reader.fields(item, "a protocol", allowed: Self.protocolKeys)
            let nameNode = try reader.required(entry, "name")
            let protocolName = try reader.text(nameNode, "a protocol's `name`")
            if protocolNames.contains(protocolName) {
                throw reader.error(nameNode, .duplicateClass, "protocol `\(protocolName)` is declared twice")
            }
            protocolNames.append(protocolName)
            let spec = QFProtocolSpec(name: protocolName, base: try reader.optionalText(entry["base"], "`base`"),
                                      properties: try properties(entry["properties"], of: "protocol \(protocolName)"))
            protocols.append(spec)
            protocolNodes.append((spec, entry["base"]))
        }
        for (spec, baseNode) in protocolNodes {
            if let base = spec.base { try checkProtocol(base, at: baseNode) }
        }
        var classes: [QFClassSpec] = []
        var classNames: Set<String> = []
        for item in try list(fields["classes"], "`classes`") {
            let entry = try reader.fields(item, "a class", allowed: Self.classKeys)
            let nameNode = try reader.required(entry, "name")
            let className = try reader.text(nameNode, "a class's `name`")
            guard classNames.insert(className).inserted else {
                throw reader.error(nameNode, .duplicateClass, "class `\(className)` is declared twice")
            }
            var adopts: [String] = []
            if let adoptsNode = entry["adopts"] {
                for (text, node) in try reader.textList(adoptsNode, "`adopts`") {
                    try checkProtocol(text, at: node)
                    adopts.append(text)
                }
            }
            var controllers: [String: String] = [:]
            if let controllersNode = entry["controllers"] {
                for entry in try reader.entries(controllersNode, "`controllers` of \(className)") {
                    controllers[entry.key] = try reader.text(entry.value, "the class `\(entry.key)` makes")
                }
            }
            classes.append(QFClassSpec(name: className, superclass: try reader.optionalText(entry["superclass"], "`superclass`"),
                                       adopts: adopts, properties: try properties(entry["properties"], of: "class \(className)"),
                                       controllers: controllers))
        }
        return QFApp(name: name, router: router, protocols: protocols, classes: classes)
    }

    private func properties(_ node: Node?, of owner: String) throws(ScenarioError) -> [QFProperty] {
        var result: [QFProperty] = []
        for item in try list(node, "`properties` of \(owner)") {
            let entry = try reader.fields(item, "a property of \(owner)", allowed: Self.propertyKeys)
            let name = try reader.text(try reader.required(entry, "name"), "a property's `name`")
            let type = try reader.text(try reader.required(entry, "type"), "the `type` of \(name)")
                .replacingOccurrences(of: "*", with: "").trimmingCharacters(in: .whitespaces)
            var property = QFProperty(name: name, type: type)
            if let attributesNode = entry["attributes"] {
                for (text, node) in try reader.textList(attributesNode, "`attributes` of \(name)") {
                    switch text {
                    case "strong", "retain": property.ownership = .strong
                    case "weak": property.ownership = .weak
                    case "copy": property.ownership = .copy
                    case "assign": property.ownership = .assign
                    case "readonly": property.readonly = true
                    case "readwrite": property.readonly = false
                    case "nonatomic", "atomic": break
                    default:
                        throw reader.error(node, .invalidValue, "unknown property attribute `\(text)`"
                                           + Suggestion.hint(for: text, among: Self.attributeNames))
                    }
                }
            }
            if let ivarNode = entry["ivar"] { property.hasIvar = try reader.bool(ivarNode, "`ivar` of \(name)") }
            result.append(property)
        }
        return result
    }

    private func checkProtocol(_ name: String, at node: Node?) throws(ScenarioError) {
        guard protocolNames.contains(name) else {
            throw reader.error(node, .unknownReference, "no protocol `\(name)` is declared in `protocols`"
                               + Suggestion.hint(for: name, among: protocolNames))
        }
    }

    private func list(_ node: Node?, _ what: String) throws(ScenarioError) -> [Node] {
        guard let node, !reader.isNull(node) else { return [] }
        guard case .sequence(let sequence) = node else {
            throw reader.error(node, .wrongType, "\(what) must be a list, found \(reader.describe(node))")
        }
        return Array(sequence)
    }

    // MARK: Journey

    private func parseStep(_ node: Node) throws(ScenarioError) -> QFScenario.Step {
        let position = reader.position(node)
        let step = try reader.journeyStep(node, Self.vocabulary)
        let keyword = step.keyword
        if ["back", "pop", "dismiss"].contains(keyword) {
            if let value = step.value, !reader.isNull(value) { throw reader.error(value, .invalidValue, "`\(keyword)` takes no value") }
            return QFScenario.Step(action: keyword == "back" ? .back : keyword == "pop" ? .pop : .dismiss, position: position)
        }
        guard let value = step.value, !reader.isNull(value) else {
            throw reader.error(step.keywordNode, .missingKey, "`\(keyword)` needs a value")
        }
        let action: QFScenario.Action
        switch keyword {
        case "showRoot":
            var names: [String] = []
            for (text, item) in try reader.textList(value, "`showRoot`") {
                try checkProtocol(text, at: item)
                names.append(text)
            }
            action = .showRoot(names)
        case "selectTab":
            guard case .scalar(let scalar) = value, let index = Int(scalar.string), index >= 0 else {
                throw reader.error(value, .wrongType, "`selectTab` must be a tab index from 0, found \(reader.describe(value))")
            }
            action = .selectTab(index)
        case "open":
            action = .open(try parseOpen(value))
        case "resolve", "resolveURL":
            action = try parseResolve(value, url: keyword == "resolveURL")
        case "advanceClock":
            action = .advanceClock(try reader.seconds(value, "`advanceClock`"))
        default:
            throw reader.unknownStep(keyword, at: step.keywordNode, Self.vocabulary)
        }
        return QFScenario.Step(action: action, position: position)
    }

    private func parseTarget(_ fields: YAMLReader.Fields, context: String) throws(ScenarioError) -> QFScenario.Target {
        switch (fields["protocol"], fields["url"]) {
        case (let protocolNode?, nil):
            let name = try reader.text(protocolNode, "`protocol`")
            try checkProtocol(name, at: protocolNode)
            return .protocolName(name)
        case (nil, let urlNode?):
            return .url(try reader.text(urlNode, "`url`"))
        default:
            throw reader.error(fields.node, .missingKey, "\(context) needs exactly one of `protocol` and `url`")
        }
    }

    private func parseOpen(_ node: Node) throws(ScenarioError) -> QFScenario.Open {
        let fields = try reader.fields(node, "`open`", allowed: Self.openKeys)
        let target = try parseTarget(fields, context: "`open`")
        let getter = try reader.optionalText(fields["getter"], "`getter`") ?? "interfaceViewController"
        return QFScenario.Open(target: target, getter: getter,
                               show: try choice(fields["show"], "`show`", default: .push),
                               callback: try choice(fields["callback"], "`callback`", default: .none))
    }

    private func parseResolve(_ node: Node, url: Bool) throws(ScenarioError) -> QFScenario.Action {
        if case .scalar = node {
            let text = try reader.text(node, url ? "`resolveURL`" : "`resolve`")
            if !url { try checkProtocol(text, at: node) }
            return .resolve(url ? .url(text) : .protocolName(text), keep: false)
        }
        let fields = try reader.fields(node, url ? "`resolveURL`" : "`resolve`", allowed: Self.resolveKeys)
        var keep = false
        if let keepNode = fields["keep"] { keep = try reader.bool(keepNode, "`keep`") }
        return .resolve(try parseTarget(fields, context: url ? "`resolveURL`" : "`resolve`"), keep: keep)
    }

    private func choice<Value: RawRepresentable & CaseIterable>(_ node: Node?, _ what: String, default value: Value) throws(ScenarioError) -> Value
    where Value.RawValue == String {
        guard let text = try reader.optionalText(node, what) else { return value }
        guard let found = Value(rawValue: text) else {
            let names = Value.allCases.map(\.rawValue)
            throw reader.error(node, .invalidValue, "\(what) must be one of \(names.joined(separator: ", ")), found `\(text)`"
                               + Suggestion.hint(for: text, among: names))
        }
        return found
    }
}
