import LegoModel
import QFMoudleRuntime
import Testing
@testable import LegoScan

/// QFMoudle code as real apps write it, each shape a false finding before: property declarations with attribute macros
/// or several names, the rest of KVC's setter search (`_set<Key>:`, the `is` ivars), a module class that takes every key
/// itself, fixed-width integers, a protocol adopted through one that extends it. QFRouter sets each query item with
/// `[result setValue:obj.value forKey:obj.name]` (qingfengiOS/QFMoudle@0ac5a23 `QFRouter.m:52-55`); KVC's search is the
/// *Key-Value Coding Programming Guide*'s "Search Pattern for the Basic Setter", each case checked with GNUstep.
@Suite struct QFRealCodeShapesTests {
    static func open(_ query: String) -> String {
        """
        @implementation Opener
        - (void)go { [[QFRouter router] interfaceForURL:[NSURL URLWithString:@"\(query)"]]; }
        @end
        \(QFMoudleScanTests.plainRouter)
        """
    }

    /// A macro after a property's name (`API_AVAILABLE(ios(10.0))`, `DEPRECATED_MSG_ATTRIBUTE("…")`,
    /// `__attribute__((…))`, `NS_UNAVAILABLE`) is not its name, and `NSString *coupon, *channel;` declares two: each was
    /// read as one property named after the macro or the first name, and a key naming the real one a false
    /// `qf-kvc-unknown-key` error. A block property keeps its name and type.
    @Test func attributeMacrosAndSeveralNamesDeclareTheRealProperties() throws {
        let app = QFMoudleScanTests.app([
            "P.h": """
                @protocol MoudleGoods <NSObject>
                @property (nonatomic, copy) NSString *skuId DEPRECATED_MSG_ATTRIBUTE("use goodsId");
                @property (nonatomic, copy) NSString *goodsId API_AVAILABLE(ios(10.0)) NS_SWIFT_NAME(goods);
                @property (nonatomic, assign) NSInteger legacy __attribute__((deprecated("gone"))) DEPRECATED_ATTRIBUTE;
                @property (nonatomic, copy) NSString *coupon, *channel;
                @property (nonatomic, assign) NSInteger page, size;
                @property (nonatomic, copy) void (^callbackBlock)(NSString *name, NSInteger count);
                @end
                """,
            "C.m": """
                @interface MoudleGoods : NSObject <MoudleGoods>
                @end
                @implementation MoudleGoods
                @end
                """,
            "O.m": Self.open("MoudleGoods://?skuId=42&goodsId=7&legacy=1&coupon=A&channel=B&page=2&size=20&nope=1"),
        ])
        let properties = try #require(app.protocols.first { $0.name == "MoudleGoods" }).properties
        #expect(properties.map { "\($0.name):\($0.type)" }
                == ["skuId:NSString", "goodsId:NSString", "legacy:NSInteger", "coupon:NSString", "channel:NSString",
                    "page:NSInteger", "size:NSInteger", "callbackBlock:block"])
        // Only the key that names nothing raises.
        #expect(QFMoudleScanTests.findings(app) == ["O.m:2 qf-kvc-unknown-key error"])
    }

    /// KVC's setter search tries `set<Key>:` and `_set<Key>:`, then the ivars `_<key>`, `_is<Key>`, `<key>` and
    /// `is<Key>`: `_setChannel:`, the ivars `_isAnonymous` and `isGuest`, and the ivar a property `isVip` synthesizes
    /// each answer their key. Each was a false `qf-kvc-unknown-key` error; a category's property has no ivar.
    @Test func theWholeSetterSearchAnswersAKey() {
        let app = QFMoudleScanTests.app([
            "P.h": """
                @protocol MoudleMember <NSObject>
                @property (nonatomic, assign) BOOL isVip;
                @end
                """,
            "C.m": """
                @interface MoudleMember : NSObject <MoudleMember> {
                    NSString *isGuest;
                }
                @end
                @interface MoudleMember (Extra)
                @property (nonatomic, assign) BOOL isMuted;
                @end
                @implementation MoudleMember {
                    NSString *_isAnonymous;
                }
                @synthesize isVip = _isVip;
                - (void)_setChannel:(NSString *)channel { }
                @end
                """,
            "O.m": Self.open("MoudleMember://?vip=1&guest=1&anonymous=1&channel=web&isVip=1&muted=1"),
        ])
        // The first key that raises ends the open: `muted`, the last.
        let findings = QFStaticAnalyzer.analyze(app).findings
        #expect(findings.map { "\($0.ruleID) \($0.message.contains("query key `muted`"))" } == ["qf-kvc-unknown-key true"])
    }

    /// A module class that overrides `setValue:forKey:` receives the router's call itself and decides what each key
    /// does (here: `id` becomes `itemId`): no verdict of KVC's search holds for it. It was a false error.
    @Test func aClassOverridingSetValueForKeyTakesEveryKeyItself() {
        let module = """
            @protocol MoudleItem <NSObject>
            @property (nonatomic, copy) NSString *itemId;
            @end
            @interface MoudleItem : NSObject <MoudleItem>
            @end
            @implementation MoudleItem
            @synthesize itemId = _itemId;
            - (void)setValue:(id)value forKey:(NSString *)key {
                [super setValue:value forKey:[key isEqualToString:@"id"] ? @"itemId" : key];
            }
            @end
            """
        let app = QFMoudleScanTests.app(["C.m": module, "O.m": Self.open("MoudleItem://?id=42")])
        #expect(QFMoudleScanTests.findings(app) == [])
        let plain = QFMoudleScanTests.app(["C.m": module.replacingOccurrences(of: "setValue:(id)value forKey:", with: "store:(id)value forKey:"),
                                           "O.m": Self.open("MoudleItem://?id=42")])
        #expect(QFMoudleScanTests.findings(plain) == ["O.m:2 qf-kvc-unknown-key error"])
    }

    /// `int32_t` and `int64_t` are `int` and `long long` (type encodings `i` and `q`), which `NSString`'s `intValue`
    /// and `longLongValue` read: a number is stored as written. They were a false `qf-kvc-type-mismatch` warning;
    /// `uint16_t` needs `unsignedShortValue`, which `NSString` lacks, and stays one.
    @Test func fixedWidthIntegersAreTheScalarsTheyName() {
        let app = QFMoudleScanTests.app([
            "C.m": """
                @protocol MoudleUser <NSObject>
                @end
                @interface MoudleUser : NSObject <MoudleUser>
                @property (nonatomic, assign) int64_t userId;
                @property (nonatomic, assign) int32_t age;
                @property (nonatomic, assign) SInt64 score;
                @property (nonatomic, assign) uint16_t level;
                @end
                """,
            "O.m": Self.open("MoudleUser://?userId=12345678901&age=30&score=5&level=2"),
        ])
        #expect(QFMoudleScanTests.findings(app) == ["O.m:2 qf-kvc-type-mismatch warning"])
    }

    /// A class that adopts a protocol extending the module's protocol adopts that one too: conformance walks the
    /// inherited protocols (apple-oss-distributions/objc4 `runtime/objc-runtime-new.mm:5302-5316`,
    /// `protocol_conformsToProtocol_nolock`). It was a false `qf-impl-not-conforming` warning.
    @Test func aProtocolAdoptedThroughOneThatExtendsItCounts() {
        let app = QFMoudleScanTests.app([
            "P.h": """
                @protocol MoudleHome <NSObject>
                @end
                @protocol MoudleHomeInternal <MoudleHome>
                @end
                @protocol MoudleCart <NSObject>
                @end
                """,
            "C.m": """
                @interface MoudleHome : NSObject <MoudleHomeInternal>
                @end
                @interface MoudleCart : NSObject <MoudleHomeInternal>
                @end
                """,
            "O.m": """
                @implementation Opener
                - (void)go {
                    [[QFRouter router] interfaceForProtocol:@protocol(MoudleHome)];
                    [[QFRouter router] interfaceForProtocol:@protocol(MoudleCart)];
                }
                @end
                \(QFMoudleScanTests.plainRouter)
                """,
        ])
        #expect(QFMoudleScanTests.findings(app) == ["O.m:4 qf-impl-not-conforming warning"])
    }
}

extension QFRealCodeShapesTests {
    /// A router that tries another name when the first finds no class (`if (!cls) cls = NSClassFromString(…@"Impl")`, or
    /// a Swift module's `Target.Name`) finds the module by any of them: `MineImpl` is `Mine`'s module, so no name is
    /// sure and every verdict naming a class is a note. It was a false `qf-missing-impl` error. A router with one name
    /// stays judged.
    @Test func aRouterTryingSeveralNamesInTurnLeavesClassNamesUnjudged() {
        let router = """
            @implementation QFRouter
            - (id)interfaceForProtocol:(Protocol *)protocol { return [[[self classForProtocol:protocol] alloc] init]; }
            - (Class)classForProtocol:(Protocol *)protocol {
                NSString *name = NSStringFromProtocol(protocol);
                Class cls = NSClassFromString(name);
                if (!cls) { cls = NSClassFromString([name stringByAppendingString:@"Impl"]); }
                return cls;
            }
            @end
            """
        let files = [
            "P.h": "@protocol Mine <NSObject>\n@end\n",
            "C.m": "@interface MineImpl : NSObject <Mine>\n@end\n",
            "O.m": "@implementation Opener\n- (void)go { [[QFRouter router] interfaceForProtocol:@protocol(Mine)]; }\n@end\n",
        ]
        #expect(QFMoudleScanTests.findings(QFMoudleScanTests.app(files.merging(["R.m": router]) { $1 })) == ["O.m:2 qf-missing-impl note"])
        let single = router.replacingOccurrences(of: "if (!cls) { cls = NSClassFromString([name stringByAppendingString:@\"Impl\"]); }", with: "")
        #expect(QFMoudleScanTests.findings(QFMoudleScanTests.app(files.merging(["R.m": single]) { $1 })) == ["O.m:2 qf-missing-impl error"])
    }
}

extension QFRealCodeShapesTests {
    /// `@protocol(P)` compiles only where `P` is declared, so an undeclared one shows protocols declared outside the
    /// scanned source; `NSProtocolFromString(@"P")` compiles whatever `P` is, and for a name no protocol has returns nil
    /// (and so does the lookup, `QFRouter.m:45-48`), unless a pod the app does not import declares it. A mistyped string
    /// was taken as evidence of such pods, and every unknown scheme of the app became a note; it is now a note itself, with
    /// the near protocol.
    @Test func aProtocolNamedByAMistypedStringIsNoEvidenceOfPods() {
        let files = [
            "P.h": "@protocol Goods <NSObject>\n@end\n",
            "C.m": "@interface Goods : NSObject <Goods>\n@end\n",
            "O.m": """
                @implementation Opener
                - (void)a { [[QFRouter router] interfaceForProtocol:NSProtocolFromString(@"Good")]; }
                - (void)b { [[QFRouter router] interfaceForURL:[NSURL URLWithString:@"goods://?x=1"]]; }
                @end
                \(QFMoudleScanTests.plainRouter)
                """,
        ]
        let app = QFMoudleScanTests.app(files)
        // A pod's protocol named by a string to avoid importing the pod is as likely as a typo: a note, with the near name.
        #expect(QFMoudleScanTests.findings(app) == ["O.m:2 qf-missing-impl note", "O.m:3 qf-unknown-scheme error"])
        let message = QFStaticAnalyzer.analyze(app).findings.first?.message ?? ""
        #expect(message.hasPrefix("NSProtocolFromString(@\"Good\") is resolved") && message.contains("did you mean Goods?"))
        // A real `@protocol(Elsewhere)` of an undeclared protocol still shows protocols declared outside the scan.
        var pods = files
        pods["R.m"] = "@implementation Pods\n- (void)c { [[QFRouter router] interfaceForProtocol:@protocol(Elsewhere)]; }\n@end\n"
        #expect(QFMoudleScanTests.findings(QFMoudleScanTests.app(pods)).allSatisfy { $0.hasSuffix("note") })
    }
}

extension QFRealCodeShapesTests {
    /// A getter that makes its controller in a local, sets the controller's module to `self` and stores the local in an
    /// ivar or `self.property` makes the same cycle as one allocating straight into the ivar: module and controller hold
    /// each other (QFMoudle's own modules keep no controller, `QFHomeMoudle.m`). It was found only in the direct form.
    @Test func aControllerKeptThroughALocalMakesTheCycleToo() {
        let module = { (store: String) in
            """
            @protocol Live <NSObject>
            @end
            @interface LiveViewController : UIViewController
            @property (nonatomic, strong) id module;
            @end
            @interface Live : NSObject <Live>
            @property (nonatomic, strong) UIViewController *liveVC;
            @end
            @implementation Live
            - (UIViewController *)interfaceViewController {
                if (!_liveVC) {
                    LiveViewController *vc = [[LiveViewController alloc] init];
                    vc.module = self;
                    \(store)
                }
                return _liveVC;
            }
            @end
            """
        }
        for store in ["_liveVC = vc;", "self.liveVC = vc;"] {
            let findings = QFMoudleScanTests.findings(QFMoudleScanTests.app(["M.m": module(store)]))
            #expect(findings == ["M.m:14 leaked-module warning"], "\(store)")
        }
        // Kept only in the local, the controller is the caller's to hold: no cycle.
        #expect(QFMoudleScanTests.findings(QFMoudleScanTests.app(["M.m": module("return vc;")])) == [])
        // `…VC` is the other common spelling of a controller class: the same cycle was missed under it.
        let vc = module("_liveVC = vc;").replacingOccurrences(of: "LiveViewController", with: "LiveVC")
        #expect(QFMoudleScanTests.findings(QFMoudleScanTests.app(["M.m": vc])) == ["M.m:14 leaked-module warning"])
    }
}

extension QFRealCodeShapesTests {
    /// A Swift extension of an Objective-C module class may add the setter a key finds (`@objc var source`, an
    /// Objective-C method of the class like a category's; QFRouter sets keys with `setValue:forKey:`, `QFRouter.m:52-55`).
    /// Its members are not read, so an unknown key on that class is a note that names the extension; it was an error.
    @Test func aSwiftExtensionOfTheModuleClassMayAnswerAKey() {
        var facts = QFFacts()
        let files: [(String, String, SourceTree.Language)] = [
            ("P.h", "@protocol MoudleHome <NSObject>\n@end\n", .objectiveC),
            ("C.m", "@interface MoudleHome : NSObject <MoudleHome>\n@end\n" + QFMoudleScanTests.plainRouter, .objectiveC),
            ("E.swift", "extension MoudleHome {\n    @objc var source: String? { get { nil } set { } }\n}\n", .swift),
            ("O.m", "@implementation Opener\n- (void)go { [[QFRouter router] interfaceForURL:[NSURL URLWithString:@\"MoudleHome://?source=banner\"]]; }\n@end\n",
             .objectiveC),
        ]
        for (name, text, language) in files {
            facts.append(AppScanner.read(bytes: Array(text.utf8), file: name, language: language, with: QFScanner()))
        }
        let findings = QFStaticAnalyzer.analyze(QFScannedApp(facts: facts)).findings
        #expect(findings.map { "\($0.ruleID) \($0.severity.rawValue)" } == ["qf-kvc-unknown-key note"])
        #expect(findings.first?.message.contains("unless the Swift extension of MoudleHome at E.swift:1") == true)
    }

    /// A router copy of `QFRouter.m:50-57` with the changes real copies make, and a module `Cart` with a coupon and a count.
    static func routerCopy(urlBody: String, callers: String) -> [String: String] {
        [
            "P.h": "@protocol Cart <NSObject>\n@property (nonatomic, copy) NSString *coupon;\n@property (nonatomic, assign) NSInteger count;\n@end\n"
                + "@protocol Web <NSObject>\n@property (nonatomic, copy) NSString *url;\n@end\n",
            "C.m": "@interface Cart : NSObject <Cart>\n@end\n@implementation Cart\n@end\n@interface Web : NSObject <Web>\n@end\n@implementation Web\n@end\n",
            "R.m": """
                @implementation QFRouter
                - (id)interfaceForProtocol:(Protocol *)p { return [[NSClassFromString(NSStringFromProtocol(p)) alloc] init]; }
                - (id)interfaceForURL:(NSURL *)url {
                \(urlBody)
                }
                @end
                """,
            "O.m": "@implementation Opener\n- (void)go {\n\(callers)\n}\n@end\n",
        ]
    }

    /// The query items QFMoudle sets, unguarded, as its copies write them.
    static let setsEachItem = """
        NSURLComponents *cp = [NSURLComponents componentsWithURL:url resolvingAgainstBaseURL:NO];
        [cp.queryItems enumerateObjectsUsingBlock:^(NSURLQueryItem *obj, NSUInteger idx, BOOL *stop) { [result setValue:obj.value forKey:obj.name]; }];
        return result;
        """

    /// A copy that wraps each `setValue:forKey:` in `@try { … } @catch` catches NSUndefinedKeyException and the
    /// scalar's NSInvalidArgumentException: nothing leaves `interfaceForURL:`, the next items are still set, and only
    /// the bad key's value is lost. Both were errors ("raised inside interfaceForURL:"), and the first raise ended the
    /// verdicts of the open; now each bad key is a warning that says the router catches it.
    @Test func aRouterCatchingKVCExceptionsLosesTheKeyWithoutACrash() {
        let caught = QFMoudleScanTests.app(Self.routerCopy(urlBody: """
            id result = [self interfaceForProtocol:objc_getProtocol(url.scheme.UTF8String)];
            NSURLComponents *cp = [NSURLComponents componentsWithURL:url resolvingAgainstBaseURL:NO];
            [cp.queryItems enumerateObjectsUsingBlock:^(NSURLQueryItem *obj, NSUInteger idx, BOOL *stop) {
                @try { [result setValue:obj.value forKey:obj.name]; }
                @catch (NSException *exception) { NSLog(@"ignored %@", obj.name); }
            }];
            return result;
            """, callers: "[[QFRouter router] interfaceForURL:[NSURL URLWithString:@\"Cart://?utm_source=push&count\"]];"))
        #expect(QFMoudleScanTests.findings(caught) == ["O.m:3 qf-kvc-nil-scalar warning", "O.m:3 qf-kvc-unknown-key warning"])
        let uncaught = QFMoudleScanTests.app(Self.routerCopy(urlBody: "id result = [self interfaceForProtocol:objc_getProtocol(url.scheme.UTF8String)];\n"
                                                              + Self.setsEachItem,
                                                              callers: "[[QFRouter router] interfaceForURL:[NSURL URLWithString:@\"Cart://?utm_source=push&count\"]];"))
        // QFRouter.m:54 unguarded: the first key raises and ends the open.
        #expect(QFMoudleScanTests.findings(uncaught) == ["O.m:3 qf-kvc-unknown-key error"])
    }

    /// A copy that takes `http`/`https` in a branch of its own (a web module) before `objc_getProtocol` never looks
    /// up a protocol `https`; the URL was a false `qf-unknown-scheme` error. A scheme changed on its way
    /// (`url.scheme.capitalizedString`: `web` names `Web`) names another protocol than the URL's text: opens by URL are
    /// not judged, where `web://` was a false error.
    @Test func schemesARouterHandlesOrChangesAreNotJudgedAsWritten() {
        let branch = QFMoudleScanTests.app(Self.routerCopy(urlBody: """
            if ([url.scheme isEqualToString:@"http"] || [url.scheme isEqualToString:@"https"]) {
                id web = [self interfaceForProtocol:@protocol(Web)];
                [web setValue:url.absoluteString forKey:@"url"];
                return web;
            }
            id result = [self interfaceForProtocol:objc_getProtocol(url.scheme.UTF8String)];
            """ + Self.setsEachItem, callers: """
            [[QFRouter router] interfaceForURL:[NSURL URLWithString:@"https://m.shop.com/item?id=1"]];
            [[QFRouter router] interfaceForURL:[NSURL URLWithString:@"Cart://?cupon=1"]];
            [[QFRouter router] interfaceForURL:[NSURL URLWithString:@"shop://list"]];
            """))
        #expect(QFMoudleScanTests.findings(branch) == ["O.m:4 qf-kvc-unknown-key error", "O.m:5 qf-unknown-scheme error"])
        #expect(branch.router.urlRule?.handledSchemes == ["http", "https"])

        let capitalised = QFMoudleScanTests.app(Self.routerCopy(urlBody: "id result = [self interfaceForProtocol:objc_getProtocol(url.scheme.capitalizedString.UTF8String)];\n"
                                                                 + Self.setsEachItem,
                                                                 callers: "[[QFRouter router] interfaceForURL:[NSURL URLWithString:@\"web://?url=x\"]];"))
        #expect(QFMoudleScanTests.findings(capitalised) == [])
        #expect(capitalised.router.urlPart == .other("objc_getProtocol(url.scheme.capitalizedString.UTF8String)"))
    }

    /// Everything after the first `#` is the fragment (RFC 3986, which NSURLComponents follows): `Cart://#frag?bogus=1`
    /// and a hash route `Web://#/detail?id=1` have no query items, so KVC sets nothing. The key was a false
    /// `qf-kvc-unknown-key` error; a `#` after the query still ends it.
    @Test func aFragmentBeforeTheQuestionMarkHoldsTheRest() {
        let app = QFMoudleScanTests.app(Self.routerCopy(urlBody: "id result = [self interfaceForProtocol:objc_getProtocol(url.scheme.UTF8String)];\n"
                                                         + Self.setsEachItem, callers: """
            [[QFRouter router] interfaceForURL:[NSURL URLWithString:@"Cart://#frag?bogus=1"]];
            [[QFRouter router] interfaceForURL:[NSURL URLWithString:@"Cart://?coupon=A#top?bogus=1"]];
            [[QFRouter router] interfaceForURL:[NSURL URLWithString:@"Cart://?bogus=2#top"]];
            """))
        #expect(QFMoudleScanTests.findings(app) == ["O.m:5 qf-kvc-unknown-key error"])
        #expect(QFURL("Web://#/detail?id=1").items.isEmpty)
    }

    /// An app's own service locator answering `interfaceForProtocol:` from a table (or a pod's, unscanned) is not the
    /// router: its opens follow its rule, not `QFRouter.m:60-63`'s. A missing `LoginService` class was a false
    /// `qf-missing-impl` error, a scheme of its URLs a false `qf-unknown-scheme`; the router's own opens are judged.
    @Test func anotherClassesInterfaceForProtocolIsNotTheRouters() {
        var files = Self.routerCopy(urlBody: "id result = [self interfaceForProtocol:objc_getProtocol(url.scheme.UTF8String)];\n" + Self.setsEachItem,
                                    callers: """
            [[AppServiceLocator shared] interfaceForProtocol:@protocol(LoginService)];
            [[SKServiceCenter shared] interfaceForURL:[NSURL URLWithString:@"share://open?uid=1"]];
            [[QFRouter router] interfaceForProtocol:@protocol(Wallet)];
            """)
        files["P.h"]! += "@protocol LoginService <NSObject>\n@end\n@protocol Wallet <NSObject>\n@end\n"
        files["L.m"] = """
            @implementation AppServiceLocator { NSMutableDictionary *_table; }
            - (id)interfaceForProtocol:(Protocol *)p { return [[_table[NSStringFromProtocol(p)] alloc] init]; }
            @end
            """
        let app = QFMoudleScanTests.app(files)
        #expect(app.router.className == "QFRouter")
        #expect(QFMoudleScanTests.findings(app) == ["O.m:5 qf-missing-impl error"])
    }

    /// KVC's setter search upper-cases the key's first letter only: `uRLPath` finds `URLPath`'s `setURLPath:`, while
    /// `URLString` does not find `urlString`'s `setUrlString:` (and no ivar `_URLString`). The first was a false
    /// `qf-kvc-unknown-key` error. A property typed by a typedef of an object pointer (`typedef NSString *CartTab`, a
    /// string enum) holds the text: it was a `qf-kvc-type-mismatch` note on every string enum.
    @Test func aKeyFindsTheSetterItsCapitalisedFormNamesAndStringEnumsAreStrings() {
        let app = QFMoudleScanTests.app([
            "P.h": """
                typedef NSString *CartTab NS_STRING_ENUM;
                typedef NSString * const CartKey;
                @protocol Cart <NSObject>
                @property (nonatomic, copy) NSString *URLPath;
                @property (nonatomic, copy) NSString *urlString;
                @property (nonatomic, copy) CartTab tab;
                @end
                """,
            "C.m": "@interface Cart : NSObject <Cart>\n@end\n@implementation Cart\n@end\n",
            "O.m": Self.open("Cart://?uRLPath=p&tab=home") + "\n" + Self.open("Cart://?URLString=u"),
        ])
        // Self.open's router takes three lines after each opener: the second open is on line 8.
        #expect(QFMoudleScanTests.findings(app) == ["O.m:8 qf-kvc-unknown-key error"])
        #expect(app.facts.objectTypedefs == ["CartTab": "NSString", "CartKey": "NSString"])
    }

    /// A router category's convenience methods (`- (id<Cart>)cartModule`) open literal protocols and URLs like any caller:
    /// only the router's calls that pass on what they were given are its own plumbing (`QFRouter.m:51`). Both opens were
    /// dropped, a real unknown key (NSUndefinedKeyException) and a missing module missed.
    @Test func aRouterCategorysLiteralOpensAreOpens() {
        var files = Self.routerCopy(urlBody: "id result = [self interfaceForProtocol:objc_getProtocol(url.scheme.UTF8String)];\n" + Self.setsEachItem,
                                    callers: "[[QFRouter router] cartModule];")
        files["P.h"]! += "@protocol Wallet <NSObject>\n@end\n"
        files["R+Extra.m"] = """
            @implementation QFRouter (Extra)
            - (id<Cart>)cartModule { return [self interfaceForURL:[NSURL URLWithString:@"Cart://?cupon=1"]]; }
            - (id)walletModule { return [self interfaceForProtocol:@protocol(Wallet)]; }
            @end
            """
        let app = QFMoudleScanTests.app(files)
        #expect(QFMoudleScanTests.findings(app) == ["R+Extra.m:2 qf-kvc-unknown-key error", "R+Extra.m:3 qf-missing-impl error"])
        // The router's own pass-through (`[self interfaceForProtocol:objc_getProtocol(…)]`) stays no open.
        #expect(app.opens.allSatisfy { $0.fact.location.file == "R+Extra.m" })
    }
}
