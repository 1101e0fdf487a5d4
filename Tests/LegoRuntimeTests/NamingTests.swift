import Foundation
import LegoModel
import LegoRuntime
import LegoTraceIO
import Testing

@Suite struct NamingTests {
    @Test func theFirstRoutingDeclaredInfersThePrefix() throws {
        let app = BDJApp(prefix: nil)
        #expect(app.runtime.classPrefix == "BDJ")
        let set = try #require(app.events(.prefixSet).first)
        #expect(set.value == "BDJ" && set.ok == true && set.className == "BDJIndexTabRouting")
        #expect(app.events(.prefixSet).count == 1)
    }

    @Test func aSecondPrefixStaysInTheNameAndIsReported() throws {
        let trace = TraceBuffer()
        let runtime = LegoRuntime(app: "XF", prefix: "XF", sink: trace, console: ConsoleBuffer())
        #expect(runtime.declare(ModuleSpec(name: "Setting", kind: .viewModel, classPrefix: "LG")) == "LGSetting")
        #expect(runtime.declare(ModuleSpec(name: "Home")) == "Home")
        let problem = try #require(trace.events.first { $0.kind == .namingProblem })
        #expect(problem.name == "LGSetting" && problem.className == "LGSettingViewModel")
        let home = try #require(runtime.showRoot("Home").module)
        #expect(!runtime.push("Setting", from: home).ok)
        let setting = try #require(runtime.push("LGSetting", from: home).module)
        #expect(runtime.componentTable.map["LGSetting"] == setting)
        #expect(trace.events.last { $0.kind == .moduleAssemble }?.objects?.count == 2)
    }

    @Test func everyDeclaredModuleIsInTheTraceWithTheNameTheFrameworkGivesIt() throws {
        let trace = TraceBuffer()
        let runtime = LegoRuntime(app: "XF", prefix: "XF", sink: trace, console: ConsoleBuffer())
        runtime.declare(ModuleSpec(name: "Home"))
        runtime.declare(ModuleSpec(name: "Setting", kind: .viewModel, classPrefix: "LG"))
        runtime.declare(ModuleSpec(name: "Message", kind: .controller, classPrefix: ""))
        runtime.declare(ModuleSpec(name: "HotPost", kind: .virtual(gene: "Home")))
        #expect(!trace.events.contains { $0.kind == .moduleDeclare }, "written when the app starts running")
        runtime.registerURL("xf://home")
        let declared = trace.events.filter { $0.kind == .moduleDeclare }
        #expect(declared.map(\.name) == ["Home", "LGSetting", "Message", "HotPost"])
        #expect(declared.map(\.className) == ["XFHomeRouting", "LGSettingViewModel", "MessageViewController", "XFHotPostRouting"])
        #expect(declared.map(\.moduleKind) == [.viper, .viewModel, .controller, .virtual])
        #expect(declared.map(\.gene) == [nil, nil, nil, "Home"])
        #expect(declared.allSatisfy { $0.object == nil }, "a declaration is about classes: no object exists yet")
    }

    /// `XFRoutingLinkManager` infers the prefix when the first Routing class loads (`+load`), before any lookup: a
    /// class declared before that moment in the scenario always had its name under the prefix.
    @Test func aModuleDeclaredBeforeThePrefixIsInferredIsDeclaredUnderIt() throws {
        let trace = TraceBuffer()
        let runtime = LegoRuntime(app: "BDJ", prefix: nil, sink: trace, console: ConsoleBuffer())
        runtime.declare(ModuleSpec(name: "Publish", kind: .controller))
        runtime.declare(ModuleSpec(name: "IndexTab", classPrefix: "BDJ"))
        runtime.close()
        #expect(trace.events.map(\.kind).filter { $0 != .traceEnd } == [.prefixSet, .moduleDeclare, .moduleDeclare])
        let declared = trace.events.filter { $0.kind == .moduleDeclare }
        #expect(declared.map(\.className) == ["BDJPublishViewController", "BDJIndexTabRouting"])
        #expect(declared.map(\.name) == ["Publish", "IndexTab"])
        // A naming setting changed once the app runs names the classes anew: they are declared again.
        let later = TraceBuffer()
        let running = LegoRuntime(app: "XF", prefix: nil, sink: later, console: ConsoleBuffer())
        running.declare(ModuleSpec(name: "Message", kind: .controller, classPrefix: "MyApp."))
        running.registerURL("xf://message")
        running.setSwiftNamespace("MyApp")
        #expect(later.events.filter { $0.kind == .moduleDeclare }.map(\.className) == ["MyApp.MessageViewController", "MyApp.MessageViewController"])
    }

    @Test func fromEnvironmentTracesToTheNamedFileOnlyWhenAsked() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("lego-runtime-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let untraced = LegoRuntime.fromEnvironment(app: "BDJ", prefix: "BDJ", environment: [:])
        untraced.declare(ModuleSpec(name: "IndexTab"))
        _ = untraced.showRoot("IndexTab")
        untraced.close()
        #expect(!FileManager.default.fileExists(atPath: path))

        let runtime = LegoRuntime.fromEnvironment(app: "BDJ", prefix: "BDJ", environment: [LegoRuntime.traceFileVariable: path])
        runtime.declare(ModuleSpec(name: "IndexTab"))
        _ = runtime.showRoot("IndexTab")
        runtime.close()
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        #expect(lines.first?.contains("\"lego-trace\"") == true)
        #expect(lines.count > 5)
        #expect(lines.contains { $0.contains("\"component.add\"") })
    }
}
