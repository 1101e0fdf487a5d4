import LegoModel
import LegoReplay

/// What the QFMoudle detectors share: reporting one `kvc.set` verdict.
enum QFFinding {
    /// Reports the `kvc.set` `event` under `rule`, saying `consequence` after where the key came from.
    static func reportKVC(_ rule: RuleDescription, _ event: TraceEvent, state: ReplayState, context: DetectorContext,
                          consequence: String) {
        let key = event.name ?? "?"
        let className = event.className ?? "?"
        let object = event.object
        let resolution = object.flatMap { state.qf.resolutions[$0] }
        let protocolName = resolution?.protocolName ?? object.flatMap { state.moduleName(of: $0) }
        if context.isAllowed(rule, module: protocolName) { return }
        let text = event.params?.first.map { "'\($0.value)'" } ?? "nil (no `=`)"
        let origin = resolution?.url.map { "\($0): " } ?? ""
        let message = "\(origin)query key `\(key)` = \(text) set on \(className) by key-value coding: \(consequence)"
        let moment = ReplayState.Moment(event)
        context.report(rule, message: message, module: protocolName, instance: object.map { state.describe($0) }, object: object,
                       first: moment, last: moment,
                       evidence: [Evidence(event, note: "setValue:forKey:@\"\(key)\" on \(className)")],
                       fingerprint: [protocolName ?? "", className, key])
    }
}
