/// Why a scan could not produce a result; findings and per-file problems are data, not errors.
public enum ScanError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The path does not exist or is not a folder.
    case notADirectory(path: String)
    /// The folder has source files but none uses XFLegoVIPER.
    case noFrameworkCode(path: String, files: Int)

    /// One line: what is wrong and what to do.
    public var description: String {
        switch self {
        case .notADirectory(let path):
            "\(path): not a folder; give the folder that holds the app's Objective-C or Swift sources"
        case .noFrameworkCode(let path, let files):
            "\(path): no XFLegoVIPER code found in \(files) source file\(files == 1 ? "" : "s") (no module classes with assembly macros, URL routes, transitions or events); is this the app's source folder?"
        }
    }
}
