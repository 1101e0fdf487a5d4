import LegoModel
import QFMoudleRuntime

/// Writes a scanned QFMoudle app as a `framework: qfmoudle` scenario `record` runs (`docs/qfmoudle.md`): the router
/// and naming rule, every protocol and module class with its properties, and a journey that makes each literal open
/// once, in file order. What it cannot walk is a comment at the top, never dropped.
enum QFScenarioWriter {
    /// The scenario for `app`, named `appName` in the trace header.
    static func scenario(for app: QFScannedApp, appName: String) -> String {
        let quoted = ScenarioWriter.quoted
        var notes: [String] = []
        func note(_ text: String, at location: SourceLocation? = nil) {
            notes.append("# - " + TerminalText.line(text + (location.map { " (\($0))" } ?? "")))
        }
        let model = app.model
        var lines = ["framework: qfmoudle", "app:", "  name: \(quoted(appName))"]
        lines.append("  router:")
        lines.append("    class: \(quoted(model.router.className))")
        lines.append("    implPrefix: \(quoted(model.router.implPrefix))")
        lines.append("    implSuffix: \(quoted(model.router.implSuffix))")
        if model.router.lookup != .name { lines.append("    lookup: \(model.router.lookup.rawValue)") }
        switch app.router.source {
        case .dynamic(let expression, let site): note("the router computes class names with \(expression); QFMoudle's rule is assumed", at: site)
        case .conformance(let site):
            note("the router finds the first class adopting the protocol (`lookup: conformance`); the class order is the model's, "
                 + "declaration order, where the runtime promises none", at: site)
        case .unread: note("how the router resolves a protocol was not read; QFMoudle's rule is assumed")
        case .read, .assumed: break
        }
        lines.append(model.protocols.isEmpty ? "  protocols: []" : "  protocols:")
        for spec in model.protocols {
            lines.append("    - name: \(quoted(spec.name))")
            if let base = spec.base { lines.append("      base: \(quoted(base))") }
            lines += properties(spec.properties, indent: "      ")
        }
        lines.append(model.classes.isEmpty ? "  classes: []" : "  classes:")
        for spec in model.classes {
            lines.append("    - name: \(quoted(spec.name))")
            if let superclass = spec.superclass { lines.append("      superclass: \(quoted(superclass))") }
            if !spec.adopts.isEmpty { lines.append("      adopts: [\(spec.adopts.map(quoted).joined(separator: ", "))]") }
            lines += properties(spec.properties, indent: "      ")
            if !spec.controllers.isEmpty {
                lines.append("      controllers:")
                for (getter, made) in spec.controllers.sorted(by: { $0.key < $1.key }) { lines.append("        \(quoted(getter)): \(quoted(made))") }
            }
        }
        var journey: [String] = []
        let declared = Set(model.protocols.map(\.name))
        // The runtime's `resolveURL` is QFMoudle's (scheme, then every query item by KVC); a router that reads the URL
        // otherwise has its URL opens walked as a resolve of the protocol they name.
        let qfMoudleURLs = app.router.urlPart == .scheme && app.router.setsQueryOnModule
        for open in app.opens {
            guard open.fact.reachable else {
                note("not run: \(open.fact.via) \(target(open.fact.target)) in a comment or #if 0", at: open.fact.location)
                continue
            }
            if !qfMoudleURLs, case .url = open.fact.target {
                if let name = open.protocolName, declared.contains(name) {
                    journey.append("  - resolve: \(quoted(name))")
                    note("walked as a resolve of \(name): the router's interfaceForURL: reads URLs unlike QFMoudle's", at: open.fact.location)
                } else {
                    note("not walked: \(open.fact.via) \(target(open.fact.target)), which the router's interfaceForURL: reads unlike QFMoudle's",
                         at: open.fact.location)
                }
                continue
            }
            // A class whose ancestry the scan did not wholly read (an unscanned superclass or header, a Swift class) may
            // answer keys the model does not know: the scan says so in notes, and the walk sets no query on it.
            if case .url(.literal(let text, _)) = open.fact.target, let name = open.protocolName, declared.contains(name),
               let className = app.implementations(of: name).first, app.lineage(of: className).unread != nil {
                journey.append("  - resolve: \(quoted(name))")
                note("walked as a resolve of \(name), its query not set: \(text) goes to \(className), whose properties the scan did not all read",
                     at: open.fact.location)
                continue
            }
            switch open.fact.target {
            case .protocolName(.literal(let name, _)) where declared.contains(name):
                journey.append("  - resolve: \(quoted(name))")
            case .url(.literal(let text, _)):
                journey.append("  - resolveURL: \(quoted(text))")
            case .protocolName(.literal(let name, _)):
                note("not walked: @protocol(\(name)), which the scanned source does not declare", at: open.fact.location)
            case .url(.format(let text, _)):
                note("not walked: a URL built from the format \(text)", at: open.fact.location)
            case .protocolName(.dynamic(let expression)), .url(.dynamic(let expression)):
                note("not walked: \(open.fact.via) with \(expression), computed at run time", at: open.fact.location)
            case .protocolName(.format(let text, _)):
                note("not walked: a protocol named by the format \(text)", at: open.fact.location)
            }
        }
        lines.append(journey.isEmpty ? "journey: []" : "journey:")
        lines += journey
        var header = ["# Written by `lego-trace scan` from the app's source. Not expressible in the scenario format:"]
        header += notes.isEmpty ? ["# - nothing"] : notes
        header.append("description: \(quoted("Scanned from the source of \(appName): its protocols and module classes, and each literal open once."))")
        return (header + lines).joined(separator: "\n") + "\n"
    }

    /// The target as written: the protocol or URL, or the expression computing it.
    private static func target(_ target: QFFacts.Open.Target) -> String {
        switch target {
        case .protocolName(.literal(let text, _)), .url(.literal(let text, _)), .protocolName(.format(let text, _)), .url(.format(let text, _)),
             .protocolName(.dynamic(let text)), .url(.dynamic(let text)): text
        }
    }

    private static func properties(_ properties: [QFProperty], indent: String) -> [String] {
        guard !properties.isEmpty else { return [] }
        let quoted = ScenarioWriter.quoted
        var lines = [indent + "properties:"]
        for property in properties {
            var attributes = [property.ownership.rawValue]
            if property.readonly { attributes.append("readonly") }
            var line = indent + "  - {name: \(quoted(property.name)), type: \(quoted(property.type)), attributes: [\(attributes.joined(separator: ", "))]"
            if !property.hasIvar { line += ", ivar: false" }
            lines.append(line + "}")
        }
        return lines
    }
}
