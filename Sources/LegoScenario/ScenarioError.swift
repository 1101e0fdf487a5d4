import LegoModel

/// A mistake in a scenario file, with where it is and what is wrong.
///
/// Its description is one line, `FILE:LINE:COLUMN: problem` (`FILE: problem` when the file itself cannot be read).
public struct ScenarioError: Error, CustomStringConvertible, Sendable, Hashable {
    /// The class of mistake, so callers and tests can tell them apart without reading the text.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The file is missing, unreadable or not UTF-8.
        case unreadableFile
        /// The text is not valid YAML.
        case syntax
        /// A key the format does not know (the message suggests the closest known key).
        case unknownKey
        /// A required key is absent.
        case missingKey
        /// A key appears twice in one mapping.
        case duplicateKey
        /// A value has the wrong YAML type (a list where text was expected, text where a number was expected…).
        case wrongType
        /// A value has the right type but is not allowed (an unknown module kind or layer, a negative duration…).
        case invalidValue
        /// The journey or app refers to a module, URL or label the scenario does not declare.
        case unknownReference
        /// A journey step whose action is not one the format knows.
        case unknownStep
        /// Two module declarations define the same class.
        case duplicateClass
    }

    /// The scenario file, as given.
    public var file: String
    /// The line of the mistake, from 1; nil when the whole file is at fault.
    public var line: Int?
    /// The column of the mistake, from 1; nil when the whole file is at fault.
    public var column: Int?
    /// The class of mistake.
    public var kind: Kind
    /// What is wrong, in one line.
    public var problem: String

    /// Creates an error.
    public init(file: String, line: Int?, column: Int?, kind: Kind, problem: String) {
        self.file = file
        self.line = line
        self.column = column
        self.kind = kind
        self.problem = problem
    }

    /// `FILE:LINE:COLUMN: problem`, on one line (control characters in the file name and the problem are escaped).
    public var description: String {
        if let line, let column { return TerminalText.line("\(file):\(line):\(column): \(problem)") }
        return TerminalText.line("\(file): \(problem)")
    }
}
