import LegoAnalysis
import LegoModel
import Testing

@Test func namingProblemsAndSecondPrefixesAreReported() throws {
    var trace = TraceBuilder()
    trace.add(TraceEvent(kind: .prefixSet, className: "XFIndexRouting", value: "XF", ok: true))
    trace.prefix = "XF"
    trace.module("Index", 1)
    #expect(trace.findings("naming-convention").isEmpty)
    trace.prefix = ""
    trace.module("LGSetting", 10, className: "LGSetting")
    trace.module("LGSetting", 20, className: "LGSetting")
    trace.add(TraceEvent(kind: .namingProblem, name: "", className: "XFRouting", value: "nothing between prefix and suffix"))
    trace.add(TraceEvent(kind: .namingProblem, url: "bdj://", value: "URL names no component"))
    let findings = trace.findings("naming-convention")
    #expect(findings.map(\.message) == [
        "class LGSettingRouting does not start with the app prefix XF, so the framework names its module LGSetting and URLs and events for the intended name miss it",
        "XFRouting (named ): nothing between prefix and suffix",
        "URL bdj://: URL names no component",
    ])
}

/// `XFModuleReflect inspectModulePrefixWithModule:stuffixName:` names a Swift class (it contains `.`) and a class whose
/// second letter is lower-case (no prefix) correctly: neither is a second-prefix problem.
@Test func swiftAndUnprefixedClassesAreNamedCorrectly() throws {
    var trace = TraceBuilder()
    trace.add(TraceEvent(kind: .prefixSet, value: "XF", ok: false))
    trace.add(TraceEvent(kind: .moduleAssemble, name: "Message", className: "MessageViewController", object: 1, moduleKind: .controller, objects: [1]))
    trace.add(TraceEvent(kind: .moduleAssemble, name: "Login", className: "MyApp.LoginViewController", object: 2, moduleKind: .controller, objects: [2]))
    #expect(trace.findings("naming-convention").isEmpty)
    trace.add(TraceEvent(kind: .moduleAssemble, name: "LGSetting", className: "LGSettingViewModel", object: 3, moduleKind: .viewModel, objects: [3]))
    #expect(trace.findings("naming-convention").count == 1)
}
