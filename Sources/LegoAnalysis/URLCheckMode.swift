/// How `illegal-url-hierarchy` verifies a URL against the live routing chain.
public enum URLCheckMode: String, Sendable, Hashable, CaseIterable {
    /// Every segment must be linked to the one before it, exactly, and the opener must be the segment before the target.
    case strict
    /// The framework's own `enableVerifyURLRoute`, short-circuits and substring matching included.
    case legacy
}
