import LegoAnalysis
import LegoModel
import LegoReplay
import LegoRuntime
import Testing
@testable import LegoScenario

/// Each addition to the scenario format recorded and checked in the trace; the framework source is cited per test.
@Suite struct FidelityScenarioTests {
    private func run(_ yaml: String) throws -> ReplayedRun {
        let run = ReplayedRun(try Scenario.parse(yaml: yaml, file: "fidelity.yml"))
        #expect(run.summary.failures.isEmpty, "\(run.summary.failures)")
        return run
    }

    private func assembled(_ run: ReplayedRun, _ name: String) -> TraceEvent? {
        run.events.first { $0.kind == .moduleAssemble && $0.name == name }
    }

    /// `XFRoutingLinkManager` infers the prefix from the first VIPER Routing class loaded when none is set:
    /// app `classPrefix` writes every module's classes with it without calling `setModulePrefix:`.
    @Test func anAppClassPrefixLetsTheFrameworkInferThePrefix() throws {
        let run = try run("""
        app:
          name: Inferred
          classPrefix: BDJ
          modules:
            - {name: Essence}
            - {name: Publish, kind: controller}
        journey:
          - showRoot: Essence
          - push: Publish
        """)
        let prefix = try #require(run.events.first { $0.kind == .prefixSet })
        #expect(prefix.value == "BDJ")
        #expect(prefix.ok == true, "inferred, not set")
        #expect(assembled(run, "Publish")?.className == "BDJPublishViewController")
    }

    /// `XFModuleReflect inspectModulePrefixWithModule:stuffixName:` tries the Swift namespace, the prefix, none, then
    /// `classPrefixList`; `inspectSuperModuleNameFromSubModuleName:stuffixName:` gives MVVM and MVC names genes too.
    @Test func namespacedUnprefixedListedAndVirtualMVxComponents() throws {
        let run = try run("""
        app:
          name: Mixed
          prefix: XF
          swiftNamespace: MyApp
          classPrefixList: [LG]
          modules:
            - {name: Home}
            - {name: Login, kind: controller, classPrefix: "MyApp."}
            - {name: Message, kind: controller, classPrefix: ""}
            - {name: Setting, kind: viewModel, classPrefix: LG}
            - {name: Browse, kind: controller}
        journey:
          - showRoot: Home
          - push: Login
          - push: Message
          - push: HotSetting
          - push: WebBrowse
        """)
        #expect(["Login", "Message", "HotSetting", "WebBrowse"].map { assembled(run, $0)?.className } == [
            "MyApp.LoginViewController", "MessageViewController", "LGHotSettingViewModel", "XFWebBrowseViewController",
        ])
        #expect(assembled(run, "HotSetting")?.gene == "Setting")
        #expect(assembled(run, "WebBrowse")?.gene == "Browse")
        #expect(assembled(run, "WebBrowse")?.moduleKind == .controller)
    }

    /// `UIViewController+ComponentUI xfLego_viewDidLoad` re-binds a tab bar's children ~15 ms after its init made them;
    /// `XFUIBus pushComponent:…` pushes onto the opener's navigation controller (one per tab).
    @Test func tabsAreBoundLateAndEachHasItsStack() throws {
        let run = try run("""
        app:
          name: Tabs
          prefix: BDJ
          modules:
            - {name: IndexTab, tabs: [Essence, "bdj://indexTab/new"]}
            - {name: Essence}
            - {name: New}
            - {name: Post}
          urls: [bdj://indexTab/new]
        journey:
          - showRoot: IndexTab
          - selectTab: New
          - push: Post
          - selectTab: Essence
          - pop:
            from: Post
        """)
        let root = try #require(assembled(run, "IndexTab"))
        let binds = run.events.filter { $0.kind == .link && $0.relation == .sub }
        #expect(binds.count == 2)
        #expect(binds.allSatisfy { abs($0.time - root.time - 0.015) < 1e-9 })
        #expect(run.events.contains { $0.kind == .urlOpen && $0.url == "bdj://indexTab/new" && $0.ok == true })
        let push = try #require(run.events.first { $0.kind == .transitionBegin && $0.operation == .push })
        #expect(push.object == assembled(run, "New")?.object, "pushed from the selected tab")
        #expect(run.liveModuleNames == ["IndexTab", "Essence", "New"])
    }

    /// `XFUIBus dismissComponent` releases only the dismissed component: what it presented stays registered with no
    /// path back to the root, which `orphan-component` reports.
    @Test func dismissingAPresenterWhoseChildStaysLeavesAnOrphan() throws {
        let run = try run("""
        app:
          name: Orphan
          prefix: BDJ
          modules:
            - {name: IndexTab}
            - {name: Login}
            - {name: Publish}
        journey:
          - showRoot: IndexTab
          - present: Login
          - present: Publish
          - dismiss:
            from: Login
        """)
        #expect(run.state.componentTable.names == ["IndexTab", "Publish"])
        let header = TraceHeader(producer: "test", start: "2026-01-01T00:00:00Z", app: "Orphan")
        let findings = Analyzer.analyze(header: header, events: run.events + [TraceEvent(kind: .traceEnd)]).findings
        #expect(findings.contains { $0.ruleID == "orphan-component" && $0.module == "Publish" }, "\(findings.map(\.message))")
    }

    /// `XFRouting addSubRouting:asChildViewController:` called by user code: the sub-routing is in the link table and
    /// bound to its parent, but never in the component table (only `XFUInterfaceFactory` adds sub-components).
    @Test func aRoutingOnlySubModuleIsInTheLinkTableOnly() throws {
        let run = try run("""
        app:
          name: RoutingOnly
          prefix: BDJ
          modules:
            - {name: IndexTab}
            - {name: Banner}
        journey:
          - showRoot: IndexTab
          - addSubRouting: Banner
        """)
        #expect(run.state.routingTable.names == ["IndexTab", "Banner"])
        #expect(run.state.componentTable.names == ["IndexTab"])
        let banner = try #require(assembled(run, "Banner")?.object)
        #expect(run.state.links[banner]?.parent == assembled(run, "IndexTab")?.object)
    }

    /// `XFVIPERModuleAssembly _autoAssemblyModuleWithModuleName:ibSymbol:shareDataManagerName:`
    /// (`XF_AutoAssemblyModule_ShareDM(Name)`) builds the module's DataManager from the named module's class.
    @Test func aModuleCanBuildAnotherModulesDataManager() throws {
        let run = try run("""
        app:
          name: ShareDM
          prefix: BDJ
          modules:
            - {name: IndexTab}
            - {name: Post}
            - {name: HotPost, layers: [routing, presenter, activity, interactor], shareDataManager: Post}
        journey:
          - showRoot: IndexTab
          - push: HotPost
        """)
        let dataManager = try #require(run.events.first { $0.kind == .objectAlloc && $0.name == "HotPost" && $0.layer == .dataManager })
        #expect(dataManager.className == "BDJPostDataManager")
        #expect(assembled(run, "HotPost")?.objects?.contains(dataManager.object!) == true)
    }

    /// `XFEventBus sendEventName:intentData:forComponents:` is called on the sender's own event bus: `from` records it;
    /// `XFPipe subscribeEventOnReceiver:withRegisterCompName:needReceiveEmitterEvent:NO` registers a non-component
    /// receiver, which `XFComponentManager sendEventName:intentData:forComponent:` asks first.
    @Test func eventSendersAndNonComponentReceiversReachTheTrace() throws {
        let run = try run("""
        app:
          name: Events
          prefix: BDJ
          modules:
            - {name: IndexTab}
            - {name: Post}
        journey:
          - showRoot: IndexTab
          - push: Post
          - sendEvent: Refresh
            from: Post
            to: IndexTab
          - subscribeEvents: Stats
            receiver: BDJEventCollector
          - sendEvent: Count
            from: IndexTab
            to: Stats
            unchecked: true
          - release: BDJEventCollector
        """)
        let sends = run.events.filter { $0.kind == .eventSend }
        let post = run.events.first { $0.kind == .componentAdd && $0.name == "Post" }?.object
        let indexTab = run.events.first { $0.kind == .componentAdd && $0.name == "IndexTab" }?.object
        #expect(sends.map(\.object) == [post, indexTab])
        let receiver = try #require(run.events.first { $0.kind == .receiverAdd })
        #expect(receiver.className == "BDJEventCollector")
        #expect(sends.last?.objects == [receiver.object!])
        #expect(run.events.contains { $0.kind == .objectDeinit && $0.object == receiver.object })
    }

    /// A module the app has and the journey never opens is in the trace (`module.declare`): `XFControllerReflect
    /// verifyController:` (a331d32^, called by `XFVIPERModuleReflect verifyModuleLinkForList:`) only asks whether
    /// `<P><Name>ViewController` exists, so the framework's own check passes a URL through it, opened or not.
    @Test func aModuleThatExistsButIsNeverReachedIsDeclaredInTheTrace() throws {
        let run = try run("""
        app:
          name: Declared
          prefix: BDJ
          modules:
            - {name: IndexTab}
            - {name: Essence}
            - {name: PostComment}
            - {name: Settings, kind: controller}      # never reached
            - {name: Archive}                         # never reached
          urls: [bdj://indexTab, bdj://indexTab/settings/postComment]
        journey:
          - showRoot: bdj://indexTab
          - addSub: Essence
          - push: bdj://indexTab/settings/postComment
            from: Essence
        """)
        let declared = run.events.filter { $0.kind == .moduleDeclare }
        #expect(declared.map(\.name) == ["IndexTab", "Essence", "PostComment", "Settings", "Archive"])
        #expect(declared.first { $0.name == "Settings" }?.className == "BDJSettingsViewController")
        #expect(declared.first { $0.name == "Settings" }?.moduleKind == .controller)
        let firstStep = try #require(run.events.firstIndex { $0.kind == .transitionBegin })
        #expect(run.events.lastIndex { $0.kind == .moduleDeclare }! < firstStep, "declared before the journey")
        #expect(run.state.declarations.map(\.name) == declared.compactMap(\.name))
        #expect(run.state.modules.values.allSatisfy { $0.name != "Settings" && $0.name != "Archive" }, "never assembled")
        #expect(run.state.hasControllerClass(named: "Settings") && !run.state.hasControllerClass(named: "Archive"))

        var legacy = AnalysisConfiguration()
        legacy.urlCheck = .legacy
        let header = TraceHeader(producer: "test", start: "2026-01-01T00:00:00Z", app: "Declared")
        #expect(Analyzer.analyze(header: header, events: run.events, configuration: legacy).findings.isEmpty)
        let strict = Analyzer.analyze(header: header, events: run.events).findings
        #expect(strict.map(\.ruleID) == ["illegal-url-hierarchy"])
        #expect(strict.first?.message.contains("segment 2 'settings'") == true)
    }

    /// `XFUIBus presentComponent:…` with the guide's Publish flow (`BDJPublishViewController doFunAction:`:
    /// `XF_Present_URLComponent_Fast(publishContent)`, then `[self dismissViewControllerAnimated:NO completion:nil]`):
    /// `thenDismiss: true` dismisses the opener before the transition block runs, so the tab-bar root presents and the
    /// screen shows; without it the selected tab presents in a context already presenting Publish, and UIKit refuses.
    @Test func theGuidesPublishFlowShowsItsScreenOnlyWhenPublishDismissesItselfInTheSameTurn() throws {
        func publishFlow(thenDismiss: Bool) throws -> ReplayedRun {
            try run("""
            app:
              name: BDJ
              prefix: BDJ
              modules:
                - {name: IndexTab, tabs: [Essence]}
                - {name: Essence}
                - {name: Publish, kind: controller}
                - {name: PublishContent}
              urls: [bdj://indexTab, bdj://indexTab/publish, bdj://indexTab/publish/publishContent]
            journey:
              - showRoot: bdj://indexTab
              - present: bdj://indexTab/publish
                from: IndexTab
              - present: bdj://indexTab/publish/publishContent?usrId=123
                data: 控制器到模块的数据
                thenDismiss: \(thenDismiss)
            """)
        }
        let flow = try publishFlow(thenDismiss: true)
        #expect(flow.shown.suffix(2) == ["Publish", "PublishContent"])
        #expect(flow.screensGone.map(\.name) == ["Publish"])
        let content = try #require(flow.events.last { $0.kind == .transitionEnd && $0.name == "PublishContent" })
        #expect(content.ok == true)
        let dismissal = try #require(flow.events.firstIndex { $0.kind == .transitionBegin && $0.operation == .dismiss })
        #expect(flow.events.firstIndex { $0 == content }! > dismissal, "the block runs after the same-turn dismissal")

        let refused = try publishFlow(thenDismiss: false)
        let end = try #require(refused.events.last { $0.kind == .transitionEnd && $0.name == "PublishContent" })
        #expect(end.ok == false)
        #expect(end.value == "Attempt to present PublishContent on Essence, whose presentation context IndexTab is already presenting Publish: UIKit shows nothing")
        #expect(refused.shown.last == "Publish")
        #expect(refused.screensGone.map(\.reason) == [.refused])
    }
}
