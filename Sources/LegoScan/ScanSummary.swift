import LegoModel

/// The human summary `scan` prints before its findings: what was read and what the app is made of, in aligned rows.
public enum ScanSummary {
    /// The summary's lines (not yet escaped for a terminal: the caller prints each through `TerminalText.line`);
    /// locations are given as `pathPrefix` + the path inside the scanned folder, like the findings'.
    public static func lines(_ outcome: ScanOutcome<some ScannedFrameworkApp>, source: String, pathPrefix: String = "") -> [String] {
        lines(app: outcome.app, outcome: outcome, source: source, pathPrefix: pathPrefix)
    }

    /// The summary's lines of an outcome whose app type is not known statically.
    public static func lines(_ outcome: ScanOutcome<any ScannedFrameworkApp>, source: String, pathPrefix: String = "") -> [String] {
        lines(app: outcome.app, outcome: outcome, source: source, pathPrefix: pathPrefix)
    }

    private static func lines<App>(app: any ScannedFrameworkApp, outcome: ScanOutcome<App>, source: String, pathPrefix: String) -> [String] {
        func at(_ location: SourceLocation) -> String {
            guard !pathPrefix.isEmpty else { return location.description }
            return (pathPrefix.hasSuffix("/") ? pathPrefix : pathPrefix + "/") + location.description
        }
        var rows: [(label: String, text: String)] = []
        if let detection = outcome.detection {
            rows.append(("framework", "\(app.framework.displayName) (detected: \(detection.description); `--framework` chooses)"))
        }
        rows += app.summaryRows(at: at)
        if !outcome.excluded.isEmpty {
            let parts = outcome.excluded.map { exclusion -> String in
                let files = exclusion.fileCount > 0 ? ", \(exclusion.fileCount) file\(exclusion.fileCount == 1 ? "" : "s")" : ""
                switch exclusion.reason {
                case .vendoredFolder: return "\(exclusion.path) (vendored\(files))"
                case .frameworkCopy(let classes):
                    return "\(exclusion.path) (a copy of \(app.framework.displayName): declares \(classes.prefix(3).joined(separator: ", "))\(classes.count > 3 ? " …" : "")\(files))"
                case .scope(let reason): return "\(files.dropFirst(2)) \(reason)"
                case .podExample(let podspec): return "\(exclusion.path) (the example app of \(podspec)\(files))"
                case .testCode(let framework): return "\(exclusion.path) (tests: \(framework)\(files))"
                }
            }
            rows.append(("excluded", parts.joined(separator: "; ")))
        }
        let kilobytes = (outcome.byteCount + 1023) / 1024
        var lines = ["Scanned \(source): \(outcome.fileCount) source file\(outcome.fileCount == 1 ? "" : "s"), \(kilobytes) KB"]
        let width = rows.map(\.label.count).max() ?? 0
        lines += rows.map { "  " + $0.label + String(repeating: " ", count: width - $0.label.count) + "  " + $0.text }
        return lines
    }
}
