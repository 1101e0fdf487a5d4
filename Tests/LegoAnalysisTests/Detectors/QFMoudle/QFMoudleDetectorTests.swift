import LegoAnalysis
import LegoModel
import Testing

// Each rule pins what qingfengiOS/QFMoudle@0ac5a23 does (docs/qfmoudle.md cites the lines): a test that finds it and
// one that stays quiet. Without the detector in DetectorRegistry the finding tests fail.

@Test func qfMissingImplFindsAProtocolWithoutItsClass() throws {
    // QFRouter.m:45-48: NSClassFromString gives Nil, [Nil alloc] is nil; nothing is logged.
    let findings = try qfFindings("qf-missing-impl", ["open: {protocol: Ghost}"])
    #expect(findings.count == 1)
    #expect(findings.first?.severity == .error)
    #expect(findings.first?.message.contains("no class Ghost exists") == true)
    #expect(try qfFindings("qf-missing-impl", ["open: {protocol: Cart}", "pop"]).isEmpty)
}

@Test func qfUnknownSchemeFindsACaseMismatchAndSuggestsTheProtocol() throws {
    // QFRouter.m:50-57: objc_getProtocol(url.scheme) is case-sensitive.
    let findings = try qfFindings("qf-unknown-scheme", ["resolveURL: \"cart://?coupon=A1\""])
    #expect(findings.count == 1)
    #expect(findings.first?.message.contains("did you mean `Cart`?") == true)
    #expect(try qfFindings("qf-unknown-scheme", ["resolveURL: \"Cart://any/path?coupon=A1\""]).isEmpty)
}

@Test func qfImplNotConformingFindsAClassThatDoesNotAdoptItsProtocol() throws {
    // QFRouter.m:45-48 never calls conformsToProtocol:.
    let findings = try qfFindings("qf-impl-not-conforming", ["open: {protocol: Stranger}", "pop"])
    #expect(findings.map(\.module) == ["Stranger"])
    #expect(try qfFindings("qf-impl-not-conforming", ["open: {protocol: Cart}", "pop"]).isEmpty)
}

@Test func qfKVCUnknownKeyFindsAKeyNoPropertyAnswers() throws {
    // QFRouter.m:52-55: setValue:forKey: with an unknown key raises NSUndefinedKeyException.
    let findings = try qfFindings("qf-kvc-unknown-key", ["resolveURL: \"Cart://?cupon=A1\""])
    #expect(findings.count == 1)
    #expect(findings.first?.severity == .error)
    #expect(findings.first?.message.contains("`cupon`") == true)
    #expect(try qfFindings("qf-kvc-unknown-key", ["resolveURL: \"Cart://?coupon=A1\""]).isEmpty)
}

@Test func qfKVCNilScalarFindsAKeyWithoutValueOnAScalar() throws {
    // QFRouter.m:52-55 passes the nil value of `?count`; setNilValueForKey: raises for a scalar.
    #expect(try qfFindings("qf-kvc-nil-scalar", ["resolveURL: \"Cart://?count\""]).count == 1)
    // On an object property nil is stored, and `count=3` is converted: both quiet.
    #expect(try qfFindings("qf-kvc-nil-scalar", ["resolveURL: \"Cart://?coupon&count=3\""]).isEmpty)
}

@Test func qfKVCTypeMismatchFindsTextStoredIntoAControllerProperty() throws {
    let findings = try qfFindings("qf-kvc-type-mismatch", ["resolveURL: \"Cart://?owner=home\""])
    #expect(findings.first?.message.contains("UIViewController") == true)
    #expect(try qfFindings("qf-kvc-type-mismatch", ["resolveURL: \"Cart://?count=12&coupon=x\""]).isEmpty)
}

@Test func qfKVCWeakTargetFindsAWeakProperty() throws {
    #expect(try qfFindings("qf-kvc-weak-target", ["resolveURL: \"Cart://?source=banner\""]).count == 1)
    #expect(try qfFindings("qf-kvc-weak-target", ["resolveURL: \"Cart://?coupon=banner\""]).isEmpty)
}

@Test func qfModulePerCallCountsLiveInstancesAndSaysWhereEachWasMade() throws {
    // QFRouter.m:45-48 makes a new instance per call; each pushed controller holds its own.
    let findings = try qfFindings("qf-module-per-call", ["open: {protocol: Cart}", "open: {protocol: Cart}"])
    #expect(findings.count == 1)
    #expect(findings.first?.severity == .note)
    #expect(findings.first?.message.hasPrefix("2 live instances of protocol Cart at once") == true)
    #expect(findings.first?.evidence.count == 2)
    // One after the other (the first popped and released): never two at once.
    #expect(try qfFindings("qf-module-per-call", ["open: {protocol: Cart}", "pop", "open: {protocol: Cart}"]).isEmpty)
}

@Test func qfCallbackRetainsCallerFindsABlockCapturingTheShownController() throws {
    // QFMoudleProtocol.h:20 (copy) + QFDetailViewController.h:14 (the controller holds its module).
    let result = try qfCheck(["open: {protocol: Cart, callback: shown}", "back"])
    #expect(result.findings.filter { $0.ruleID == "qf-callback-retains-caller" }.count == 1)
    // The cycle outlives the pop: the shared leaked-module reports the module too.
    #expect(result.findings.filter { $0.ruleID == "leaked-module" }.map(\.module) == ["Cart"])
    // Capturing only the opener is no cycle, and nothing leaks.
    let quiet = try qfCheck(["open: {protocol: Cart, callback: opener}", "back"])
    #expect(quiet.findings.map(\.ruleID) == [])
}

@Test func qfCallbackRetainsCallerFindsTheCycleInARecordedTraceThatCannotNameTheSetter() throws {
    // The Objective-C recorder's callback.set has no peerName (a hook cannot see its caller): the cycle is found
    // all the same, and the message names no setter.
    let recorded = try qfRecord(["open: {protocol: Cart, callback: shown}", "back"]).map { event -> TraceEvent in
        var copy = event
        if copy.kind == .callbackSet { copy.peerName = nil }
        return copy
    }
    #expect(recorded.contains { $0.kind == .callbackSet && $0.objects?.isEmpty == false })
    let findings = qfAnalyze(recorded).findings.filter { $0.ruleID == "qf-callback-retains-caller" }
    #expect(findings.count == 1)
    #expect(findings.first?.message.hasPrefix("the callbackBlock of Cart#") == true)
    #expect(findings.first?.message.contains("set by") == false)
}

@Test func xfLegoViperRulesDoNotRunOnQFMoudleTraces() throws {
    let result = try qfCheck(["open: {protocol: Cart}"])
    #expect(result.rules.allSatisfy { $0.frameworks.contains(.qfMoudle) })
    #expect(result.rules.contains { $0.id == "qf-kvc-unknown-key" })
    #expect(!result.rules.contains { $0.id == "lost-event" })
}

@Test func orphanComponentFindsAKeptQFMoudleModuleWhoseScreenIsNeverShown() throws {
    // QFRouter.m:45-48: nothing but the caller keeps a module; a kept one never shown is an orphan (the shared rule
    // orphan-component, which declares QFMoudle with this meaning).
    let findings = try qfFindings("orphan-component", ["resolve: {protocol: Cart, keep: true}"])
    #expect(findings.map(\.module) == ["Cart"])
    #expect(findings.first?.severity == .warning)
    #expect(findings.first?.message.contains("held by RootViewController#") == true)
    // Dropped at the end of its step, or shown: quiet.
    #expect(try qfFindings("orphan-component", ["resolve: Cart", "open: {protocol: Cart}"]).isEmpty)
    // One rule per finding: the QFMoudle-only rule it replaced is gone.
    #expect(DetectorRegistry.rule(id: "qf-orphan-module") == nil)
    #expect(DetectorRegistry.rule(id: "orphan-component")?.frameworks == [.xflegoViper, .qfMoudle])
}
