/// The modularization framework a trace, scenario, source tree or rule belongs to.
///
/// The set is closed on purpose: a reader that meets a framework it does not know refuses the trace instead of
/// reading it as another framework's app (where most of its events would be skipped and it would look clean).
public enum Framework: String, Sendable, Hashable, CaseIterable, Comparable {
    /// XFLegoVIPER ("乐高"): VIPER modules and controller components opened by URL, linked into chains, nested as
    /// sub-modules, talking through component events (`yizzuide/XFLegoVIPER`).
    case xflegoViper = "xflegoviper"
    /// QFMoudle: modules named after protocols, resolved by class name, URL scheme = protocol, parameters set by KVC
    /// (`qingfengiOS/QFMoudle`).
    case qfMoudle = "qfmoudle"
    /// NNModule-swift: a service registry with priorities, a URL router with nested routers, redirects and
    /// interceptors, an event bus and sticky notifications (`YiHuaXie/NNModule`).
    case nnModule = "nnmodule"

    /// The framework a trace without a `framework` header key, or a scenario without a `framework:` key, belongs to:
    /// every trace and scenario written before lego-trace knew a second framework.
    public static let `default` = Framework.xflegoViper

    /// The name the framework's authors give it, for people.
    public var displayName: String {
        switch self {
        case .xflegoViper: "XFLegoVIPER"
        case .qfMoudle: "QFMoudle"
        case .nnModule: "NNModule-swift"
        }
    }

    /// The trace format major version a trace of this framework is written in. QFMoudle and NNModule traces are 2.0
    /// so that a reader from before the framework seam (which knows only 1.x) refuses them instead of passing them
    /// clean as XFLegoVIPER apps.
    public var traceFormatVersion: FormatVersion {
        switch self {
        case .xflegoViper: FormatVersion(major: 1, minor: 0)
        case .qfMoudle, .nnModule: FormatVersion(major: 2, minor: 0)
        }
    }

    /// Orders frameworks as they are listed (declaration order).
    public static func < (lhs: Framework, rhs: Framework) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// The framework named by `text`, as a header, scenario or command line writes it: the raw value, the display
    /// name, or a known alias (`xflego-viper`, `NNModule`), in any letter case.
    public init?(name text: String) {
        let key = text.lowercased().filter { $0 != "-" && $0 != "_" && $0 != " " }
        switch key {
        case "xflegoviper", "xflego", "lego": self = .xflegoViper
        case "qfmoudle", "qfmodule": self = .qfMoudle
        case "nnmodule", "nnmoduleswift": self = .nnModule
        default: return nil
        }
    }

    /// Splits a header's `framework` value into the framework and the version it carries: the recorder writes
    /// `XFLegoVIPER 4.20.1`, the runtimes write the bare raw value. Nil when the name is not one this build knows.
    public static func parseHeaderValue(_ text: String) -> (framework: Framework, version: String?)? {
        let trimmed = text.trimmingSpaces
        if let framework = Framework(name: trimmed) { return (framework, nil) }
        guard let space = trimmed.lastIndex(of: " ") else { return nil }
        let version = String(trimmed[trimmed.index(after: space)...])
        guard let framework = Framework(name: String(trimmed[..<space])), !version.isEmpty else { return nil }
        return (framework, version)
    }

    /// The names `lego-trace` accepts, for messages: `xflegoviper, qfmoudle, nnmodule`.
    public static var knownNames: String { allCases.map(\.rawValue).joined(separator: ", ") }
}

extension String {
    /// The text without leading and trailing spaces and tabs.
    fileprivate var trimmingSpaces: String {
        var slice = Substring(self)
        while let first = slice.first, first == " " || first == "\t" { slice.removeFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice.removeLast() }
        return String(slice)
    }
}
