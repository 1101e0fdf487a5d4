/// Every detector, in the one ordered list `check` runs and `rules` prints.
public enum DetectorRegistry {
    // Order only affects listing; detectors are independent observers of the same replay state.
    static var detectors: [any Detector.Type] {
        [
            LeakedModuleDetector.self,
            OrphanComponentDetector.self,   // XFLegoVIPER and QFMoudle
            DuplicateModuleNameDetector.self,
            IllegalURLHierarchyDetector.self,
            UnregisteredURLDetector.self,
            UnknownComponentDetector.self,
            LostEventDetector.self,
            NamingConventionDetector.self,
            // NNModule-swift (`frameworks: [.nnModule]`).
            NNServiceMissingDetector.self,
            NNPriorityIgnoredDetector.self,
            NNImplNotConformingDetector.self,
            NNImplReplacedAfterUseDetector.self,
            NNServiceCycleDetector.self,
            NNRouteDuplicateDetector.self,
            NNRouteInvalidDetector.self,
            NNRouteUnmatchedDetector.self,
            NNNestedWrongUpperDetector.self,
            NNNestedLoopDetector.self,
            NNRedirectLoopDetector.self,
            NNRedirectDanglingDetector.self,
            NNInterceptorDoubleRunDetector.self,
            NNHandlerNoopDetector.self,
            NNEventNameCollisionDetector.self,
            NNEventDeadTargetsDetector.self,
            NNObserverDiscardedDetector.self,
            NNStickyStaleDetector.self,
            NNLateRegisterDetector.self,
            // QFMoudle (`frameworks: [.qfMoudle]`).
            QFMissingImplDetector.self,
            QFUnknownSchemeDetector.self,
            QFImplNotConformingDetector.self,
            QFKVCUnknownKeyDetector.self,
            QFKVCNilScalarDetector.self,
            QFKVCTypeMismatchDetector.self,
            QFKVCWeakTargetDetector.self,
            QFModulePerCallDetector.self,
            QFCallbackRetainsCallerDetector.self,
        ]
    }

    /// The description of every registered rule, in listing order.
    public static let rules: [RuleDescription] = detectors.map { $0.rule }

    /// The rule with `id`, if one is registered.
    public static func rule(id: String) -> RuleDescription? {
        rules.first { $0.id == id }
    }
}
