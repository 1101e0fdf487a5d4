import Foundation

/// Runs a program that links LegoRuntime with tracing switched on through `LEGO_TRACE_FILE`.
enum ProgramRunner {
    /// Why a program could not be run.
    enum Failure: Error, CustomStringConvertible {
        case notFound(String)
        case launchFailed(String, String)

        var description: String {
            switch self {
            case .notFound(let program): "cannot run '\(program)': no such program on PATH"
            case .launchFailed(let program, let reason): "cannot run '\(program)': \(reason)"
            }
        }
    }

    /// Runs `command` with the trace path in its environment, forwarding its standard streams; returns its exit status.
    static func run(_ command: [String], tracePath: String) throws(Failure) -> Int32 {
        let program = command[0]
        guard let executable = resolve(program) else { throw .notFound(program) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = Array(command.dropFirst())
        var environment = ProcessInfo.processInfo.environment
        environment[DefaultPaths.traceEnvironmentVariable] = absolute(tracePath)
        process.environment = environment
        do { try process.run() } catch { throw .launchFailed(program, String(describing: error)) }
        process.waitUntilExit()
        // A program killed by a signal exits like a shell reports it: 128 + signal.
        return process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
    }

    /// The absolute path of `path` against the current directory.
    static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }

    private static func resolve(_ program: String) -> String? {
        let fileManager = FileManager.default
        if program.contains("/") { return fileManager.isExecutableFile(atPath: program) ? program : nil }
        let searchPath = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in searchPath.split(separator: ":") {
            let candidate = "\(directory)/\(program)"
            if fileManager.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}
