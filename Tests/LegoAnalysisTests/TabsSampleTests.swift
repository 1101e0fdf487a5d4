import Foundation
import LegoAnalysis
import LegoModel
import LegoRuntime
import LegoScenario
import LegoTraceIO
import Testing

/// `samples/tabs-app.yml`, recorded into memory with its console.
private func recordTabsApp() throws -> (events: [TraceEvent], console: String) {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let scenario = try Scenario.load(path: root.appendingPathComponent("samples/tabs-app.yml").path)
    let buffer = TraceBuffer()
    let console = ConsoleBuffer()
    let runtime = ScenarioRunner.makeRuntime(for: scenario, sink: buffer, console: console)
    runtime.consoleFraming = .bare
    let summary = ScenarioRunner.runJourney(scenario, on: runtime)
    #expect(summary.failures.isEmpty, "\(summary.failures)")
    runtime.close()
    return (buffer.events, console.text)
}

private let header = TraceHeader(producer: "test", start: "2026-01-01T00:00:00Z", app: "TabsApp")

/// XFURLRoute `open:transitionBlock:` (a331d32^) dispatches `verifyModuleLinkForList:` right after the transition
/// block; the Weibo tab is opened by URL in XFMainTabActivity's `viewDidLoad`, before XFMainTabRouting enters the link
/// table (XFVIPERModuleAssembly) and ~15 ms before `willReBindRelationFromSubUserInterfaces:…` binds it.
@Test func theTabsSampleMakesTheLegacyCheckRaceWithTheLateBoundTab() throws {
    let events = try recordTabsApp().events
    var legacy = AnalysisConfiguration()
    legacy.urlCheck = .legacy
    let findings = Analyzer.analyze(header: header, events: events, configuration: legacy).findings
    #expect(findings.map(\.message) == [
        "xf://mainTab/weibo (legacy check): race: the framework's asynchronous check fails if it runs at once and passes "
            + "once the framework's 15 ms work (late-bound tab children, delayed links) has run; segment 1 'mainTab': no live routing is named MainTab",
    ])
    #expect(findings.first?.severity == .warning)
    // Strict judges an open made while another module is being built once that module exists: the tab's URL
    // matches the chain then, and nothing else in the sample is a finding.
    let strict = Analyzer.analyze(header: header, events: events).findings
    #expect(strict.map(\.message) == [])
}

/// The launch part of the console: XFVIPERModuleAssembly's delayed `[XFRoutingLinkManager log]` runs for each tab child
/// while it is still unbound (`isSubRoute` false, no parent), then for the tab bar once
/// `XFRoutingFactory resetSubRoutings:forParentRouting:` bound them; `XFComponentManager +_log` prints the tab bar's
/// children from its view controllers at once.
@Test func theTabsSampleLaunchLogsAreTheFrameworks() throws {
    let console = try recordTabsApp().console
    let unbound = "current routing count: 3\nRouting link:\n\n"
        + "Root Routing(0): (\n\tXFWeiboRouting\n)\nRoot Routing(1): (\n\tXFMusicRouting\n)\nRoot Routing(2): (\n\tXFMainTabRouting\n)\n"
    let bound = "current routing count: 3\nRouting link:\n\n"
        + "Sub Routing from XFMainTabRouting(0): (\n\tXFWeiboRouting\n)\nSub Routing from XFMainTabRouting(1): (\n\tXFMusicRouting\n)\n"
        + "Root Routing(0): (\n\tXFMainTabRouting\n\tSub Routing: (\n\t\tXFWeiboRouting\n\t\tXFMusicRouting\n\t)\n)\n"
    let components = "Component trace log:\n\n(\n\t-> MainTab\n\t[\t\t\t\n\t\t(\n\t\t\tWeibo\n\t\t)\t\t\t\n\t\t(\n\t\t\tMusic\n\t\t)\n\t]\n)\n"
    #expect(console.hasPrefix(components + unbound + unbound + bound), "\(console.prefix(900))")
    #expect(console.contains("\t\t\tMusic\n\t\t\t-> UserSetting\n"), "the setting screen is on the Music tab's stack")
    #expect(console.contains("\t\t\tMusic\n\t\t\t-> Message\n"))
}

/// The events' senders reach the trace, so the graph has event edges (docs/graph.md).
@Test func theTabsSampleEventsCarryTheirSender() throws {
    let events = try recordTabsApp().events
    let sends = events.filter { $0.kind == .eventSend }
    #expect(sends.count == 2)
    #expect(sends.allSatisfy { $0.object != nil })
    let setting = try #require(events.first { $0.kind == .moduleAssemble && $0.name == "UserSetting" })
    #expect(setting.moduleKind == .viewModel)
    #expect(setting.gene == "Setting")
    #expect(events.first { $0.kind == .moduleAssemble && $0.name == "Message" }?.className == "MessageViewController")
}
