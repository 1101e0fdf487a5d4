/// The framework's naming conventions: class prefix inference, module names from class names, component names from URLs.
public enum Naming {
    /// Infers the app-wide class prefix from a VIPER Routing class the way the framework does.
    ///
    /// Leading capitals up to the first lowercase letter, minus the last capital (`BDJEssenceRouting` → `BDJ`).
    /// Returns nil when the class has no such prefix (e.g. `Routing` or `ABC`).
    public static func inferPrefix(fromRoutingClass className: String) -> String? {
        var capitals = 0
        var sawLowercase = false
        for scalar in className.unicodeScalars {
            if scalar.properties.isUppercase { capitals += 1; continue }
            sawLowercase = scalar.properties.isLowercase
            break
        }
        guard sawLowercase, capitals >= 2 else { return nil }
        return String(className.unicodeScalars.prefix(capitals - 1).map(Character.init))
    }

    /// The layers, longest suffix first so `ViewController` is not taken for a shorter match.
    private static let layersBySuffixLength = TraceEvent.Layer.allCases.sorted { $0.suffix.count > $1.suffix.count }

    /// Splits a class name into the module name and layer the framework would give it.
    ///
    /// Reproduces the quirk that the global prefix wins: a class that does not start with `prefix`
    /// keeps its own prefix in the name (`LGSettingViewModel` with prefix `XF` → `LGSetting`).
    /// Returns nil when no known suffix ends the name or nothing is left between prefix and suffix.
    public static func split(className: String, prefix: String) -> (name: String, layer: TraceEvent.Layer)? {
        guard let layer = layersBySuffixLength.first(where: { className.hasSuffix($0.suffix) }) else { return nil }
        var stem = Substring(className.dropLast(layer.suffix.count))
        if !prefix.isEmpty, stem.hasPrefix(prefix) { stem = stem.dropFirst(prefix.count) }
        guard !stem.isEmpty else { return nil }
        return (String(stem), layer)
    }

    /// The class name the framework looks up for a module layer: `<Prefix><Name><Suffix>`.
    public static func className(prefix: String, module: String, layer: TraceEvent.Layer) -> String {
        prefix + module + layer.suffix
    }

    /// Upper-cases the first character, as the framework does for URL components.
    public static func capitalizedFirst(_ text: Substring) -> String {
        guard let first = text.first else { return "" }
        return first.uppercased() + text.dropFirst()
    }

    /// The component name a URL names: its last path component, or the host when the path is empty.
    ///
    /// `bdj://essence/post/postComment` → `PostComment`. Returns nil for a URL with neither.
    public static func componentName(forURL url: String) -> String? {
        let parts = ComponentURL(url)
        guard let last = parts.modules.last else { return nil }
        return last
    }
}

/// A component URL split the way the framework splits it (no percent-decoding, case kept).
public struct ComponentURL: Sendable, Hashable {
    /// The URL as written.
    public var text: String
    /// Text before `://`, or empty.
    public var scheme: String
    /// The route key: everything before `?`.
    public var path: String
    /// Host and path components, as written.
    public var segments: [String]
    /// Query pairs split on `&` and the first `=`, in order.
    public var query: [Parameter]

    /// Splits `text`.
    public init(_ text: String) {
        self.text = text
        let beforeQuery: Substring
        if let q = text.firstIndex(of: "?") {
            beforeQuery = text[..<q]
            let queryText = text[text.index(after: q)...]
            query = queryText.split(separator: "&").map { pair in
                if let eq = pair.firstIndex(of: "=") {
                    return Parameter(key: String(pair[..<eq]), value: String(pair[pair.index(after: eq)...]))
                }
                return Parameter(key: String(pair), value: "")
            }
        } else {
            beforeQuery = Substring(text)
            query = []
        }
        path = Self.routeKey(text)
        let rest: Substring
        if let colon = Self.schemeSeparator(in: beforeQuery) {
            scheme = String(beforeQuery[..<colon])
            rest = beforeQuery[beforeQuery.utf8.index(colon, offsetBy: 3)...]
        } else {
            scheme = ""
            rest = beforeQuery
        }
        segments = rest.split(separator: "/").map(String.init)
    }

    /// Where the first `://` starts, found on the UTF-8 bytes (`firstRange(of:)` on characters was most of resolving a URL).
    private static func schemeSeparator(in text: Substring) -> Substring.Index? {
        let utf8 = text.utf8
        var index = utf8.startIndex
        while index < utf8.endIndex {
            if utf8[index] == UInt8(ascii: ":") {
                let first = utf8.index(after: index)
                if first < utf8.endIndex, utf8[first] == UInt8(ascii: "/") {
                    let second = utf8.index(after: first)
                    if second < utf8.endIndex, utf8[second] == UInt8(ascii: "/") { return index }
                }
            }
            index = utf8.index(after: index)
        }
        return nil
    }

    /// The key XFLegoVIPER's route table looks `url` up by: the text before `?`, case kept (the URL itself when it has
    /// no query, without copying). The one definition the runtime, the replay and the detectors share.
    public static func routeKey(_ url: String) -> String {
        // Bytes, not `firstIndex(of:)` on characters: the generic path cost thousands of instructions per open.
        let end = url.utf8.withContiguousStorageIfAvailable { $0.firstIndex(of: UInt8(ascii: "?")) }
            ?? Array(url.utf8).firstIndex(of: UInt8(ascii: "?"))
        guard let end else { return url }
        return String(decoding: url.utf8.prefix(end), as: UTF8.self)
    }

    /// Whether the framework routes this URL to the HTTP handler component.
    public var isHTTP: Bool { scheme.lowercased().hasPrefix("http") }

    /// Host and path components with the first letter upper-cased: the module chain the URL claims.
    public var modules: [String] { segments.map { Naming.capitalizedFirst(Substring($0)) } }
}

extension Naming {
    /// The gene candidates of a virtual component name, shortest first: every suffix that starts at an upper-case
    /// letter, excluding the whole name (`NewAllPost` → `Post`, `AllPost`), and none longer than `longest` characters.
    ///
    /// The framework scans the name from its end and takes the first (shortest) candidate for which a class exists
    /// (`XFModuleReflect.m`); callers pick the first candidate that names a module. The candidates share the name's
    /// storage and the walk stops past `longest` (the longest module name), so a huge capitalised literal costs time
    /// and memory in proportion to its length, not its square.
    public static func geneCandidates(of name: String, longest: Int = .max) -> [Substring] {
        var result: [Substring] = []
        var index = name.endIndex
        var length = 0
        while index > name.startIndex, length < longest {
            index = name.index(before: index)
            length += 1
            guard index > name.startIndex, name[index].isUppercase else { continue }
            result.append(name[index...])
        }
        return result
    }
}
