import LegoAnalysis
import LegoModel

/// `naming-convention` from source: what the framework would name differently than the author intended — a class
/// whose prefix is not the app's (it keeps its prefix in the module name), and a prefix inferred wrongly from the
/// first routing class (`XFURLRouting` gives `XFURL`).
enum NamingConventionCheck: StaticCheck {
    static let rule = RuleDescription.namingConvention

    static func run(_ app: ScannedApp, _ findings: StaticFindings) {
        guard !app.prefixes.isEmpty else { return }
        if case .inferred(let className, let site) = app.prefixSource, let prefix = app.prefixes.first {
            let others = app.modules.flatMap(\.classes).filter { !$0.name.hasPrefix(prefix) }
            if let other = others.first {
                findings.report(rule, "the class prefix is inferred as \(prefix) from \(className) (the framework's +load rule), but \(other.name) and "
                                + "\(others.count - 1) other class\(others.count == 2 ? "" : "es") do not start with it; set it with setClassPrefix:",
                                module: nil, at: site, certainty: .literal, evidence: [(other.location, "\(other.name) declared here")],
                                identity: ["inferred-prefix", prefix])
            }
        }
        for module in app.modules {
            for member in module.classes where !app.prefixes.contains(where: { member.name.hasPrefix($0) }) {
                guard let own = Naming.inferPrefix(fromRoutingClass: member.name), module.name.hasPrefix(own) else { continue }
                let intended = String(module.name.dropFirst(own.count))
                findings.report(rule, "\(member.name) does not start with the app prefix \(app.prefixes.joined(separator: "/")), so the framework names its module "
                                + "\(module.name), not \(intended); URLs and events for \(intended) do not reach it",
                                module: module.name, at: member.location, certainty: .literal, identity: ["foreign-prefix", member.name])
            }
        }
    }
}
