import LegoAnalysis
import LegoModel

/// `nn-priority-ignored` from source: a registration whose impl's priority does not beat one registered before it.
/// A registration replaces the key's impl only when its priority is strictly greater
/// (`YiHuaXie/NNModule@5d3e56e:NNModule/ModuleManager/Core/ModuleServiceCenter.swift:105-112`). "Before" is known for the
/// defaults `ModuleManager.init` registers before any app method (`ModuleManager.swift:24-31`) and within one method;
/// between two methods it is the runtime's method-list order, so only a tie is sure to lose one of them (which one
/// is not known). A lower priority in another method is how apps override (the framework's example does it).
enum NNPriorityIgnoredCheck: NNStaticCheck {
    /// One registration of a service in the order the source gives.
    private struct Entry {
        var impl: String
        var method: String?
        var location: SourceLocation?
        var branches: [NNFacts.Branch] = []
        var afterRemoval = false
    }

    static func run(_ app: NNScannedApp, _ findings: StaticFindings) {
        var byService: [String: [Entry]] = [:]
        var order: [String] = []
        for (service, impl) in NNScannedApp.defaultServices {
            byService[service] = [Entry(impl: impl, method: nil, location: nil)]
        }
        var ordered: Set<String> = []
        for registration in app.facts.registrations {
            guard let service = registration.service.literal, let impl = registration.impl.literal else { continue }
            if ordered.insert(service).inserted { order.append(service) }
            byService[service, default: []].append(Entry(impl: impl, method: registration.method, location: registration.location,
                                                         branches: registration.branches, afterRemoval: registration.afterRemoval))
        }
        for service in order {
            let entries = byService[service] ?? []
            for (index, later) in entries.enumerated() {
                // Registered after the same function removed the service: the key is free, whatever came before.
                guard let at = later.location, !later.afterRemoval, let laterPriority = app.priority(of: later.impl) else { continue }
                // Two clauses of one `#if` (a debug impl and a release one), or two arms of one `if`, are never both registered.
                for earlier in entries[..<index] where earlier.impl != later.impl && !NNFacts.Branch.exclusive(earlier.branches, later.branches) {
                    guard let earlierPriority = app.priority(of: earlier.impl) else { continue }
                    let knownFirst = earlier.location == nil
                        || (earlier.method != nil && earlier.method == later.method && earlier.location?.file == at.file)
                    let first = earlier.location.map { "registered at \($0)" } ?? "a default service ModuleManager registers first"
                    if knownFirst, laterPriority <= earlierPriority {
                        findings.report(.nnPriorityIgnored, "\(later.impl) (priority \(laterPriority)) is ignored for \(service): \(earlier.impl) "
                                        + "(priority \(earlierPriority), \(first)) keeps the key; only a strictly greater priority replaces it",
                                        module: service, at: at, certainty: .literal, identity: ["priority", service, later.impl])
                        break
                    }
                    if !knownFirst, laterPriority == earlierPriority {
                        // Two bootstrap methods run in the runtime's method-list order; other code runs when it is called.
                        let winner = earlier.method != nil && later.method != nil ? "the one whose method the runtime lists first wins"
                            : "whichever runs first keeps the key"
                        findings.report(.nnPriorityIgnored, "\(earlier.impl) and \(later.impl) both register \(service) with priority \(laterPriority) "
                                        + "(\(first)): \(winner) and the other is ignored",
                                        module: service, at: at, certainty: .literal, identity: ["priority-tie", service, later.impl])
                        break
                    }
                }
            }
        }
    }
}
