import LegoModel
import LegoTraceIO
import LegoRuntime
import Yams

/// A scenario of some framework, ready to run: what `record` needs without knowing which framework it is.
public protocol FrameworkScenario: Sendable {
    /// The framework whose runtime model runs it.
    var framework: Framework { get }
    /// The file it was read from, as given.
    var file: String { get }
    /// The app's name, for the trace header and the summary.
    var appName: String { get }
    /// Runs the journey on a new runtime of the framework recording into `sink` (untraced when nil), printing the
    /// framework's console logs to `console` (from the start when `logs`), and closes the runtime.
    func run(sink: (any TraceSink)?, console: LegoConsole?, logs: Bool) -> RunSummary
}

/// The framework-neutral front of every scenario file: composes the YAML once, reads the top-level `framework:` key
/// (XFLegoVIPER when absent, so every older scenario stays valid) and hands the tree to that framework's parser.
public enum ScenarioDocument {
    /// Top-level keys every framework's scenario accepts; each framework's parser adds its own (`app`, `journey`).
    static let sharedTopKeys = ["framework", "description"]

    /// Parses scenario YAML of any framework; `file` names the source in errors and in the result.
    public static func parse(yaml: String, file: String) throws(ScenarioError) -> any FrameworkScenario {
        let reader = YAMLReader(file: file)
        let root = try compose(yaml, reader: reader)
        switch try framework(of: root, reader: reader) {
        case .xflegoViper:
            var parser = ScenarioParser(file: file)
            return try parser.parse(root: root)
        case .nnModule:
            return try NNScenarioParser(file: file).parse(root: root)
        case .qfMoudle:
            var parser = QFScenarioParser(file: file)
            return try parser.parse(root: root)
        case let other:
            throw reader.error(frameworkNode(of: root), .invalidValue,
                               "\(other.displayName) scenarios cannot be recorded by this lego-trace yet")
        }
    }

    /// The framework a composed scenario names in its top-level `framework:` key, or the default.
    static func framework(of root: Node, reader: YAMLReader) throws(ScenarioError) -> Framework {
        guard let node = frameworkNode(of: root) else { return .default }
        guard case .scalar(let scalar) = node else {
            throw reader.error(node, .wrongType, "`framework` must be a framework's name (\(Framework.knownNames))")
        }
        guard let framework = Framework(name: scalar.string) else {
            throw reader.error(node, .invalidValue, "unknown framework `\(scalar.string)`"
                               + Suggestion.hint(for: scalar.string, among: Framework.allCases.map(\.rawValue)))
        }
        return framework
    }

    private static func frameworkNode(of root: Node) -> Node? {
        guard case .mapping(let mapping) = root else { return nil }
        return mapping.first { if case .scalar(let key) = $0.key { key.string == "framework" } else { false } }?.value
    }

    /// Composes the YAML text into one node tree, turning Yams errors into positioned scenario errors.
    static func compose(_ yaml: String, reader: YAMLReader) throws(ScenarioError) -> Node {
        if let excess = YAMLNesting.firstExcess(in: yaml) {
            throw ScenarioError(file: reader.file, line: excess.line, column: excess.column, kind: .syntax, problem: excess.description)
        }
        let root: Node?
        do {
            root = try Yams.compose(yaml: yaml)
        } catch let yamlError as YamlError {
            throw syntaxError(yamlError, in: yaml, file: reader.file)
        } catch {
            throw ScenarioError(file: reader.file, line: 1, column: 1, kind: .syntax, problem: "YAML syntax error: \(error)")
        }
        guard let root else {
            throw ScenarioError(
                file: reader.file, line: 1, column: 1, kind: .missingKey,
                problem: "the scenario is empty; expected a mapping with `app` and `journey`"
            )
        }
        return root
    }

    /// A one-line scenario error for a Yams error, at the position libyaml reported.
    private static func syntaxError(_ yamlError: YamlError, in yaml: String, file: String) -> ScenarioError {
        func make(_ line: Int, _ column: Int, _ text: String) -> ScenarioError {
            ScenarioError(file: file, line: line, column: column, kind: .syntax, problem: "YAML syntax error: \(text)")
        }
        switch yamlError {
        case let .scanner(context, problem, mark, _), let .parser(context, problem, mark, _),
             let .composer(context, problem, mark, _):
            let contextText = context.map { "\($0.text) (at \($0.mark.line):\($0.mark.column)), " } ?? ""
            return make(mark.line, mark.column, contextText + problem)
        case let .reader(problem, offset, _, yaml):
            let (line, column) = lineAndColumn(ofUTF8Offset: offset ?? 0, in: yaml)
            return make(line, column, problem)
        default:
            return make(1, 1, "\(yamlError)")
        }
    }

    /// 1-based line and column (in Unicode scalars) of a byte offset.
    static func lineAndColumn(ofUTF8Offset offset: Int, in text: String) -> (Int, Int) {
        var line = 1
        var column = 1
        var consumed = 0
        for scalar in text.unicodeScalars {
            if consumed >= offset { break }
            consumed += UTF8.width(scalar)
            if scalar == "\n" { line += 1; column = 1 } else { column += 1 }
        }
        return (line, column)
    }
}
