/// The window's screens, as much of UIKit as the journeys need: a tab bar (or one root) of navigation stacks, and
/// presented navigation stacks on top. The stacks hold their controllers strongly, as UIKit does.
public final class QFScreens {
    /// One navigation stack per tab (one stack for a single root).
    public private(set) var tabs: [[QFViewController]] = []
    /// The selected tab.
    public private(set) var selectedTab = 0
    /// Presented stacks, bottom first.
    public private(set) var presented: [[QFViewController]] = []

    /// The controller on top of the screen the user sees.
    public var top: QFViewController? { (presented.last ?? (tabs.indices.contains(selectedTab) ? tabs[selectedTab] : [])).last }

    func setRoot(_ controllers: [QFViewController]) {
        presented.removeAll()
        tabs = controllers.map { [$0] }
        selectedTab = 0
    }

    func select(tab index: Int) -> Bool {
        guard tabs.indices.contains(index) else { return false }
        selectedTab = index
        return true
    }

    func push(_ controller: QFViewController) -> Bool {
        if !presented.isEmpty { presented[presented.count - 1].append(controller); return true }
        guard tabs.indices.contains(selectedTab) else { return false }
        tabs[selectedTab].append(controller)
        return true
    }

    /// Removes the top controller of the visible stack, unless it is the stack's root.
    func pop() -> QFViewController? {
        if !presented.isEmpty {
            guard presented[presented.count - 1].count > 1 else { return nil }
            return presented[presented.count - 1].removeLast()
        }
        guard tabs.indices.contains(selectedTab), tabs[selectedTab].count > 1 else { return nil }
        return tabs[selectedTab].removeLast()
    }

    func present(_ controller: QFViewController) { presented.append([controller]) }

    /// Removes the top presented stack; its root comes back.
    func dismiss() -> [QFViewController]? { presented.popLast() }
}
