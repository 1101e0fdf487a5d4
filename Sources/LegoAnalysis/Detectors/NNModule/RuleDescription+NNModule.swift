/// NNModule-swift's rules by name, for `scan`, which reports through the same rule ids without replaying a trace.
extension RuleDescription {
    /// `nn-service-missing`.
    public static var nnServiceMissing: RuleDescription { NNServiceMissingDetector.rule }
    /// `nn-priority-ignored`.
    public static var nnPriorityIgnored: RuleDescription { NNPriorityIgnoredDetector.rule }
    /// `nn-route-duplicate`.
    public static var nnRouteDuplicate: RuleDescription { NNRouteDuplicateDetector.rule }
    /// `nn-route-invalid`.
    public static var nnRouteInvalid: RuleDescription { NNRouteInvalidDetector.rule }
    /// `nn-route-unmatched`.
    public static var nnRouteUnmatched: RuleDescription { NNRouteUnmatchedDetector.rule }
    /// `nn-nested-wrong-upper`.
    public static var nnNestedWrongUpper: RuleDescription { NNNestedWrongUpperDetector.rule }
    /// `nn-redirect-loop`.
    public static var nnRedirectLoop: RuleDescription { NNRedirectLoopDetector.rule }
    /// `nn-redirect-dangling`.
    public static var nnRedirectDangling: RuleDescription { NNRedirectDanglingDetector.rule }
    /// `nn-event-name-collision`.
    public static var nnEventNameCollision: RuleDescription { NNEventNameCollisionDetector.rule }
    /// `nn-observer-discarded`.
    public static var nnObserverDiscarded: RuleDescription { NNObserverDiscardedDetector.rule }
    /// `nn-late-register`.
    public static var nnLateRegister: RuleDescription { NNLateRegisterDetector.rule }
}
