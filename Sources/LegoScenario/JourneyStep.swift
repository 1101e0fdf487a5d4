import LegoModel
import Yams

/// The step keywords of one framework's journey, each with the option keys it takes besides its own value, in
/// documentation order (the order suggestions and messages list them in).
struct JourneyVocabulary {
    /// Each step keyword and its option keys, in documentation order.
    let steps: KeyValuePairs<String, [String]>
    /// Option keys by step keyword.
    let options: [String: [String]]
    /// Step keywords in documentation order.
    let keywords: [String]
    /// Every option key any step takes.
    let optionKeys: Set<String>

    /// A vocabulary of `steps`.
    init(_ steps: KeyValuePairs<String, [String]>) {
        self.steps = steps
        keywords = steps.map(\.key)
        options = Dictionary(steps.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        optionKeys = Set(steps.flatMap(\.value))
    }

    /// Whether `keyword` is a step.
    func contains(_ keyword: String) -> Bool { options[keyword] != nil }
}

/// One journey step as written, before a framework's parser gives it meaning: a bare keyword (`- pop`), or a mapping
/// with exactly one step keyword, its value, and the options the vocabulary allows beside it.
struct JourneyStep {
    /// The step keyword.
    let keyword: String
    /// The keyword's node (the step itself for a bare keyword), for errors about the keyword.
    let keywordNode: Node
    /// The keyword's value; nil for a bare keyword.
    let value: Node?
    /// The options beside the keyword, in written order.
    let options: YAMLReader.Fields
    /// The whole step's node.
    let node: Node
}

extension YAMLReader {
    /// Reads `node` as one step of `vocabulary`: errors name the unknown step with the closest keyword, a second
    /// keyword in one step, an option another step takes, and an unknown key with the keys this step takes.
    func journeyStep(_ node: Node, _ vocabulary: JourneyVocabulary) throws(ScenarioError) -> JourneyStep {
        switch node {
        case .scalar(let scalar):
            let keyword = scalar.string
            guard vocabulary.contains(keyword) else { throw unknownStep(keyword, at: node, vocabulary) }
            return JourneyStep(keyword: keyword, keywordNode: node, value: nil,
                               options: Fields(node: node, context: "step `\(keyword)`", entries: []), node: node)
        case .sequence:
            throw error(node, .wrongType, "a journey step must be a step keyword or a mapping, found a list")
        case .mapping:
            let entries = try entries(node, "a journey step")
            let keywords = entries.filter { vocabulary.contains($0.key) }
            if keywords.count > 1 {
                throw error(keywords[1].keyNode, .invalidValue,
                    "a journey step does one thing; this one has both `\(keywords[0].key)` and `\(keywords[1].key)` (split it into two steps)")
            }
            guard let keyword = keywords.first else {
                if let stray = entries.first(where: { !vocabulary.optionKeys.contains($0.key) }) {
                    throw unknownStep(stray.key, at: stray.keyNode, vocabulary)
                }
                throw error(node, .missingKey, "a journey step has options but no action; expected one of: "
                    + vocabulary.keywords.joined(separator: ", "))
            }
            let allowed = vocabulary.options[keyword.key] ?? []
            for entry in entries where entry.key != keyword.key && !allowed.contains(entry.key) {
                if vocabulary.optionKeys.contains(entry.key) {
                    throw error(entry.keyNode, .unknownKey, "`\(entry.key)` does not apply to `\(keyword.key)`"
                        + (allowed.isEmpty ? " (it takes no options)" : "; it takes: " + allowed.joined(separator: ", ")))
                }
                throw unknownKey(entry.keyNode, entry.key, in: "step `\(keyword.key)`", allowed: allowed)
            }
            return JourneyStep(keyword: keyword.key, keywordNode: keyword.keyNode, value: keyword.value,
                               options: Fields(node: node, context: "step `\(keyword.key)`", entries: entries.filter { $0.key != keyword.key }),
                               node: node)
        }
    }

    /// "unknown step `x`; did you mean `y`?"
    func unknownStep(_ word: String, at node: Node, _ vocabulary: JourneyVocabulary) -> ScenarioError {
        error(node, .unknownStep, "unknown step `\(word)`" + Suggestion.hint(for: word, among: vocabulary.keywords))
    }
}
