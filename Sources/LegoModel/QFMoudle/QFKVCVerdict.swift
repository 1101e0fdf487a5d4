/// What setting one URL query item on a QFMoudle module by key-value coding did, as `kvc.set`'s `value` spells it.
///
/// QFMoudle's `interfaceForURL:` calls `setValue:forKey:` for every query item; KVC reads no property attributes, it
/// searches a setter, then an ivar, by name (`docs/qfmoudle.md`, "Query items are set by key-value coding").
public enum QFKVCVerdict: Sendable, Hashable {
    /// Stored as the property expects (absent from the trace).
    case plain
    /// No setter and no ivar answers the key: `NSUndefinedKeyException`, a crash inside `interfaceForURL:`.
    case undefinedKey
    /// A key without `=` gave nil to a scalar property: `setNilValueForKey:` raises `NSInvalidArgumentException`.
    case nilIntoScalar
    /// The text was stored into an object property of another type, or converted to a scalar it does not spell
    /// (non-numeric text becomes 0); the damage shows later. The associated value is the property's type.
    case stringInto(String)
    /// The property is weak: only the query item owns the string, so the value is lost with the URL components.
    case weakProperty
    /// The property is readonly but backed by an ivar, which KVC writes directly: URL input bypasses `readonly`.
    case readonlyBypassed

    /// The text `kvc.set` records in `value`; nil for a plain set.
    public var traceValue: String? {
        switch self {
        case .plain: nil
        case .undefinedKey: "undefined key"
        case .nilIntoScalar: "nil into scalar"
        case .stringInto(let type): "string into \(type)"
        case .weakProperty: "weak property"
        case .readonlyBypassed: "readonly bypassed"
        }
    }

    /// Whether the framework raises at once (the set is not made and the app dies in `interfaceForURL:`).
    public var raises: Bool {
        switch self {
        case .undefinedKey, .nilIntoScalar: true
        case .plain, .stringInto, .weakProperty, .readonlyBypassed: false
        }
    }

    /// The verdict `kvc.set` recorded in `value` (nil or empty: plain); nil for text no producer writes.
    public init?(traceValue text: String?) {
        guard let text, !text.isEmpty else { self = .plain; return }
        switch text {
        case "undefined key": self = .undefinedKey
        case "nil into scalar": self = .nilIntoScalar
        case "weak property": self = .weakProperty
        case "readonly bypassed": self = .readonlyBypassed
        default:
            let prefix = "string into "
            guard text.hasPrefix(prefix), text.count > prefix.count else { return nil }
            self = .stringInto(String(text.dropFirst(prefix.count)))
        }
    }
}

/// Why a QFMoudle lookup gave no module, or gave one that breaks its protocol, as `module.resolve` and `url.open`
/// spell it in `value`.
public enum QFResolveProblem: Sendable, Hashable {
    /// `NSClassFromString(implName(P))` found no class: the router returns nil silently.
    case noClass(String)
    /// The class exists but does not adopt the protocol; the router returns its instance anyway.
    case doesNotAdopt(className: String, protocolName: String)
    /// `objc_getProtocol(url.scheme)` found no protocol (case-sensitive): the module is nil.
    case unknownScheme(String)
    /// `interfaceForURL:` raised while it set a query item (the `kvc.set` before says which).
    case raised(String)

    /// The text recorded in `value`.
    public var traceValue: String {
        switch self {
        case .noClass(let name): "no class \(name)"
        case let .doesNotAdopt(className, protocolName): "\(className) does not adopt \(protocolName)"
        case .unknownScheme(let scheme): "no protocol \(scheme)"
        case .raised(let exception): "raised \(exception)"
        }
    }

    /// The problem a recorded `value` names; nil for text no producer writes.
    public init?(traceValue text: String?) {
        guard let text else { return nil }
        for (prefix, make) in [("no class ", Self.noClass), ("no protocol ", Self.unknownScheme), ("raised ", Self.raised)]
        where text.hasPrefix(prefix) && text.count > prefix.count {
            self = make(String(text.dropFirst(prefix.count)))
            return
        }
        let marker = " does not adopt "
        guard !text.isEmpty else { return nil }
        var start = text.index(after: text.startIndex)
        while start < text.endIndex, !text[start...].hasPrefix(marker) { start = text.index(after: start) }
        let end = start < text.endIndex ? text.index(start, offsetBy: marker.count) : text.endIndex
        guard start < text.endIndex, end < text.endIndex else { return nil }
        self = .doesNotAdopt(className: String(text[..<start]), protocolName: String(text[end...]))
    }
}
