import LegoModel
import LegoRuntime
import LegoTraceIO
import Testing

@Suite struct ComponentKindTests {
    @Test func aViewModelComponentIsShownByItsViewControllerAndReleasedWithIt() throws {
        let app = BDJApp()
        app.runtime.declare(ModuleSpec(name: "Setting", kind: .viewModel))
        let root = try #require(app.runtime.showRoot("IndexTab").module)
        let setting = try #require(app.runtime.present("Setting", from: root).module)
        let assembled = try #require(app.events(.moduleAssemble).last)
        #expect(assembled.moduleKind == .viewModel && assembled.className == "BDJSettingViewModel")
        #expect(app.runtime.componentTable.map["Setting"] == setting)
        // Only VIPER modules enter the routing link table.
        #expect(!app.runtime.routingTable.names.contains("Setting"))

        #expect(app.runtime.dismiss().ok)
        #expect(!app.runtime.isAlive(setting))
        #expect(Set(assembled.objects ?? []).isSubset(of: app.deinitialized))
    }

    @Test func subModulesOfAControllerStayAsDeadEntriesWhenTheControllerGoes() throws {
        let app = BDJApp()
        let root = try #require(app.runtime.showRoot("IndexTab").module)
        let publish = try #require(app.runtime.present("Publish", from: root).module)
        let sub = try #require(app.runtime.addSub("Essence", to: publish).module)

        #expect(app.runtime.dismiss().ok)

        #expect(!app.runtime.isAlive(sub))
        // No parent routing releases it: its names stay in both tables, their weak values read nil.
        #expect(app.runtime.routingTable.names.contains("Essence"))
        #expect(app.runtime.routingTable.map["Essence"] == nil)
    }

    @Test func hostileNamesAreOrdinaryData() throws {
        let trace = TraceBuffer()
        let console = ConsoleBuffer()
        let runtime = LegoRuntime(app: "App \"1\"", prefix: "BDJ", sink: trace, console: console)
        runtime.consoleFraming = .bare
        runtime.enableLogs()
        let names = ["Root", "Po\"st\\\n<script>", "帖子🎉"]
        for name in names { runtime.declare(ModuleSpec(name: name)) }
        runtime.registerURL("bdj://帖子", component: names[2])
        let root = try #require(runtime.showRoot("Root").module)
        let odd = try #require(runtime.push(names[1], from: root).module)
        let chinese = try #require(runtime.open(url: "bdj://帖子?x=<b>", from: odd).module)

        #expect(chinese.name == "帖子🎉")
        #expect(runtime.urlParams(of: chinese) == [Parameter(key: "x", value: "<b>")])
        #expect(runtime.componentTable.names == names)
        #expect(trace.events.contains { $0.kind == .componentAdd && $0.name == names[1] })
        #expect(console.text.contains("\t-> BDJ帖子🎉Routing\n"))
        #expect(runtime.pop().ok && runtime.pop().ok)
        #expect(runtime.liveModuleNames == ["Root"])
    }
}

extension ComponentKindTests {
    /// `register:forComponent:` keys the table by the URL as written and `remove:` removes that key
    /// (`yizzuide/XFLegoVIPER@c95d757:XFLegoVIPER/Extension/Route/URLRoute/XFURLRoute.m:59-67`), while `open:` looks up the
    /// text before `?` (`:75-78`): a URL registered with its query is never opened.
    @Test func aURLRegisteredWithItsQueryIsNeverOpened() throws {
        let runtime = LegoRuntime(app: "App", prefix: "BDJ", sink: TraceBuffer(), console: ConsoleBuffer())
        for name in ["Root", "Login"] { runtime.declare(ModuleSpec(name: name)) }
        runtime.registerURL("bdj://login?nav=UI", component: "Login")
        let root = try #require(runtime.showRoot("Root").module)
        #expect(runtime.open(url: "bdj://login?nav=UI", from: root).module == nil)
        #expect(runtime.removeURL("bdj://login").ok == false)
        #expect(runtime.removeURL("bdj://login?nav=UI").ok)
    }
}
