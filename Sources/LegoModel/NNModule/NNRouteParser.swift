import Foundation

/// NNModule-swift's `URLRouteParser`: how a route string becomes the keys a router looks handlers up by.
///
/// Faithful to `YiHuaXie/NNModule@5d3e56e:NNModule/URLRouter/URLRouteParser.swift`: the default scheme is prepended
/// when a route has none (`:89-94`), scheme and host are lower-cased and the path keeps its case (`:107-109`), a scheme
/// equal to the default becomes `""` (`:117`), and a trailing `/` is dropped (`URL.path`).
public struct NNRouteParser: Sendable, Hashable {
    /// The scheme a route without one gets, lower-cased (`nn` unless the app sets one, `:81-83`).
    public var defaultScheme: String

    /// A parser with `defaultScheme` (lower-cased, as the framework stores it).
    public init(defaultScheme: String = "nn") { self.defaultScheme = defaultScheme.lowercased() }

    /// The parsed route, or nil when the framework's parser rejects it (`""`, or text `URL(string:)` refuses).
    public func parse(_ route: String) -> NNRouteURL? {
        guard !route.isEmpty else { return nil }
        var text = route
        if text.hasPrefix("://") {
            text = defaultScheme + text
        } else if !text.contains("://") {
            text = defaultScheme + "://" + text
        }
        // Before iOS 17 `URL(string:)` refuses what is not a valid URL; the model follows iOS 16 (the demo's own
        // invalid examples, `""` and `"%&"`, `Example_URLRouter/RouteUtils.swift:25-26`).
        guard Self.isValidURLText(text), let schemeEnd = text.range(of: "://") else { return nil }
        let rawScheme = String(text[..<schemeEnd.lowerBound])
        var rest = Substring(text[schemeEnd.upperBound...])
        if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
        var query = ""
        if let mark = rest.firstIndex(of: "?") {
            query = String(rest[rest.index(after: mark)...])
            rest = rest[..<mark]
        }
        let hostEnd = rest.firstIndex(of: "/") ?? rest.endIndex
        let rawHost = String(rest[..<hostEnd])
        var rawPath = String(rest[hostEnd...])
        while rawPath.count > 1, rawPath.hasSuffix("/") { rawPath.removeLast() }
        if rawPath == "/" { rawPath = "" }
        let decode = { (part: String) in part.utf8.contains(UInt8(ascii: "%")) ? part.removingPercentEncoding ?? part : part }
        var scheme = decode(rawScheme).lowercased()
        let host = decode(rawHost).lowercased()
        let path = decode(rawPath)
        let isWebLink = scheme == "http" || scheme == "https"
        if scheme == defaultScheme { scheme = "" }
        return NNRouteURL(scheme: scheme, host: host, path: path, isWebLink: isWebLink, parameters: Self.queryParameters(query))
    }

    /// The pairs of a query kept by the framework: split on `&` or `;`, only pairs with exactly one `=` (`:122-157`).
    static func queryParameters(_ query: String) -> [(key: String, value: String)] {
        query.split(whereSeparator: { $0 == "&" || $0 == ";" }).compactMap { pair in
            let parts = pair.split(separator: "=", omittingEmptySubsequences: false)
            guard parts.count == 2 else { return nil }
            return (String(parts[0]), String(parts[1]))
        }
    }

    // What `URL(string:)` refused before iOS 17: spaces, a few ASCII symbols, and a `%` not followed by two hex digits.
    static func isValidURLText(_ text: String) -> Bool {
        // Every refused character is ASCII, so the UTF-8 bytes tell (a `Character` walk cost a tenth of a scan).
        let utf8 = text.utf8
        var index = utf8.startIndex
        while index < utf8.endIndex {
            let byte = utf8[index]
            if forbidden[Int(byte)] { return false }
            if byte == UInt8(ascii: "%") {
                let first = utf8.index(after: index)
                guard first < utf8.endIndex, isHexDigit(utf8[first]) else { return false }
                let second = utf8.index(after: first)
                guard second < utf8.endIndex, isHexDigit(utf8[second]) else { return false }
            }
            index = utf8.index(after: index)
        }
        return true
    }

    /// The ASCII bytes `URL(string:)` refused, as a table by byte.
    private static let forbidden: [Bool] = {
        var table = [Bool](repeating: false, count: 256)
        for character in " \"<>\\^`{|}\n\r\t".utf8 { table[Int(character)] = true }
        return table
    }()

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
    }
}

/// A route as NNModule-swift's parser splits it.
public struct NNRouteURL: Sendable, Hashable {
    /// The scheme, lower-cased; `""` when it is the parser's default scheme.
    public var scheme: String
    /// The host, lower-cased.
    public var host: String
    /// The path, case kept, without a trailing `/`.
    public var path: String
    /// Whether the scheme is `http` or `https`.
    public var isWebLink: Bool
    /// The query's parameter pairs, in order.
    public var parameters: [(key: String, value: String)]

    /// `scheme://host/path`: the key a handler is registered and first looked up by.
    public var fullPath: String { "\(scheme)://\(host)\(path)" }
    /// `scheme://host`: the host-level key an open falls back to.
    public var combinedRoute: String { "\(scheme)://\(host)" }

    /// Compares the parts that make keys and the query pairs.
    public static func == (lhs: NNRouteURL, rhs: NNRouteURL) -> Bool {
        lhs.fullPath == rhs.fullPath && lhs.isWebLink == rhs.isWebLink
            && lhs.parameters.map { "\($0.key)=\($0.value)" } == rhs.parameters.map { "\($0.key)=\($0.value)" }
    }

    /// Hashes the full path.
    public func hash(into hasher: inout Hasher) { hasher.combine(fullPath) }
}
