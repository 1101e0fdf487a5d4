import LegoAnalysis
import LegoGraph
import LegoModel

/// An app as one framework's scanner resolved it: everything `scan` prints, writes and draws comes from here.
public protocol ScannedFrameworkApp: Sendable {
    /// The framework the app is built on.
    var framework: Framework { get }
    /// Modules found (for the status lines).
    var moduleCount: Int { get }
    /// The summary rows after the common ones (label, text), in order; `at` renders a location as the findings do.
    func summaryRows(at: (SourceLocation) -> String) -> [(label: String, text: String)]
    /// The static findings under `configuration`; `pathPrefix` is put before every file.
    func analyze(configuration: AnalysisConfiguration, pathPrefix: String, sourceFiles: Int) -> AnalysisResult
    /// The documented model JSON (`scan --model`), with the findings.
    func modelJSON(source: String, findings: [Finding]) -> String
    /// A scenario `record` can run (`scan --scenario`).
    func scenario(appName: String) -> String
    /// The module graph `scan --graph` and the HTML report draw, with the findings marked.
    func moduleGraph(findings: [Finding]) -> ModuleGraph
}
