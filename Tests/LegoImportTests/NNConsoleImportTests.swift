import LegoAnalysis
import LegoImport
import LegoModel
import Testing

// The messages `URLRouterLog` prints (`YiHuaXie/NNModule@5d3e56e:NNModule/URLRouter/URLRouter.swift:73-102`,
// `:187-191`, `URLRouteInterceptor.swift:88-102`) and the service center's assertion (`ModuleServiceCenter.swift:115-144`).
private let log = """
    2026-01-01 10:00:00.000 Shop[42:1] launching
    URLRouter Error ⚠️ :route for (SHOP) already exist
    URLRouter Error ⚠️ :route for (acme://shop/list) is not exist
    URLRouter Error ⚠️ :upper router for (<NNModule.URLRouter: 0x600>) is not <NNModule.URLRouter: 0x700>
    URLRouter Error ⚠️ :action (LogAction) provided an invalid route (%&)
    Fatal error: the impl class of CartService is nil, please register it first: file ModuleServiceCenter.swift, line 118
    """

@Test func nnModuleConsoleLinesImportAsAnNNModuleTrace() throws {
    let result = try ConsoleImporter().importLog(bytes: Array(log.utf8), name: "nn.log")
    #expect(result.header.framework == .nnModule)
    #expect(result.events.map(\.kind) == [.nnRouteRegister, .urlOpen, .nnRouteRegister, .nnInterceptorAdd, .nnServiceResolve])
    #expect(result.events.map(\.line) == [2, 3, 4, 5, 6])
    #expect(result.events.first?.name == "://shop")
    let rules = Set(Analyzer.analyze(header: result.header, events: result.events).findings.map(\.ruleID))
    #expect(rules == ["nn-route-duplicate", "nn-route-unmatched", "nn-nested-wrong-upper", "nn-route-invalid", "nn-service-missing"])
}

@Test func aLogWithoutNNModuleLinesIsNotReadAsOne() {
    #expect(throws: ImportError.self) { try ConsoleImporter().importLog(bytes: Array("hello\nworld\n".utf8), name: "plain.log") }
}
