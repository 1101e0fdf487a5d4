import LegoImport
import LegoTraceIO

extension LegoTrace {
    /// `lego-trace import`: turns the real framework's console logs into a trace `check` and `graph` can read.
    public static func importLog(_ request: ImportRequest, console: Console) -> ExitStatus {
        let importer = ConsoleImporter(options: ImportOptions(pid: request.pid, producerVersion: version, maxLineBytes: request.maxLineBytes))
        let result: ImportResult
        do {
            result = try importer.importLog(path: request.logPath)
        } catch {
            console.error(error.description)
            return .invalidInput
        }
        for warning in result.warnings {
            console.warning("\(request.logPath):\(warning.lines.lowerBound)-\(warning.lines.upperBound): \(warning.message)")
        }
        do {
            try result.write(to: request.outputPath)
        } catch {
            console.error("\(error)")
            return .invalidInput
        }
        console.status("process: \(result.process.reason)")
        console.status("trace: \(request.outputPath)")
        console.line(
            "imported \(result.header.app): \(Format.plural(result.stats.snapshots, "snapshot")) from "
                + "\(Format.plural(result.stats.frameworkLines, "framework line")) → \(Format.plural(result.events.count, "event"))")
        return .success
    }
}
