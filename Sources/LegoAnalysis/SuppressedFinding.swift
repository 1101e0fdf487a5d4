import LegoModel

/// A finding kept out of the count and the exit status, with why: SARIF still carries it, marked as suppressed.
public struct SuppressedFinding: Sendable, Hashable {
    /// What suppressed a finding.
    public enum Reason: Sendable, Hashable {
        /// The baseline file at this path knows its fingerprint.
        case baseline(path: String)
        /// A `lego-trace:disable…` comment in the app's source covers it; the comment is at this place.
        case inSource(SourceLocation)
    }

    /// The finding as it would have been reported.
    public var finding: Finding
    /// Why it is not.
    public var reason: Reason

    /// Creates a suppressed finding.
    public init(_ finding: Finding, reason: Reason) {
        self.finding = finding
        self.reason = reason
    }
}
