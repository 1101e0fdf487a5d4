import LegoModel
import LegoRuntimeCore

extension QFMoudleRuntime {
    /// Makes `controllers` the window's root: the tabs of a tab bar the app makes (one tab for a single root), each in
    /// its navigation stack.
    public func showRoot(_ controllers: [QFViewController]) {
        for controller in controllers {
            transition(.show, from: nil, to: controller, name: controller.screenName) { true }
        }
        window.setRootTabBar(children: controllers)
    }

    /// Selects tab `index` (from 0); false when there is no such tab.
    public func selectTab(_ index: Int) -> Bool { window.selectTab(index) }

    /// The controller on top of the screen the user sees.
    public var topController: QFViewController? { window.topController }

    /// Pushes `controller` on the visible navigation stack; UIKit raises for a nil controller, which is the reason returned.
    public func push(_ controller: QFViewController?, name: String?) -> String? {
        guard let controller else {
            transition(.push, from: topController, to: nil, name: name) { false }
            return "pushing a nil view controller raises NSInvalidArgumentException"
        }
        var pushed = false
        transition(.push, from: topController, to: controller, name: controller.screenName) {
            pushed = window.topViewController.flatMap(window.navigationController(of:)).map { window.push(controller, on: $0) } ?? false
            return pushed
        }
        return pushed ? nil : "there is no navigation stack to push on"
    }

    /// Presents `controller` in a navigation stack of its own; presenting nil raises, which is the reason returned.
    public func present(_ controller: QFViewController?, name: String?) -> String? {
        guard let controller else {
            transition(.present, from: topController, to: nil, name: name) { false }
            return "presenting a nil view controller raises NSInvalidArgumentException"
        }
        transition(.present, from: topController, to: controller, name: controller.screenName) {
            guard let from = window.topViewController ?? window.root else { return false }
            if case .presented = window.present(controller, navigation: true, from: from) { return true }
            return false
        }
        return nil
    }

    /// Pops the visible stack's top controller; a reason when there is nothing to pop.
    public func pop() -> String? {
        guard let leaving = topController else { return "there is no screen to pop" }
        var popped: QFViewController?
        transition(.pop, from: leaving, to: nil, name: leaving.screenName) {
            popped = window.navigationController(of: leaving.id).flatMap { window.pop($0) }
            return popped != nil
        }
        // The stack's reference goes here, after the transition ended: what nothing else holds deinitializes now.
        return popped == nil ? "the visible navigation stack has only its root" : nil
    }

    /// Dismisses the top presented stack; a reason when nothing is presented.
    public func dismiss() -> String? {
        guard let top = window.topViewController, let presented = window.presentationContext(of: top),
              window.isPresented(presented), let leaving = window.controller(presented) else { return "nothing is presented" }
        var dismissed: [QFViewController] = []
        transition(.dismiss, from: leaving, to: nil, name: leaving.screenName) {
            dismissed = window.dismiss(presented)
            return !dismissed.isEmpty
        }
        return nil
    }

    private func transition(_ operation: TraceEvent.Operation, from: QFViewController?, to: QFViewController?, name: String?,
                            _ body: () -> Bool) {
        recorder.record(TraceEvent(kind: .transitionBegin, name: name, object: from?.id, peer: to?.id, operation: operation))
        let ok = body()
        recorder.record(TraceEvent(kind: .transitionEnd, name: name, object: from?.id, peer: to?.id, operation: operation, ok: ok))
    }
}
