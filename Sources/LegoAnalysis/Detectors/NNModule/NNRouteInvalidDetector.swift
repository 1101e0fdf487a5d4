import LegoModel
import LegoReplay

/// A route the framework's parser rejects was registered, opened or given to an interceptor: dropped or false, logged only in DEBUG.
///
/// Framework source: `YiHuaXie/NNModule@5d3e56e` URLRouteParser.swift:87-94 and URLRouteInterceptor.swift:88-102.
final class NNRouteInvalidDetector: Detector {
    static let rule = RuleDescription(
        id: "nn-route-invalid",
        defaultSeverity: .warning,
        summary: "A route the framework's parser rejects was registered, opened or given to an interceptor: dropped or false, logged only in DEBUG.",
        why: "`URLRouteParser` rejects the empty string and text `URL(string:)` refuses (before iOS 17 a bare `%` or a space). A registration is then logged and dropped, an open returns false, an interceptor action is not installed. Opening a missing server field with an empty-string fallback is the usual source of an empty route.\n\nHow to fix: percent-encode the route, and do not open a route whose source is missing.",
        frameworks: [.nnModule])

    static let willApplyKinds: Set<TraceEvent.Kind> = [.urlOpen, .nnRouteRegister, .nnInterceptorAdd]

    private let context: DetectorContext

    init(context: DetectorContext) { self.context = context }

    func willApply(_ event: TraceEvent, state: ReplayState) {
        let what: String
        switch event.kind {
        case .urlOpen where event.value == "invalid": what = "opened"
        case .nnRouteRegister where event.value == "invalid": what = "registered"
        case .nnInterceptorAdd where event.value?.hasPrefix("invalid route") == true: what = "given to interceptor \(event.className ?? "?")"
        default: return
        }
        let route = event.kind == .nnInterceptorAdd ? String(event.value?.dropFirst(14) ?? "") : (event.url ?? "")
        context.reportEvent(Self.rule, event, message: "route '\(route)' is invalid (the parser rejects it) and was \(what) for nothing",
                            module: nil, note: "\(what) '\(route)'", fingerprint: [what, route])
    }
}
