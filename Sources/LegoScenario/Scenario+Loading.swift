import Foundation

extension Scenario {
    /// Reads and parses the XFLegoVIPER scenario file at `path`.
    ///
    /// A missing, unreadable or non-UTF-8 file, a scenario of another framework and every mistake inside it throw a
    /// `ScenarioError` naming the file (and the line and column, for mistakes inside it).
    public static func load(path: String) throws(ScenarioError) -> Scenario {
        try xflegoViper(ScenarioDocument.load(path: path))
    }

    /// Parses XFLegoVIPER scenario YAML; `file` names the source in errors and in the result.
    public static func parse(yaml: String, file: String) throws(ScenarioError) -> Scenario {
        try xflegoViper(ScenarioDocument.parse(yaml: yaml, file: file))
    }

    private static func xflegoViper(_ scenario: any FrameworkScenario) throws(ScenarioError) -> Scenario {
        guard let scenario = scenario as? Scenario else {
            throw ScenarioError(file: scenario.file, line: nil, column: nil, kind: .invalidValue,
                                problem: "is a \(scenario.framework.displayName) scenario, not an XFLegoVIPER one")
        }
        return scenario
    }
}

extension ScenarioDocument {
    /// Reads and parses the scenario file at `path`, of any framework.
    ///
    /// A missing, unreadable or non-UTF-8 file and every mistake inside it throw a `ScenarioError`
    /// naming the file (and the line and column, for mistakes inside it).
    public static func load(path: String) throws(ScenarioError) -> any FrameworkScenario {
        func fail(_ problem: String) -> ScenarioError {
            ScenarioError(file: path, line: nil, column: nil, kind: .unreadableFile, problem: problem)
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw fail("no such scenario file")
        }
        guard !isDirectory.boolValue else { throw fail("is a directory, not a scenario file") }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw fail("cannot read the scenario file (\(error.localizedDescription))")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw fail("is not UTF-8 text")
        }
        return try parse(yaml: text, file: path)
    }
}
