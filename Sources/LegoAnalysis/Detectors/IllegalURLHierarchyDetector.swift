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
        framework exactly, including its short-circuits: a segment naming a controller component ends the check \
        as legal, a missing last segment is legal, and a missing segment is accepted when the current action \
        routing's name merely contains it.

        How to fix: open the URL from the module its path names, or change the URL to match where the screen is \
        really opened from.
        """,
        drawing: .illegalURL)

    static let willApplyKinds: Set<TraceEvent.Kind> = [.urlOpen]

    private let context: DetectorContext
    private let mode: URLCheckMode

    init(context: DetectorContext) {
        self.context = context
        self.mode = context.configuration.urlCheck
        if context.imported {
            context.addLimitation("URL hierarchy cannot be checked: imported console logs carry no URLs")
        }
    }

    func willApply(_ event: TraceEvent, state: ReplayState) {
        guard event.kind == .urlOpen, !context.imported, event.ok != false, let url = event.url, !URLText.isHTTP(url) else { return }
        let modules = URLText.modules(url, minimum: 2)
        guard !modules.isEmpty else { return }
        let opener = event.object.flatMap { state.moduleID(of: $0) }
        let verdict = mode == .legacy ? Self.legacy(modules, opener: opener, state: state) : Self.strict(modules, opener: opener, state: state)
        guard let verdict else { return }
        report(verdict, url: ComponentURL(url), modules: modules, opener: opener, event: event, state: state)
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

    /// The framework's `enableVerifyURLRoute`, step by step (see docs/check.md); nil when legal.
    static func legacy(_ modules: [String], opener: ObjectID?, state: ReplayState) -> Verdict? {
        guard modules.count > 1 else { return nil }
        guard var pre = state.liveRouting(named: modules[0]) else {
            return Verdict(segment: 0, reason: "no live routing is named \(modules[0])", anchor: nil)
        }
        for index in 1..<modules.count {
            let name = modules[index]
            // Quirk kept on purpose: a controller component anywhere ends the check as legal.
            if state.moduleKinds[name] == .controller { return nil }
            guard let next = state.liveRouting(named: name) else {
                if index == modules.count - 1 { return nil }
                // Quirk kept on purpose: substring match against the current action routing (shared-module shells).
                if let shared = opener ?? state.currentAction, let sharedName = state.modules[shared]?.name, sharedName.contains(name) {
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
        var found: [ObjectID] = []
        for object in state.modules[module]?.layers ?? [module] {
            guard let links = state.links[object] else { continue }
            var targets = links.subs
            if let next = links.routingNext { targets.append(next) }
            if let next = links.componentNext { targets.append(next) }
            for target in targets where state.isAlive(target) {
                let candidate = state.moduleID(of: target) ?? target
                guard let instance = state.modules[candidate], !found.contains(candidate) else { continue }
                if instance.name == name || instance.gene == name { found.append(candidate) }
            }
        }
        return found
    }

    /// The live chain from the root down to `module`: `IndexTab ⊃ Essence → Post` (⊃ sub-module, → next).
    static func chain(to module: ObjectID?, state: ReplayState) -> String {
        guard var current = module, state.modules[current] != nil else { return "" }
        var parts: [String] = [state.modules[current]!.name]
        var seen: Set<ObjectID> = [current]
        while parts.count < 64, let (previous, edge) = predecessor(of: current, state: state), seen.insert(previous).inserted {
            parts.append(edge)
            parts.append(state.modules[previous]?.name ?? state.describe(previous))
            current = previous
        }
        return parts.reversed().joined(separator: " ")
    }

    private static func predecessor(of module: ObjectID, state: ReplayState) -> (ObjectID, String)? {
        for object in state.modules[module]?.layers ?? [module] {
            guard let links = state.links[object] else { continue }
            if let previous = links.routingPrevious, state.isAlive(previous) { return (state.moduleID(of: previous) ?? previous, "→") }
            if let parent = links.parent, state.isAlive(parent) { return (state.moduleID(of: parent) ?? parent, "⊃") }
            if let from = links.componentFrom, state.isAlive(from) { return (state.moduleID(of: from) ?? from, "→") }
        }
        return nil
    }
}
