import LegoModel
import LegoRuntimeCore
import Testing

/// A view controller: the window only needs its id, and holds it strongly.
private final class VC: Identifiable {
    let id: ObjectID
    init(_ id: ObjectID) { self.id = id }
}

/// UIKit's containment and presentation rules, as the three runtimes share them.
@Suite struct UIKitWindowTests {
    /// A tab bar (1) with two tabs (2, 3), each in its navigation controller.
    private func tabWindow() -> (window: UIKitWindow<VC>, controllers: [ObjectID: VC]) {
        var window = UIKitWindow<VC>()
        let all = Dictionary(uniqueKeysWithValues: (1...9).map { ($0 as ObjectID, VC($0)) })
        window.setRoot(all[1]!, navigation: false)
        window.setTabs([all[2]!, all[3]!], navigation: true, of: 1)
        return (window, all)
    }

    @Test func setRootReplacesTheRootAndLetsGoOfOneNoContainerHolds() {
        var window = UIKitWindow<VC>()
        weak var old: VC?
        do {
            let first = VC(1)
            old = first
            window.setRoot(first, navigation: false)
        }
        #expect(window.root == 1)
        #expect(old != nil, "the window holds its root")
        window.setRoot(VC(2), navigation: false)
        #expect(window.root == 2)
        #expect(old == nil, "the old root went with the window's reference")
    }

    @Test func aRootInItsOwnNavigationControllerGoesWhenReplaced() {
        var window = UIKitWindow<VC>()
        weak var old: VC?
        do {
            let first = VC(1)
            old = first
            window.setRoot(first, navigation: true)
            window.push(VC(2), on: 1)
        }
        window.setRoot(VC(3), navigation: true)
        #expect(old == nil, "its own navigation stack does not keep it")
        #expect(!window.holds(1))
        #expect(window.holds(2), "what it pushed waits for discard")
        let discarded = window.discard(1)
        #expect(discarded.map(\.id) == [2])
        #expect(window.hierarchy == [3])
    }

    @Test func pushPopAndPopToWorkOnOneNavigationStack() {
        var window = UIKitWindow<VC>()
        window.setRoot(VC(1), navigation: true)
        let r1 = window.push(VC(2), on: 1)
        #expect(r1)
        let r2 = window.push(VC(3), on: 1)
        #expect(r2)
        let r3 = window.push(VC(4), on: 1)
        #expect(r3)
        let r4 = window.push(VC(5), on: 4)
        #expect(!r4, "4 is no navigation controller")
        #expect(window.stack(1) == [1, 2, 3, 4])
        #expect(window.navigationController(of: 3) == 1)
        let r5 = window.pop(1)
        #expect(r5?.id == 4)
        let r6 = window.popTo(2, on: 1)
        #expect(r6.map(\.id) == [3])
        #expect(window.stack(1) == [1, 2])
        let r7 = window.popToRoot(1)
        #expect(r7.map(\.id) == [2])
        let r8 = window.pop(1)
        #expect(r8 == nil, "the root stays")
        #expect(!window.holds(2) && !window.holds(3) && !window.holds(4))
    }

    @Test func selectingATabChangesTheTopViewController() {
        let made = tabWindow()
        var window = made.window
        let all = made.controllers
        window.push(all[4]!, on: 3)
        #expect(window.tabs == [2, 3])
        #expect(window.topViewController == 2)
        let r9 = window.selectTab(1)
        #expect(r9)
        #expect(window.selectedTab == 1)
        #expect(window.topViewController == 4)
        let r10 = window.selectTab(2)
        #expect(!r10, "no third tab")
        #expect(window.isOnScreen(1) && window.isOnScreen(4))
        #expect(!window.isOnScreen(2), "an unselected tab is out of the window")
        #expect(!window.isOnScreen(3), "covered by 4, pushed above it")
    }

    @Test func setTabsReplacesTheChildren() {
        let made = tabWindow()
        var window = made.window
        let all = made.controllers
        window.setTabs([all[5]!], navigation: true, of: 1)
        #expect(window.tabs == [5])
        #expect(!window.holds(2) && !window.holds(3))
        #expect(window.topViewController == 5)
    }

    /// `YiHuaXie/NNModule@5d3e56e:NNModule/URLRouter/Navigator.swift:105-133`: `topViewController(of:)` follows
    /// `presentedViewController` first (`:106-108`), then the tab bar's `selectedViewController` (`:110-113`), then the
    /// navigation controller's `visibleViewController` (`:115-118`); `push` uses the result's `navigationController`
    /// (`:54`).
    @Test func topViewControllerWalksPresentedThenSelectedTabThenNavigationTop() {
        let made = tabWindow()
        var window = made.window
        let all = made.controllers
        window.push(all[4]!, on: 2)
        #expect(window.topViewController == 4)
        #expect(window.navigationController(of: window.topViewController!) == 2)
        let r11 = window.present(all[5]!, navigation: true, from: 4)
        #expect(r11 == .presented(context: 1),
                "a full-screen present is handed to the root, which covers the screen")
        #expect(window.topViewController == 5)
        window.push(all[6]!, on: 5)
        #expect(window.topViewController == 6)
        #expect(window.navigationController(of: 6) == 5)
        #expect(window.presentingController(of: 6) == 1)
        let r12 = window.present(all[7]!, navigation: false, from: 6)
        #expect(r12 == .presented(context: 5))
        #expect(window.topViewController == 7)
        #expect(window.navigationController(of: 7) == nil, "presented without a navigation controller")
        #expect(!window.isOnScreen(4) && !window.isOnScreen(6), "covered by the presented 7")
        #expect(window.hierarchy == [1, 2, 4, 3, 5, 6, 7])
    }

    @Test func aContextPresentsOneControllerAtATime() {
        let made = tabWindow()
        var window = made.window
        let all = made.controllers
        window.present(all[5]!, navigation: true, from: 2)
        let r13 = window.present(all[6]!, navigation: true, from: 3)
        #expect(r13 == .alreadyPresenting(context: 1, presented: 5))
        let r14 = window.present(all[6]!, navigation: true, from: 9)
        #expect(r14 == .notInWindow)
        #expect(window.presentedController(by: 1) == 5)
        #expect(window.isPresented(5) && !window.isPresented(2))
    }

    /// UIKit's `dismiss(animated:)`: sent to a presenter, what it presented goes with everything above it.
    @Test func dismissingAPresenterDismissesEverythingAboveIt() {
        let made = tabWindow()
        var window = made.window
        let all = made.controllers
        window.present(all[5]!, navigation: true, from: 2)
        window.push(all[6]!, on: 5)
        window.present(all[7]!, navigation: true, from: 6)
        let r15 = window.dismiss(1)
        #expect(r15.map(\.id) == [5, 7, 6])
        #expect(window.topViewController == 2)
        #expect(!window.holds(5) && !window.holds(6) && !window.holds(7))
    }

    @Test func dismissingThePresentedControllerItselfGoesThroughItsPresenter() {
        let made = tabWindow()
        var window = made.window
        let all = made.controllers
        window.present(all[5]!, navigation: true, from: 2)
        window.present(all[6]!, navigation: true, from: 5)
        let r16 = window.dismiss(6)
        #expect(r16.map(\.id) == [6])
        #expect(window.topViewController == 5)
        let r17 = window.dismiss(2)
        #expect(r17.map(\.id) == [5], "2 is on the root's level: the root dismisses what it presents")
    }

    @Test func withdrawHandsWhatAControllerPresentsToItsPresenter() {
        let made = tabWindow()
        var window = made.window
        let all = made.controllers
        window.present(all[5]!, navigation: true, from: 2)
        window.present(all[6]!, navigation: true, from: 5)
        let r18 = window.withdraw(5)
        #expect(r18.map(\.id) == [5])
        #expect(window.presentedController(by: 1) == 6)
        #expect(window.topViewController == 6)
    }

    @Test func aControllerOutOfTheWindowKeepsItsContainersUntilDiscarded() {
        let made = tabWindow()
        var window = made.window
        let all = made.controllers
        window.setRoot(all[8]!, navigation: false)
        #expect(!window.isInHierarchy(2))
        #expect(window.holds(2), "the old tab bar still holds its tabs")
        #expect(window.tabs(of: 1) == [2, 3])
        window.setRoot(all[1]!, navigation: false)
        #expect(window.topViewController == 2, "shown again with its tabs")
        window.setRoot(all[8]!, navigation: false)
        let r19 = window.discard(1)
        #expect(r19.map(\.id) == [2, 3])
        #expect(!window.holds(2) && !window.holds(3))
    }

    @Test func anUnrecordedTabBarIsNeverTheTopViewController() {
        var window = UIKitWindow<VC>()
        window.setRootTabBar(children: [])
        #expect(window.topViewController == nil)
        #expect(window.hierarchy.isEmpty)
        window.setRootTabBar(children: [VC(2), VC(3)])
        #expect(window.topViewController == 2)
        let r20 = window.present(VC(4), navigation: true, from: 2)
        #expect(r20 == .presented(context: UIKitWindow<VC>.unrecordedTabBar))
        #expect(window.hierarchy == [2, 3, 4])
    }
}
