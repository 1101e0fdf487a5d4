import LegoModel
import LegoReplay

/// A route was opened that no router in the chain handles (or a web link with no handler and no `weblink` route): the open returns false.
///
/// Framework source: `YiHuaXie/NNModule@5d3e56e` URLRouter.swift:118-178.
final class NNRouteUnmatchedDetector: Detector {
    static let rule = RuleDescription(
        id: "nn-route-unmatched",
        defaultSeverity: .warning,
        summary: "A route was opened that no router in the chain handles (or a web link with no handler and no `weblink` route): the open returns false.",
        why: "`openRoute` tries the full path, then the host-level key, then the upper router; when nothing matches it logs `route for (X) is not exist` in DEBUG and returns false, so in release the tap does nothing. A web link also tries the `weblink` route.\n\nHow to fix: register the route on a router of the chain, under the parser's default scheme or the scheme it is opened with.",
        frameworks: [.nnModule])

    static let willApplyKinds: Set<TraceEvent.Kind> = [.urlOpen]

    private let context: DetectorContext

    init(context: DetectorContext) { self.context = context }

    func willApply(_ event: TraceEvent, state: ReplayState) {
        guard event.kind == .urlOpen, event.ok == false, let reason = event.value,
              reason == "not exist" || reason == "web link without handler", state.nn.openInProgress.redirects.isEmpty else { return }
        let url = event.url ?? ""
        context.reportEvent(Self.rule, event, message: "no router handles \(url) (\(reason)): the open returns false",
                            module: nil, note: "open \(url)", fingerprint: [reason, url])
    }
}
