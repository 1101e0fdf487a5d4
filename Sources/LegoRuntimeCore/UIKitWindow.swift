import LegoModel

/// UIKit's view-controller hierarchy of one key window, as the runtime models need it: the root, tab bar children
/// and their selection, each navigation controller's stack and the presented chain; it holds every controller a
/// container holds, strongly, as UIKit does, so what it lets go of goes unless something else holds it.
///
/// A navigation controller is named by the id of its root controller: XFLegoVIPER and QFMoudle wrap each screen they
/// show in one the models do not record, and an NNModule-swift navigation controller is itself a recorded screen
/// whose stack starts with it. Every presentation is full-screen, as on an iPhone (docs/presentation.md).
public struct UIKitWindow<Controller: Identifiable> where Controller.ID == ObjectID {
    /// `window.rootViewController`.
    public private(set) var root: ObjectID?
    /// Every controller a container (the window, a stack, a tab bar, a presentation) holds.
    private var held: [ObjectID: Controller] = [:]
    /// Each navigation controller's `viewControllers`, root first.
    private var stacks: [ObjectID: [ObjectID]] = [:]
    /// Each tab bar controller's `viewControllers` and `selectedIndex`.
    private var tabBars: [ObjectID: TabBar] = [:]
    /// `presentedViewController`, by the presentation context that presents it.
    private var presentations: [ObjectID: ObjectID] = [:]

    /// A tab bar controller's children and its selection.
    struct TabBar {
        var children: [ObjectID]
        var selected = 0
    }

    /// The id of a tab bar controller an app makes that its model records no object for (QFMoudle's `AppDelegate`).
    public static var unrecordedTabBar: ObjectID { 0 }

    /// An empty window.
    public init() {}

    // MARK: Operations

    /// Sets `window.rootViewController`, wrapped in a navigation controller of its own when `navigation` is true and
    /// it has none yet; the old root keeps its own containers until `discard` (something else may still hold it).
    public mutating func setRoot(_ controller: Controller, navigation: Bool) {
        if let old = root, old != controller.id { release(old) }
        root = controller.id
        held[controller.id] = controller
        if navigation, stacks[controller.id] == nil { stacks[controller.id] = [controller.id] }
    }

    /// Sets the root to the tab bar controller no object is recorded for (`unrecordedTabBar`) with `children`, each
    /// in a navigation controller of its own.
    public mutating func setRootTabBar(children: [Controller]) {
        if let old = root, old != Self.unrecordedTabBar { release(old) }
        _ = discard(Self.unrecordedTabBar)
        root = Self.unrecordedTabBar
        setTabs(children, navigation: true, of: Self.unrecordedTabBar)
    }

    /// `tabBarController.viewControllers = children`: the first is selected; the old children go.
    public mutating func setTabs(_ children: [Controller], navigation: Bool, of tabBar: ObjectID) {
        for old in tabBars[tabBar]?.children ?? [] where !children.contains(where: { $0.id == old }) { _ = discard(old) }
        tabBars[tabBar] = TabBar(children: children.map(\.id))
        for child in children {
            held[child.id] = child
            if navigation, stacks[child.id] == nil { stacks[child.id] = [child.id] }
        }
    }

    /// `selectedIndex = index` on `tabBar` (the root when nil); false when it has no such tab.
    @discardableResult
    public mutating func selectTab(_ index: Int, of tabBar: ObjectID? = nil) -> Bool {
        guard let bar = tabBar ?? root, tabBars[bar]?.children.indices.contains(index) == true else { return false }
        tabBars[bar]?.selected = index
        return true
    }

    /// `pushViewController` on `navigation`; false when it is no navigation controller.
    @discardableResult
    public mutating func push(_ controller: Controller, on navigation: ObjectID) -> Bool {
        guard stacks[navigation] != nil else { return false }
        stacks[navigation]?.append(controller.id)
        held[controller.id] = controller
        return true
    }

    /// `popViewController`: removes the top of `navigation`'s stack unless it is the root; nil when nothing is above it.
    public mutating func pop(_ navigation: ObjectID) -> Controller? {
        guard let stack = stacks[navigation], stack.count > 1 else { return nil }
        // `discard` returns the controller it lets go of first.
        return popTo(stack[stack.count - 2], on: navigation).first
    }

    /// `popToViewController`: removes everything above `target` on `navigation`'s stack; returns it top first, each
    /// followed by what it holds.
    public mutating func popTo(_ target: ObjectID, on navigation: ObjectID) -> [Controller] {
        guard let stack = stacks[navigation], let index = stack.firstIndex(of: target) else { return [] }
        stacks[navigation] = Array(stack[...index])
        return stack[(index + 1)...].reversed().flatMap { discard($0) }
    }

    /// `popToRootViewController`: removes everything above the root of `navigation`'s stack, as `popTo` does.
    public mutating func popToRoot(_ navigation: ObjectID) -> [Controller] {
        popTo(navigation, on: navigation)
    }

    /// `present` from `controller`: the presentation context covering the screen (`presentationContext(of:)`)
    /// presents it, in a navigation controller of its own when `navigation` is true, unless it already presents one.
    @discardableResult
    public mutating func present(_ presented: Controller, navigation: Bool, from controller: ObjectID) -> Presentation {
        guard let context = presentationContext(of: controller) else { return .notInWindow }
        if let shown = presentations[context] { return .alreadyPresenting(context: context, presented: shown) }
        presentations[context] = presented.id
        held[presented.id] = presented
        if navigation, stacks[presented.id] == nil { stacks[presented.id] = [presented.id] }
        return .presented(context: context)
    }

    /// What `present` did.
    public enum Presentation: Equatable, Sendable {
        /// `context` presents it.
        case presented(context: ObjectID)
        /// UIKit refused: `context` already presents `presented`.
        case alreadyPresenting(context: ObjectID, presented: ObjectID)
        /// The controller presented from is in no container of the window.
        case notInWindow
    }

    /// `dismiss(animated:)` sent to `controller`: what it presents goes, with everything above it; when it presents
    /// nothing and was presented, it goes itself. Returns what went, in `discard`'s order.
    @discardableResult
    public mutating func dismiss(_ controller: ObjectID) -> [Controller] {
        let context = presentationContext(of: controller) ?? controller
        if presentations[context] != nil { return dismissPresented(by: context) }
        guard let presenter = presentingController(of: controller) else { return [] }
        return dismissPresented(by: presenter)
    }

    /// What `context` presents goes, with everything above it, in `discard`'s order.
    public mutating func dismissPresented(by context: ObjectID) -> [Controller] {
        guard let presented = presentations.removeValue(forKey: context) else { return [] }
        return discard(presented)
    }

    /// Takes the presented `controller` (with its navigation stack) out of the presented chain and hands what it
    /// presents to its presenter. UIKit dismisses them together; the XFLegoVIPER model keeps the framework's own
    /// bookkeeping here: only the dismissed component is released (docs/presentation.md, Limits).
    public mutating func withdraw(_ controller: ObjectID) -> [Controller] {
        guard let presenter = presenter(of: controller) else { return [] }
        let above = presentations.removeValue(forKey: controller)
        presentations[presenter] = above
        return discard(controller)
    }

    /// Forgets the containers of `controller` (its stack, tabs and what it presents, at any depth) and lets go of it
    /// and of everything they held. Returns them: `controller`, then what it presents, then its stack top first,
    /// then its tabs in order, each followed by what it holds. For a controller no longer in the window.
    public mutating func discard(_ controller: ObjectID) -> [Controller] {
        var removed: [Controller] = []
        if let own = held.removeValue(forKey: controller) { removed.append(own) }
        if let presented = presentations.removeValue(forKey: controller) { removed += discard(presented) }
        for id in (stacks.removeValue(forKey: controller) ?? []).reversed() where id != controller { removed += discard(id) }
        for id in tabBars.removeValue(forKey: controller)?.children ?? [] { removed += discard(id) }
        if root == controller { root = nil }
        return removed
    }

    /// Lets go of the old root unless another container holds it (its own navigation controller does not count: it
    /// goes with it).
    private mutating func release(_ old: ObjectID) {
        let inStack = stacks.contains { $0.key != old && $0.value.contains(old) }
        let inTabs = tabBars.values.contains { $0.children.contains(old) }
        if !inStack, !inTabs, !presentations.values.contains(old) { held[old] = nil }
    }

    // MARK: Queries

    /// The controller with `id`, while a container holds it.
    public func controller(_ id: ObjectID) -> Controller? { held[id] }

    /// Whether a container of the window (or a controller out of the window) holds `id`.
    public func holds(_ id: ObjectID) -> Bool { held[id] != nil }

    /// The root tab bar's children, in tab order (empty when the root is no tab bar).
    public var tabs: [ObjectID] { root.flatMap { tabBars[$0]?.children } ?? [] }

    /// The root tab bar's selected index.
    public var selectedTab: Int { root.flatMap { tabBars[$0]?.selected } ?? 0 }

    /// The children of `tabBar`, in tab order.
    public func tabs(of tabBar: ObjectID) -> [ObjectID] { tabBars[tabBar]?.children ?? [] }

    /// `navigation`'s `viewControllers`, root first (empty when it is no navigation controller).
    public func stack(_ navigation: ObjectID) -> [ObjectID] { stacks[navigation] ?? [] }

    /// `controller.navigationController`: the navigation controller whose stack holds it.
    public func navigationController(of controller: ObjectID) -> ObjectID? {
        if stacks[controller] != nil { return controller }
        return stacks.first { $0.value.contains(controller) }?.key
    }

    /// `presentedViewController` of the presentation context `context`.
    public func presentedController(by context: ObjectID) -> ObjectID? { presentations[context] }

    /// Whether `controller` was presented (it is the root of a presented level).
    public func isPresented(_ controller: ObjectID) -> Bool { presenter(of: controller) != nil }

    /// `presentingViewController`: what presented the level `controller` is on (itself presented, or inside a
    /// presented controller); nil on the root's level.
    public func presentingController(of controller: ObjectID) -> ObjectID? {
        level(of: controller).flatMap(presenter(of:))
    }

    /// The controller a full-screen present from `controller` is handed to: the presented controller of its level,
    /// else the root (the controller covering the whole screen); nil when the window does not show it.
    public func presentationContext(of controller: ObjectID) -> ObjectID? {
        level(of: controller) ?? (isOnRootLevel(controller) ? root : nil)
    }

    /// The top-most controller, as NNModule-swift's `UIViewController.topViewController(of:)` finds it from the key
    /// window's root: the presented controller, else the selected tab, else the navigation controller's visible one.
    public var topViewController: ObjectID? { visiblePath.last }

    /// The top-most controller's value.
    public var topController: Controller? { topViewController.flatMap { held[$0] } }

    /// Whether `controller`'s view is in the window: on the path to the top-most controller of the top presented
    /// level, not covered by a controller pushed above it, on the selected tab.
    public func isOnScreen(_ controller: ObjectID) -> Bool { visiblePath.contains(controller) }

    /// Whether `controller` is in the window's hierarchy: reachable from the root through stacks, tabs and presentations.
    public func isInHierarchy(_ controller: ObjectID) -> Bool { hierarchy.contains(controller) }

    /// Every controller of the window's hierarchy: the root's level (its stack, then each tab's), then each presented
    /// level from the bottom, each stack root first.
    public var hierarchy: [ObjectID] {
        guard let root else { return [] }
        var order: [ObjectID] = []
        var level: ObjectID? = root
        while let current = level {
            order += contents(of: current)
            level = presentations[current]
        }
        return order
    }

    /// The controllers from the top presented level down to the top-most one whose views are in the window.
    private var visiblePath: [ObjectID] {
        var path: [ObjectID] = []
        var current = root
        var visited: Set<ObjectID> = []
        while let id = current, visited.insert(id).inserted {
            if let presented = presentations[id] {
                path = []
                current = presented
                continue
            }
            if let stack = stacks[id], let top = stack.last, top != id {
                current = top
                continue
            }
            // A container no controller is recorded for (`unrecordedTabBar`) is never listed.
            if held[id] != nil { path.append(id) }
            guard let bar = tabBars[id], bar.children.indices.contains(bar.selected) else { break }
            current = bar.children[bar.selected]
        }
        return path
    }

    /// A controller and what its stack and tabs hold, at any depth.
    private func contents(of controller: ObjectID) -> [ObjectID] {
        var order: [ObjectID] = []
        if held[controller] != nil { order.append(controller) }
        for id in stacks[controller] ?? [] where id != controller { order += contents(of: id) }
        for id in tabBars[controller]?.children ?? [] { order += contents(of: id) }
        return order
    }

    /// The presenter of `controller` when it is the root of a presented level.
    private func presenter(of controller: ObjectID) -> ObjectID? {
        presentations.first { $0.value == controller }?.key
    }

    /// The presented controller whose level holds `controller`, if any.
    private func level(of controller: ObjectID) -> ObjectID? {
        var current = root.flatMap { presentations[$0] }
        while let presented = current {
            if contents(of: presented).contains(controller) { return presented }
            current = presentations[presented]
        }
        return nil
    }

    /// Whether `controller` is on the root's level (the root, its stack, its tabs and theirs).
    private func isOnRootLevel(_ controller: ObjectID) -> Bool {
        root.map { $0 == controller || contents(of: $0).contains(controller) } ?? false
    }
}
