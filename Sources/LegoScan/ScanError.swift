import LegoModel

/// Why a scan could not produce a result; findings and per-file problems are data, not errors.
public enum ScanError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The path does not exist or is not a folder.
    case notADirectory(path: String)
    /// The folder has source files but none uses the frameworks looked for (one when `--framework` chose it).
    case noFrameworkCode(path: String, files: Int, frameworks: [Framework])
    /// `--framework` named a framework whose apps scan cannot read yet.
    case unsupportedFramework(Framework)

    /// One line: what is wrong and what to do.
    public var description: String {
        switch self {
        case .notADirectory(let path):
            return "\(path): not a folder; give the folder that holds the app's Objective-C or Swift sources"
        case .noFrameworkCode(let path, let files, let frameworks):
            let names = frameworks.map(\.displayName)
            let looked = names.count <= 1 ? names.joined() : names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
            let hint = frameworks == [.xflegoViper]
                ? " (no module classes with assembly macros, URL routes, transitions or events)" : ""
            return "\(path): no \(looked) code found in \(files) source file\(files == 1 ? "" : "s")\(hint); is this the app's source folder?"
                + (frameworks.count == 1 ? "" : " `--framework` names the framework when its code is only reached indirectly")
        case .unsupportedFramework(let framework):
            return "scan cannot read \(framework.displayName) apps yet; `lego-trace record` and `check` work on their scenarios and traces"
        }
    }
}
