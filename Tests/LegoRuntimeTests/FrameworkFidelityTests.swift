import LegoModel
import LegoRuntime
import Testing

/// Behaviours read from the framework's source (yizzuide/XFLegoVIPER at c95d757); each test names the file and selector.
@Suite struct FrameworkFidelityTests {
    /// `XFEventBus registerMVxNotifications:` (`_innerRegisterNotiName:`) only adds `NSNotificationCenter` observers;
    /// `XFComponentManager sendEventName:intentData:forComponent:` then finds the component table's newest holder.
    @Test func observingNotificationsLeavesTheEventReceiverTableAlone() throws {
        let app = BDJApp()
        let root = try #require(app.runtime.showRoot("IndexTab").module)
        let first = try #require(app.runtime.push("Post", from: root).module)
        let second = try #require(app.runtime.push("Post", from: first).module)

        #expect(app.runtime.observe(["BDJRefresh"], by: first))

        #expect(app.runtime.receiverTable.names.isEmpty)
        #expect(app.runtime.sendEvent("Refresh", to: ["Post"]) == [second])
        #expect(app.runtime.receivedEvents(of: first).isEmpty)
        #expect(app.runtime.postNotification("BDJRefresh") == [first])
    }

    /// `XFComponentManager removeComponent:` removes the name from the component table only; the event-receiver
    /// table keeps its entry until `removeEventReceiverComponentWithName:` (`XFPipe unSubscribeEventWithCompName:…`).
    @Test func removingAComponentKeepsItsEventReceiverEntry() throws {
        let app = BDJApp()
        let root = try #require(app.runtime.showRoot("IndexTab").module)
        let post = try #require(app.runtime.push("Post", from: root).module)
        #expect(app.runtime.subscribeEvents(name: "Post", by: post))

        #expect(app.runtime.pop().ok)

        #expect(!app.runtime.isAlive(post))
        #expect(app.runtime.receiverTable.names == ["Post"], "the entry stays, its weak value now nil")
        #expect(app.events(.receiverRemove).isEmpty)
        #expect(app.runtime.unsubscribeEvents(name: "Post").ok)
        #expect(app.runtime.receiverTable.names.isEmpty)
    }

    /// `XFPipe subscribeEventOnReceiver:withRegisterCompName:needReceiveEmitterEvent:NO` → `XFComponentManager
    /// addEventReceiver:componentName:`; `sendEventName:intentData:forComponent:` asks that table first.
    @Test func aNonComponentReceiverHearsEventsSentToItsNameAndTheSenderIsRecorded() throws {
        let app = BDJApp()
        let root = try #require(app.runtime.showRoot("IndexTab").module)
        let post = try #require(app.runtime.push("Post", from: root).module)
        let collector = app.runtime.subscribeEvents(name: "Post", receiverClass: "BDJEventCollector", label: "collector")

        #expect(app.runtime.sendEvent("Refresh", to: ["Post"], from: root).isEmpty, "no component received it")
        #expect(app.runtime.receivedEvents(ofReceiver: collector) == ["Refresh"])
        #expect(app.runtime.receivedEvents(of: post).isEmpty)
        let send = try #require(app.events(.eventSend).last)
        #expect(send.object == app.events(.componentAdd).first { $0.name == "IndexTab" }?.object, "obj is the sender's component")
        #expect(send.objects == [collector])
        #expect(app.runtime.release(label: "collector"))
        #expect(app.events(.objectDeinit).contains { $0.object == collector })
    }

    /// `XFModuleReflect inspectSuperModuleNameFromSubModuleName:stuffixName:` scans from the end and takes the first
    /// (shortest) suffix starting at an upper-case letter whose class exists: `NewAllPost` → `Post`, not `AllPost`.
    @Test func theGeneIsTheShortestUpperCaseSuffixWithAClass() throws {
        let app = BDJApp()
        app.runtime.declare(ModuleSpec(name: "AllPost"))
        let root = try #require(app.runtime.showRoot("IndexTab").module)

        let shell = try #require(app.runtime.addSub("NewAllPost", to: root).module)

        let assembled = try #require(app.events(.moduleAssemble).first { $0.object == shell.id })
        #expect(assembled.gene == "Post")
        #expect(assembled.moduleKind == .virtual)
        #expect(assembled.className == "BDJNewAllPostRouting")
    }

    /// Issue #21: a name a megabyte long made a candidate string for every capital letter, the square of its length.
    @Test(.timeLimit(.minutes(1)))
    func aHugeCapitalisedNameFindsItsGeneInLinearTime() {
        let runtime = BDJApp().runtime
        #expect(runtime.geneModule(of: String(repeating: "A", count: 1_000_000) + "Post") == "Post")
        // No suffix names a module: every capital letter was a candidate of its own, half a megabyte each.
        #expect(runtime.geneModule(of: String(repeating: "A", count: 1_000_000)) == nil)
    }

    /// The same scan runs for every handler's suffix (`Routing`, `ViewModel`, `ViewController`): an MVVM gene gives
    /// a virtual MVVM component (`XFModuleReflect createDynamicSubModuleClassFromName:stuffixName:superModule:`).
    @Test func mvvmAndControllerNamesHaveGenesToo() throws {
        let app = BDJApp()
        app.runtime.declare(ModuleSpec(name: "Setting", kind: .viewModel))
        let root = try #require(app.runtime.showRoot("IndexTab").module)

        let user = try #require(app.runtime.push("UserSetting", from: root).module)
        let web = try #require(app.runtime.push("WebPublish", from: user).module)

        let userAssembled = try #require(app.events(.moduleAssemble).first { $0.object == user.id })
        #expect(userAssembled.moduleKind == .viewModel)
        #expect(userAssembled.gene == "Setting")
        #expect(userAssembled.className == "BDJUserSettingViewModel")
        let webAssembled = try #require(app.events(.moduleAssemble).first { $0.object == web.id })
        #expect(webAssembled.moduleKind == .controller)
        #expect(webAssembled.gene == "Publish")
    }

    /// `XFModuleReflect inspectModulePrefixWithModule:stuffixName:` tries the Swift namespace, the class prefix, no
    /// prefix, then each `classPrefixList` entry; a Swift class name drops its namespace, and a class whose second
    /// letter is lower-case has no prefix.
    @Test func namesAreLookedUpUnderTheNamespaceThePrefixNoPrefixAndThePrefixList() throws {
        let app = BDJApp()
        app.runtime.setSwiftNamespace("MyApp")
        app.runtime.setClassPrefixList(["LG"])
        #expect(app.runtime.declare(ModuleSpec(name: "Account", kind: .controller, classPrefix: "MyApp.")) == "Account")
        #expect(app.runtime.declare(ModuleSpec(name: "Message", kind: .controller, classPrefix: "")) == "Message")
        app.runtime.declare(ModuleSpec(name: "Setting", kind: .viewModel, classPrefix: "LG"))
        let root = try #require(app.runtime.showRoot("IndexTab").module)

        let account = try #require(app.runtime.push("Account", from: root).module)
        let message = try #require(app.runtime.push("Message", from: account).module)
        let setting = try #require(app.runtime.push("HotSetting", from: message).module)

        let classes = [account, message, setting].compactMap { module in app.events(.moduleAssemble).first { $0.object == module.id }?.className }
        #expect(classes == ["MyApp.AccountViewController", "MessageViewController", "LGHotSettingViewModel"])
        // With the global prefix BDJ set, the class LGSettingViewModel itself is named LGSetting (the quirk);
        // the namespaced and unprefixed classes are named plainly.
        #expect(app.events(.namingProblem).map(\.name) == ["LGSetting"])
    }

    /// `XFVIPERModuleHandler subUIterfaceFromSubComponent:parentUInterface:` binds the sub-routing (and `XFRouting
    /// addSubRouting:asChildViewController:` sets `subRoute`) only when the parent view has an `eventHandler`; under
    /// a controller the sub-module's routing stays a root, so `XFVIPERModuleAssembly` prints its link log.
    @Test func aVIPERSubModuleUnderAControllerPrintsALinkLog() throws {
        let app = BDJApp(logs: true)
        app.runtime.enableLogs(routing: true, component: false)
        let root = try #require(app.runtime.showRoot("IndexTab").module)
        let publish = try #require(app.runtime.present("Publish", from: root).module)
        let before = app.console.text.count

        _ = try #require(app.runtime.addSub("Essence", to: publish).module)

        #expect(String(app.console.text.dropFirst(before)) == "current routing count: 2\nRouting link:\n\n"
            + "Root Routing(0): (\n\tBDJIndexTabRouting\n)\nRoot Routing(1): (\n\tBDJEssenceRouting\n)\n")
    }

    /// `XFURLRoute open:transitionBlock:` checks `XFComponentReflect existComponent:` before
    /// `XFURLInterceptorChain executeChainWithURL:componentName:`: an unknown component never reaches the interceptors.
    @Test func theExistenceCheckRunsBeforeTheInterceptors() throws {
        let app = BDJApp()
        app.runtime.registerURL("bdj://ghost", component: "Ghost")
        app.runtime.addInterceptor(name: "Everything") { _ in true }
        let root = try #require(app.runtime.showRoot("IndexTab").module)

        let outcome = app.runtime.open(url: "bdj://ghost", from: root)

        #expect(outcome.reason?.contains("no component handler claims Ghost") == true)
        #expect(app.events(.urlIntercept).isEmpty)
    }

    /// `XFComponentManager +_log` returns before the header when the name array is empty, and after it when the
    /// first name's weak value is nil.
    @Test func theComponentLogPrintsNothingForAnEmptyTableAndOnlyTheHeaderForADeadRoot() throws {
        let app = BDJApp(logs: true)
        app.runtime.enableLogs(routing: false, component: true)
        let root = try #require(app.runtime.showRoot("IndexTab").module)
        let before = app.console.text.count
        // A sub-module of the root's own name evicts the root from the table: it is empty when the log runs.
        _ = app.runtime.addSub("IndexTab", to: root)
        #expect(String(app.console.text.dropFirst(before)) == "")

        let other = BDJApp(logs: true)
        other.runtime.enableLogs(routing: false, component: true)
        _ = try #require(other.runtime.showRoot("IndexTab").module)
        let printed = other.console.text.count
        // The window drops the old root, which dies; its name still leads the table.
        _ = try #require(other.runtime.showRoot("Publish").module)
        #expect(String(other.console.text.dropFirst(printed)) == "Component trace log:\n")
    }
}

/// Tab bars, navigation stacks and modal presentation, read from the framework's source.
@Suite struct TabAndStackTests {
    /// `UIViewController+ComponentUI xfLego_viewDidLoad`: `[[UITabBarController alloc] init]` calls `viewDidLoad` before
    /// the Presenter is bound, so tab children made there get no parent (`XFVIPERModuleHandler
    /// subUIterfaceFromSubComponent:parentUInterface:` finds no `eventHandler`) and print their own link logs
    /// (`XFVIPERModuleAssembly`, `LEGORunAfter0_015`); ~15 ms later `willReBindRelationFromSubUserInterfaces:
    /// toParentUserInterface:` binds them (`XFRoutingFactory resetSubRoutings:forParentRouting:`).
    @Test func tabChildrenMadeDuringTheParentsInitAreBoundFifteenMillisecondsLater() throws {
        let app = BDJApp(logs: true)
        app.runtime.enableLogs(routing: true, component: false)
        app.runtime.declare(ModuleSpec(name: "MainTab", tabs: ["Essence", "New"]))

        let root = try #require(app.runtime.showRoot("MainTab").module)

        let unbound = "current routing count: 3\nRouting link:\n\n"
            + "Root Routing(0): (\n\tBDJEssenceRouting\n)\n"
            + "Root Routing(1): (\n\tBDJNewRouting\n)\n"
            + "Root Routing(2): (\n\tBDJMainTabRouting\n)\n"
        let bound = "current routing count: 3\nRouting link:\n\n"
            + "Sub Routing from BDJMainTabRouting(0): (\n\tBDJEssenceRouting\n)\n"
            + "Sub Routing from BDJMainTabRouting(1): (\n\tBDJNewRouting\n)\n"
            + "Root Routing(0): (\n\tBDJMainTabRouting\n\tSub Routing: (\n\t\tBDJEssenceRouting\n\t\tBDJNewRouting\n\t)\n)\n"
        #expect(app.console.text == unbound + unbound + bound)
        #expect(app.runtime.tabs.map(\.name) == ["Essence", "New"])
        #expect(app.runtime.subModules(of: root).map(\.name) == ["Essence", "New"])
        let assembled = try #require(app.events(.moduleAssemble).first { $0.name == "MainTab" })
        let binds = app.events(.link).filter { $0.relation == .sub }
        #expect(binds.count == 2)
        #expect(binds.allSatisfy { abs($0.time - assembled.time - 0.015) < 1e-9 })
        #expect(app.runtime.routingTable.names == ["Essence", "New", "MainTab"])
    }

    /// `XFUIBus pushComponent:…` pushes onto `thisInterface.navigationController`: each tab has its own stack, and
    /// `popComponent` pops the opener's own navigation controller.
    @Test func eachTabHasItsOwnNavigationStack() throws {
        let app = BDJApp()
        app.runtime.declare(ModuleSpec(name: "MainTab", tabs: ["Essence", "New"]))
        _ = try #require(app.runtime.showRoot("MainTab").module)
        let tabs = app.runtime.tabs
        #expect(tabs.count == 2)

        let post = try #require(app.runtime.push("Post").module)
        #expect(app.runtime.selectTab(tabs[1]).ok)
        #expect(app.runtime.currentScreen == tabs[1])
        let comment = try #require(app.runtime.push("PostComment").module)
        #expect(app.runtime.pop().ok, "pops New's stack")
        #expect(!app.runtime.isAlive(comment))
        #expect(!app.runtime.pop().ok, "New is the root of its stack")
        #expect(app.runtime.selectTab(tabs[0]).ok)
        #expect(app.runtime.currentScreen == post)
        #expect(app.runtime.pop().ok)
        #expect(!app.runtime.isAlive(post))
    }

    /// `XFUIBus dismissComponent` → `removeComponentWithTransitionBlock:` removes and releases only the dismissed
    /// component (`XFRouting xfLego_releaseRouting:` breaks its `previousRouting` only); what it presented stays in the
    /// component table, and its `previousRouting` (strong) keeps the dismissed routing alive.
    @Test func aPresenterCanBeDismissedWhileWhatItPresentedStays() throws {
        let app = BDJApp()
        let root = try #require(app.runtime.showRoot("IndexTab").module)
        let login = try #require(app.runtime.present("Login", from: root).module)
        let child = try #require(app.runtime.present("Publish2", from: login).module)

        #expect(app.runtime.dismiss(from: login).ok)

        #expect(app.runtime.componentTable.names == ["IndexTab", "Publish2"])
        #expect(app.runtime.screenStack == [root, child])
        #expect(app.runtime.isAlive(child))
        #expect(app.runtime.routingPrevious(of: child) == login, "the child's previousRouting still holds it")
        #expect(app.runtime.liveObjects(of: login) == [login.id], "only the dismissed module's routing is left")
        #expect(app.runtime.routingNext(of: root) == nil)
    }
}
