import LegoModel
import LegoReplay
import LegoRuntime
import Testing

@Suite struct LifetimeTests {
    @Test func popBreaksPreviousAndNextAndReleasesEveryObjectOfTheModule() throws {
        let app = BDJApp()
        let root = try #require(app.runtime.showRoot("IndexTab").module)
        let post = try #require(app.runtime.push("Post", from: root).module)
        #expect(app.runtime.routingNext(of: root) == post)
        #expect(app.runtime.routingPrevious(of: post) == root)

        #expect(app.runtime.pop().ok)

        #expect(app.runtime.routingNext(of: root) == nil)
        #expect(!app.runtime.isAlive(post))
        let objects = app.objects(of: post)
        #expect(objects.count == 5)
        #expect(Set(objects).isSubset(of: app.deinitialized))
        #expect(app.events(.unlink).contains { $0.relation == .routingNext && $0.object == root.id && $0.peer == post.id })
        let state = app.replay()
        #expect(state.modules[post.id] == nil)
        #expect(state.links[root.id]?.routingNext == nil)
    }

    @Test func subModulesAreReleasedByTheirParent() throws {
        let app = BDJApp()
        let root = try #require(app.runtime.showRoot("IndexTab").module)
        let essence = try #require(app.runtime.push("Essence", from: root).module)
        let video = try #require(app.runtime.addSub("VideoPost", to: essence).module)
        let voice = try #require(app.runtime.addSub("VoicePost", to: essence).module)
        #expect(app.runtime.componentTable.names == ["IndexTab", "Essence", "VideoPost", "VoicePost"])

        #expect(app.runtime.pop().ok)

        for module in [essence, video, voice] { #expect(!app.runtime.isAlive(module)) }
        #expect(app.runtime.componentTable.names == ["IndexTab"])
        #expect(app.runtime.routingTable.names == ["IndexTab"])
        let removed = app.events(.componentRemove).map(\.name)
        #expect(removed == ["VideoPost", "VoicePost", "Essence"])
        let state = app.replay()
        #expect(state.modules[video.id] == nil && state.modules[voice.id] == nil)
    }

    @Test func instancesOfOneGeneShareTheFirstLiveInteractor() throws {
        let app = BDJApp()
        let root = try #require(app.runtime.showRoot("IndexTab").module)
        let video = try #require(app.runtime.addSub("VideoPost", to: root).module)
        let voice = try #require(app.runtime.addSub("VoicePost", to: root).module)
        // No class is named NewAllPost: the framework shells the module its longest suffix names.
        let derived = try #require(app.runtime.addSub("NewAllPost", to: root).module)

        let shared = app.events(.sharedAdd)
        #expect(shared.map(\.object) == [video.id])
        let assembled = app.events(.moduleAssemble).first { $0.object == video.id }
        #expect(assembled?.moduleKind == .virtual && assembled?.gene == "Post")
        let videoInteractor = try #require(app.events(.objectAlloc).first { $0.peer == video.id && $0.layer == .interactor }?.object)
        let links = app.events(.link).filter { $0.relation == .sharedInteractor }
        #expect(links.map(\.object) == [voice.id, derived.id])
        #expect(links.allSatisfy { $0.peer == videoInteractor })
        #expect(!app.events(.objectAlloc).contains { $0.peer == voice.id && $0.layer == .interactor })
        #expect(app.events(.moduleAssemble).first { $0.object == derived.id }?.className == "BDJNewAllPostRouting")
        let state = app.replay()
        #expect(state.links[voice.id]?.sharedInteractor == videoInteractor)
    }

    @Test func aRealRetainCycleKeepsTheModuleAlive() throws {
        let app = BDJApp()
        let root = try #require(app.runtime.showRoot("IndexTab").module)
        let post = try #require(app.runtime.push("Post", from: root).module)
        app.runtime.retainCycle(post)

        #expect(app.runtime.pop().ok)

        #expect(app.runtime.isAlive(post))
        let alive = Set(app.runtime.liveObjects(of: post))
        // The presenter captures itself; it keeps its routing, interactor and data manager. The view goes.
        let layers = Dictionary(uniqueKeysWithValues: app.events(.objectAlloc).filter { $0.peer == post.id || $0.object == post.id }.map { ($0.layer!, $0.object!) })
        #expect(alive == Set([layers[.routing]!, layers[.presenter]!, layers[.interactor]!, layers[.dataManager]!]))
        #expect(app.deinitialized.contains(layers[.activity]!))
        let state = app.replay()
        #expect(state.modules[post.id]?.isAlive(in: state) == true)
        #expect(state.modules[post.id]?.goneReason == .popped)
    }

    @Test func aUserReferenceKeepsTheModuleAliveUntilReleased() throws {
        let app = BDJApp()
        let root = try #require(app.runtime.showRoot("IndexTab").module)
        let login = try #require(app.runtime.present("Login", from: root).module)
        app.runtime.hold(login, label: "cache")

        #expect(app.runtime.dismiss().ok)
        #expect(app.runtime.isAlive(login))
        #expect(!app.runtime.release(label: "missing"))

        #expect(app.runtime.release(label: "cache"))
        #expect(!app.runtime.isAlive(login))
        #expect(!app.runtime.hold(login, label: "late"))
        #expect(Set(app.objects(of: login)).isSubset(of: app.deinitialized))
        let hold = try #require(app.events(.refHold).first)
        let release = try #require(app.events(.refRelease).first)
        #expect(hold.object == release.object && release.value == "cache")
        // The view went with the screen; the held presenter kept routing, interactor and data manager until release.
        let deinits = app.events(.objectDeinit).filter { app.objects(of: login).contains($0.object!) }
        #expect(deinits.filter { $0.seq < release.seq }.map(\.layer) == [.activity])
        #expect(Set(deinits.filter { $0.seq > release.seq }.compactMap(\.layer)) == [.presenter, .routing, .interactor, .dataManager])
    }

    @Test func focusAndIntentDataTravelForwardAndBack() throws {
        let app = BDJApp()
        let root = try #require(app.runtime.showRoot("IndexTab").module)
        let post = try #require(app.runtime.push("Post", from: root, intent: "post-42").module)
        #expect(app.runtime.intentData(of: post).forward == "post-42")
        #expect(app.runtime.pop(intent: "read").ok)
        #expect(app.runtime.intentData(of: root).back == ["read"])
        let focus = app.events(.focus).map { "\($0.name!):\($0.ok!)" }
        #expect(focus == ["IndexTab:false", "Post:true", "Post:false", "IndexTab:true"])
        #expect(app.events(.intent).map(\.value) == ["forward", "back"])
    }

    @Test func popToReleasesEverythingAboveTheNamedComponent() throws {
        let app = BDJApp()
        let root = try #require(app.runtime.showRoot("IndexTab").module)
        let post = try #require(app.runtime.push("Post", from: root).module)
        let comment = try #require(app.runtime.push("PostComment", from: post).module)
        let login = try #require(app.runtime.present("Login", from: comment).module)

        #expect(app.runtime.popTo("IndexTab").module == root)

        for module in [post, comment, login] { #expect(!app.runtime.isAlive(module)) }
        #expect(app.runtime.screenStack == [root])
        #expect(app.runtime.componentTable.names == ["IndexTab"])
        #expect(!app.runtime.popTo("Post").ok)
    }

    @Test func eventsReachOnlyTheNewestHolderOfAName() throws {
        let app = BDJApp()
        let root = try #require(app.runtime.showRoot("IndexTab").module)
        let first = try #require(app.runtime.push("Post", from: root).module)
        let second = try #require(app.runtime.push("Post", from: first).module)

        #expect(app.runtime.sendEvent("Refresh", to: ["Post", "Nobody"]) == [second])
        #expect(app.runtime.receivedEvents(of: first).isEmpty)
        #expect(Set(app.runtime.sendEvent("Theme", to: nil)) == [root, second])
        app.runtime.observe(["BDJTabBarSelectAgain"], by: root)
        #expect(app.runtime.postNotification("BDJTabBarSelectAgain") == [root])
        #expect(Set(app.runtime.postNotification("UIApplicationDidBecomeActiveNotification")) == [root, second])
        let sends = app.events(.eventSend)
        #expect(sends.map(\.count) == [1, 0, 2])
    }

    @Test func subComponentsJoinTheTableFifteenMillisecondsLaterOnTheTraceClock() throws {
        let app = BDJApp()
        let root = try #require(app.runtime.showRoot("IndexTab").module)
        let essence = try #require(app.runtime.addSub("Essence", to: root).module)

        let assembled = try #require(app.events(.moduleAssemble).first { $0.object == essence.id })
        let added = try #require(app.events(.componentAdd).last)
        #expect(added.name == "Essence")
        #expect(abs(added.time - assembled.time - 0.015) < 1e-9)
        app.runtime.advanceClock(by: 2)
        let tick = try #require(app.events(.clockAdvance).last)
        #expect(tick.value == "2.0")
        _ = app.runtime.sendEvent("Ping", to: ["Essence"])
        #expect(abs((app.events.last?.time ?? 0) - tick.time - 2) < 1e-9)
        #expect(app.runtime.receivedEvents(of: essence) == ["Ping"])
    }
}
