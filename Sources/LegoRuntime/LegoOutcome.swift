/// What a journey step did: the module it reached, or why it failed.
public struct LegoOutcome: Sendable, Hashable {
    /// The module shown, created or focused by the step, when there is one.
    public var module: ModuleRef?
    /// Why the step failed; nil on success.
    public var reason: String?

    /// Whether the step succeeded.
    public var ok: Bool { reason == nil }

    /// A success.
    public static func success(_ module: ModuleRef?) -> LegoOutcome { LegoOutcome(module: module, reason: nil) }
    /// A failure with a one-line reason.
    public static func failure(_ reason: String) -> LegoOutcome { LegoOutcome(module: nil, reason: reason) }
}
