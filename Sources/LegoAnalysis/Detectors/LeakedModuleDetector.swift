import LegoModel
import LegoReplay

/// Finds modules whose screen went away (popped, dismissed, evicted, parent released) but whose routing,
/// presenter or view stayed alive past the grace period or to the end of the trace, and says what holds them.
///
/// Each such module is memory, and usually a presenter still receiving events for a screen nobody sees.
final class LeakedModuleDetector: Detector {
    static let rule = RuleDescription(
        id: "leaked-module",
        defaultSeverity: .error,
        summary: "A module outlived its screen: its routing, presenter or view was not deinitialized after it was popped, dismissed, evicted or its parent released.",
        why: """
        When a screen goes away the framework breaks the routing's previous/next links, releases its sub-routings \
        and removes it from the routing and component tables. After that nothing in the framework should hold the \
        module, so its routing, presenter and view deinitialize. If one of them stays alive, something else holds it: \
        a previous/next link that was never broken, a parent that was never released (sub-modules live as long as \
        their parent's subRoutings array), a shared module's Interactor, an event-receiver registration, or a strong \
        reference in user code. A present UIKit refused (its presentation context was already presenting) counts too: \
        the component is in the table but never gets a screen, and a VIPER module's view never loads, so its routing \
        keeps holding it. A leaked presenter keeps receiving events and notifications for a screen nobody sees, \
        and each visit to the screen leaks one more instance.

        How to fix: read the holder in the finding. For "no framework reference: a retain cycle in user code", look \
        for closures that capture the presenter, routing or view strongly (use [weak self]) and for delegates or \
        timers stored strongly. For a user reference, release it when the screen goes. For a parent never released, \
        fix the parent first. Modules meant to outlive their screen (singletons, cached screens) belong in the \
        config's allow list: `allow: {leaked-module: [CachedHome]}`. The grace period (`grace:` or `--grace`, \
        default 2 s of trace time) tolerates deinitialization that legitimately lags behind the transition.
        """,
        drawing: .leaked,
        frameworks: Set(Framework.allCases))

    // State-changing kinds only: between them the state, and so a suspect's holders, cannot change.
    static let willApplyKinds: Set<TraceEvent.Kind> = [
        .objectAlloc, .objectDeinit, .moduleAssemble, .routingAdd, .routingRemove, .componentAdd, .componentRemove,
        .receiverAdd, .receiverRemove, .sharedAdd, .link, .unlink, .refHold, .refRelease, .transitionBegin, .clockAdvance, .snapshot,
        .nnWindowRoot, .nnTabReload,
        .moduleResolve, .callbackSet,
    ]
    static let didApplyKinds: Set<TraceEvent.Kind> = [.refHold, .refRelease, .link, .snapshot]
    static let watchesChanges = true

    private struct Suspect {
        var module: ObjectID
        var name: String
        var className: String
        var reason: ReplayState.GoneReason
        var gone: ReplayState.Moment
        var goneKind: TraceEvent.Kind
        var deadline: Double
        var parent: ObjectID?
        var snapshots = 0
    }

    private let context: DetectorContext
    private let grace: Double
    @exclusivity(unchecked)
    private var suspects: [ObjectID: Suspect] = [:]
    // Suspects in deadline order: trace time is monotonic and grace constant, so a FIFO suffices.
    @exclusivity(unchecked)
    private var queue: [ObjectID] = []
    @exclusivity(unchecked)
    private var queueHead = 0
    @exclusivity(unchecked)
    private var nextDeadline = Double.infinity
    // Where live holds and links were set, for evidence; entries go when their object deinitializes.
    @exclusivity(unchecked)
    private var holdMoments: [ObjectID: ReplayState.Moment] = [:]
    @exclusivity(unchecked)
    private var nextLinkMoments: [ObjectID: ReplayState.Moment] = [:]
    @exclusivity(unchecked)
    private var subLinkMoments: [ObjectID: ReplayState.Moment] = [:]
    // Leaked modules already reported and still alive, so their sub-modules are not reported twice.
    @exclusivity(unchecked)
    private var reported: Set<ObjectID> = []

    /// Snapshots an imported routing may stay linked after its component left before it counts as leaked.
    static let importedSnapshotGrace = 2

    init(context: DetectorContext) {
        self.context = context
        self.grace = context.configuration.grace
        if context.imported {
            context.addLimitation("Leaks in imported console logs are judged by snapshots, not deinitialization: a routing still linked "
                + "more than \(Self.importedSnapshotGrace) snapshots after its component left counts as leaked")
        }
    }

    var retainedCount: Int {
        suspects.count + (queue.count - queueHead) + holdMoments.count + nextLinkMoments.count + subLinkMoments.count + reported.count
    }

    func willApply(_ event: TraceEvent, state: ReplayState) {
        if event.time > nextDeadline { expire(before: event.time, state: state) }
        if context.imported, event.kind == .routingRemove, let name = event.name,
           let routing = event.object ?? state.routingTable.map[name], let module = state.moduleID(of: routing) {
            suspects[module] = nil
        }
    }

    func didApply(_ event: TraceEvent, state: ReplayState) {
        switch event.kind {
        case .refHold:
            if let object = event.object { holdMoments[object] = ReplayState.Moment(event) }
        case .refRelease:
            if let object = event.object, state.holds[object] == nil { holdMoments[object] = nil }
        case .link:
            if let object = event.object, let peer = event.peer {
                if event.relation == .routingNext { nextLinkMoments[object] = ReplayState.Moment(event) }
                if event.relation == .sub { subLinkMoments[peer] = ReplayState.Moment(event) }
            }
        case .snapshot:
            if context.imported { countSnapshot(state: state) }
        default:
            break
        }
        guard state.hasChanges else { return }
        for change in state.changes {
            switch change {
            case let .screenGone(module, reason, at):
                track(module, reason: reason, at: at, kind: event.kind, state: state)
            case let .moduleReleased(module):
                suspects[module] = nil
                reported.remove(module)
            case let .deinitialized(object, _):
                if !holdMoments.isEmpty { holdMoments[object] = nil }
                if !nextLinkMoments.isEmpty { nextLinkMoments[object] = nil }
                if !subLinkMoments.isEmpty { subLinkMoments[object] = nil }
            case .overwritten, .untracked, .shadowed:
                break
            }
        }
    }

    func finish(state: ReplayState) {
        if let last = state.lastMoment?.time, last > nextDeadline { expire(before: last, state: state) }
        // Imported logs have no deinit events: only the snapshot count can convict, not the end of the log.
        let remaining = context.imported ? [] : queue[queueHead...].compactMap { suspects[$0] }
        for suspect in remaining { conclude(suspect, state: state, atEnd: true) }
        suspects.removeAll()
        queue.removeAll()
        queueHead = 0
    }

    private func track(_ module: ObjectID, reason: ReplayState.GoneReason, at moment: ReplayState.Moment,
                       kind: TraceEvent.Kind, state: ReplayState) {
        // A module already released (deinit marks it gone as it goes) needs no watching; neither does an allowlisted one.
        guard let instance = state.modules[module] else { return }
        if !context.configuration.allow.isEmpty, context.isAllowed(Self.rule, module: instance.name) { return }
        let parent = state.links[module]?.parent
        suspects[module] = Suspect(
            module: module, name: instance.name, className: instance.className, reason: reason, gone: moment,
            goneKind: kind, deadline: moment.time + grace, parent: parent)
        queue.append(module)
        if nextDeadline == .infinity { nextDeadline = moment.time + grace }
    }

    private func expire(before time: Double, state: ReplayState) {
        while queueHead < queue.count {
            guard let suspect = suspects[queue[queueHead]] else { queueHead += 1; continue }
            guard suspect.deadline < time else { nextDeadline = suspect.deadline; compactQueue(); return }
            queueHead += 1
            suspects[suspect.module] = nil
            conclude(suspect, state: state, atEnd: false)
        }
        nextDeadline = .infinity
        compactQueue()
    }

    private func compactQueue() {
        if queueHead > 1024, queueHead * 2 > queue.count {
            queue.removeFirst(queueHead)
            queueHead = 0
        }
    }

    private func countSnapshot(state: ReplayState) {
        var leaked: [Suspect] = []
        for (module, var suspect) in suspects {
            suspect.snapshots += 1
            suspects[module] = suspect
            if suspect.snapshots > Self.importedSnapshotGrace { leaked.append(suspect) }
        }
        for suspect in leaked.sorted(by: { $0.gone.seq < $1.gone.seq }) {
            suspects[suspect.module] = nil
            conclude(suspect, state: state, atEnd: false)
        }
    }

    private struct Holder {
        /// What keeps a leaked module alive; the raw value is part of the fingerprint, so it never changes.
        enum Kind: String, Comparable {
            case routingLink = "routing-link"
            case parent
            case sharedInteractor = "shared-interactor"
            case eventReceiver = "event-receiver"
            case userReference = "user-reference"
            case retainCycle = "retain-cycle"
            case unshownView = "unshown-view"
            case tabService = "tab-service"

            static func < (lhs: Kind, rhs: Kind) -> Bool { lhs.rawValue < rhs.rawValue }
        }

        var kind: Kind
        var text: String
        var evidence: Evidence?
    }

    private static let viewLayers: Set<TraceEvent.Layer> = [.routing, .presenter, .activity, .viewController, .viewModel]

    private func conclude(_ suspect: Suspect, state: ReplayState, atEnd: Bool) {
        // A trace that stopped before this suspect's grace ran out (no clean-end marker, or `graph --at SEQ`)
        // cannot tell a leak from a deinit that was about to be recorded.
        let unconfirmed = atEnd && state.end == nil
        guard let module = state.modules[suspect.module] else { return }
        let alive: [ObjectID]
        if context.imported {
            let linked = state.routingTable.map[module.name] == module.id || state.links[module.id]?.routingPrevious != nil
            alive = linked ? [module.id] : []
        } else {
            alive = module.layers.filter { object in
                guard let info = state.objects[object] else { return false }
                return object == module.id || info.layer.map(Self.viewLayers.contains) ?? false
            }
        }
        guard !alive.isEmpty else { return }
        let holders = findHolders(of: module, suspect: suspect, state: state)
        // A sub-module kept only by a parent that is itself leaked is part of the parent's finding.
        if holders.allSatisfy({ $0.kind == .parent }), let parent = suspect.parent,
           reported.contains(parent) || suspects[parent] != nil {
            return
        }
        reported.insert(module.id)
        let instance = "\(module.className)#\(module.id)"
        let aliveText = alive.map { state.describe($0) }.joined(separator: ", ")
        let when: String
        if context.imported {
            when = "its routing was still linked \(suspect.snapshots) console snapshots later"
        } else if unconfirmed {
            let left = max(0, (state.lastMoment?.time ?? suspect.gone.time) - suspect.gone.time)
            when = "and the trace stops \(formatTime(left)) later, before the \(formatSeconds(grace)) grace period ran out and "
                + "without its end marker (it was cut off or replayed only in part): unconfirmed"
        } else if atEnd {
            when = "still alive at the end of the trace"
        } else {
            when = "still alive \(formatSeconds(grace)) later"
        }
        let gone: String
        if context.imported {
            gone = "its component left the logs at seq \(suspect.gone.seq)" + (suspect.gone.line.map { " (console line \($0))" } ?? "")
        } else {
            gone = "\(suspect.reason.rawValue) at seq \(suspect.gone.seq) (t=\(formatTime(suspect.gone.time)))"
        }
        let message = unconfirmed
            ? "\(instance) (module \(module.name)) may have outlived its screen: \(gone), \(when) (\(aliveText)); if it is a leak, held by: "
                + holders.map(\.text).joined(separator: "; ")
            : "\(instance) (module \(module.name)) outlived its screen: \(gone), \(when) (\(aliveText)); held by: "
                + holders.map(\.text).joined(separator: "; ")
        var evidence = [
            // A QFMoudle module starts when the router resolves it; the others when they are assembled.
            module.kind == .protocolModule
                ? Evidence(module.assembled, kind: .moduleResolve, note: "\(instance) resolved")
                : Evidence(module.assembled, kind: .moduleAssemble, note: "\(instance) assembled"),
            Evidence(suspect.gone, kind: suspect.goneKind, note: "screen of \(module.name) \(suspect.reason.rawValue)"),
        ]
        evidence += holders.compactMap(\.evidence)
        let last = evidence.max { $0.seq < $1.seq }.map { ReplayState.Moment(seq: $0.seq, time: $0.time, line: $0.line) } ?? suspect.gone
        context.report(Self.rule, message: message, module: module.name, instance: instance, object: module.id,
                       first: suspect.gone, last: last, evidence: evidence,
                       fingerprint: [module.name, module.className, holders.map(\.kind.rawValue).sorted().joined(separator: "+")],
                       atMost: unconfirmed ? .note : nil, drawing: unconfirmed ? .unconfirmed : nil)
    }

    private func findHolders(of module: ReplayState.ModuleInstance, suspect: Suspect, state: ReplayState) -> [Holder] {
        var holders: [Holder] = []
        let id = module.id
        let links = state.links[id]
        if let previous = links?.routingPrevious, state.isAlive(previous) {
            let evidence = nextLinkMoments[previous].map {
                Evidence($0, kind: .link, note: "\(state.describe(previous)) → \(module.className) routing link set")
            }
            holders.append(Holder(kind: .routingLink,
                                  text: "unbroken routing link from previous \(state.describe(previous)) (previous/next are strong both ways)",
                                  evidence: evidence))
        }
        if let next = links?.routingNext, state.isAlive(next) {
            let evidence = nextLinkMoments[id].map {
                Evidence($0, kind: .link, note: "\(module.className) → \(state.describe(next)) routing link set")
            }
            holders.append(Holder(kind: .routingLink, text: "unbroken routing link to next \(state.describe(next))", evidence: evidence))
        }
        if let parent = links?.parent, state.isAlive(parent), state.links[parent]?.subs.contains(id) ?? false {
            let evidence = subLinkMoments[id].map { Evidence($0, kind: .link, note: "sub-module of \(state.describe(parent))") }
            let gone = state.modules[parent]?.goneAt != nil
            holders.append(Holder(kind: .parent,
                                  text: "parent \(state.describe(parent)) was never released\(gone ? " (its own screen is gone too)" : "") and keeps it in its subRoutings",
                                  evidence: evidence))
        }
        if let shared = links?.sharedInteractor, state.isAlive(shared),
           let owner = state.moduleID(of: shared), owner != id, state.modules[owner] != nil {
            holders.append(Holder(kind: .sharedInteractor,
                                  text: "it shares the Interactor \(state.describe(shared)) of live module \(state.describe(owner))"))
        }
        let layers = Set(module.layers)
        for (other, otherLinks) in state.links where other != id {
            if let shared = otherLinks.sharedInteractor, layers.contains(shared), state.isAlive(other) {
                holders.append(Holder(kind: .sharedInteractor,
                                      text: "its Interactor \(state.describe(shared)) is shared by live \(state.describe(other))"))
            }
        }
        for (name, receiver) in state.receiverTable.map where layers.contains(receiver) && state.isAlive(receiver) {
            holders.append(Holder(kind: .eventReceiver, text: "\(state.describe(receiver)) is still registered as event receiver '\(name)'"))
        }
        for object in module.layers {
            guard let labels = state.holds[object] else { continue }
            let evidence = holdMoments[object].map { Evidence($0, kind: .refHold, note: "user code holds \(state.describe(object))") }
            let quoted = labels.map { "'\($0)'" }.joined(separator: ", ")
            holders.append(Holder(kind: .userReference,
                                  text: "user reference \(quoted) on \(state.describe(object)) was never released", evidence: evidence))
        }
        if suspect.reason == .refused,
           let view = module.layers.first(where: { state.objects[$0]?.layer == .activity && state.isAlive($0) }) {
            // `xfLego_bindView:` drops the routing's strong reference to its view in `viewDidLoad`, which never runs
            // for a view UIKit never showed: routing → view → presenter → routing stays a cycle.
            holders.append(Holder(kind: .unshownView,
                                  text: "UIKit never showed it, so its view never loaded: its routing still holds \(state.describe(view)), "
                                      + "which holds its presenter, which holds the routing"))
        }
        if state.nn.tabBarController == id {
            // NNModule-swift's tab service holds its controller strongly until `needReloadTabBarController`
            // (`YiHuaXie/NNModule@5d3e56e:NNModule/ModuleManager/Impl/ModuleTabServiceImpl.swift:12`, `:41-44`).
            holders.append(Holder(kind: .tabService,
                                  text: "the tab service still holds it as its tab bar controller (needReloadTabBarController was not called)"))
        }
        if holders.isEmpty {
            holders.append(Holder(kind: .retainCycle, text: "no framework reference: a retain cycle in user code"))
        }
        holders.sort { ($0.kind, $0.text) < ($1.kind, $1.text) }
        return holders
    }
}

/// Formats a number of seconds for messages: `2 s`, `0.5 s`.
func formatSeconds(_ seconds: Double) -> String {
    if seconds == seconds.rounded(), abs(seconds) < 1e15 { return "\(Int(seconds)) s" }
    return "\(seconds) s"
}
