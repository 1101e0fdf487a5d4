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
