import LegoModel

extension QFMoudleRuntime {
    /// Makes `controllers` the window's root: one controller, or the tabs of a tab bar, each in its navigation stack.
    public func showRoot(_ controllers: [QFViewController]) {
        for controller in controllers {
            transition(.show, from: nil, to: controller, name: controller.screenName) { true }
        }
        screens.setRoot(controllers)
    }

    /// Selects tab `index` (from 0); false when there is no such tab.
    public func selectTab(_ index: Int) -> Bool { screens.select(tab: index) }

    /// Pushes `controller` on the visible navigation stack; UIKit raises for a nil controller, which is the reason returned.
    public func push(_ controller: QFViewController?, name: String?) -> String? {
        guard let controller else {
            transition(.push, from: screens.top, to: nil, name: name) { false }
            return "pushing a nil view controller raises NSInvalidArgumentException"
        }
        var pushed = false
        transition(.push, from: screens.top, to: controller, name: controller.screenName) {
            pushed = screens.push(controller)
            return pushed
        }
        return pushed ? nil : "there is no navigation stack to push on"
    }

    /// Presents `controller` in a navigation stack of its own; presenting nil raises, which is the reason returned.
    public func present(_ controller: QFViewController?, name: String?) -> String? {
        guard let controller else {
            transition(.present, from: screens.top, to: nil, name: name) { false }
            return "presenting a nil view controller raises NSInvalidArgumentException"
        }
        transition(.present, from: screens.top, to: controller, name: controller.screenName) {
            screens.present(controller)
            return true
        }
        return nil
    }

    /// Pops the visible stack's top controller; a reason when there is nothing to pop.
    public func pop() -> String? {
        guard let leaving = screens.top else { return "there is no screen to pop" }
        var popped: QFViewController?
        transition(.pop, from: leaving, to: nil, name: leaving.screenName) {
            popped = screens.pop()
            return popped != nil
        }
        // The stack's reference goes here, after the transition ended: what nothing else holds deinitializes now.
        return popped == nil ? "the visible navigation stack has only its root" : nil
    }

    /// Dismisses the top presented stack; a reason when nothing is presented.
    public func dismiss() -> String? {
        guard let leaving = screens.presented.last?.first else { return "nothing is presented" }
        var dismissed: [QFViewController]?
        transition(.dismiss, from: leaving, to: nil, name: leaving.screenName) {
            dismissed = screens.dismiss()
            return dismissed != nil
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
