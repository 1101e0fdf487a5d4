import LegoModel
import LegoReplay

/// Applies the framework's URL hierarchy verification to every URL open, against the live state at that moment.
///
/// `strict` (default) checks every segment against the live chain; `legacy` reproduces `enableVerifyURLRoute`.
final class IllegalURLHierarchyDetector: Detector {
    static let rule = RuleDescription(
        id: "illegal-url-hierarchy",
        defaultSeverity: .error,
        summary: "A URL was opened whose host and path do not match the live routing chain it claims.",
        why: """
        A component URL encodes where the new screen sits: `bdj://essence/post/postComment` says PostComment is \
        opened from Post, which hangs off Essence. The framework's own check (`enableVerifyURLRoute`) compared \
        this against the live routing chain, but only asynchronously after the transition and only as a debug \
        assertion, so mismatches reached production: screens opened from the wrong place, back navigation and \
        `pop to name` landing somewhere unexpected, intent data sent to the wrong module.

        `url-check: strict` (the default) checks every segment: the first must name a live module, each later \
        one must be linked to the one before it (a sub-module of it, or its next), exactly by name or by the gene \
        of a shared module, and the target must be opened from the module named just before it. The finding says \
        which segment broke the chain and what the live chain actually was. `url-check: legacy` reproduces the \
        framework exactly, timing and short-circuits included: it reads the state after the transition started \
        (the new routing is already in the link table), skips a controller-component target and an empty link \
        table, ends as legal at a segment naming a controller component, accepts a missing last segment, and \
        accepts a missing segment when the current action routing's name merely contains it. The framework ran \
        it on a background queue, so when its verdict changes once the framework's 15 ms work has run (tab \
        children bound late), the finding reports a race, as a warning, instead of a pass or a failure.

        How to fix: open the URL from the module its path names, or change the URL to match where the screen is \
        really opened from.
        """,
        drawing: .illegalURL,
        frameworks: [.xflegoViper])

    // `url.open` for both modes (it is recorded where `open:transitionBlock:` returns, after the transition block);
    // transitions for the step depth; a legacy check takes its late verdict before the app's next step (a
    // transition, open, release, event, notification or wait). Only these kinds, so strict mode does not pay a
    // call for every link or deinit.
    static let willApplyKinds: Set<TraceEvent.Kind> = [
        .urlOpen, .transitionBegin, .transitionEnd, .refRelease, .eventSend, .notification, .clockAdvance,
    ]
    // A successful `url.open` ends its step (it follows its transition's begin), so it never closes a window.

    private let context: DetectorContext
    private let mode: URLCheckMode
    /// Legacy checks dispatched but whose late verdict is not taken yet, oldest first.
    @exclusivity(unchecked)
    private var pending: [PendingCheck] = []
    /// Names of the transitions begun and not ended: when empty, a new transition or user action is the app's next step.
    @exclusivity(unchecked)
    private var transitions: [String?] = []
    /// Strict checks of opens made inside another module's transition (a tab child opened by URL while its tab bar
    /// is being built), judged once that transition is over.
    @exclusivity(unchecked)
    private var deferredStrict: [TraceEvent] = []

    /// A legacy check between the moment the framework dispatched it and the end of the framework's delayed work.
    private struct PendingCheck {
        var event: TraceEvent
        var modules: [String]
        var opener: ObjectID?
        var early: Verdict?
        /// The late verdict is taken before the first relevant event after this time.
        var due: Double
    }

    /// The framework's delayed work (`LEGORunAfter0_015`: link logs, sub-module binding, tab re-binding).
    static let frameworkDelay = 0.015
    /// How long after the delayed work a late verdict may wait for the app's next step.
    static let lateWindow = 1.0

    var retainedCount: Int { pending.count + deferredStrict.count }

    init(context: DetectorContext) {
        self.context = context
        self.mode = context.configuration.urlCheck
        if context.imported {
            context.addLimitation("URL hierarchy cannot be checked: imported console logs carry no URLs")
        }
    }

    func willApply(_ event: TraceEvent, state: ReplayState) {
        guard !context.imported else { return }
        if mode == .legacy { settlePending(before: event, state: state) }
        switch event.kind {
        case .transitionBegin:
            transitions.append(event.name)
        case .transitionEnd:
            if let index = transitions.lastIndex(of: event.name) { transitions.remove(at: index) } else if !transitions.isEmpty { transitions.removeLast() }
            if transitions.isEmpty, !deferredStrict.isEmpty {
                let deferred = deferredStrict
                deferredStrict.removeAll()
                for open in deferred { checkStrict(open, state: state) }
            }
        default:
            break
        }
        switch mode {
        case .strict:
            guard event.kind == .urlOpen, event.ok != false else { return }
            // Made while another module is still being built (its init opens it), or a sub-module opened by URL
            // before its parent binds it (XFUInterfaceFactory): judged once that transition is over.
            if transitions.contains(where: { $0 != event.name }) || (event.operation == .sub && !transitions.isEmpty) {
                deferredStrict.append(event)
                return
            }
            checkStrict(event, state: state)
        case .legacy:
            if event.kind == .urlOpen, event.ok != false, let url = event.url, !URLText.isHTTP(url) {
                dispatchLegacyCheck(event, state: state)
            }
        }
    }

    /// Strict mode: every segment against the live chain at the open.
    private func checkStrict(_ event: TraceEvent, state: ReplayState) {
        guard let url = event.url, !URLText.isHTTP(url) else { return }
        let modules = URLText.modules(url, minimum: 2)
        guard !modules.isEmpty else { return }
        let opener = event.object.flatMap { state.moduleID(of: $0) }
        guard let verdict = Self.strict(modules, opener: opener, state: state) else { return }
        report(verdict, url: ComponentURL(url), modules: modules, opener: opener, event: event, state: state)
    }

    func finish(state: ReplayState) {
        for open in deferredStrict { checkStrict(open, state: state) }
        deferredStrict.removeAll()
        guard mode == .legacy else { return }
        for check in pending { conclude(check, late: Self.legacy(check.modules, state: state), state: state) }
        pending.removeAll()
    }

    /// `XFURLRoute open:transitionBlock:` (4.x before a331d32): the transition block has run (the new routing is in the
    /// link table); a controller-component target returns at once (`XFComponentReflect isControllerComponent:`, the
    /// controller handler matched), and the check is dispatched only when the link table is not empty
    /// (`[XFRoutingLinkManager count]`). A successful `url.open` is recorded right there, after the block.
    private func dispatchLegacyCheck(_ event: TraceEvent, state: ReplayState) {
        guard let url = event.url else { return }
        if let target = event.name, state.moduleKinds[target] == .controller { return }
        guard !state.routingTable.map.isEmpty else { return }
        let modules = URLText.modules(url, minimum: 1)
        guard modules.count > 1 else { return }
        let opener = event.object.flatMap { state.moduleID(of: $0) }
        pending.append(PendingCheck(event: event, modules: modules, opener: opener,
                                    early: Self.legacy(modules, state: state), due: event.time + Self.frameworkDelay))
    }

    /// Takes the late verdict of every check whose window closed before `event`: once the app takes its next step
    /// (a user's tap or wait comes long after 15 ms; the runtime's virtual clock does not move between steps), or
    /// a second after the dispatch at the latest. Not 15 ms: a recorded file's times also carry the recording's own
    /// running time, and a loaded machine stretched that past 30 ms in tests.
    private func settlePending(before event: TraceEvent, state: ReplayState) {
        guard !pending.isEmpty else { return }
        let nextStep = transitions.isEmpty
            && [.transitionBegin, .refRelease, .eventSend, .notification, .clockAdvance].contains(event.kind)
        while let first = pending.first, nextStep || event.time > first.due + Self.lateWindow {
            pending.removeFirst()
            conclude(first, late: Self.legacy(first.modules, state: state), state: state)
        }
    }

    /// The check runs on a background queue: at once (the early verdict) or once the framework's delayed work has
    /// run (the late verdict). When they differ the outcome is a race, reported as such.
    private func conclude(_ check: PendingCheck, late: Verdict?, state: ReplayState) {
        guard let url = check.event.url else { return }
        switch (check.early, late) {
        case (nil, nil):
            return
        case (let early?, let late?):
            report(early.segment == late.segment ? late : early, url: ComponentURL(url), modules: check.modules,
                   opener: check.opener, event: check.event, state: state)
        case (let early, let late):
            let failing = early ?? late!
            reportRace(failing, failsEarly: early != nil, url: ComponentURL(url), modules: check.modules,
                       opener: check.opener, event: check.event, state: state)
        }
    }

    private func reportRace(_ verdict: Verdict, failsEarly: Bool, url parsed: ComponentURL, modules: [String], opener: ObjectID?,
                            event: TraceEvent, state: ReplayState) {
        let target = modules.last ?? ""
        if context.isAllowed(Self.rule, module: target) { return }
        let openerName = opener.flatMap { state.modules[$0]?.name } ?? ""
        let segment = parsed.segments.indices.contains(verdict.segment) ? parsed.segments[verdict.segment] : target
        let when = failsEarly
            ? "fails if it runs at once and passes once the framework's 15 ms work (late-bound tab children, delayed links) has run"
            : "passes if it runs at once and fails once the framework's 15 ms work has run"
        let message = "\(parsed.path) (legacy check): race: the framework's asynchronous check \(when); "
            + "segment \(verdict.segment + 1) '\(segment)': \(verdict.reason)"
        let moment = ReplayState.Moment(event)
        context.report(Self.rule, message: message, module: target, instance: opener.map { state.describe($0) },
                       first: moment, last: moment,
                       evidence: [Evidence(event, note: "open \(parsed.path) from \(openerName.isEmpty ? "?" : openerName)")],
                       fingerprint: [parsed.path, openerName, String(verdict.segment), mode.rawValue, "race"], atMost: .warning)
    }

    private func report(_ verdict: Verdict, url parsed: ComponentURL, modules: [String], opener: ObjectID?,
                        event: TraceEvent, state: ReplayState) {
        let target = modules.last ?? ""
        if context.isAllowed(Self.rule, module: target) { return }
        let openerName = opener.flatMap { state.modules[$0]?.name } ?? ""
        let chain = Self.chain(to: opener ?? verdict.anchor, state: state)
        let segment = parsed.segments[verdict.segment]
        var message = "\(parsed.path) (\(mode.rawValue) check): segment \(verdict.segment + 1) '\(segment)' breaks the chain: \(verdict.reason)"
        if let opener, !verdict.reason.contains(state.describe(opener)) { message += "; opened from \(state.describe(opener))" }
        message += "; the live chain was \(chain.isEmpty ? "empty" : chain)"
        let moment = ReplayState.Moment(event)
        context.report(Self.rule, message: message, module: target, instance: opener.map { state.describe($0) }, object: opener,
                       first: moment, last: moment,
                       evidence: [Evidence(event, note: "open \(parsed.path) from \(openerName.isEmpty ? "?" : openerName)")],
                       fingerprint: [parsed.path, openerName, String(verdict.segment), mode.rawValue])
    }

    struct Verdict {
        /// Index of the segment that broke the chain.
        var segment: Int
        /// Why, in words.
        var reason: String
        /// The last module the check had reached, for describing the chain when the opener is unknown.
        var anchor: ObjectID?
    }

    /// `XFVIPERModuleReflect verifyModuleLinkForList:` (4.x before a331d32), step by step on the state the check
    /// reads (see docs/check.md); nil when legal. The one copy of the framework's algorithm.
    static func legacy(_ modules: [String], state: ReplayState) -> Verdict? {
        guard modules.count > 1 else { return nil }
        guard var pre = state.liveRouting(named: modules[0]) else {
            return Verdict(segment: 0, reason: "no live routing is named \(modules[0])", anchor: nil)
        }
        for index in 1..<modules.count {
            let name = modules[index]
            // Quirk kept on purpose: `XFControllerReflect verifyController:` (a `<P><Name>ViewController` class, MVVM
            // views included) anywhere ends the check as legal.
            if state.hasControllerClass(named: name) { return nil }
            guard let next = state.liveRouting(named: name) else {
                if index == modules.count - 1 { return nil }
                // Quirk kept on purpose: substring match against the current action routing (shared-module shells).
                if let shared = state.currentAction, let sharedName = state.modules[shared]?.name, sharedName.contains(name) {
                    pre = shared
                    continue
                }
                return Verdict(segment: index, reason: "no live routing is named \(name)", anchor: pre)
            }
            if state.links[next]?.parent == pre { pre = next; continue }
            if state.links[pre]?.routingNext != next {
                return Verdict(segment: index, reason: "\(state.describe(next)) is neither a sub-module nor the next of \(state.describe(pre))", anchor: pre)
            }
            pre = next
        }
        return nil
    }

    /// Every segment against the live chain, exactly; nil when legal.
    ///
    /// Several shells of one gene can follow the same module (`Essence ⊃ AllPost, PicturePost`), so every
    /// matching successor is tried; when none leads to the opener, the deepest failure is reported.
    static func strict(_ modules: [String], opener: ObjectID?, state: ReplayState) -> Verdict? {
        guard modules.count > 1 else { return nil }
        guard let first = liveModule(named: modules[0], state: state) else {
            return Verdict(segment: 0, reason: "no live module is named \(modules[0])", anchor: nil)
        }
        var deepest: Verdict?
        func fail(_ verdict: Verdict) {
            if verdict.segment > (deepest?.segment ?? -1) { deepest = verdict }
        }
        func search(_ index: Int, after pre: ObjectID) -> Bool {
            if index == modules.count - 1 {
                guard let opener, opener != pre else { return true }
                fail(Verdict(segment: index,
                             reason: "the URL opens \(modules[index]) from \(state.describe(pre)), but it is opened from \(state.describe(opener))",
                             anchor: pre))
                return false
            }
            let name = modules[index]
            let candidates = successors(of: pre, named: name, state: state)
            if candidates.isEmpty {
                let reason: String
                if let elsewhere = liveModule(named: name, state: state) {
                    reason = "\(state.describe(elsewhere)) is live but neither a sub-module nor the next of \(state.describe(pre))"
                } else {
                    reason = "no live module named \(name) follows \(state.describe(pre))"
                }
                fail(Verdict(segment: index, reason: reason, anchor: pre))
                return false
            }
            return candidates.contains { search(index + 1, after: $0) }
        }
        return search(1, after: first) ? nil : deepest
    }

    private static func liveModule(named name: String, state: ReplayState) -> ObjectID? {
        if let routing = state.liveRouting(named: name) { return state.moduleID(of: routing) ?? routing }
        if let component = state.liveComponent(named: name) { return state.moduleID(of: component) ?? component }
        return nil
    }

    /// The modules linked after `module` (as sub-module or next) whose name or gene is `name`.
    private static func successors(of module: ObjectID, named name: String, state: ReplayState) -> [ObjectID] {
        state.successors(of: module).compactMap { successor in
            guard let instance = state.modules[successor.module], instance.name == name || instance.gene == name else { return nil }
            return successor.module
        }
    }

    /// The live chain from the root down to `module`: `IndexTab ⊃ Essence → Post` (⊃ sub-module, → next).
    static func chain(to module: ObjectID?, state: ReplayState) -> String {
        guard var current = module, state.modules[current] != nil else { return "" }
        var parts: [String] = [state.modules[current]!.name]
        var seen: Set<ObjectID> = [current]
        while parts.count < 64, let (previous, edge) = state.predecessor(of: current), seen.insert(previous).inserted {
            parts.append(edge == .sub ? "⊃" : "→")
            parts.append(state.modules[previous]?.name ?? state.describe(previous))
            current = previous
        }
        return parts.reversed().joined(separator: " ")
    }
}
