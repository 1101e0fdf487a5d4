import LegoModel
import LegoRuntime
import Testing

@Suite struct URLRouteTests {
    @Test func aURLNamesItsLastPathComponentCapitalised() {
        let app = BDJApp()
        #expect(app.runtime.routes["bdj://essence/post/postComment"] == "PostComment")
        #expect(app.runtime.routes["bdj://indexTab"] == "IndexTab")
        app.runtime.registerURL("bdj://indexTab/publish/words", component: "PublishContent")
        #expect(app.runtime.routes["bdj://indexTab/publish/words"] == "PublishContent")
        #expect(!app.runtime.registerURL("bdj://").ok)
    }

    @Test func registeringAnExistingURLOverwritesItSilently() throws {
        let app = BDJApp()
        app.runtime.registerURL("bdj://essence/post", component: "VideoPost")
        let overwrite = try #require(app.events(.urlRegister).last)
        #expect(overwrite.effect == .overwritten && overwrite.peerName == "Post" && overwrite.name == "VideoPost")
        #expect(app.runtime.routes["bdj://essence/post"] == "VideoPost")
    }

    @Test func anArrayGroupAddsWhileADictionaryGroupReplacesTheTable() throws {
        let app = BDJApp()
        app.runtime.registerURLs(["bdj://userCenter/signIn"])
        #expect(app.runtime.routes.count == 6)
        app.runtime.replaceURLs([(url: "bdj://login", component: "Login")])
        #expect(app.runtime.routes == ["bdj://login": "Login"])
        #expect(app.events(.urlReplaceAll).first?.count == 6)
        #expect(app.runtime.removeURL("bdj://login").ok)
        #expect(app.runtime.routes.isEmpty)
        #expect(!app.runtime.removeURL("bdj://login").ok)
    }

    @Test func openPassesQueryParametersAndConsumesBehaviourParameters() throws {
        let app = BDJApp()
        let root = try #require(app.runtime.showRoot(url: "bdj://indexTab").module)
        let outcome = app.runtime.open(url: "bdj://essence/post/postComment?id=42&nav=BDJ&navTitle=Hot&from=tab", from: root)
        let comment = try #require(outcome.module)
        #expect(comment.name == "PostComment")
        #expect(app.runtime.urlParams(of: comment) == [Parameter(key: "id", value: "42"), Parameter(key: "from", value: "tab")])
        let opened = try #require(app.events(.urlOpen).last)
        #expect(opened.ok == true && opened.operation == .push && opened.name == "PostComment")
        #expect(opened.params?.count == 4)
        // The route key is the text before `?`, matched exactly (case-sensitive).
        #expect(!app.runtime.open(url: "bdj://essence/post/PostComment", from: root).ok)
        #expect(app.events(.urlOpen).last?.ok == false)
    }

    @Test func presentStyleAndControllerComponentsOpenByURL() throws {
        let app = BDJApp()
        let root = try #require(app.runtime.showRoot("IndexTab").module)
        let browse = try #require(app.runtime.open(url: "bdj://essence/post/postPictureBrowse", from: root, as: .present).module)
        #expect(app.events(.moduleAssemble).last?.moduleKind == .controller)
        #expect(app.events(.transitionEnd).last?.operation == .present)
        #expect(app.runtime.screenStack == [root, browse])
        #expect(app.runtime.dismiss().ok)
        #expect(!app.runtime.isAlive(browse))
    }

    @Test func httpURLsGoToTheHandlerComponentWithTheURLAsParameter() throws {
        let app = BDJApp()
        let root = try #require(app.runtime.showRoot("IndexTab").module)
        #expect(!app.runtime.open(url: "https://example.com/a?b=1", from: root).ok)
        app.runtime.declare(ModuleSpec(name: "WebView", kind: .controller))
        app.runtime.registerHTTPHandler(component: "WebView")
        let web = try #require(app.runtime.open(url: "https://example.com/a?b=1", from: root).module)
        #expect(web.name == "WebView")
        #expect(app.runtime.urlParams(of: web) == [Parameter(key: "url", value: "https://example.com/a?b=1")])
    }

    @Test func interceptorsRunInOrderAndTheFirstThatSaysYesBlocks() throws {
        let app = BDJApp()
        var ran: [String] = []
        app.runtime.addInterceptor(name: "analytics") { _ in ran.append("analytics"); return false }
        app.runtime.addInterceptor(name: "login") { url in ran.append("login"); return url.path.hasSuffix("postComment") }
        app.runtime.addInterceptor(name: "never") { _ in ran.append("never"); return true }
        let root = try #require(app.runtime.showRoot("IndexTab").module)
        ran.removeAll()

        let outcome = app.runtime.open(url: "bdj://essence/post/postComment", from: root)

        #expect(!outcome.ok && outcome.reason?.contains("login") == true)
        #expect(ran == ["analytics", "login"])
        #expect(app.events(.urlIntercept).suffix(2).map(\.ok) == [false, true])
        #expect(!app.runtime.liveModuleNames.contains("PostComment"))
    }

    @Test func anUnregisteredURLOrUnclaimedNameFails() throws {
        let app = BDJApp()
        let root = try #require(app.runtime.showRoot("IndexTab").module)
        #expect(app.runtime.open(url: "bdj://nowhere", from: root).reason?.contains("not registered") == true)
        app.runtime.registerURL("bdj://ghost")
        #expect(app.runtime.open(url: "bdj://ghost", from: root).reason?.contains("Ghost") == true)
    }

    @Test func aSubModuleCanBeAddedByURL() throws {
        let app = BDJApp()
        let root = try #require(app.runtime.showRoot("IndexTab").module)
        let post = try #require(app.runtime.addSub(url: "bdj://essence/post?type=video", to: root).module)
        #expect(app.runtime.subModules(of: root) == [post])
        #expect(app.runtime.urlParams(of: post) == [Parameter(key: "type", value: "video")])
        #expect(app.events(.urlOpen).last?.operation == .sub)
    }

    // XFUInterfaceFactory.m createSubUInterfaceFromURLComponent:parentUInterface: calls `[XFUIBus
    // openURLForGetComponent:url]` (the open, whose transition block assembles the component and dispatches the
    // URL check) before `[XFRoutingLinkManager setSubRouting:forParentRouting:]`: the open precedes the binding.
    @Test func aSubModuleOpenedByURLIsOpenedBeforeItIsBoundToItsParent() throws {
        let app = BDJApp()
        let root = try #require(app.runtime.showRoot("IndexTab").module)
        let before = app.events.count
        _ = try #require(app.runtime.addSub(url: "bdj://essence/post", to: root).module)
        let kinds = app.events.dropFirst(before).map(\.kind).filter { $0 == .urlOpen || $0 == .link }
        #expect(kinds.first == .urlOpen)
        #expect(kinds.contains(.link))
    }
}
