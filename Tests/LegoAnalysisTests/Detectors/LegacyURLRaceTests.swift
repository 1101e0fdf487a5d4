import LegoAnalysis
import LegoModel
import LegoRuntime
import LegoTraceIO
import Testing

/// A tab bar whose children are made by URL in its `viewDidLoad` (`XF_SubUInterface_URL`), recorded by the runtime.
private func tabAppEvents() -> [TraceEvent] {
    let trace = TraceBuffer()
    let runtime = LegoRuntime(app: "BDJ", prefix: "BDJ", sink: trace, console: ConsoleBuffer())
    runtime.declare(ModuleSpec(name: "IndexTab", tabs: ["bdj://indexTab/essence", "bdj://indexTab/new"]))
    runtime.declare(ModuleSpec(name: "Essence"))
    runtime.declare(ModuleSpec(name: "New"))
    runtime.registerURLs(["bdj://indexTab", "bdj://indexTab/essence", "bdj://indexTab/new"])
    #expect(runtime.showRoot(url: "bdj://indexTab").ok)
    runtime.close()
    return trace.events
}

/// XFURLRoute `open:transitionBlock:` (a331d32^) dispatches `verifyModuleLinkForList:` to a global queue right after
/// the transition block. A tab child opened by URL in the tab bar's `viewDidLoad` is checked while the tab bar's own
/// routing is not yet in the link table (`XFVIPERModuleAssembly` adds it after the Presenter) and before
/// `willReBindRelationFromSubUserInterfaces:toParentUserInterface:` binds the child ~15 ms later: the verdict depends
/// on when the background check runs, so it is a race, not a pass or a failure.
@Test func legacyReportsTheRaceWithLateBoundTabChildren() throws {
    var configuration = AnalysisConfiguration()
    configuration.urlCheck = .legacy
    let result = Analyzer.analyze(header: TraceHeader(producer: "test", start: "2026-01-01T00:00:00Z", app: "BDJ"),
                                  events: tabAppEvents(), configuration: configuration)
    let findings = result.findings.filter { $0.ruleID == "illegal-url-hierarchy" }
    #expect(findings.map(\.message) == [
        "bdj://indexTab/essence (legacy check): race: the framework's asynchronous check fails if it runs at once and passes "
            + "once the framework's 15 ms work (late-bound tab children, delayed links) has run; segment 1 'indexTab': no live routing is named IndexTab",
        "bdj://indexTab/new (legacy check): race: the framework's asynchronous check fails if it runs at once and passes "
            + "once the framework's 15 ms work (late-bound tab children, delayed links) has run; segment 1 'indexTab': no live routing is named IndexTab",
    ])
    #expect(findings.allSatisfy { $0.severity == .warning })
    // Strict judges an open made while the tab bar is being built once the tab bar exists: both URLs match then.
    let strict = Analyzer.analyze(header: TraceHeader(producer: "test", start: "2026-01-01T00:00:00Z", app: "BDJ"),
                                  events: tabAppEvents()).findings.filter { $0.ruleID == "illegal-url-hierarchy" }
    #expect(strict.isEmpty)
}
