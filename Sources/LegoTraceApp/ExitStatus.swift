/// The documented exit codes of `lego-trace`.
public struct ExitStatus: Sendable, Hashable, CustomStringConvertible {
    /// The process exit code.
    public var code: Int32

    /// Creates a status from a raw code (used to pass a recorded program's status through).
    public init(code: Int32) { self.code = code }

    /// 0: the command did its job and nothing reached `--fail-on`.
    public static let success = ExitStatus(code: 0)
    /// 1: `check` found something at or above `--fail-on`.
    public static let findings = ExitStatus(code: 1)
    /// 2: a usage error or unreadable / invalid input (trace, scenario, console log, config, output path).
    public static let invalidInput = ExitStatus(code: 2)

    /// The code as text.
    public var description: String { String(code) }
}
