import LegoModel
import Testing
@testable import LegoScan

/// A transition in code that never runs — a comment, a `#if 0` (Swift `#if false`) block — is a note, never an edge.
/// A comment that only names a macro, without its arguments (yizzuide/BDJProjectExample's `BDJPostRouting.m:14`),
/// holds no transition at all.
@Suite struct InactiveCodeTests {
    private static let files: [String: String] = ["A.m": """
        @interface XFHomeRouting : XFRouting
        @end
        @interface XFDetailRouting : XFRouting
        @end
        @implementation XFHomeRouting
        - (void)a {
            // XF_PUSH_Component_Fast(@"Detail")
            /* [self.uiBus openURLForPresent:@"x://home/detail" customCode:nil]; */
        #if 0
            XF_Present_Component_Fast(@"Detail")
        #endif
            // push the detail when it's ready, see the URL list
        }
        // sub-modules come from the macro `XF_SubUInterface_` in the view
        @end
        """, "B.swift": """
        class XFMineRouting: XFRouting {
            func b() {
                // uiBus.pushComponent("Detail", params: nil, intent: nil, customCode: nil)
                #if false
                uiBus.presentComponent("Detail", params: nil, intent: nil, customCode: nil)
                #endif
                /* the Component list */
            }
        }
        """]

    /// Code after an unconditional `return` in the same block never runs (iT-Boyer/RACPlayground's `transition2Detail:`
    /// keeps an old push after `return;`); a return that is an `if`'s body, a `case` label after it, a directive
    /// between, or a return that ends a block literal only, keeps what follows.
    @Test func transitionsAfterAnUnconditionalReturnAreNotEdges() {
        let app = ScanFixtures.app(["A.m": """
            @interface XFHomeRouting : XFRouting
            @end
            @implementation XFHomeRouting
            - (void)dead { XF_Present_Component_Fast(@"Live") return; XF_PUSH_Component_Fast(@"Dead") }
            - (void)conditional:(BOOL)flag { if (flag) return; XF_PUSH_Component_Fast(@"AfterIf") }
            - (void)braced:(BOOL)flag { if (flag) { return; } XF_PUSH_Component_Fast(@"AfterBrace") }
            - (void)cased:(int)k { switch (k) { case 0: return; case 1: XF_PUSH_Component_Fast(@"Cased") } }
            - (void)block { [self run:^{ return; }]; XF_PUSH_Component_Fast(@"AfterBlock") }
            - (void)debug {
            #ifdef DEBUG
                return;
            #endif
                XF_PUSH_Component_Fast(@"Release")
            }
            @end
            """])
        #expect(app.edges(.push).sorted() == ["Home -> AfterBlock", "Home -> AfterBrace", "Home -> AfterIf", "Home -> Cased", "Home -> Release"])
        #expect(app.edges(.present) == ["Home -> Live"])
        #expect(app.inactiveTransitions.map { "\($0.transition.toModule ?? "-") \($0.reason.rawValue)" } == ["Dead after a return"])
    }

    @Test func transitionsInCommentsAndDisabledBlocksAreNotEdges() {
        let app = ScanFixtures.app(Self.files)
        #expect(app.transitions.isEmpty)
        let inactive = app.inactiveTransitions.map {
            "\($0.transition.fact.kind.rawValue) \($0.transition.fromModule ?? "-") -> \($0.transition.toModule ?? "-") "
                + "\($0.transition.fact.location.file):\($0.transition.fact.location.line) \($0.reason.rawValue)"
        }
        #expect(inactive.sorted() == [
            "present Home -> Detail A.m:10 in a disabled #if block",
            "present Home -> Detail A.m:8 commented out",
            "present Mine -> Detail B.swift:5 in a disabled #if block",
            "push Home -> Detail A.m:7 commented out",
            "push Mine -> Detail B.swift:3 commented out",
        ])
    }

    @Test func eachIsANoteAndDetailStaysAnOrphanCandidate() {
        let result = StaticAnalyzer.analyze(ScanFixtures.app(Self.files), pathPrefix: "App")
        #expect(result.limitations.contains("never runs (commented out): push Home -> Detail at App/A.m:7:8; not an edge"))
        #expect(result.limitations.contains("never runs (in a disabled #if block): present Mine -> Detail at App/B.swift:5:9; not an edge"))
        #expect(result.limitations.filter { $0.hasPrefix("never runs") }.count == 5)
    }

    // The nesting check runs on the file; a comment's text is parsed again only when it passes the same check.
    @Test func aCommentTheParserCannotTakeIsNotParsedAgain() {
        let text = "// URL " + String(repeating: "[", count: 40) + "\nclass XFHomeRouting: XFRouting {}\n"
        let facts = SwiftReader.read(text: text, file: "Deep.swift")
        #expect(facts.inactiveTransitions.isEmpty)
        #expect(facts.classes.map(\.name) == ["XFHomeRouting"])
    }
}

/// `#if DEBUG … #else … #endif` around URL registrations: the two clauses are never both compiled.
@Suite struct ConditionalRegistrationTests {
    /// `register:forComponent:` stores `URLRouteTable_[url] = componentName` (`yizzuide/XFLegoVIPER@c95d757:
    /// XFLegoVIPER/Core/XFURLRoute.m:59-62`): it replaces an entry only when both calls run, which two clauses of one
    /// `#if` never do. A URL with a debug and a release component was a false `duplicate-module-name` error, and the
    /// debug component, opened by the same URL, a false `orphan-component` warning.
    @Test func aURLRegisteredInEachClauseOfOneIfIsRegisteredOnce() {
        let app = ScanFixtures.app([
            "AppDelegate.m": """
                @implementation AppDelegate
                - (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)options {
                    [XFURLRoute register:@"xq://home"];
                #if DEBUG
                    [XFURLRoute register:@"xq://home/env" forComponent:@"DebugEnv"];
                    [XFURLRoute register:@"xq://home/login"];
                #else
                    [XFURLRoute register:@"xq://home/env" forComponent:@"Env"];
                    [XFURLRoute register:@"xq://user/login"];
                #endif
                    [XFURLRoute register:@"xq://home/about"];
                    [XFURLRoute register:@"xq://home/about" forComponent:@"AboutV2"];
                    XF_ShowURLComponent2Window_Fast(@"xq://home")
                    return YES;
                }
                @end
                """,
            "XQHomeRouting.m": """
                @implementation XQHomeRouting
                - (void)next { XF_PUSH_URLComponent_Fast(@"xq://home/env") XF_PUSH_URLComponent_Fast(@"xq://home/login") }
                @end
                """,
        ])
        #expect(app.routes.map { $0.branches.map(\.clause) } == [[], [0], [0], [1], [1], [], []])
        let findings = StaticAnalyzer.analyze(app).findings.filter { $0.ruleID == "duplicate-module-name" || $0.ruleID == "orphan-component" }
        // Two registrations outside any `#if` still replace each other.
        #expect(findings.map { "\($0.ruleID) \($0.location!.sourceLocation.line)" } == ["duplicate-module-name 12"])
    }

    /// The arms of a runtime `if … else if … else` in Objective-C run once per call: a URL registered for a different
    /// component in each arm (a feature flag choosing the screen) is registered once. In a loop, or in a block that may
    /// run many times, both arms may run, and a registration after the `if` replaces whichever arm ran: those stay errors.
    @Test func aURLRegisteredInEachArmOfOneIfIsRegisteredOnce() {
        let app = ScanFixtures.app(["AppDelegate.m": """
            @implementation AppDelegate
            - (BOOL)application:(id)a didFinishLaunchingWithOptions:(id)o {
                [XFURLRoute initURLGroup:@[@"xq://home"]];
                if ([Flags newDetail]) {
                    [XFURLRoute register:@"xq://home/detail" forComponent:@"NewDetail"];
                } else if ([Flags oldDetail]) {
                    [XFURLRoute register:@"xq://home/detail" forComponent:@"OldDetail"];
                } else {
                    [XFURLRoute register:@"xq://home/detail" forComponent:@"Detail"];
                }
                for (NSString *x in list) {
                    if (x.length) { [XFURLRoute register:@"xq://home/loop" forComponent:@"LoopA"]; }
                    else { [XFURLRoute register:@"xq://home/loop" forComponent:@"LoopB"]; }
                }
                [list enumerateObjectsUsingBlock:^(id item, NSUInteger index, BOOL *stop) {
                    if (index) { [XFURLRoute register:@"xq://home/each" forComponent:@"EachA"]; }
                    else { [XFURLRoute register:@"xq://home/each" forComponent:@"EachB"]; }
                }];
                static dispatch_once_t once;
                dispatch_once(&once, ^{
                    if (ready) { [XFURLRoute register:@"xq://home/once" forComponent:@"OnceA"]; }
                    else { [XFURLRoute register:@"xq://home/once" forComponent:@"OnceB"]; }
                });
                [XFURLRoute register:@"xq://home/detail" forComponent:@"Detail"];
                return YES;
            }
            @end
            """])
        // A block given to `dispatch_once` (or `dispatch_async`) runs once: its arms are exclusive too.
        let findings = StaticAnalyzer.analyze(app).findings.filter { $0.message.contains("registered twice") }
        #expect(findings.map { "\($0.location!.sourceLocation.line) \($0.severity.rawValue)" } == ["13 error", "17 error", "24 error"])
    }

    /// The arms of a Swift `if … else`, `switch` and `guard … else`, and of an Objective-C `switch` whose sections each
    /// end with `break` or `return`, run once per call: a URL registered for a different component in each is registered
    /// once (`XFLegoVIPER/Extension/Route/URLRoute/XFURLRoute.m:59-62`). Each was a false `duplicate-module-name` error.
    /// An Objective-C section that falls into the next (no `break`) still counts both.
    @Test func aURLRegisteredInEachArmOfASwitchOrSwiftBranchIsRegisteredOnce() {
        let swift = ScanFixtures.app(["Boot.swift": """
            final class AppBoot {
                func boot(flavor: Int, legacy: Bool) {
                    if legacy {
                        XFURLRoute.register("xf://home/checkout", forComponent: "LegacyCheckout")
                    } else {
                        XFURLRoute.register("xf://home/checkout", forComponent: "Checkout")
                    }
                    switch flavor {
                    case 0: XFURLRoute.register("xf://home/cart", forComponent: "LegacyCart")
                    default: XFURLRoute.register("xf://home/cart", forComponent: "Cart")
                    }
                    guard legacy else {
                        XFURLRoute.register("xf://home/pay", forComponent: "Pay")
                        return
                    }
                    XFURLRoute.register("xf://home/pay", forComponent: "LegacyPay")
                }
            }
            """])
        #expect(StaticAnalyzer.analyze(swift).findings.filter { $0.message.contains("registered twice") }.isEmpty)
        let objc = ScanFixtures.app(["Boot.m": """
            @implementation AppBoot
            - (void)bootWithFlavor:(NSInteger)flavor {
                switch (flavor) {
                    case 0: [XFURLRoute register:@"xf://home/checkout" forComponent:@"LegacyCheckout"]; break;
                    default: [XFURLRoute register:@"xf://home/checkout" forComponent:@"Checkout"]; break;
                }
                switch (flavor) {
                    case 0: [XFURLRoute register:@"xf://home/cart" forComponent:@"LegacyCart"];
                    default: [XFURLRoute register:@"xf://home/cart" forComponent:@"Cart"]; break;
                }
            }
            @end
            """])
        let findings = StaticAnalyzer.analyze(objc).findings.filter { $0.message.contains("registered twice") }
        #expect(findings.map { "\($0.location!.sourceLocation.line) \($0.severity.rawValue)" } == ["9 error"])
    }

    /// Shapes of the same rule a review found: a Swift ternary whose condition is a comparison (`env == 9 ? a : b`,
    /// unfolded into five elements); Objective-C sections in braces (`case 0: { …; break; }`, as C needs to declare a
    /// variable) and stacked labels (`case 0: case 2:`) are exclusive; a section whose `return` is inside a block literal
    /// still falls through, as does a Swift case with `fallthrough` inside an `if`.
    @Test func switchSectionsAndTernariesAsRealCodeWritesThem() {
        let swift = ScanFixtures.app(["Boot.swift": """
            final class AppBoot {
                func boot(env: Int, debug: Bool) {
                    env == 9 ? XFURLRoute.register("xf://d", forComponent: "DebugHome") : XFURLRoute.register("xf://d", forComponent: "Home")
                    switch env {
                    case 0:
                        XFURLRoute.register("xf://f", forComponent: "DebugHome")
                        if debug { fallthrough }
                    default:
                        XFURLRoute.register("xf://f", forComponent: "Home")
                    }
                }
            }
            """])
        let swiftFindings = StaticAnalyzer.analyze(swift).findings.filter { $0.message.contains("registered twice") }
        #expect(swiftFindings.map { "\($0.location!.sourceLocation.line)" } == ["9"])
        let objc = ScanFixtures.app(["Boot.m": """
            @implementation AppBoot
            - (void)boot:(NSInteger)flavor {
                switch (flavor) {
                    case 0: {
                        NSString *url = @"xf://home";
                        [XFURLRoute register:@"xf://home" forComponent:@"DebugHome"];
                        break;
                    }
                    case 1:
                    case 2: [XFURLRoute register:@"xf://home" forComponent:@"Home"]; break;
                    default: { [XFURLRoute register:@"xf://home" forComponent:@"Other"]; return; }
                }
                switch (flavor) {
                    case 0: [XFURLRoute register:@"xf://cart" forComponent:@"DebugCart"]; dispatch_async(q, ^{ return; });
                    case 1: [XFURLRoute register:@"xf://cart" forComponent:@"Cart"]; break;
                }
            }
            @end
            """])
        let objcFindings = StaticAnalyzer.analyze(objc).findings.filter { $0.message.contains("registered twice") }
        #expect(objcFindings.map { "\($0.location!.sourceLocation.line)" } == ["15"])
    }

    /// Two URLs of one component in each clause of a `#if` are one fact about the component, not one per clause: it
    /// was reported once for each clause, under one fingerprint.
    @Test func twoURLsOfOneComponentInEachClauseAreReportedOnce() {
        let app = ScanFixtures.app(["AppDelegate.m": """
            @implementation AppDelegate
            - (BOOL)application:(id)a didFinishLaunchingWithOptions:(id)o {
                [XFURLRoute initURLGroup:@[@"xq://home"]];
            #if DEBUG
                [XFURLRoute register:@"xq://home/detail" forComponent:@"Detail"];
                [XFURLRoute register:@"xq://home/item" forComponent:@"Detail"];
            #else
                [XFURLRoute register:@"xq://home/detail" forComponent:@"Detail"];
                [XFURLRoute register:@"xq://home/item" forComponent:@"Detail"];
            #endif
                return YES;
            }
            @end
            """])
        let findings = StaticAnalyzer.analyze(app).findings.filter { $0.message.contains("both open component") }
        #expect(findings.map { "\($0.location!.sourceLocation.line) \($0.severity.rawValue)" } == ["6 warning"])
    }
}
