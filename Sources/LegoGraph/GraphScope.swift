/// Which moment of a trace a graph shows.
public enum GraphScope: String, Sendable, Hashable, CaseIterable {
    /// Every module that ever existed, one node per module name with its instances aggregated.
    case history
    /// Only the instances alive when the replay stopped, one node per instance.
    case live
}
