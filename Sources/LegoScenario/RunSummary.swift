import LegoModel

/// What running a scenario did: counts for the one-line summary and the steps the runtime refused.
public struct RunSummary: Sendable, Hashable, CustomStringConvertible {
    /// A journey step the runtime refused (a blocked or unregistered URL, a pop with nothing to pop…): data, not a crash.
    public struct Failure: Sendable, Hashable, CustomStringConvertible {
        /// The scenario file.
        public var file: String
        /// The step's index in the journey, from 1.
        public var step: Int
        /// Where the step was written.
        public var position: Scenario.Position
        /// The step's keyword (`push`, `pop`, …).
        public var action: String
        /// Why the runtime refused it.
        public var reason: String

        /// Creates a failure record.
        public init(file: String, step: Int, position: Scenario.Position, action: String, reason: String) {
            self.file = file
            self.step = step
            self.position = position
            self.action = action
            self.reason = reason
        }

        /// `FILE:LINE:COLUMN: step N (`push`) refused: reason`, on one line (the reason may quote a URL or name with a newline).
        public var description: String {
            TerminalText.line("\(file):\(position.line):\(position.column): step \(step) (`\(action)`) refused: \(reason)")
        }
    }

    /// Journey steps run.
    public var steps: Int
    /// Events the sink received (0 when the run was not traced).
    public var events: Int
    /// Module class families the app declared.
    public var modules: Int
    /// Seconds the trace clock advanced during the run (scenario `advanceClock` steps and the runtime's own delays).
    public var duration: Double
    /// Steps the runtime refused, in journey order.
    public var failures: [Failure]

    /// Creates a summary.
    public init(steps: Int, events: Int, modules: Int, duration: Double, failures: [Failure]) {
        self.steps = steps
        self.events = events
        self.modules = modules
        self.duration = duration
        self.failures = failures
    }

    /// `N steps, N events, N modules, N.NNN s trace time[, N steps refused]`.
    public var description: String {
        var text = "\(steps) steps, \(events) events, \(modules) modules, "
            + "\(Self.formatSeconds(duration)) s trace time"
        if !failures.isEmpty { text += ", \(failures.count) step\(failures.count == 1 ? "" : "s") refused" }
        return text
    }

    /// Seconds with three decimals, without Foundation formatting.
    static func formatSeconds(_ seconds: Double) -> String {
        // Beyond Int's range in milliseconds (a clock moved on by some 292 million years) there are no decimals to show.
        guard (seconds * 1000).magnitude < 9e18 else { return "\(seconds)" }
        let millis = Int((seconds * 1000).rounded())
        let fraction = String(millis % 1000)
        return "\(millis / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}
