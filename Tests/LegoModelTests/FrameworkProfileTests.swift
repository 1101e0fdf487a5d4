import LegoModel
import Testing

/// Each framework's URL rules, for the code that has no recorded key to read.
struct FrameworkProfileTests {
    @Test func xflegoViperKeysByTheTextBeforeTheQueryAndClaimsItsPath() {
        // XFURLRoute looks a component up by the URL without its query (`XFURLParse.m`), case kept.
        let profile = FrameworkProfile(.xflegoViper)
        #expect(profile.routeKey(forURL: "bdj://essence/post?id=1") == "bdj://essence/post")
        #expect(profile.routeKey(forURL: "bdj://Essence") == "bdj://Essence")
        #expect(profile.claimedChain(forURL: "bdj://essence/post/postComment?x=1") == ["Essence", "Post", "PostComment"])
        #expect(profile.claimedChain(forURL: "https://example.com/a") == [], "the HTTP handler, not a module chain")
        #expect(profile.urlsNestModules)
    }

    @Test func qfMoudleKeysByTheSchemeThatNamesTheProtocol() {
        // `qingfengiOS/QFMoudle@0ac5a23:QFMoudle/QFRouter/QFRouter.m:51`: NSProtocolFromString(url.scheme).
        let profile = FrameworkProfile(.qfMoudle)
        #expect(profile.routeKey(forURL: "MoudleHome://open?title=a") == "MoudleHome")
        #expect(profile.routeKey(forURL: "moudlehome://") == "moudlehome", "case kept: protocol names are case-sensitive")
        #expect(profile.routeKey(forURL: "MoudleHome") == nil, "no scheme, no protocol")
        #expect(profile.claimedChain(forURL: "MoudleHome://a/b") == [])
        #expect(!profile.urlsNestModules)
    }

    @Test func nnModuleKeysThroughItsParserWithTheDefaultScheme() {
        // `YiHuaXie/NNModule@5d3e56e:NNModule/URLRouter/URLRouteParser.swift:89-94,107-117`: default scheme prepended
        // and then stored as "", scheme and host lower-cased, path case kept, trailing slash dropped.
        let profile = FrameworkProfile(.nnModule)
        #expect(profile.routeKey(forURL: "NN://Home/Detail/?id=1") == "://home/Detail")
        #expect(profile.routeKey(forURL: "home/Detail") == "://home/Detail")
        #expect(profile.routeKey(forURL: "app://home") == "app://home")
        #expect(FrameworkProfile(.nnModule, defaultScheme: "App").routeKey(forURL: "app://home") == "://home")
        #expect(profile.routeKey(forURL: "") == nil)
        #expect(profile.claimedChain(forURL: "nn://home/detail") == [])
    }
}
