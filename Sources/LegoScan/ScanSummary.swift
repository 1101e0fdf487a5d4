import LegoModel

/// The human summary `scan` prints before its findings: what was read and what the app is made of, in aligned rows.
public enum ScanSummary {
    /// The summary's lines (not yet escaped for a terminal: the caller prints each through `TerminalText.line`);
    /// locations are given as `pathPrefix` + the path inside the scanned folder, like the findings'.
    public static func lines(_ outcome: AppScanner.Outcome, source: String, pathPrefix: String = "") -> [String] {
        let app = outcome.app
        func at(_ location: SourceLocation) -> String {
            guard !pathPrefix.isEmpty else { return location.description }
            return (pathPrefix.hasSuffix("/") ? pathPrefix : pathPrefix + "/") + location.description
        }
        var rows: [(String, String)] = []
        let prefixText: String
        switch app.prefixSource {
        case .explicit(let site):
            // A list of two never sets the framework's prefix (XFLegoConfig.m:119-126): say where it is written, and
            // which prefix the framework names live components with.
            let isList = app.facts.prefixSettings.last?.isList == true
            let live = app.runtimePrefix.map { runtime in
                "; live components are named with \(runtime.prefix)" + (runtime.inferredFrom.map { ", inferred by +load from \($0)" } ?? "")
            } ?? "; the framework sets no prefix from it"
            prefixText = "\(app.prefixes.joined(separator: ", ")) (" + (isList ? "list written at \(at(site))\(live))" : "set at \(at(site)))")
        case .inferred(let className, let site): prefixText = "\(app.prefixes.joined(separator: ", ")) (inferred from \(className), \(at(site)))"
        case .none: prefixText = "none found"
        }
        rows.append(("prefix", prefixText))
        let byPattern = ScannedApp.Pattern.allCases.map { pattern -> String in
            let modules = app.modules.filter { $0.pattern == pattern }
            let shared = modules.filter { $0.gene != nil }.count
            return "\(pattern.rawValue) \(modules.count)" + (shared > 0 ? " (\(shared) shared)" : "")
        }
        rows.append(("modules", "\(app.modules.count): " + byPattern.joined(separator: ", ")))
        let explicit = app.routes.filter(\.explicitComponent).count
        rows.append(("URLs", "\(app.routes.count) registered" + (explicit > 0 ? " (\(explicit) with an explicit component)" : "")
            + (app.dynamicRoutes.isEmpty ? "" : ", \(app.dynamicRoutes.count) computed at run time")))
        rows.append(("root", app.root.map { "\($0.toModule ?? $0.fact.target.expression) (\(at($0.fact.location)))" } ?? "none found"))
        let kinds = ScanFacts.Transition.Kind.allCases.compactMap { kind -> String? in
            let count = app.transitions.filter { $0.fact.kind == kind }.count
            return count == 0 ? nil : "\(kind.rawValue) \(count)"
        }
        rows.append(("transitions", "\(app.transitions.count)" + (kinds.isEmpty ? "" : ": " + kinds.joined(separator: ", "))))
        if !app.inactiveTransitions.isEmpty {
            let count = app.inactiveTransitions.count
            rows.append(("never runs", "\(count) transition\(count == 1 ? "" : "s") in comments or #if 0 blocks (notes, not edges)"))
        }
        let notifications = app.events.filter { $0.fact.scope == .notification }.count
        rows.append(("events", "\(app.events.count) sent" + (notifications > 0 ? " (\(notifications) notifications)" : "")
            + ", \(app.receivers.count) receiving class\(app.receivers.count == 1 ? "" : "es")"))
        let dynamic = app.transitions.filter(\.isDynamic).count + app.events.filter { !$0.isLiteral }.count + app.dynamicRoutes.count
        rows.append(("dynamic sites", "\(dynamic)" + (dynamic > 0 ? " (URLs or names computed at run time; see --model)" : "")))
        if !outcome.excluded.isEmpty {
            let parts = outcome.excluded.map { exclusion -> String in
                let files = exclusion.fileCount > 0 ? ", \(exclusion.fileCount) file\(exclusion.fileCount == 1 ? "" : "s")" : ""
                switch exclusion.reason {
                case .vendoredFolder: return "\(exclusion.path) (vendored\(files))"
                case .frameworkCopy(let classes):
                    return "\(exclusion.path) (a copy of XFLegoVIPER: declares \(classes.prefix(3).joined(separator: ", "))\(classes.count > 3 ? " …" : "")\(files))"
                case .scope(let reason): return "\(files.dropFirst(2)) \(reason)"
                }
            }
            rows.append(("excluded", parts.joined(separator: "; ")))
        }
        let kilobytes = (outcome.byteCount + 1023) / 1024
        var lines = ["Scanned \(source): \(outcome.fileCount) source file\(outcome.fileCount == 1 ? "" : "s"), \(kilobytes) KB"]
        let width = rows.map(\.0.count).max() ?? 0
        lines += rows.map { "  " + $0.0 + String(repeating: " ", count: width - $0.0.count) + "  " + $0.1 }
        return lines
    }
}
