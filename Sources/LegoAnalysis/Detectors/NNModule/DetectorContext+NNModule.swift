import LegoModel
import LegoReplay

extension DetectorContext {
    /// Reports a finding `event` proves on its own (NNModule rules read the framework's decision from one event).
    func reportEvent(_ rule: RuleDescription, _ event: TraceEvent, message: String, module: String?, note: String,
                     fingerprint: [String], first: ReplayState.Moment? = nil, more: [Evidence] = []) {
        if isAllowed(rule, module: module) { return }
        let moment = ReplayState.Moment(event)
        report(rule, message: message, module: module, instance: nil, object: event.object, first: first ?? moment, last: moment,
               evidence: more + [Evidence(event, note: note)], fingerprint: fingerprint)
    }
}

extension ReplayState {
    /// A router's label for messages (`router default`), or its id when the trace did not make it.
    func nnRouterName(_ id: ObjectID?) -> String {
        guard let id else { return "router ?" }
        return "router " + (nn.routers[id]?.name ?? "#\(id)")
    }
}
