/// The registered rules by name, for analyses that report through the same rule ids without replaying a trace
/// (`scan`): a typed handle instead of looking an id string up.
extension RuleDescription {
    /// `leaked-module`.
    public static var leakedModule: RuleDescription { LeakedModuleDetector.rule }
    /// `duplicate-module-name`.
    public static var duplicateModuleName: RuleDescription { DuplicateModuleNameDetector.rule }
    /// `unregistered-url`.
    public static var unregisteredURL: RuleDescription { UnregisteredURLDetector.rule }
    /// `unknown-component`.
    public static var unknownComponent: RuleDescription { UnknownComponentDetector.rule }
    /// `illegal-url-hierarchy`.
    public static var illegalURLHierarchy: RuleDescription { IllegalURLHierarchyDetector.rule }
    /// `lost-event`.
    public static var lostEvent: RuleDescription { LostEventDetector.rule }
    /// `orphan-component`.
    public static var orphanComponent: RuleDescription { OrphanComponentDetector.rule }
    /// `naming-convention`.
    public static var namingConvention: RuleDescription { NamingConventionDetector.rule }
}
