import LegoAnalysis
import LegoModel

/// `nn-late-register` from source, as a note: a tab item or launch task registered outside a `Module.Awake` method.
/// The tab service reads its items at setup and the task service runs its lists at `execute()`, both during launch
/// (`YiHuaXie/NNModule@5d3e56e:NNModule/ModuleManager/Impl/ModuleTabServiceImpl.swift:24-39`,
/// `ModuleLaunchTaskServiceImpl.swift:30-40`); whether the call runs before them depends on when the code runs.
enum NNLateRegisterCheck: NNStaticCheck {
    static func run(_ app: NNScannedApp, _ findings: StaticFindings) {
        for registered in app.facts.registered where registered.method == nil {
            let what = registered.kind == .tab ? "tab item" : "launch task"
            // `ModuleManager` calls the application service's `applicationWillAwake()` before the Awake methods and the
            // launch tasks, and its `application(_:didFinishLaunchingWithOptions:)` after `execute()` ran them
            // (`ModuleManager.swift:38-44, 49-54`): the first is in time, a task added in the second never runs.
            if registered.function == "applicationWillAwake()" { continue }
            // Only the sync tasks run inside `execute()`; the main-queue batch is read in a block that runs after launch
            // returns (`ModuleLaunchTaskServiceImpl.swift:30-34`), so the task's run mode, which the scan does not read,
            // decides: a note that says so.
            if registered.kind == .launchTask, registered.function == "application(_:didFinishLaunchingWithOptions:)" {
                findings.report(.nnLateRegister, "launch task \(registered.className.written) is added in application(_:didFinishLaunchingWithOptions:), "
                                + "which ModuleManager calls after it executed the launch tasks: run on the main thread at once (.syncOnMain), the "
                                + "task never runs; add it in a Module.Awake method or applicationWillAwake()", module: registered.className.literal,
                                at: registered.location, certainty: .dynamic, identity: ["late", registered.kind.rawValue, registered.className.written])
                continue
            }
            let consequence = registered.kind == .tab ? "waits for the next tab bar setup" : "never runs once the tasks have executed"
            findings.report(.nnLateRegister, "\(what) \(registered.className.written) is registered outside a Module.Awake method: after launch it "
                            + consequence, module: registered.className.literal, at: registered.location, certainty: .dynamic,
                            identity: ["late", registered.kind.rawValue, registered.className.written])
        }
    }
}
