import Foundation
import LegoAnalysis
import LegoModel

/// Where a recorded XFLegoVIPER app's trace findings are in its source (`check app.jsonl --source SRC_DIR` or
/// `--model app.json`): a leaked, duplicate or orphan module at its class's `@implementation` (or Swift `class`)
/// line, an illegal or unregistered URL at the call site that opens it, a lost event at the send; the trace moment
/// stays as related evidence. A finding scan cannot place on exactly one site keeps its trace location, with every
/// candidate site as evidence.
public struct XFSourceJoin: Sendable {
    /// A call site of the source: the module it opens or sends to, and where.
    public struct Site: Sendable, Hashable {
        /// The component it opens, or the name an event is sent to.
        public var target: String
        /// The URL it opens, for an opening by URL.
        public var url: String?
        /// Where it is written, relative to the scanned folder.
        public var location: SourceLocation
    }

    /// Module (component) name → where its class is implemented; a class named with the framework's one prefix
    /// (`LGSetting` for `LGSettingViewModel`) is found under that name too.
    public private(set) var modules: [String: SourceLocation] = [:]
    /// Literal openings (push, present, root, sub-component) by target.
    public private(set) var openings: [Site] = []
    /// Literal directed event sends, one per target name.
    public private(set) var sends: [Site] = []
    /// The scanned folder as given to `scan` (locations are relative to it).
    public private(set) var source = ""

    /// The sites of a scanned app.
    public init(app: ScannedApp) {
        for module in app.modules {
            let site = app.implementationSite(of: module)
            modules[module.name] = modules[module.name] ?? site
            if let live = app.liveName(of: module) { modules[live] = modules[live] ?? site }
        }
        for transition in app.transitions where !transition.isDynamic && transition.inheritedFrom == nil {
            guard let target = transition.toModule, transition.fact.kind != .pop, transition.fact.kind != .dismiss else { continue }
            openings.append(Site(target: target, url: transition.url, location: transition.fact.location))
        }
        for event in app.events where event.fact.scope == .directed && event.inheritedFrom == nil {
            for name in event.fact.components.compactMap(\.literal) { sends.append(Site(target: name, url: nil, location: event.fact.location)) }
        }
    }

    /// Why a model file cannot be joined.
    public enum ModelError: Error, Sendable, Hashable, CustomStringConvertible {
        /// It cannot be read.
        case unreadable(path: String, reason: String)
        /// It is not a `scan --model` file of a version this build reads.
        case notAModel(path: String, reason: String)

        /// One line naming the file.
        public var description: String {
            switch self {
            case .unreadable(let path, let reason): "cannot read the model \(path): \(reason)"
            case .notAModel(let path, let reason): "\(path) is not a `lego-trace scan --model` file: \(reason)"
            }
        }
    }

    /// The sites of a `scan --model` file (its `implementation`, `transitions` and `events`).
    public init(modelAt path: String) throws(ModelError) {
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw .unreadable(path: path, reason: (error as NSError).localizedFailureReason ?? error.localizedDescription)
        }
        try self.init(modelJSON: data, path: path)
    }

    /// The sites of the `scan --model` text `data`, read from `path` (named in errors).
    public init(modelJSON data: Data, path: String) throws(ModelError) {
        guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw .notAModel(path: path, reason: "not a JSON object")
        }
        guard root["schema"] as? String == StaticGraph.schema else { throw .notAModel(path: path, reason: "no \"schema\": \"\(StaticGraph.schema)\"") }
        // The value itself is not echoed: it is the file's text, and the message must stay one line.
        guard let version = root["version"] as? Int else { throw .notAModel(path: path, reason: "no integer \"version\"") }
        guard version <= ScannedApp.modelSchemaVersion else {
            throw .notAModel(path: path, reason: "version \(version) is newer than \(ScannedApp.modelSchemaVersion)")
        }
        source = root["source"] as? String ?? ""
        func location(_ value: Any?) -> SourceLocation? {
            guard let object = value as? [String: Any], let file = object["file"] as? String, let line = object["line"] as? Int else { return nil }
            return SourceLocation(file: file, line: line, column: object["column"] as? Int ?? 0)
        }
        func literal(_ value: Any?) -> String? {
            guard let object = value as? [String: Any] else { return nil }
            if let text = object["literal"] as? String { return text }
            if let values = object["resolved"] as? [String], values.count == 1 { return values[0] }
            return nil
        }
        for case let module as [String: Any] in root["modules"] as? [Any] ?? [] {
            guard let name = module["name"] as? String, let site = location(module["implementation"]) ?? location(module["location"]) else { continue }
            modules[name] = modules[name] ?? site
            if let live = module["liveName"] as? String { modules[live] = modules[live] ?? site }
        }
        for case let transition as [String: Any] in root["transitions"] as? [Any] ?? [] {
            guard let target = transition["toModule"] as? String, let site = location(transition["location"]),
                  transition["dynamic"] as? Bool != true, transition["inheritedFrom"] as? String == nil,
                  let kind = (transition["kind"] as? String).flatMap(ScanFacts.Transition.Kind.init(rawValue:)),
                  kind != .pop, kind != .dismiss else { continue }
            let url = transition["targetKind"] as? String == "url" ? literal(transition["target"]) : nil
            openings.append(Site(target: target, url: url, location: site))
        }
        for case let event as [String: Any] in root["events"] as? [Any] ?? [] {
            guard event["scope"] as? String == "directed", event["inheritedFrom"] as? String == nil, let site = location(event["location"]) else { continue }
            for case let name? in (event["to"] as? [Any] ?? []).map(literal) { sends.append(Site(target: name, url: nil, location: site)) }
        }
    }

    /// `result` with each trace finding placed on its source site; `pathPrefix` goes before every file (the
    /// scanned folder as given), so locations are relative to where the command runs.
    public func join(_ result: AnalysisResult, pathPrefix: String) -> AnalysisResult {
        var joined = result
        // A finding drawn as its rule draws it leaves `drawing` nil.
        let drawings = Dictionary(result.rules.map { ($0.id, $0.drawing) }, uniquingKeysWith: { first, _ in first })
        joined.findings = result.findings.map { place($0, drawing: $0.drawing ?? drawings[$0.ruleID], pathPrefix: pathPrefix) }
        return joined
    }

    private func place(_ finding: Finding, drawing: RuleDescription.Drawing?, pathPrefix: String) -> Finding {
        guard finding.origin == .trace, let module = finding.module else { return finding }
        let candidates: [SourceLocation]
        let what: String
        switch drawing {
        case .leaked?, .unconfirmed?, .duplicateName?, .orphan?:
            candidates = modules[module].map { [$0] } ?? []
            what = "\(module)'s class"
        case .illegalURL?:
            candidates = unique(openings.filter { $0.target == module && $0.url != nil }.map(\.location))
            what = "a call site that opens \(module) by URL"
        default:
            if finding.ruleID == RuleDescription.lostEvent.id {
                candidates = unique(sends.filter { $0.target == module }.map(\.location))
                what = "a send to \(module)"
            } else if finding.ruleID == RuleDescription.unregisteredURL.id {
                candidates = unique(openings.filter { $0.target == module && $0.url != nil }.map(\.location))
                what = "a call site that opens \(module) by URL"
            } else {
                return finding
            }
        }
        guard !candidates.isEmpty else { return finding }
        var placed = finding
        let sites = candidates.map { Self.prefixed($0, pathPrefix) }
        if sites.count == 1 {
            // The trace moment stays a related location.
            let trace = finding.location.map { Evidence(at: $0, kind: "trace", note: "the trace shows it here") }
                ?? Evidence(seq: finding.first.seq, time: finding.first.time, kind: "trace", note: "the trace shows it here")
            placed.location = .source(sites[0])
            placed.evidence.insert(trace, at: 0)
        } else {
            placed.evidence += sites.map { Evidence(at: .source($0), kind: "source", note: what) }
        }
        return placed
    }

    private func unique(_ locations: [SourceLocation]) -> [SourceLocation] {
        var seen: Set<SourceLocation> = []
        return locations.filter { seen.insert($0).inserted }
    }

    private static func prefixed(_ location: SourceLocation, _ prefix: String) -> SourceLocation {
        guard !prefix.isEmpty else { return location }
        var moved = location
        moved.file = prefix.hasSuffix("/") ? prefix + location.file : prefix + "/" + location.file
        return moved
    }
}

extension ScannedApp {
    /// Where `module`'s class is implemented: the `@implementation` of its routing, view model or controller class
    /// (or the Swift `class`), else where it is declared.
    public func implementationSite(of module: Module) -> SourceLocation {
        guard let anchor = module.classes.first(where: { $0.location == module.location }) else { return module.location }
        return facts.classes.first { $0.name == anchor.name && $0.isImplementation }?.location ?? module.location
    }

    /// The name the framework gives the live component when it differs from the module name: its class minus the
    /// framework's one prefix (`LGSettingViewModel` with prefix `XF` is live as `LGSetting`).
    public func liveName(of module: Module) -> String? {
        guard let anchor = module.classes.first(where: { $0.location == module.location }), let prefix = runtimePrefix?.prefix,
              let live = Naming.split(className: anchor.name, prefix: prefix)?.name, live != module.name else { return nil }
        return live
    }
}
