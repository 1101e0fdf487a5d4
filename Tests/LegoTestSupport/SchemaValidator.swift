import Foundation

/// Validates JSON text against a schema kept in `Tests/Schemas`, with Python's `jsonschema` (scripts/bootstrap.sh
/// installs it): a missing validator fails the test rather than skipping it.
public struct SchemaValidator: Sendable {
    /// Why a document did not validate, or why the validator could not run.
    public struct Failure: Error, CustomStringConvertible {
        /// The validator's output.
        public var description: String
    }

    /// The SARIF 2.1.0 schema.
    public static let sarif = SchemaValidator(schema: "sarif-schema-2.1.0.json")

    /// The `Tests/Schemas` folder.
    public static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Schemas").path

    /// The schema's file name in `Tests/Schemas`.
    public var schema: String

    /// Throws a `Failure` listing every violation of `json` (`name` labels it in the message).
    public func validate(_ json: String, name: String) throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("lego-schema-\(UUID().uuidString)-\(name).json")
        try Data(json.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.directory + "/validate-json-schema.py", Self.directory + "/" + schema, file.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "\(name) does not validate against \(schema) (status \(process.terminationStatus)):\n\(text)")
        }
    }
}
