/// What a trace writer stamps each event's time with.
public enum TraceClock: Sendable, Hashable, CaseIterable {
    /// Seconds since the writer opened, from the monotonic clock, plus every `advanceClock`: a running program.
    case monotonic
    /// Only `advanceClock` moves time: a scenario, whose trace is then the same bytes on every run and machine.
    case virtual
}
