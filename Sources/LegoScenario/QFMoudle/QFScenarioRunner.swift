import LegoModel
import LegoRuntime
import LegoTraceIO
import QFMoudleRuntime

/// Runs a QFMoudle scenario on the runtime model: declares its app, then performs each journey step in order.
///
/// Steps the app would crash on or UIKit refuses (pushing a nil controller, popping a root) are recorded in the
/// summary's `failures` and the journey goes on.
public enum QFScenarioRunner {
    /// Runs `scenario` on a new runtime recording into `sink` (untraced when nil), and closes the runtime.
    public static func run(_ scenario: QFScenario, sink: (any TraceSink)?) -> RunSummary {
        CountingSink.counting(sink) { counter in
            let runtime = QFMoudleRuntime(app: scenario.app, sink: counter)
            let summary = runJourney(scenario, on: runtime) { step in counter?.enterStep(line: step.position.line) }
            counter?.enterStep(line: 0)
            runtime.close()
            return summary
        }
    }

    /// Performs the journey on `runtime`, calling `beforeEach` with each step just before it runs.
    static func runJourney(_ scenario: QFScenario, on runtime: QFMoudleRuntime, beforeEach: (QFScenario.Step) -> Void) -> RunSummary {
        var failures: [RunSummary.Failure] = []
        for (index, step) in scenario.journey.enumerated() {
            beforeEach(step)
            if let reason = perform(step.action, on: runtime) {
                failures.append(RunSummary.Failure(file: scenario.file, step: index + 1, position: step.position,
                                                   action: step.action.keyword, reason: reason))
            }
        }
        return RunSummary(steps: scenario.journey.count, events: 0, modules: scenario.app.protocols.count,
                          duration: runtime.clock.now, failures: failures)
    }

    /// Performs one step; the reason when the app or UIKit refused it.
    static func perform(_ action: QFScenario.Action, on runtime: QFMoudleRuntime) -> String? {
        switch action {
        case .showRoot(let protocols):
            var roots: [QFViewController] = []
            var reasons: [String] = []
            for name in protocols {
                let module = runtime.resolve(protocol: name, caller: nil)
                let (controller, reason) = runtime.controller(of: module, getter: "interfaceViewController")
                if let controller { roots.append(controller) } else if let reason { reasons.append(reason) }
            }
            runtime.showRoot(roots)
            return reasons.isEmpty ? nil : reasons.joined(separator: "; ")
        case .selectTab(let index):
            return runtime.selectTab(index) ? nil : "there is no tab \(index)"
        case .open(let open):
            let opener = runtime.topController
            let module = resolve(open.target, on: runtime, caller: opener)
            let (controller, reason) = runtime.controller(of: module, getter: open.getter)
            if let module, let controller {
                switch open.callback {
                case .none: break
                case .opener: runtime.setCallback(on: module, capturing: opener.map { [$0] } ?? [], by: opener)
                case .shown: runtime.setCallback(on: module, capturing: [controller], by: opener)
                }
            }
            let name = module?.protocolName ?? open.target.protocolHint
            let shown = open.show == .push ? runtime.push(controller, name: name) : runtime.present(controller, name: name)
            return joined(reason, shown)
        case let .resolve(target, keep):
            let caller = runtime.topController
            guard let module = resolve(target, on: runtime, caller: caller) else { return nil }
            if keep {
                guard let caller else { return "there is no visible controller to keep the module" }
                runtime.keep(module, in: caller)
            }
            return nil
        case .back:
            guard let top = runtime.topController else { return "there is no screen to go back from" }
            let reason = runtime.callBack(from: top)
            return joined(reason, runtime.pop())
        case .pop:
            return runtime.pop()
        case .dismiss:
            return runtime.dismiss()
        case .advanceClock(let seconds):
            runtime.clock.advance(by: seconds)
            return nil
        }
    }

    /// Two reasons a step failed, either of which may be absent, as one.
    private static func joined(_ first: String?, _ second: String?) -> String? {
        switch (first, second) {
        case let (first?, second?): "\(first); \(second)"
        default: first ?? second
        }
    }

    private static func resolve(_ target: QFScenario.Target, on runtime: QFMoudleRuntime, caller: QFViewController?) -> QFModule? {
        switch target {
        case .protocolName(let name): runtime.resolve(protocol: name, caller: caller)
        case .url(let url): runtime.resolve(url: url, caller: caller)
        }
    }
}

extension QFScenario.Target {
    /// The protocol the lookup names: the protocol, or the URL's scheme as written.
    var protocolHint: String {
        switch self {
        case .protocolName(let name): name
        case .url(let url): url.firstIndex(of: ":").map { String(url[..<$0]) } ?? url
        }
    }
}

extension QFScenario: FrameworkScenario {
    /// QFMoudle.
    public var framework: Framework { .qfMoudle }
    /// The app's name.
    public var appName: String { app.name }
    /// Runs it with `QFScenarioRunner.run`; QFMoudle prints no console logs, so `console` and `logs` are unused.
    public func run(sink: (any TraceSink)?, console: LegoConsole?, logs: Bool) -> RunSummary {
        QFScenarioRunner.run(self, sink: sink)
    }
}
