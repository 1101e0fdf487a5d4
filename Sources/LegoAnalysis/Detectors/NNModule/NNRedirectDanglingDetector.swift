import LegoModel
import LegoReplay

/// An open was redirected to a route no router handles: the open returns false.
///
/// Framework source: `YiHuaXie/NNModule@5d3e56e` URLRouteRedirector.swift:42-51.
final class NNRedirectDanglingDetector: Detector {
    static let rule = RuleDescription(
        id: "nn-redirect-dangling",
        defaultSeverity: .warning,
        summary: "An open was redirected to a route no router handles: the open returns false.",
        why: "A redirect wins over a route: the framework opens the target instead, and when no router handles the target it logs `not exist` and returns false. The original route, even when registered, is never reached.\n\nHow to fix: point the redirect at a registered route, or remove it.",
        frameworks: [.nnModule])

    static let willApplyKinds: Set<TraceEvent.Kind> = [.urlOpen]

    private let context: DetectorContext

    init(context: DetectorContext) { self.context = context }

    func willApply(_ event: TraceEvent, state: ReplayState) {
        guard event.kind == .urlOpen, event.ok == false, event.value == "not exist",
              let last = state.nn.openInProgress.redirects.last else { return }
        context.reportEvent(Self.rule, event, message: "\(event.url ?? "") was redirected to \(last.to), which no router handles: the open returns false",
                            module: nil, note: "open \(event.url ?? "")", fingerprint: [last.from, last.to],
                            more: [Evidence(seq: last.at.seq, time: last.at.time, kind: TraceEvent.Kind.nnRouteRedirect.rawValue, note: "redirect \(last.from) -> \(last.to)", line: last.at.line)])
    }
}
