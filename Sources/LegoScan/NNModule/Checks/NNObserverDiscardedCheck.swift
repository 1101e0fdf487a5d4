import LegoAnalysis
import LegoModel

/// `nn-observer-discarded` from source: an `addObserver(forName:isSticky:…)` whose `NotificationObserver` is neither
/// kept nor `disposed(by:)`: its `deinit` removes the observer at once
/// (`YiHuaXie/NNModule@5d3e56e:NNModule/StickyNotification/NotificationObserver.swift:33`), so only a sticky replay
/// during the call itself ever runs the block (`StickyNotification.swift:20-46`).
enum NNObserverDiscardedCheck: NNStaticCheck {
    static func run(_ app: NNScannedApp, _ findings: StaticFindings) {
        for observer in app.facts.observers where observer.token == .discarded {
            let name = observer.name.written
            findings.report(.nnObserverDiscarded, "the observer of \(name) is discarded: its token's deinit removes it as soon as it is released, so the block "
                            + (observer.sticky ? "runs at most once, for a stored sticky value" : "never runs")
                            + "; keep the token or call .disposed(by:)", module: observer.fromClass, at: observer.location, certainty: .literal,
                            identity: ["discarded", name, observer.fromClass ?? "-"])
        }
    }
}
