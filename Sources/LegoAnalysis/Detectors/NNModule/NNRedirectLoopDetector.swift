import LegoModel
import LegoReplay

/// Redirects form a cycle: the framework follows them with no cycle check until the stack overflows.
///
/// Framework source: `YiHuaXie/NNModule@5d3e56e` URLRouter.swift:127-129 and URLRouteRedirector.swift:42-51.
final class NNRedirectLoopDetector: Detector {
    static let rule = RuleDescription(
        id: "nn-redirect-loop",
        defaultSeverity: .error,
        summary: "Redirects form a cycle: the framework follows them with no cycle check until the stack overflows.",
        why: "`openRoute` follows a redirect for the route's full path by opening the target, recursively and without remembering what it visited. A cycle in the redirect map (`a → b → a`) crashes the app with a stack overflow; the model stops at the first repeat.\n\nHow to fix: remove the cycle from the redirect map (server-supplied maps included).",
        frameworks: [.nnModule])

    static let didApplyKinds: Set<TraceEvent.Kind> = [.nnRouteRedirect]

    private let context: DetectorContext

    init(context: DetectorContext) { self.context = context }

    func didApply(_ event: TraceEvent, state: ReplayState) {
        guard event.kind == .nnRouteRedirect, event.ok == false else { return }
        let chain = state.nn.openInProgress.redirects.map(\.from).joined(separator: " -> ")
        context.reportEvent(Self.rule, event, message: "redirects loop (\(chain)): a stack overflow in the app",
                            module: nil, note: "redirect of \(event.url ?? "") seen before", fingerprint: [event.url ?? ""])
    }
}
