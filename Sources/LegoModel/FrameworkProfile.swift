/// The rules a framework applies to URLs, for the code that has no recorded key to read (scan, the graph's URL
/// clusters and url-parent edges, detector hints); the replay never uses it, since it reads the recorded keys.
///
/// A value rather than static functions, because NNModule-swift's key depends on the router's default scheme.
public struct FrameworkProfile: Sendable, Hashable {
    /// The framework whose rules these are.
    public var framework: Framework
    /// NNModule-swift's route parser (its default scheme); unused by the other frameworks.
    public var routeParser: NNRouteParser

    /// The profile of `framework`; `defaultScheme` is NNModule-swift's `URLRouter.defaultScheme` (`nn` unless set).
    public init(_ framework: Framework, defaultScheme: String = "nn") {
        self.framework = framework
        routeParser = NNRouteParser(defaultScheme: defaultScheme)
    }

    /// The key the framework looks `url` up by, or nil when it cannot look it up at all:
    /// - XFLegoVIPER: the text before `?`, case kept (`ComponentURL.routeKey`);
    /// - QFMoudle: the scheme, which names the protocol, case kept (`QFRouter.m:51`); nil without `://`;
    /// - NNModule-swift: the parser's `scheme://host/path`, scheme and host lower-cased, the default scheme `""`
    ///   (`URLRouteParser.swift:107-117`); nil when its parser rejects the text.
    public func routeKey(forURL url: String) -> String? {
        switch framework {
        case .xflegoViper:
            return ComponentURL.routeKey(url)
        case .qfMoudle:
            guard let end = url.range(of: "://") else { return nil }
            return String(url[..<end.lowerBound])
        case .nnModule:
            return routeParser.parse(url)?.fullPath
        }
    }

    /// The module chain `url` claims, outermost first: XFLegoVIPER's host and path components with the first letter
    /// upper-cased (an HTTP URL claims none); empty for QFMoudle and NNModule-swift, whose URLs carry no hierarchy.
    public func claimedChain(forURL url: String) -> [String] {
        switch framework {
        case .xflegoViper:
            let parts = ComponentURL(url)
            return parts.isHTTP ? [] : parts.modules
        case .qfMoudle, .nnModule:
            return []
        }
    }

    /// Whether URLs of this framework nest modules, so a graph clusters modules by URL path.
    public var urlsNestModules: Bool { framework == .xflegoViper }
}
