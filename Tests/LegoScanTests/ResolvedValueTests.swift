import LegoModel
import Testing
@testable import LegoScan

/// Names and URLs that are not literals at the call site but that a reader resolves in a second: each is
/// "resolved" with its values and the lines that led there; only what stays unknown is "dynamic".
@Suite struct ResolvedValueTests {
    private func app(_ files: [String: String]) -> ScannedApp { ScanFixtures.app(files) }

    private static let routes = """
    @interface XFHomeRouting : XFRouting
    @end
    @interface XFTabRouting : XFRouting
    @end
    """

    /// The framework's URL helpers append a query to a path (`XF_URL_`, XFUIBus.h:69; `urlFromPath:params:`,
    /// XFURLParse.h:61): the URL opens what the path names, so it is an edge, not a dynamic site (iT-Boyer/RACPlayground's
    /// Home and yizzuide/Lego-swift's Register were orphans for it).
    @Test func urlHelpersOpenWhatTheirPathNames() {
        let app = app(["R.m": Self.routes, "T.m": """
        @implementation XFHomeRouting
        - (void)one { NSString *url = XF_URL_(@"x://home/detail", (@{@"id": userId})); XF_PUSH_URLComponent_Fast(url) }
        - (void)two { XF_PUSH_URLComponent_Fast([XFURLParse urlFromPath:@"x://home/list" params:@{@"page": @(1)}]) }
        @end
        """, "S.swift": """
        extension XFTabRouting {
            func three() { uiBus.openURL(forPush: XFURLParse.url(fromPath: "x://tab/register", params: ["a": 1]), customCode: nil) }
        }
        """])
        #expect(Set(app.edges(.push)) == ["Home -> Detail", "Home -> List", "Tab -> Register"])
        #expect(app.transitions.filter(\.isDynamic).isEmpty)
    }

    @Test func objectiveCConstantsLocalsFormatsAndLoopsResolve() {
        let app = app(["R.m": Self.routes, "T.m": """
        #define kDetailURL @"x://home/detail"
        static NSString *const kSearch = @"Search";
        @implementation XFHomeRouting
        - (NSArray *)tabURLs { return @[@"x://home/a", @"x://home/b"]; }
        - (void)one { XF_PUSH_URLComponent_Fast(kDetailURL) }
        - (void)two { NSString *url = @"x://home/local"; XF_PUSH_URLComponent_Fast(url) }
        - (void)three { XF_PUSH_Component_Fast(kSearch) }
        - (void)four { XF_PUSH_URLComponent_Fast([NSString stringWithFormat:@"x://home/%@", @"fmt"]) }
        - (void)five { XF_PUSH_URLComponent_Fast([@"x://home/" stringByAppendingString:@"cat"]) }
        - (void)six { for (NSString *url in @[@"x://home/l1", @"x://home/l2"]) { XF_PUSH_URLComponent_Fast(url) } }
        - (void)seven { for (NSString *url in [self tabURLs]) { XF_Present_URLComponent_Fast(url) } }
        - (void)eight:(NSString *)given { XF_PUSH_URLComponent_Fast(given) }
        @end
        """])
        #expect(app.edges(.push) == ["Home -> Detail", "Home -> Local", "Home -> Search", "Home -> Fmt", "Home -> Cat", "Home -> L1", "Home -> L2", "Home -> -"])
        #expect(app.edges(.present) == ["Home -> A", "Home -> B"])
        #expect(app.transitions.filter(\.isDynamic).map(\.fact.location.line) == [12])
        // The chain: the call site's argument was `kDetailURL`, defined at line 1.
        let detail = app.transitions.first { $0.toModule == "Detail" }
        #expect(detail?.fact.target == .url(.resolved(values: ["x://home/detail"], chain: [SourceLocation(file: "T.m", line: 1)])))
        // The loop variable at line 10, then the array literal the method returns at line 4.
        guard case .url(.resolved(_, let chain))? = app.transitions.first(where: { $0.toModule == "A" })?.fact.target else {
            Issue.record("not resolved"); return
        }
        #expect(chain.map(\.line) == [11, 4])
    }

    @Test func aNameAssignedTwoValuesHoldsBothAndAComputedOneIsDynamic() {
        let app = app(["R.m": Self.routes, "T.m": """
        @implementation XFHomeRouting
        - (void)a:(BOOL)flag { NSString *name = @"Tab"; if (flag) { name = @"Home"; } XF_PUSH_Component_Fast(name) }
        - (void)b { NSString *name = @"Tab"; name = [self pick]; XF_PUSH_Component_Fast(name) }
        @end
        """])
        #expect(app.edges(.push) == ["Home -> Tab", "Home -> Home", "Home -> -"])
    }

    @Test func swiftConstantsLocalsConcatenationAndLoopsResolve() {
        let app = app(["R.m": Self.routes, "S.swift": """
        let detailURL = "x://home/detail"
        extension XFHomeRouting {
            static let tabs = ["x://home/a", "x://home/b"]
            func one() { uiBus.openURL(forPush: detailURL, customCode: nil) }
            func two() { let name = "Sea" + "rch"; uiBus.pushComponent(name, params: nil, intent: nil, customCode: nil) }
            func three() { for url in ["x://home/l1", "x://home/l2"] { uiBus.openURL(forPush: url, customCode: nil) } }
            func four(_ given: String) { uiBus.openURL(forPush: given, customCode: nil) }
        }
        """])
        #expect(app.edges(.push) == ["Home -> Detail", "Home -> Search", "Home -> L1", "Home -> L2", "Home -> -"])
        #expect(app.transitions.filter(\.isDynamic).map(\.fact.location.line) == [7])
    }

    @Test func formatsSubstituteEveryConversion() {
        #expect(ObjCReader.format("x://%@/%d%%", [["a", "b"], ["1"]]) == ["x://a/1%", "x://b/1%"])
        #expect(ObjCReader.format("x://%@", []) == nil)
    }
}
