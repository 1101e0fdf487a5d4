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
    public static func scan(_ request: ScanRequest, console: Console) throws(LegoTraceError) -> ExitStatus {
        try LegoTraceError.catching { try runScan(request, console: console) }
    }

    private static func runScan(_ request: ScanRequest, console: Console) throws -> ExitStatus {
        let status = request.report.quiet ? console.quietened : console
        // A graph path whose format is unknown fails before the scan, not after it.
        var graphFormat: GraphFormat?
        if let graphPath = request.graphPath { graphFormat = try Self.graphFormat(format: nil, outputPath: graphPath, option: nil) }
        let configuration = try loadConfiguration(request.analysis)
        let scope = ScanScope(include: configuration.scanInclude, exclude: configuration.scanExclude + request.exclude)
        let outcome = try AppScanner.scan(directory: request.sourcePath, scope: scope, framework: request.framework)
        // Locations are relative to where the command runs, so annotations and editors find the files.
        let prefix = request.sourcePath == "." || request.sourcePath == "./" ? "" : request.sourcePath
        let result = outcome.app.analyze(configuration: configuration, pathPrefix: prefix, sourceFiles: outcome.fileCount)
        let folder = prefix.isEmpty || prefix.hasSuffix("/") ? prefix : prefix + "/"
        let warnings = outcome.warnings.map { "\(folder)\($0.location): \($0.message)" }
        let summary = ScanSummary.lines(outcome, source: request.sourcePath, pathPrefix: prefix)
        let toStandardOutput = request.report.outputPath == nil || request.report.outputPath == "-"
        if request.format == .report(.text) && toStandardOutput {
            for line in summary { console.line(line) }
            console.writeOut("\n")
        } else {
            for line in summary { status.status(line) }
        }

        let name = URL(fileURLWithPath: request.sourcePath).standardizedFileURL.lastPathComponent
        if let modelPath = request.modelPath {
            try OutputFile.write(outcome.app.modelJSON(source: request.sourcePath, findings: result.findings), to: modelPath)
            status.status("model: \(Format.plural(outcome.app.moduleCount, "module")) → \(modelPath)")
        }
        if let scenarioPath = request.scenarioPath {
            try OutputFile.write(outcome.app.scenario(appName: name.isEmpty ? "App" : name), to: scenarioPath)
            status.status("scenario → \(scenarioPath) (record it with `lego-trace record \(scenarioPath)`)")
        }
        if let graphPath = request.graphPath, let graphFormat {
            let graph = outcome.app.moduleGraph(findings: result.findings)
            let layout = try writeGraph(graph, format: graphFormat, to: graphPath, layout: .auto, bounds: .measured, force: false,
                                        inputName: request.sourcePath, console: status)
            status.status("graph: \(Format.plural(graph.nodes.count, "module")) drawn, \(Format.plural(graph.edges.count, "edge")), "
                + "\(Format.plural(graph.marks.count, "finding")) marked, layout \(layout.rawValue) → \(graphPath)")
        }
        let render: (AnalysisResult, ReportContext) -> String = switch request.format {
        case .report(let format): format.render
        case .html: { result, context in
            // The static graph and the findings; a scan has no lifetimes, so the timeline is empty.
            let graph = outcome.app.moduleGraph(findings: result.findings)
            return htmlReport(graph: graph, timeline: TimelineRecorder().timeline(grace: configuration.grace), result: result, context: context,
                              layout: nil, bounds: .measured, force: false, findingsTable: true, console: status).html
        }
        }
        return try deliver(result, command: .scan, warnings: warnings, request.report, inputPath: request.sourcePath,
                           textReport: request.format == .report(.text), utf16Columns: request.format == .report(.sarif),
                           render: render, console: status)
    }
}
