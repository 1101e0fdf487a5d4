import LegoModel
import LegoReplay
import LegoRuntime
import Testing

@Suite struct RegistryTests {
    @Test func addingAnExistingNameOverwritesTheMapAndAppendsTheNameAgain() throws {
        let app = BDJApp()
        let root = try #require(app.runtime.showRoot("IndexTab").module)
        let first = try #require(app.runtime.push("Post", from: root).module)
        let second = try #require(app.runtime.push("Post", from: first).module)

        #expect(app.runtime.routingTable.names == ["IndexTab", "Post", "Post"])
        #expect(app.runtime.componentTable.names == ["IndexTab", "Post", "Post"])
        #expect(app.runtime.routingTable.map["Post"] == second)
        #expect(app.runtime.componentTable.map["Post"] == second)
        let routingAdds = app.events(.routingAdd).filter { $0.name == "Post" }
        #expect(routingAdds.map(\.effect) == [.added, .overwritten])
        #expect(routingAdds.last?.peer == first.id)
        let componentAdds = app.events(.componentAdd).filter { $0.name == "Post" }
        #expect(componentAdds.map(\.effect) == [.added, .overwritten])
    }

    @Test func removingANameRemovesEveryCopyAndLeavesTheOtherInstanceUntracked() throws {
        let app = BDJApp()
        let root = try #require(app.runtime.showRoot("IndexTab").module)
        let first = try #require(app.runtime.push("Post", from: root).module)
        _ = try #require(app.runtime.push("Post", from: first).module)

        #expect(app.runtime.pop().ok)

        #expect(app.runtime.routingTable.names == ["IndexTab"])
        #expect(app.runtime.componentTable.names == ["IndexTab"])
        #expect(app.runtime.componentTable.map["Post"] == nil)
        #expect(app.runtime.isAlive(first))
        let removal = try #require(app.events(.routingRemove).last)
        #expect(removal.count == 2)
        let state = app.replay()
        #expect(state.componentTable.names == ["IndexTab"])
        #expect(state.liveModules(named: "Post") == [first.id])
    }

    @Test func creatingASubComponentEvictsTheComponentAndRoutingOfThatName() throws {
        let app = BDJApp()
        let root = try #require(app.runtime.showRoot("IndexTab").module)
        let old = try #require(app.runtime.addSub("Essence", to: root).module)
        let new = try #require(app.runtime.addSub("Essence", to: root).module)

        let eviction = try #require(app.events(.componentRemove).first { $0.effect == .evicted })
        #expect(eviction.name == "Essence")
        #expect(app.events(.routingRemove).contains { $0.name == "Essence" && $0.object == old.id })
        #expect(app.runtime.componentTable.map["Essence"] == new)
        #expect(app.runtime.routingTable.map["Essence"] == new)
        // The evicted sub stays alive, held by its parent, but no table tracks it any more.
        #expect(app.runtime.isAlive(old))
        #expect(app.runtime.subModules(of: root) == [old, new])
        let state = app.replay()
        #expect(state.modules[old.id]?.goneReason == .evicted)
    }

    @Test func weakValuesReadNilOnceTheirObjectIsReleased() throws {
        let app = BDJApp()
        let first = try #require(app.runtime.showRoot("IndexTab").module)
        // A new root replaces the window's old one; the framework never removes the old root's entries.
        _ = try #require(app.runtime.showRoot("Login").module)

        #expect(!app.runtime.isAlive(first))
        #expect(app.runtime.routingTable.names == ["IndexTab", "Login"])
        #expect(app.runtime.routingTable.map["IndexTab"] == nil)
        #expect(app.runtime.componentTable.map["IndexTab"] == nil)
        let state = app.replay()
        #expect(state.liveRouting(named: "IndexTab") == nil)
        #expect(state.routingTable.names == ["IndexTab", "Login"])
    }

    @Test func aModuleWithoutPresenterNeverEntersTheLinkTable() throws {
        let app = BDJApp()
        app.runtime.declare(ModuleSpec(name: "Banner", layers: [.routing, .activity, .interactor]))
        let root = try #require(app.runtime.showRoot("IndexTab").module)
        let outcome = app.runtime.push("Banner", from: root)

        #expect(!outcome.ok)
        #expect(!app.runtime.routingTable.names.contains("Banner"))
        let banner = try #require(app.events(.moduleAssemble).first { $0.name == "Banner" })
        #expect(Set(banner.objects ?? []).isSubset(of: app.deinitialized))
    }

    @Test func replayRebuildsTheSameTablesAsTheRuntime() throws {
        let app = BDJApp()
        let root = try #require(app.runtime.showRoot("IndexTab").module)
        let essence = try #require(app.runtime.addSub("Essence", to: root).module)
        _ = app.runtime.addSub("VideoPost", to: essence)
        _ = app.runtime.addSub("New", to: root)
        let post = try #require(app.runtime.push("Post", from: root).module)
        _ = app.runtime.open(url: "bdj://essence/post/postComment?id=7", from: post)
        _ = app.runtime.pop()
        _ = app.runtime.open(url: "bdj://essence/post/postPictureBrowse", from: post, as: .present)

        let state = app.replay()
        #expect(state.routingTable.names == app.runtime.routingTable.names)
        #expect(state.componentTable.names == app.runtime.componentTable.names)
        for (name, module) in app.runtime.componentTable.map {
            let live = try #require(state.liveComponent(named: name))
            #expect(state.moduleID(of: live) == module.id)
        }
        for (name, module) in app.runtime.routingTable.map {
            #expect(state.liveRouting(named: name) == module.id)
        }
        #expect(Set(state.modules.keys) == Set(app.runtime.liveModules.map(\.id)))
    }
}
