/// The one error every `LegoTrace` entry point throws: a one-line message, mapped by the command line to exit status 2.
///
/// The modules' own errors (`TraceIOError`, `ScenarioError`, `AnalysisError`, …) already describe themselves in
/// one line naming the file, line and problem; an entry point lets them propagate and `catching` turns them into
/// this type in one place, so no command prints and returns an error status by hand.
public struct LegoTraceError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, in one line (escaped for the terminal when printed).
    public var description: String

    /// Creates an error with its message.
    public init(_ description: String) { self.description = description }

    /// Runs `body`, turning any error it throws into a `LegoTraceError` with the error's own description.
    static func catching<Value>(_ body: () throws -> Value) throws(LegoTraceError) -> Value {
        do {
            return try body()
        } catch let error as LegoTraceError {
            throw error
        } catch let error as any CustomStringConvertible {
            throw LegoTraceError(error.description)
        } catch {
            throw LegoTraceError(String(describing: error))
        }
    }
}
