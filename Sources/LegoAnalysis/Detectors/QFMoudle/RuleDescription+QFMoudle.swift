/// The QFMoudle rules by name, for `scan`'s static checks: a typed handle instead of looking an id string up.
extension RuleDescription {
    /// `qf-missing-impl`.
    public static var qfMissingImpl: RuleDescription { QFMissingImplDetector.rule }
    /// `qf-unknown-scheme`.
    public static var qfUnknownScheme: RuleDescription { QFUnknownSchemeDetector.rule }
    /// `qf-impl-not-conforming`.
    public static var qfImplNotConforming: RuleDescription { QFImplNotConformingDetector.rule }
    /// `qf-kvc-unknown-key`.
    public static var qfKVCUnknownKey: RuleDescription { QFKVCUnknownKeyDetector.rule }
    /// `qf-kvc-nil-scalar`.
    public static var qfKVCNilScalar: RuleDescription { QFKVCNilScalarDetector.rule }
    /// `qf-kvc-type-mismatch`.
    public static var qfKVCTypeMismatch: RuleDescription { QFKVCTypeMismatchDetector.rule }
    /// `qf-kvc-weak-target`.
    public static var qfKVCWeakTarget: RuleDescription { QFKVCWeakTargetDetector.rule }
}
