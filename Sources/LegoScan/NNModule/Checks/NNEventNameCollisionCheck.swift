import LegoAnalysis
import LegoModel

/// `nn-event-name-collision` from source: two event types with one unqualified name registered on one bus, which
/// keys its sets by `"\(E.self)"` (`YiHuaXie/NNModule@5d3e56e:NNModule/EventTransfer/EventBus.swift:33-37`): they share
/// one set, and `remove(E)` drops both (`:53-56`). Only types written qualified and different are sure to differ.
enum NNEventNameCollisionCheck: NNStaticCheck {
    static func run(_ app: NNScannedApp, _ findings: StaticFindings) {
        var first: [String: String] = [:]
        for event in app.facts.events where event.kind == .register && event.type.contains(".") {
            let unqualified = String(NNScannedApp.unqualifiedName(event.type))
            let slot = event.bus + "\u{0}" + unqualified
            guard let earlier = first[slot] else { first[slot] = event.type; continue }
            guard earlier != event.type else { continue }
            findings.report(.nnEventNameCollision, "\(event.type) and \(earlier) share the set \"\(unqualified)\" on \(event.bus): "
                            + "a remove(\(unqualified).self) of either drops the targets of both", module: unqualified, at: event.location,
                            certainty: .literal, identity: ["collision", event.bus, unqualified])
        }
    }
}
