import LegoModel
import LegoReplay

/// Finds classes the framework could not assemble or name as intended, e.g. a second prefix leaking into the module name.
///
/// A module with an unintended name misses its URL, its events and its layers.
final class NamingConventionDetector: Detector {
    static let rule = RuleDescription(
        id: "naming-convention",
        defaultSeverity: .warning,
        summary: "A class the framework could not assemble or name as intended, e.g. a second prefix leaking into the module name.",
        why: """
        The framework finds a module's layers purely by class name, `<Prefix><Name><Suffix>`, with one app-wide \
        prefix that is set explicitly or inferred from the first Routing class loaded (`BDJEssenceRouting` → `BDJ`). \
        Once set, that prefix wins: a class with another prefix keeps it in its module name (`LGSettingViewModel` \
        with prefix `XF` → module `LGSetting`), so its URL (`…/setting`) and its events no longer reach it. A layer \
        whose class name lacks the expected suffix, or a routing whose module name leaves nothing between prefix \
        and suffix, is silently not assembled, leaving a module without presenter, view or interactor.

        How to fix: use the app prefix for every module class (or set the prefix explicitly before the first \
        module loads), and name each layer exactly `<Prefix><Name>Routing/Presenter/Activity/Interactor/DataManager`.
        """,
        frameworks: [.xflegoViper])

    static let didApplyKinds: Set<TraceEvent.Kind> = [.namingProblem, .moduleAssemble]

    private let context: DetectorContext
    // Classes (or URLs) already reported: a class is declared once but assembled many times.
    @exclusivity(unchecked)
    private var reported: Set<String> = []

    init(context: DetectorContext) {
        self.context = context
    }

    var retainedCount: Int { reported.count }

    func didApply(_ event: TraceEvent, state: ReplayState) {
        switch event.kind {
        case .namingProblem:
            let subject = event.className ?? event.url.map { "URL \($0)" } ?? "?"
            let reason = event.value ?? "the framework could not assemble or name it as intended"
            let named = event.name.map { " (named \($0))" } ?? ""
            // The runtime's reason is usually a full sentence naming the class already.
            let text = event.className.map { reason.contains($0) } ?? false ? reason : "\(subject)\(named): \(reason)"
            report(subject: subject, name: event.name, text: text, event: event)
        case .moduleAssemble:
            guard let prefix = state.prefix, !prefix.isEmpty, let className = event.className, let name = event.name,
                  event.moduleKind != .virtual, !className.hasPrefix(prefix), !reported.contains(className),
                  !Self.isSanctioned(className) else { return }
            report(subject: className, name: name,
                   text: "class \(className) does not start with the app prefix \(prefix), so the framework names its module \(name) "
                       + "and URLs and events for the intended name miss it", event: event)
        default:
            return
        }
    }

    /// Classes the framework names correctly without the app prefix (`XFModuleReflect inspectModulePrefixWithModule:
    /// stuffixName:` for a layer object): a Swift class (`MyApp.LoginViewController`) and an unprefixed class, whose
    /// second letter is lower-case (`MessageViewController`).
    static func isSanctioned(_ className: String) -> Bool {
        if className.contains(".") { return true }
        let scalars = Array(className.unicodeScalars.prefix(2))
        return scalars.count == 2 && scalars[1].properties.isLowercase
    }

    private func report(subject: String, name: String?, text: String, event: TraceEvent) {
        guard reported.insert(subject).inserted, !context.isAllowed(Self.rule, module: name) else { return }
        let moment = ReplayState.Moment(event)
        context.report(Self.rule, message: text, module: name, instance: event.object.map { "\(subject)#\($0)" }, object: event.object,
                       first: moment, last: moment, evidence: [Evidence(event, note: "\(subject) named \(name ?? "?")")],
                       fingerprint: [subject, name ?? ""])
    }
}
