import LegoModel
import LegoRuntime

/// Performs journey steps one by one, resolving "the current screen" and `from:` names against the live runtime.
struct JourneyDriver {
    let runtime: LegoRuntime
    /// Seconds the journey advanced the clock.
    private(set) var clock: Double = 0

    init(runtime: LegoRuntime) { self.runtime = runtime }

    /// The live module a step means by `name`: the newest on screen, else the component table's entry, else the newest live one.
    func resolve(_ name: String) -> ModuleRef? {
        if let onScreen = runtime.screenStack.last(where: { $0.name == name }) { return onScreen }
        if let registered = runtime.componentTable.map[name] { return registered }
        return runtime.liveModules.last { $0.name == name }
    }

    /// The module a step acts on: the named one, else the current screen.
    private func module(_ name: String?) -> Result<ModuleRef, StepRefusal> {
        if let name {
            guard let ref = resolve(name) else { return .failure(StepRefusal("no live component named `\(name)`")) }
            return .success(ref)
        }
        guard let top = runtime.currentScreen else { return .failure(StepRefusal("no screen is shown yet")) }
        return .success(top)
    }

    /// Runs one step; returns why the runtime refused it (empty when it did not).
    mutating func perform(_ step: Scenario.Step) -> [String] {
        var from: ModuleRef?
        if let name = step.from {
            guard let ref = resolve(name) else { return ["no live component named `\(name)`"] }
            from = ref
        }
        switch step.action {
        case .showRoot(.url(let url)):
            return reasons(runtime.showRoot(url: url))
        case .showRoot(.name(let name)):
            return reasons(runtime.showRoot(name))
        case .push(.url(let url), let data):
            return reasons(runtime.open(url: url, from: from, as: .push, intent: data))
        case .push(.name(let name), let data):
            return reasons(runtime.push(name, from: from, intent: data))
        case .present(.url(let url), let data, let thenDismissOpener):
            return reasons(runtime.present(url: url, from: from, intent: data, thenDismissOpener: thenDismissOpener))
        case .present(.name(let name), let data, let thenDismissOpener):
            return reasons(runtime.present(name, from: from, intent: data, thenDismissOpener: thenDismissOpener))
        case .pop(let data):
            return reasons(runtime.pop(from: from, intent: data))
        case .popTo(let name):
            return reasons(runtime.popTo(name, from: from))
        case .dismiss(let data):
            return reasons(runtime.dismiss(from: from, intent: data))
        case .addSub(let targets, let parentName):
            switch module(parentName) {
            case .failure(let refusal): return [refusal.reason]
            case .success(let parent):
                return targets.flatMap { target in
                    switch target {
                    case .url(let url): reasons(runtime.addSub(url: url, to: parent))
                    case .name(let name): reasons(runtime.addSub(name, to: parent))
                    }
                }
            }
        case .sendEvent(let name, let receivers, let data):
            // `from` is the sender (its event bus): recorded so graphs can draw the event edge.
            runtime.sendEvent(name, to: receivers, data: data, from: from)
            return []
        case .observe(let notifications):
            switch module(step.from) {
            case .failure(let refusal): return [refusal.reason]
            case .success(let observer):
                return runtime.observe(notifications, by: observer) ? [] : ["\(observer.name) is no longer alive"]
            }
        case .postNotification(let name, let data):
            runtime.postNotification(name, data: data)
            return []
        case .hold(let name, let label):
            switch module(name) {
            case .failure(let refusal): return [refusal.reason]
            case .success(let held):
                return runtime.hold(held, label: label) ? [] : ["\(held.name) is no longer alive"]
            }
        case .release(let label):
            return runtime.release(label: label) ? [] : ["nothing is held under `\(label)`"]
        case .retainCycle(let name):
            switch module(name) {
            case .failure(let refusal): return [refusal.reason]
            case .success(let leaked):
                return runtime.retainCycle(leaked) ? [] : ["\(leaked.name) is no longer alive"]
            }
        case .advanceClock(let seconds):
            runtime.advanceClock(by: seconds)
            clock += seconds
            return []
        case .enableLogs(let routing, let component):
            runtime.enableLogs(routing: routing, component: component)
            return []
        case .registerURL(let route):
            return reasons(runtime.registerURL(route.url, component: route.component))
        case .registerURLs(let group):
            return ScenarioRunner.register(group, on: runtime)
        case .removeURL(let url):
            return reasons(runtime.removeURL(url))
        case .addSubRouting(let name, let parentName):
            switch module(parentName) {
            case .failure(let refusal): return [refusal.reason]
            case .success(let parent): return reasons(runtime.addSubRouting(name, to: parent))
            }
        case .selectTab(let name):
            guard let tab = runtime.tabs.last(where: { $0.name == name }) else { return ["`\(name)` is not a tab of the window's root"] }
            return reasons(runtime.selectTab(tab))
        case .subscribeEvents(let name, let receiverClass, let label):
            if let receiverClass {
                runtime.subscribeEvents(name: name, receiverClass: receiverClass, label: label)
                return []
            }
            switch module(step.from) {
            case .failure(let refusal): return [refusal.reason]
            case .success(let receiver):
                return runtime.subscribeEvents(name: name, by: receiver) ? [] : ["\(receiver.name) is no longer alive"]
            }
        case .unsubscribeEvents(let name):
            return reasons(runtime.unsubscribeEvents(name: name))
        }
    }

    private func reasons(_ outcome: LegoOutcome) -> [String] {
        outcome.reason.map { [$0] } ?? []
    }
}

/// Why a step could not even be handed to the runtime.
struct StepRefusal: Error {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}
