import LegoAnalysis
import LegoModel

/// Runs the NNModule-swift static checks over a scanned app through the `nn-` rule ids `check` uses, so the same
/// configuration, baselines, suppressions and reporters apply.
enum NNStaticAnalyzer {
    /// The checks, one per rule.
    static var checks: [any NNStaticCheck.Type] {
        [
            NNServiceMissingCheck.self,
            NNPriorityIgnoredCheck.self,
            NNRouteDuplicateCheck.self,
            NNRouteInvalidCheck.self,
            NNRouteUnmatchedCheck.self,
            NNRedirectCheck.self,
            NNNestedWrongUpperCheck.self,
            NNEventNameCollisionCheck.self,
            NNObserverDiscardedCheck.self,
            NNLateRegisterCheck.self,
        ]
    }

    /// Findings for `app` under `configuration`, sorted by file, line and rule; `pathPrefix` is put before every file.
    static func analyze(_ app: NNScannedApp, configuration: AnalysisConfiguration, pathPrefix: String, sourceFiles: Int) -> AnalysisResult {
        let collector = StaticFindings(configuration: configuration, pathPrefix: pathPrefix)
        for check in checks { check.run(app, collector) }
        var limitations: [String] = []
        let dynamic = app.facts.opens.filter { $0.route.literal == nil }.count + app.facts.routes.filter { $0.route.literal == nil }.count
        if dynamic > 0 {
            limitations.append("\(dynamic) route registration or open site\(dynamic == 1 ? " uses" : "s use") a route computed at run time; "
                + "what it registers or opens is not known statically")
        }
        if !app.keysCertain {
            limitations.append("the app replaces the route service or sets several default schemes: route keys follow URLRouteParser with scheme "
                + "\(app.parser.defaultScheme), and findings that depend on them are notes")
        }
        return collector.result(framework: .nnModule, suppressions: app.facts.suppressions, limitations: limitations, sourceFiles: sourceFiles)
    }
}

/// One NNModule-swift static check: reads the scanned app and reports through the collector.
protocol NNStaticCheck {
    /// Reports what it finds in `app`.
    static func run(_ app: NNScannedApp, _ findings: StaticFindings)
}
