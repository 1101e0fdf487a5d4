import LegoModel
import LegoRuntime
import Testing

/// `XFUIBus presentComponent:params:intent:customCode:` (XFLegoVIPER c95d757): its transition block runs in
/// `putComponent:withTransitionBlock:…`'s `dispatch_async(main)` and presents from the opener only when the opener is
/// not presented, not being dismissed and in the window; otherwise from the key window's root, or from the root's
/// selected tab when the root is a tab bar that presented the opener. UIKit then refuses a present whose presentation
/// context is already presenting (docs/presentation.md), and `completionBlock()` runs anyway.
@Suite struct PresentFallbackTests {
    /// A tab-bar root (`MainTab`, tabs Essence and New) on top of the usual BDJ modules.
    private func tabApp() throws -> (app: BDJApp, root: ModuleRef, tabs: [ModuleRef]) {
        let app = BDJApp()
        app.runtime.declare(ModuleSpec(name: "MainTab", tabs: ["Essence", "New"]))
        let root = try #require(app.runtime.showRoot("MainTab").module)
        return (app, root, app.runtime.tabs)
    }

    /// The `transition.end` of the newest transition to `name`.
    private func end(of name: String, in app: BDJApp) throws -> TraceEvent {
        try #require(app.events(.transitionEnd).last { $0.name == name })
    }

    /// `XFUIBus.m presentComponent:…`: the opener is on screen and not presented, so it presents itself.
    @Test func aPresentFromTheVisibleScreenIsShown() throws {
        let app = BDJApp()
        let root = try #require(app.runtime.showRoot("IndexTab").module)
        let post = try #require(app.runtime.push("Post", from: root).module)

        let login = try #require(app.runtime.present("Login", from: post).module)

        #expect(try end(of: "Login", in: app).ok == true)
        #expect(app.runtime.screenStack == [root, post, login])
        #expect(app.runtime.currentScreen == login)
    }

    /// `XFUIBus.m presentComponent:…`: a first-level modal was presented by the root, which is no tab bar, so the
    /// modal itself presents: a stacked modal.
    @Test func aFirstLevelModalUnderAPlainRootPresentsAStackedModal() throws {
        let app = BDJApp()
        let root = try #require(app.runtime.showRoot("IndexTab").module)
        let login = try #require(app.runtime.present("Login", from: root).module)

        let publish = try #require(app.runtime.present("Publish2", from: login).module)

        #expect(try end(of: "Publish2", in: app).ok == true)
        #expect(app.runtime.screenStack == [root, login, publish])
        #expect(app.runtime.currentScreen == publish)
    }

    /// `XFUIBus.m presentComponent:…`: the root is a tab bar that presented the opener, so the selected tab presents;
    /// its presentation context is the tab bar, already presenting the opener: UIKit refuses. The component keeps
    /// its table entry and gains focus (`completionBlock()` runs whatever UIKit did).
    @Test func aFirstLevelModalUnderATabBarIsRefusedThroughTheSelectedTab() throws {
        let (app, root, tabs) = try tabApp()
        let login = try #require(app.runtime.present("Login", from: tabs[0]).module)

        let publish = try #require(app.runtime.present("Publish2", from: login).module)

        let end = try end(of: "Publish2", in: app)
        #expect(end.ok == false)
        #expect(end.peer == publish.id)
        #expect(end.value == "Attempt to present Publish2 on Essence, whose presentation context MainTab is already presenting Login: UIKit shows nothing")
        #expect(app.runtime.screenStack == [root, login])
        #expect(app.runtime.currentScreen == login)
        #expect(app.runtime.componentTable.map["Publish2"] == publish)
        let focus = try #require(app.events(.focus).last)
        #expect(focus.name == "Publish2" && focus.ok == true)
        #expect(app.events.last?.kind == .transitionEnd, "focus comes before the end, as on success")
    }

    /// `XFUIBus.m presentComponent:…`: a second-level modal's `presentingViewController` is the first-level modal, not
    /// the root, so the root presents; it is already presenting the first-level modal: refused.
    @Test func aSecondLevelModalHandsThePresentToTheRootWhichRefuses() throws {
        let app = BDJApp()
        let root = try #require(app.runtime.showRoot("IndexTab").module)
        let login = try #require(app.runtime.present("Login", from: root).module)
        let publish = try #require(app.runtime.present("Publish2", from: login).module)

        _ = try #require(app.runtime.present("Post", from: publish).module)

        #expect(try end(of: "Post", in: app).value == "Attempt to present Post on IndexTab which is already presenting Login: UIKit shows nothing")
        #expect(app.runtime.screenStack == [root, login, publish])
    }

    /// `XFUIBus.m presentComponent:…`: a controller pushed inside a first-level modal has the modal's
    /// `presentingViewController` (the root), so under a plain root it presents in the modal's own context.
    @Test func aScreenPushedInsideAFirstLevelModalPresentsInThatModalsContext() throws {
        let app = BDJApp()
        let root = try #require(app.runtime.showRoot("IndexTab").module)
        let login = try #require(app.runtime.present("Login", from: root).module)
        let post = try #require(app.runtime.push("Post", from: login).module)

        let publish = try #require(app.runtime.present("Publish2", from: post).module)

        #expect(try end(of: "Publish2", in: app).ok == true)
        #expect(app.runtime.screenStack == [root, login, post, publish])
        #expect(app.runtime.present("PostComment", from: publish).ok, "the framework accepts it; UIKit decides later")
        #expect(try end(of: "PostComment", in: app).ok == false, "publish is a second-level modal: the root presents and refuses")
    }

    /// `XFUIBus.m presentComponent:…`: an opener out of the window (on an unselected tab, lower on its stack) and not
    /// presented hands the present to the root: shown while the root presents nothing, refused once it does.
    @Test func anOpenerOutOfTheWindowPresentsThroughTheRoot() throws {
        let (app, root, tabs) = try tabApp()
        let post = try #require(app.runtime.push("Post", from: tabs[0]).module)
        _ = try #require(app.runtime.push("PostComment", from: post).module)
        #expect(app.runtime.selectTab(tabs[1]).ok)

        let login = try #require(app.runtime.present("Login", from: post).module)
        #expect(try end(of: "Login", in: app).ok == true, "lower on an unselected tab's stack: the root presents")
        #expect(app.runtime.currentScreen == login)

        _ = app.runtime.present("Publish2", from: tabs[1])
        #expect(try end(of: "Publish2", in: app).value
            == "Attempt to present Publish2 on MainTab which is already presenting Login: UIKit shows nothing",
            "New is covered by Login: out of the window, so the root presents")
        #expect(app.runtime.screenStack.last == login)
        #expect(app.runtime.isAlive(root))
    }

    /// `XFUIBus.m presentComponent:…` with the guide's Publish flow (`BDJPublishViewController doFunAction:` calls
    /// `XF_Present_URLComponent_Fast` then `[self dismissViewControllerAnimated:NO completion:nil]`): the block runs
    /// after the dismissal, the opener is out of the window and no longer presented, so the root presents: shown.
    @Test func anOpenerDismissedInTheSameTurnLetsTheRootPresent() throws {
        let (app, root, tabs) = try tabApp()
        let publish = try #require(app.runtime.present("Publish", from: tabs[0]).module)

        let outcome = app.runtime.present("Login", from: publish, intent: "控制器到模块的数据", thenDismissOpener: true)

        let login = try #require(outcome.module)
        #expect(outcome.ok)
        #expect(try end(of: "Login", in: app).ok == true)
        #expect(app.runtime.screenStack == [root, login])
        #expect(!app.runtime.isAlive(publish), "the framework released the dismissed controller")
        #expect(app.runtime.intentData(of: login).forward == "控制器到模块的数据")
        // Login is now a first-level modal presented by the tab bar: its own present goes through the selected tab.
        _ = app.runtime.present("Post", from: login)
        #expect(try end(of: "Post", in: app).ok == false)
    }

    /// Without the dismissal, the same present from a first-level modal under a tab bar is refused.
    @Test func thePublishFlowWithoutTheDismissalIsRefused() throws {
        let (app, root, tabs) = try tabApp()
        let publish = try #require(app.runtime.present("Publish", from: tabs[0]).module)

        _ = try #require(app.runtime.present("Login", from: publish).module)

        #expect(try end(of: "Login", in: app).ok == false)
        #expect(app.runtime.screenStack == [root, publish])
    }

    /// A dismissal that cannot happen is reported on the step, while the present it followed stands.
    @Test func aThenDismissOfAnOpenerThatCannotBeDismissedIsReported() throws {
        let app = BDJApp()
        let root = try #require(app.runtime.showRoot("IndexTab").module)

        let outcome = app.runtime.present("Login", from: root, thenDismissOpener: true)

        #expect(outcome.module != nil)
        #expect(outcome.reason == "then dismissing IndexTab was refused: IndexTab is the root: nothing to dismiss to")
        #expect(app.runtime.currentScreen == outcome.module)
    }

    /// What UIKit refused holds no screen and its view never loads: a controller component is released at once (its
    /// table entry goes dead), while a VIPER module stays alive, its routing still holding the view
    /// (`xfLego_bindView:` never runs), which holds the Presenter, which holds the routing.
    @Test func theObjectModelReleasesWhatNothingHoldsAfterARefusal() throws {
        let (app, _, tabs) = try tabApp()
        let login = try #require(app.runtime.present("Login", from: tabs[0]).module)

        let browse = try #require(app.runtime.present("PostPictureBrowse", from: login).module)
        let post = try #require(app.runtime.present("Post", from: login).module)

        #expect(!app.runtime.isAlive(browse))
        #expect(app.deinitialized.isSuperset(of: app.objects(of: browse)))
        #expect(app.runtime.isAlive(post))
        #expect(Set(app.runtime.liveObjects(of: post)) == Set(app.objects(of: post)))
        #expect(app.runtime.componentTable.map["Post"] == post)
    }
}
