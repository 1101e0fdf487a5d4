import LegoModel
import LegoReplay

/// Finds URLs whose scheme names no protocol of the app: `interfaceForURL:` returns nil.
final class QFUnknownSchemeDetector: Detector {
    static let rule = RuleDescription(
        id: "qf-unknown-scheme",
        defaultSeverity: .error,
        summary: "A URL names no protocol of the app (by its scheme, or its host in copies that route by host; case-sensitive): the router returns nil.",
        why: """
        In QFMoudle the URL's scheme is the protocol's name: interfaceForURL: calls objc_getProtocol(url.scheme) \
        (QFRouter.m:50-57), exact and case-sensitive, and ignores host and path. A scheme that names no protocol \
        (a typo, `cart` for `Cart`, a protocol that was renamed) gives a NULL protocol, no class and a nil module: \
        the link does nothing, and the query items are set on nil without complaint. Copies of the router that take \
        the protocol from the URL's host instead (`app://MoudleHome?…`) fail the same way, and `scan` reads which part \
        the app's router uses from its source.

        How to fix: spell the scheme exactly as the protocol (the finding suggests the closest one), and keep the \
        URLs an app publishes in one place next to the protocols they name.
        """,
        frameworks: [.qfMoudle])

    static let didApplyKinds: Set<TraceEvent.Kind> = [.urlOpen]

    private let context: DetectorContext

    init(context: DetectorContext) { self.context = context }

    func didApply(_ event: TraceEvent, state: ReplayState) {
        guard case .unknownScheme(let scheme)? = QFResolveProblem(traceValue: event.value),
              !context.isAllowed(Self.rule, module: scheme) else { return }
        let names = state.qf.protocols.keys.sorted()
        let sameLetters = names.first { $0.lowercased() == scheme.lowercased() }
        let hint = sameLetters.map { " (did you mean `\($0)`? schemes are case-sensitive)" } ?? Suggestion.hint(for: scheme, among: names)
        let url = event.url ?? "?"
        let message = "\(url): the scheme `\(scheme)` names no protocol of the app, so interfaceForURL: returns nil" + hint
        let moment = ReplayState.Moment(event)
        context.report(Self.rule, message: message, module: scheme, instance: nil, first: moment, last: moment,
                       evidence: [Evidence(event, note: "objc_getProtocol(\"\(scheme)\") is NULL")], fingerprint: [scheme])
    }
}
