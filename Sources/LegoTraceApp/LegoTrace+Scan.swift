import Foundation
import LegoAnalysis
import LegoGraph
import LegoModel
import LegoReport
import LegoScan
import LegoTraceIO

extension LegoTrace {
    /// `lego-trace scan`: reads an app's source, prints its summary and static findings, and writes the model JSON,
    /// a scenario and a graph when asked.
    public static func scan(_ request: ScanRequest, console: Console) -> ExitStatus {
        let configuration: AnalysisConfiguration
        do {
            configuration = try loadConfiguration(path: request.configPath, grace: nil, urlCheck: nil)
        } catch {
            console.error(error.description)
            return .invalidInput
        }
        let outcome: AppScanner.Outcome
        do {
            outcome = try AppScanner.scan(directory: request.sourcePath)
        } catch {
            console.error(error.description)
            return .invalidInput
        }
        // Locations are relative to where the command runs, so annotations and editors find the files.
        let prefix = request.sourcePath == "." || request.sourcePath == "./" ? "" : request.sourcePath
        let result = StaticAnalyzer.analyze(outcome.app, configuration: configuration, pathPrefix: prefix,
                                              sourceFiles: outcome.fileCount)
        let folder = prefix.isEmpty || prefix.hasSuffix("/") ? prefix : prefix + "/"
        let warnings = outcome.warnings.map { "\(folder)\($0.location): \($0.message)" }
        let summary = ScanSummary.lines(outcome, source: request.sourcePath, pathPrefix: prefix)
        if request.format == .text && request.outputPath == nil {
            for line in summary { console.line(line) }
            console.writeOut("\n")
        } else {
            for line in summary { console.status(line) }
        }

        let name = URL(fileURLWithPath: request.sourcePath).standardizedFileURL.lastPathComponent
        do {
            if let modelPath = request.modelPath {
                try OutputFile.write(outcome.app.modelJSON(source: request.sourcePath, findings: result.findings), to: modelPath)
                console.status("model: \(Format.plural(outcome.app.modules.count, "module")) → \(modelPath)")
            }
            if let scenarioPath = request.scenarioPath {
                try OutputFile.write(ScenarioWriter.scenario(for: outcome.app, appName: name.isEmpty ? "App" : name), to: scenarioPath)
                console.status("scenario → \(scenarioPath) (record it with `lego-trace record \(scenarioPath)`)")
            }
        } catch {
            console.error(error.description)
            return .invalidInput
        }
        if let graphPath = request.graphPath {
            let format = URL(fileURLWithPath: graphPath).pathExtension.lowercased()
            guard ["svg", "png", "pdf", "dot", "json"].contains(format) else {
                console.error("unknown graph format '.\(format)' of '\(graphPath)' (expected .svg, .png, .pdf, .dot or .json)")
                return .invalidInput
            }
            let graph = StaticGraph(app: outcome.app, findings: result.findings).moduleGraph
            guard let layout = writeGraph(graph, format: format, outputPath: graphPath, layout: nil, bounds: .measured, force: false,
                                          inputName: request.sourcePath, console: console)
            else { return .invalidInput }
            console.status("graph: \(Format.plural(graph.nodes.count, "module")), \(Format.plural(graph.edges.count, "edge")), "
                + "\(Format.plural(graph.marks.count, "finding")) marked, layout \(layout.rawValue) → \(graphPath)")
        }
        let delivery = ReportDelivery(
            inputPath: request.sourcePath, format: request.format, outputPath: request.outputPath, failOn: request.failOn,
            baselinePath: request.baselinePath, writeBaselinePath: request.writeBaselinePath, color: request.color)
        return deliver(result, warnings: warnings, delivery, console: console)
    }
}
