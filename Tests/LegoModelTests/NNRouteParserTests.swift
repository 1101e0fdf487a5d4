import LegoModel
import Testing

// `YiHuaXie/NNModule@5d3e56e:NNModule/URLRouter/URLRouteParser.swift:89-94` prepends the default scheme, `:107-109`
// lower-cases scheme and host, `:117` turns the default scheme into "": these four routes are one key.
@Test func defaultSchemeCaseAndLeadingSeparatorAreOneKey() throws {
    let parser = NNRouteParser()
    let keys = try ["nn://shop", "shop", "://shop", "SHOP", "NN://Shop/"].map { try #require(parser.parse($0)).fullPath }
    #expect(Set(keys) == ["://shop"])
}

@Test func thePathKeepsItsCaseAndLosesATrailingSlash() throws {
    let url = try #require(NNRouteParser().parse("Shop/Detail/?id=1&x;y=2&bad"))
    #expect(url.fullPath == "://shop/Detail")
    #expect(url.combinedRoute == "://shop")
    #expect(url.parameters.map(\.key) == ["id", "y"])
}

// The demo's own invalid routes (`Example_URLRouter/Example_URLRouter/RouteUtils.swift:25-26`); `""` at `URLRouteParser.swift:87`.
@Test func emptyAndBrokenPercentRoutesAreInvalid() {
    #expect(NNRouteParser().parse("") == nil)
    #expect(NNRouteParser().parse("%&") == nil)
    #expect(NNRouteParser(defaultScheme: "ACME").parse("acme://a")?.fullPath == "://a")
}

@Test func httpRoutesAreWebLinks() throws {
    let url = try #require(NNRouteParser().parse("https://Site.com/a"))
    #expect(url.isWebLink)
    #expect(url.fullPath == "https://site.com/a")
}
