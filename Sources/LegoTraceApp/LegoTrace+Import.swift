import LegoImport
import LegoTraceIO

extension LegoTrace {
    /// `lego-trace import`: turns the real framework's console logs into a trace `check` and `graph` can read.
    public static func importLog(_ request: ImportRequest, console: Console) throws(LegoTraceError) -> ExitStatus {
        try LegoTraceError.catching { try runImport(request, console: console) }
    }

    private static func runImport(_ request: ImportRequest, console: Console) throws -> ExitStatus {
        let importer = ConsoleImporter(options: ImportOptions(pid: request.pid, producerVersion: version, maxLineBytes: request.maxLineBytes))
        let result = try importer.importLog(path: request.logPath)
        for warning in result.warnings {
            console.warning("\(request.logPath):\(warning.lines.lowerBound)-\(warning.lines.upperBound): \(warning.message)")
        }
        try result.write(to: request.outputPath)
        console.status("process: \(result.process.reason)")
        console.status("trace: \(request.outputPath)")
        // The trace is the result; the summary is status, on standard error as `check -o` has it, so a closed or
        // full standard output does not fail an import that wrote its trace.
        console.status(
            "imported \(result.header.app): \(Format.plural(result.stats.snapshots, "snapshot")) from "
                + "\(Format.plural(result.stats.frameworkLines, "framework line")) → \(Format.plural(result.events.count, "event"))")
        return .success
    }
}
