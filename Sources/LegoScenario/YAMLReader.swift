import Foundation
import LegoModel
import Yams

/// Typed, position-aware access to a composed YAML tree; every mismatch becomes a `ScenarioError` at the node.
struct YAMLReader {
    /// The file named in errors.
    let file: String

    /// The position of `node`, or 1:1 when Yams gave none.
    func position(_ node: Node?) -> Scenario.Position {
        guard let mark = node?.mark else { return Scenario.Position(line: 1, column: 1) }
        return Scenario.Position(line: mark.line, column: mark.column)
    }

    /// An error of `kind` at `node`.
    func error(_ node: Node?, _ kind: ScenarioError.Kind, _ problem: String) -> ScenarioError {
        let at = position(node)
        return ScenarioError(file: file, line: at.line, column: at.column, kind: kind, problem: problem)
    }

    /// A mapping's entries by key, in order, after checking the keys are text, unique and known.
    struct Fields {
        /// The mapping node itself (for "missing key" errors).
        let node: Node
        /// What the mapping is, for messages (`app`, `module Post`, `step push`).
        let context: String
        /// Key text, key node, value node, in written order.
        let entries: [(key: String, keyNode: Node, value: Node)]

        /// The value for `key`, if present.
        subscript(_ key: String) -> Node? {
            entries.first { $0.key == key }?.value
        }
    }

    /// Reads `node` as a mapping whose keys are all in `allowed`.
    func fields(_ node: Node, _ context: String, allowed: [String]) throws(ScenarioError) -> Fields {
        let entries = try entries(node, context)
        for entry in entries where !allowed.contains(entry.key) {
            throw unknownKey(entry.keyNode, entry.key, in: context, allowed: allowed)
        }
        return Fields(node: node, context: context, entries: entries)
    }

    /// Reads `node` as a mapping with text keys and no key written twice.
    func entries(_ node: Node, _ context: String) throws(ScenarioError) -> [(key: String, keyNode: Node, value: Node)] {
        guard case .mapping(let mapping) = node else {
            throw error(node, .wrongType, "\(context) must be a mapping of keys to values, found \(describe(node))")
        }
        var result: [(key: String, keyNode: Node, value: Node)] = []
        result.reserveCapacity(mapping.count)
        var seen: [String: Node] = [:]
        for (keyNode, value) in mapping {
            guard case .scalar(let scalar) = keyNode else {
                throw error(keyNode, .wrongType, "keys in \(context) must be text, found \(describe(keyNode))")
            }
            let key = scalar.string
            if let first = seen[key] {
                throw error(keyNode, .duplicateKey, "duplicate key `\(key)` in \(context) (first written at \(position(first)))")
            }
            seen[key] = keyNode
            result.append((key, keyNode, value))
        }
        return result
    }

    /// The error for a key `context` does not know, with the closest known key as a suggestion.
    func unknownKey(_ node: Node, _ key: String, in context: String, allowed: [String]) -> ScenarioError {
        error(node, .unknownKey, "unknown key `\(key)` in \(context)" + Suggestion.hint(for: key, among: allowed))
    }

    /// The value of a required key.
    func required(_ fields: Fields, _ key: String) throws(ScenarioError) -> Node {
        guard let value = fields[key] else {
            throw error(fields.node, .missingKey, "\(fields.context) is missing `\(key)`")
        }
        return value
    }

    /// Whether `node` is YAML null (`~`, `null` or nothing), written plainly.
    func isNull(_ node: Node) -> Bool {
        guard case .scalar(let scalar) = node, scalar.style == .plain || scalar.style == .any else { return false }
        switch scalar.string {
        case "", "~", "null", "Null", "NULL": return true
        default: return false
        }
    }

    /// Reads non-null, non-empty text.
    func text(_ node: Node, _ what: String, allowEmpty: Bool = false) throws(ScenarioError) -> String {
        guard case .scalar(let scalar) = node, !isNull(node) else {
            throw error(node, .wrongType, "\(what) must be text, found \(describe(node))")
        }
        guard allowEmpty || !scalar.string.isEmpty else {
            throw error(node, .invalidValue, "\(what) must not be empty")
        }
        return scalar.string
    }

    /// Reads text, or nil when the value is null.
    func optionalText(_ node: Node?, _ what: String, allowEmpty: Bool = false) throws(ScenarioError) -> String? {
        guard let node, !isNull(node) else { return nil }
        return try text(node, what, allowEmpty: allowEmpty)
    }

    /// Reads one text or a list of texts.
    func textList(_ node: Node, _ what: String) throws(ScenarioError) -> [(text: String, node: Node)] {
        switch node {
        case .scalar:
            return [(try text(node, what), node)]
        case .sequence(let sequence):
            var result: [(text: String, node: Node)] = []
            result.reserveCapacity(sequence.count)
            for item in sequence {
                result.append((try text(item, "each item of \(what)"), item))
            }
            return result
        case .mapping:
            throw error(node, .wrongType, "\(what) must be text or a list of texts, found \(describe(node))")
        }
    }

    /// Reads a YAML boolean (`true`/`false`, also `yes`/`no`, `on`/`off`).
    func bool(_ node: Node, _ what: String) throws(ScenarioError) -> Bool {
        if case .scalar(let scalar) = node, scalar.style == .plain || scalar.style == .any {
            switch scalar.string {
            case "true", "True", "TRUE", "yes", "Yes", "YES", "on", "On", "ON": return true
            case "false", "False", "FALSE", "no", "No", "NO", "off", "Off", "OFF": return false
            default: break
            }
        }
        throw error(node, .wrongType, "\(what) must be true or false, found \(describe(node))")
    }

    /// Reads a finite, non-negative number.
    func seconds(_ node: Node, _ what: String) throws(ScenarioError) -> Double {
        guard case .scalar(let scalar) = node, scalar.style == .plain || scalar.style == .any,
              let value = Double(scalar.string.replacingOccurrences(of: "_", with: ""))
        else {
            throw error(node, .wrongType, "\(what) must be a number of seconds, found \(describe(node))")
        }
        guard value.isFinite, value >= 0 else {
            throw error(node, .invalidValue, "\(what) must be a finite number of seconds, zero or more, found \(scalar.string)")
        }
        return value
    }

    /// A short description of a node's type and content for messages.
    func describe(_ node: Node) -> String {
        switch node {
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .scalar(let scalar):
            if isNull(node) { return "nothing" }
            let shown = scalar.string.count > 40 ? String(scalar.string.prefix(40)) + "…" : scalar.string
            return "`\(shown)`"
        }
    }
}
