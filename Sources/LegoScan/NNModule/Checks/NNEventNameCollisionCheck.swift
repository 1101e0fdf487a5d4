import LegoAnalysis
import LegoModel

/// `nn-event-name-collision` from source: two event types with one unqualified name registered on one bus, which
/// keys its sets by `"\(E.self)"` (`YiHuaXie/NNModule@5d3e56e:NNModule/EventTransfer/EventBus.swift:33-37`): they share
/// one set, and `remove(E)` drops both (`:53-56`). Only types written qualified and different are sure to differ.
enum NNEventNameCollisionCheck: NNStaticCheck {
    static func run(_ app: NNScannedApp, _ findings: StaticFindings) {
        var first: [String: (type: String, file: String)] = [:]
        let scannedTypes = Set(app.facts.classes.map(\.name) + app.facts.valueTypes + app.facts.protocols)
        let aliases = AliasTable(app.facts.typeAliases)
        for event in app.facts.events where event.kind == .register && event.type.contains(".") {
            let unqualified = String(NNScannedApp.unqualifiedName(event.type))
            let slot = event.bus + "\u{0}" + unqualified
            guard let (earlier, earlierFile) = first[slot] else { first[slot] = (event.type, event.location.file); continue }
            guard earlier != event.type, !maySpellOneType(earlier, event.type, scannedTypes: scannedTypes),
                  aliases.resolved(earlier, in: earlierFile) != aliases.resolved(event.type, in: event.location.file) else { continue }
            findings.report(.nnEventNameCollision, "\(event.type) and \(earlier) share the set \"\(unqualified)\" on \(event.bus): "
                            + "a remove(\(unqualified).self) of either drops the targets of both", module: unqualified, at: event.location,
                            certainty: .literal, identity: ["collision", event.bus, unqualified])
        }
    }

    /// Whether `first` and `second` may be one type, one of them written with its module's name (`AppCore.Events.Login`
    /// and `Events.Login`): the longer ends with the shorter, and what it adds names no type the scan read.
    static func maySpellOneType(_ first: String, _ second: String, scannedTypes: Set<String>) -> Bool {
        let (short, long) = first.count < second.count ? (first, second) : (second, first)
        guard long.hasSuffix("." + short) else { return false }
        let added = long.dropLast(short.count + 1).split(separator: ".")
        return !added.contains { scannedTypes.contains(String($0)) }
    }

    /// The file-level `typealias`es of the scan by name (a `private` one by its file), to see through a qualifier:
    /// `Auth.Login` (`typealias Auth = AuthEvents`) is `AuthEvents.Login`. A name given two targets is left as written.
    struct AliasTable {
        private var global: [String: String?] = [:]
        private var byFile: [String: [String: String?]] = [:]

        init(_ aliases: [NNFacts.TypeAlias]) {
            for alias in aliases {
                if alias.fileScoped {
                    byFile[alias.location.file, default: [:]][alias.name] = byFile[alias.location.file]?[alias.name].map { $0 == alias.target ? $0 : nil } ?? alias.target
                } else {
                    global[alias.name] = global[alias.name].map { $0 == alias.target ? $0 : nil } ?? alias.target
                }
            }
        }

        /// `type` with its first name part replaced by what it aliases, as seen from `file`.
        func resolved(_ type: String, in file: String) -> String {
            var name = type
            // Bounded: an alias of an alias is rare, a cycle does not compile.
            for _ in 0..<8 {
                let head = String(name.prefix { $0 != "." })
                guard let found = byFile[file]?[head] ?? global[head], let target = found, target != head else { break }
                name = target + name.dropFirst(head.count)
            }
            return name
        }
    }
}
