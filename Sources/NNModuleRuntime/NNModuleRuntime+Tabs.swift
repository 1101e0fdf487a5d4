import LegoModel
import LegoRuntimeCore

extension NNModuleRuntime {
    /// `tabService.addRegister`: appended, and used at the next setup when the tab bar is already set up
    /// (`NNModule/ModuleManager/Impl/ModuleTabServiceImpl.swift:35-39`).
    public func addTab(_ screen: String) {
        tabItems.append(TabItem(screen: screen))
        record(TraceEvent(kind: .nnTabRegister, name: screen, className: "\(screen)ViewController",
                          value: tabSetUp ? "after setup: used at the next setup" : nil, count: tabItems.count - 1,
                          ok: !tabSetUp))
    }

    /// `tabService.tabBarController`: the controller the tab service holds strongly (`ModuleTabServiceImpl.swift:12`),
    /// made and set up with one child per item when there is none (`:20`, `:55-62`).
    @discardableResult
    public func tabBarController() -> ObjectID? {
        if let tabController { return tabController }
        let controller = makeScreen("TabBar", className: "UITabBarController")
        tabController = controller
        var children: [Screen] = []
        for item in tabItems {
            let child = makeScreen(item.screen, isNavigation: true)
            children += screens[child].map { [$0] } ?? []
            record(TraceEvent(kind: .link, object: controller, peer: child, relation: .subComponent))
        }
        window.setTabs(children, navigation: true, of: controller)
        tabSetUp = true
        record(TraceEvent(kind: .nnTabSetup, object: controller, count: tabItems.count))
        return controller
    }

    /// The user taps tab `index` of the tab bar controller (`selectedIndex`); false when it has no such tab.
    @discardableResult
    public func selectTab(_ index: Int) -> Bool {
        guard let tabController else { return false }
        return window.selectTab(index, of: tabController)
    }

    /// `tabService.needReloadTabBarController`: the metas are emptied and the controller dropped
    /// (`ModuleTabServiceImpl.swift:41-44`); it goes unless the window still shows it.
    public func reloadTabBar() {
        let old = tabController
        record(TraceEvent(kind: .nnTabReload, object: old))
        tabController = nil
        tabSetUp = false
        if let old { releaseIfUnheld(old) }
    }

    /// `launchTaskService.addRegister`: a task added after `execute()` never runs
    /// (`NNModule/ModuleManager/Impl/ModuleLaunchTaskServiceImpl.swift:20-40`).
    public func addLaunchTask(_ className: String, mode: RunMode = .asynOnGlobal, priority: Int = 100) {
        launchTasks.append(LaunchTask(className: className, mode: mode, priority: priority))
        record(TraceEvent(kind: .nnTaskRegister, className: className,
                          value: tasksExecuted ? "\(mode.rawValue), after execute: never runs" : mode.rawValue,
                          count: priority, ok: !tasksExecuted))
    }

    /// `launchTaskService.execute()`: sync-main tasks now, the others later, each mode by priority, higher first.
    func executeLaunchTasks() {
        tasksExecuted = true
        for mode in RunMode.allCases {
            let tasks = launchTasks.filter { $0.mode == mode }.sorted { $0.priority > $1.priority }
            for task in tasks {
                let run = { [unowned self] in
                    self.record(TraceEvent(kind: .nnTaskRun, className: task.className, value: mode.rawValue, count: task.priority))
                }
                if mode == .syncOnMain { run() } else { clock.after(0, run) }
            }
        }
    }
}
