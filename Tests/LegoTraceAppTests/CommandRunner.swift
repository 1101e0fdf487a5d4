import Foundation

/// Runs the built `lego-trace` binary (and `lego-example`) in a scratch directory for end-to-end tests.
struct CommandRunner {
    /// What a finished command printed and returned.
    struct Outcome {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// A fresh, empty working directory.
    let directory: String

    /// The folder holding the built products (beside the test bundle).
    static let productsDirectory: String = {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var directory = executable.deletingLastPathComponent()
        // The test runner may live inside the .xctest bundle folder on some toolchains.
        while !FileManager.default.fileExists(atPath: directory.appendingPathComponent("lego-trace").path),
              directory.path != "/" {
            directory = directory.deletingLastPathComponent()
        }
        return directory.path
    }()

    /// The package root (for samples and fixtures).
    static let packageRoot: String = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// Creates a runner in a new temporary directory.
    init() throws {
        let path = NSTemporaryDirectory() + "lego-trace-e2e-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        directory = path
    }

    /// A product's absolute path, e.g. `lego-example`.
    static func product(_ name: String) -> String { productsDirectory + "/" + name }

    /// A file in the package, e.g. `samples/bdj-app.yml`.
    static func packageFile(_ relative: String) -> String { packageRoot + "/" + relative }

    /// A path inside the scratch directory.
    func path(_ name: String) -> String { directory + "/" + name }

    /// Runs `lego-trace ARGS` in the scratch directory, optionally feeding standard input.
    func lego(_ arguments: String..., stdin: String? = nil, environment: [String: String] = [:]) throws -> Outcome {
        try run(Self.product("lego-trace"), arguments, stdin: stdin, environment: environment)
    }

    /// Runs any program in the scratch directory.
    func run(_ program: String, _ arguments: [String], stdin: String? = nil, environment: [String: String] = [:]) throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = "1"
        env.removeValue(forKey: "LEGO_TRACE_FILE")
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let out = Pipe()
        let err = Pipe()
        let input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        // Drain both pipes concurrently so a chatty child never blocks on a full pipe.
        let group = DispatchGroup()
        nonisolated(unsafe) var errData = Data()
        group.enter()
        DispatchQueue.global().async {
            errData = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Outcome(
            status: process.terminationStatus,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }

    /// Writes a file into the scratch directory.
    func write(_ name: String, _ text: String) throws {
        try text.write(toFile: path(name), atomically: true, encoding: .utf8)
    }

    /// Reads a file from the scratch directory.
    func read(_ name: String) throws -> String { try String(contentsOfFile: path(name), encoding: .utf8) }

    /// Reads a file's bytes.
    func bytes(_ name: String) throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: path(name)))) }

    /// Whether a file exists in the scratch directory.
    func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: path(name)) }

    /// Removes the scratch directory.
    func cleanUp() { try? FileManager.default.removeItem(atPath: directory) }
}
