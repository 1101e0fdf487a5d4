import Foundation
import LegoAnalysis
import LegoModel
import LegoScenario
import LegoTraceIO
import QFMoudleRuntime
import Testing
@testable import LegoScan

/// `scan` of QFMoudle apps: what the reader extracts, the static qf- findings on source lines, and the scenario it
/// writes. Behaviour cited from qingfengiOS/QFMoudle@0ac5a23 (`QFRouter.m`).
@Suite struct QFMoudleScanTests {
    private static func scan(_ name: String) throws -> ScanOutcome<QFScannedApp> {
        try AppScanner.scan(directory: ScanFixtures.path(name), with: QFScanner())
    }

    /// An app of Objective-C snippets by file name.
    static func app(_ files: [String: String]) -> QFScannedApp {
        var facts = QFFacts()
        for (name, text) in files.sorted(by: { $0.key < $1.key }) {
            facts.append(AppScanner.read(bytes: Array(text.utf8), file: name, language: .objectiveC, with: QFScanner()))
        }
        return QFScannedApp(facts: facts)
    }

    static func findings(_ app: QFScannedApp) -> [String] {
        QFStaticAnalyzer.analyze(app).findings.map { "\($0.location?.sourceLocation.file ?? "-"):\($0.location?.sourceLocation.line ?? 0) \($0.ruleID) \($0.severity.rawValue)" }
    }

    @Test func theCleanAppHasModulesOpensAndNoFindings() throws {
        let outcome = try Self.scan("QFCleanApp")
        let app = outcome.app
        #expect(app.router.className == "QFRouter")
        // QFRouter.m:60-63: NSClassFromString(NSStringFromProtocol(p)), read through the local it is assigned to.
        guard case .read(let site) = app.router.source else { Issue.record("rule not read: \(app.router.source)"); return }
        #expect(site.file == "Router/QFRouter.m" && site.line == 29)
        #expect(app.router.prefix == "" && app.router.suffix == "")
        #expect(app.modules.map(\.protocolName) == ["MoudleHome", "MoudleMe", "MoudleDetail"])
        #expect(app.modules.allSatisfy { $0.classFound && $0.adopts == true })
        let live = app.opens.filter(\.fact.reachable)
        #expect(live.map { $0.protocolName ?? "dynamic" } == ["MoudleHome", "MoudleMe", "MoudleDetail", "MoudleMe", "dynamic"])
        // The comment and the `#if 0` block hold opens that are not run.
        #expect(app.opens.filter { !$0.fact.reachable }.map { "\($0.fact.location.file):\($0.fact.location.line)" }
                == ["Detail/MoudleDetail.m:18", "Home/QFHomeViewController.m:15"])
        // The URL comes from a `static NSString *const` and its push follows in the same method.
        let detail = try #require(live.first { $0.protocolName == "MoudleDetail" })
        #expect(detail.url?.items.map(\.key) == ["titleString", "commentCount"])
        // QFHomeViewController is what MoudleHome's interfaceViewController makes, so the open is Home's.
        #expect(detail.fact.show == .push && detail.fromModule == "MoudleHome")
        #expect(app.classes["MoudleHome"]?.controllers == ["interfaceViewController": "QFHomeViewController"])
        #expect(Self.findings(app) == [])
        let rows = app.summaryRows(at: { $0.description })
        #expect(rows.map(\.label) == ["router", "protocols", "opens"])
        #expect(rows[1].text == "4 declared, 3 modules")
        #expect(rows[2].text == "5: 4 by protocol, 1 by URL; 4 literal, 1 computed at run time; 2 in comments or #if 0 (not run)")
    }

    /// One finding per seeded fault of `Fixtures/QFFaultsApp`, on its line, with the rule `check` uses.
    @Test func theFaultsAppHasEachSeededFaultOnceOnItsLine() throws {
        let app = try Self.scan("QFFaultsApp").app
        // The router's rule is `[NSString stringWithFormat:XY_IMPL_FORMAT, NSStringFromProtocol(p)]` with a #define.
        #expect(app.router.className == "XYRouter" && app.router.suffix == "SI" && app.router.prefix == "")
        #expect(Self.findings(app) == [
            "QFHomeViewController.m:10 qf-missing-impl error",          // (b) QFRouter.m:45-48: no class gives nil
            "QFHomeViewController.m:11 qf-impl-not-conforming warning", // (c) no conformance check
            "QFHomeViewController.m:12 qf-unknown-scheme error",        // (d) QFRouter.m:51: objc_getProtocol(scheme)
            "QFHomeViewController.m:13 qf-kvc-unknown-key error",       // (e) QFRouter.m:52-55: setValue:forKey:
            "QFHomeViewController.m:15 qf-kvc-nil-scalar error",        // (f) a key without `=` is nil
            "QFHomeViewController.m:16 qf-kvc-weak-target warning",     // (g) with a value computed at run time
            "QFHomeViewController.m:17 qf-kvc-type-mismatch warning",   // (h) text into a block typedef
            "QFHomeViewController.m:19 qf-missing-impl warning",        // (i) a mere @protocol(P) reference
        ])
        let messages = QFStaticAnalyzer.analyze(app).findings.map(\.message)
        #expect(messages.contains { $0.contains("did you mean MoudleMe?") })
        #expect(messages.contains { $0.contains("no class MoudleCartSI exists") && $0.contains("suffix \"SI\"") })
        let result = QFStaticAnalyzer.analyze(app)
        #expect(result.limitations.count == 1, "the URL from self.link is computed at run time")
        #expect(result.framework == .qfMoudle)
    }

    @Test func propertiesKeepTheirAttributesKindsAndCategories() {
        let app = Self.app(["A.h": """
            typedef NS_ENUM(NSInteger, Mode) { ModeA };
            @protocol Base <NSObject>
            @property (nonatomic, weak) UIViewController *interfaceViewController;
            @end
            @protocol Cart <Base>
            @property (nonatomic, copy, readonly) NSString *coupon;
            @property (nonatomic) NSUInteger count;
            @property (nonatomic, copy) void (^done)(NSArray<NSString *> *items);
            @property (nonatomic, strong, nullable) NSArray<NSString *> *items;
            @property (nonatomic) Mode mode;
            @end
            @interface Cart : Shop <Cart>
            @end
            @interface Cart (Extras)
            @property (nonatomic, readonly) NSString *extra;
            @end
            """])
        let properties = app.protocols.first { $0.name == "Cart" }?.properties.map { "\($0.name) \($0.type) \($0.kind) \($0.ownership) \($0.readonly)" }
        #expect(properties == [
            "coupon NSString object copy true", "count NSUInteger scalar assign false", "done block object copy false",
            "items NSArray object strong false", "mode Mode unknown strong false",
        ])
        #expect(app.facts.scalarTypedefs == ["Mode": "NSInteger"])
        #expect(app.classes["Cart"]?.superclass == "Shop")
        #expect(app.classes["Cart"]?.declaredProperties.map { "\($0.property.name) \($0.category)" } == ["extra true"])
        // In the runtime's model a scalar typedef is its type, and a category's readonly property has no ivar.
        let cart = app.model.classes.first { $0.name == "Cart" }
        #expect(cart?.properties == [QFProperty(name: "extra", type: "NSString", ownership: .strong, readonly: true, hasIvar: false)])
        #expect(app.model.protocols.first { $0.name == "Cart" }?.properties.last?.type == "NSInteger")
    }

    /// KVC searches `set<Key>:`, then the ivars (Key-Value Coding Programming Guide); inherited and category
    /// properties count; a class overriding setValue:forUndefinedKey: does not raise; an unscanned superclass may
    /// declare the key, so that finding is only a note.
    @Test func queryKeysAreCheckedAgainstEverythingKVCFinds() {
        let protocols = """
            @protocol Base <NSObject>
            @end
            @protocol Cart <Base>
            @property (nonatomic, copy) NSString *coupon;
            @end
            @protocol Safe <Base>
            @end
            @protocol Loose <Base>
            @end
            """
        let classes = """
            @interface Shop : NSObject
            @property (nonatomic, copy) NSString *inherited;
            @end
            @interface Cart : Shop <Cart> { NSString *_hidden; }
            @end
            @interface Cart (Extras)
            @property (nonatomic, copy) NSString *extra;
            @end
            @implementation Cart
            @synthesize coupon;
            - (void)setViaSetter:(NSString *)text { }
            @end
            @interface Safe : NSObject <Safe>
            @end
            @implementation Safe
            - (void)setValue:(id)value forUndefinedKey:(NSString *)key { }
            @end
            @interface Loose : SomePodBase <Loose>
            @end
            """
        let opens = """
            @implementation Opener
            - (void)go {
                [[QFRouter router] interfaceForURL:[NSURL URLWithString:@"Cart://?coupon=a&inherited=b&extra=c&hidden=d&viaSetter=e"]];
                [[QFRouter router] interfaceForURL:[NSURL URLWithString:@"Cart://?Coupon=a"]];
                [[QFRouter router] interfaceForURL:[NSURL URLWithString:@"Safe://?anything=1"]];
                [[QFRouter router] interfaceForURL:[NSURL URLWithString:@"Loose://?maybe=1"]];
            }
            @end
            """
        let app = Self.app(["P.h": protocols, "C.m": classes, "O.m": opens])
        // `Coupon` finds `coupon`'s `setCoupon:`: KVC's setter search makes the key's first letter upper-case (the
        // readonly case, which only an ivar could answer, is in `aCapitalisedKeyFindsTheSetterButNotTheIvar`).
        #expect(Self.findings(app) == ["O.m:6 qf-kvc-unknown-key note"])
    }

    /// A class read only from its `@implementation` (its header lies outside the scanned folder, or was not read) has
    /// an unknown superclass, protocols and properties: a query key it seems to lack (set by KVC at QFRouter.m:52-55)
    /// and a protocol it seems not to adopt are notes, not an error and a warning; with the header scanned they are.
    @Test func aClassWhoseInterfaceWasNotScannedIsNotJudgedAsIfItDeclaredNothing() {
        let protocols = """
            @protocol Home <NSObject>
            @end
            """
        let implementation = """
            #import "Home.h"
            @implementation Home
            - (void)show { }
            @end
            @implementation Opener
            - (void)go {
                [[QFRouter router] interfaceForProtocol:@protocol(Home)];
                [[QFRouter router] interfaceForURL:[NSURL URLWithString:@"Home://?title=a"]];
            }
            @end
            """
        let alone = Self.app(["P.h": protocols, "Home.m": implementation])
        // Each open that resolves the class is a place of its own (StaticFindings.report).
        #expect(Self.findings(alone) == ["Home.m:7 qf-impl-not-conforming note", "Home.m:8 qf-impl-not-conforming note", "Home.m:8 qf-kvc-unknown-key note"])
        #expect(alone.modules.map(\.adopts) == [nil])
        let messages = QFStaticAnalyzer.analyze(alone).findings.map(\.message)
        #expect(messages.contains { $0.contains("(unless its @interface, not scanned, adopts it)") })
        #expect(messages.contains { $0.contains("(the @interface of Home was not scanned)") })
        // The written scenario does not set the query on it either, where the model would know no property and crash.
        let scenario = alone.scenario(appName: "Alone")
        #expect(!scenario.contains("resolveURL"))
        #expect(scenario.contains("# - walked as a resolve of Home, its query not set: Home://?title=a goes to Home, whose properties the scan did not all read"))

        let header = """
            @interface Home : NSObject
            @end
            """
        let whole = Self.app(["P.h": protocols, "Home.h": header, "Home.m": implementation])
        #expect(Self.findings(whole) == [
            "Home.m:7 qf-impl-not-conforming warning", "Home.m:8 qf-impl-not-conforming warning", "Home.m:8 qf-kvc-unknown-key error",
        ])
        #expect(whole.modules.map(\.adopts) == [false])
    }

    /// A module class written in Swift is found by `NSClassFromString` (`QFRouter.m:60-63`) under the name
    /// `@objc(Name)` gives it; its protocols and properties are not read, so verdicts on them are notes. Without
    /// `@objc(Name)` its runtime name is module-qualified: the bare name finds nothing, an error that says why.
    @Test func swiftModuleClassesAreFoundByTheirObjectiveCNames() {
        let protocols = """
            @protocol Home <NSObject>
            @end
            @protocol Cart <NSObject>
            @end
            @protocol Pay <NSObject>
            @end
            """
        let swift = """
            import UIKit

            @objc(Home) @objcMembers
            public final class HomeModule: NSObject, Home {
                var title = ""
            }
            final class Cart: NSObject, Cart {}
            @objc(Pay) class PayModule: NSObject {}
            """
        let opens = """
            @implementation Opener
            - (void)go {
                [[QFRouter router] interfaceForProtocol:@protocol(Home)];
                [[QFRouter router] interfaceForURL:[NSURL URLWithString:@"Home://?title=a"]];
                [[QFRouter router] interfaceForProtocol:@protocol(Cart)];
                [[QFRouter router] interfaceForProtocol:@protocol(Pay)];
            }
            @end
            """
        var facts = QFFacts()
        facts.append(AppScanner.read(bytes: Array(protocols.utf8), file: "P.h", language: .objectiveC, with: QFScanner()))
        facts.append(AppScanner.read(bytes: Array(swift.utf8), file: "Modules.swift", language: .swift, with: QFScanner()))
        facts.append(AppScanner.read(bytes: Array(opens.utf8), file: "O.m", language: .objectiveC, with: QFScanner()))
        #expect(facts.swiftClasses.map { "\($0.name) \($0.runtimeName ?? "-") \($0.location.line)" } == ["HomeModule Home 4", "Cart - 7", "PayModule Pay 8"])
        let app = QFScannedApp(facts: facts)
        // HomeModule lists Home; PayModule lists no Pay, which an extension the scan does not read may add.
        #expect(Self.findings(app) == ["O.m:4 qf-kvc-unknown-key note", "O.m:5 qf-missing-impl error", "O.m:6 qf-impl-not-conforming note"])
        let messages = QFStaticAnalyzer.analyze(app).findings.map(\.message)
        #expect(messages[0].contains("(the properties of the Swift class Home are not read)"))
        #expect(messages[1].contains("the Swift class Cart at Modules.swift:7 is not it: without @objc(Cart) its runtime name is module-qualified"))
        #expect(messages[2].contains("(unless an extension of the Swift class Pay, not read, adopts it)"))
    }

    /// Swift calls the router by the names Swift imports its selectors under (`QFRouter.h:14-15` declares
    /// `interfaceForProtocol:(Protocol *)` and `interfaceForURL:(NSURL *)`: both import as `interface(for:)`), and those
    /// opens are judged as the Objective-C ones are: `P.self` opens the protocol, `URL(string: "…")!` the URL. A protocol
    /// that shares its name with an Objective-C class (`@protocol MoudleHome`, `@interface MoudleHome`, the naming rule
    /// itself) is imported as `MoudleHomeProtocol`, as `NSObjectProtocol` is. Another API's `interface(for: .dark)` is
    /// not an open, a comment is not code, and an open under `#if false` is not run.
    @Test func swiftCallersOfTheRouterAreOpens() {
        let objc = """
            @protocol MoudleHome <NSObject>
            @property (nonatomic, copy) NSString *titleString;
            @end
            @protocol MoudleGone <NSObject>
            @end
            @interface MoudleHome : NSObject <MoudleHome>
            @end
            @implementation MoudleHome
            @synthesize titleString;
            @end
            @implementation QFRouter
            - (id)interfaceForProtocol:(Protocol *)p {
                return [[NSClassFromString(NSStringFromProtocol(p)) alloc] init];
            }
            @end
            """
        let swift = """
            import UIKit

            final class HomeScreen: UIViewController {
                func open() {
                    let home = QFRouter.router().interface(for: MoudleHomeProtocol.self) as? MoudleHome
                    navigationController?.pushViewController(UIViewController(), animated: true)
                }
                func more() {
                    _ = router?.interface(for: MoudleGone.self)
                    _ = QFRouter.router().interface(for: URL(string: "MoudleHome://x?titleString=a&nope=1")!)
                    _ = QFRouter.router().interface(for: URL(string: "Nowhere://x")!)
                    _ = QFRouter.router().interfaceCacheModule(for: someProtocol)
                    // _ = QFRouter.router().interface(for: MoudleGone.self)
                    _ = UIView.interface(for: .dark)
                    _ = Styles.interface(for: "dark")
                    #if false
                    _ = QFRouter.router().interface(for: URL(string: "Retired://x")!)
                    #else
                    _ = QFRouter.router().interface(for: URL(string: "MoudleHome://x")!)
                    #endif
                }
            }
            """
        var facts = QFFacts()
        facts.append(AppScanner.read(bytes: Array(objc.utf8), file: "Router.m", language: .objectiveC, with: QFScanner()))
        facts.append(AppScanner.read(bytes: Array(swift.utf8), file: "Home.swift", language: .swift, with: QFScanner()))
        #expect(facts.opens.map { "\($0.location.line):\($0.location.column) \($0.via) \($0.receiver) \($0.fromClass ?? "-") \($0.show.rawValue)" } == [
            "5:38 interfaceForProtocol: QFRouter.router() HomeScreen push",
            "9:21 interfaceForProtocol: router? HomeScreen none",
            "10:31 interfaceForURL: QFRouter.router() HomeScreen none",
            "11:31 interfaceForURL: QFRouter.router() HomeScreen none",
            "12:31 interfaceCacheModuleForProtocol: QFRouter.router() HomeScreen none",
            "17:31 interfaceForURL: QFRouter.router() HomeScreen none",
            "19:31 interfaceForURL: QFRouter.router() HomeScreen none",
        ])
        #expect(facts.opens.map(\.reachable) == [true, true, true, true, true, false, true])
        #expect(facts.opens[4].target == .protocolName(.dynamic("someProtocol")))
        let app = QFScannedApp(facts: facts)
        #expect(app.opens.first?.protocolName == "MoudleHome")
        #expect(Self.findings(app) == ["Home.swift:9 qf-missing-impl error", "Home.swift:10 qf-kvc-unknown-key error", "Home.swift:11 qf-unknown-scheme error"])
        #expect(QFStaticAnalyzer.analyze(app).findings.first?.message.hasPrefix("MoudleGone.self is resolved but no class MoudleGone exists") == true)

        // An interpolation is a value the scan does not know, as `%@` of a format is: the scheme and keys are still judged.
        let interpolated = AppScanner.read(bytes: Array(#"""
            final class Detail {
                func open(id: Int) {
                    _ = QFRouter.router().interface(for: URL(string: "MoudleNope://x?id=\(title(for: id))")!)
                    _ = QFRouter.router().interface(for: URL(string: "MoudleHome://x?titleString=\(id)&missing=\(id)")!)
                    _ = QFRouter.router().interface(for: URL(string: "MoudleHome://x?bad=\n")!)
                }
            }
            """#.utf8), file: "Detail.swift", language: .swift, with: QFScanner())
        #expect(interpolated.opens.map(\.target) == [
            .url(.format("MoudleNope://x?id=%@", chain: [interpolated.opens[0].location])),
            .url(.format("MoudleHome://x?titleString=%@&missing=%@", chain: [interpolated.opens[1].location])),
            .url(.dynamic(#"URL(string: "MoudleHome://x?bad=\n")!"#)),
        ])
        var withInterpolation = facts
        withInterpolation.append(interpolated)
        #expect(Self.findings(QFScannedApp(facts: withInterpolation)).filter { $0.hasPrefix("Detail") }
                == ["Detail.swift:3 qf-unknown-scheme error", "Detail.swift:4 qf-kvc-unknown-key error"])

        // `P.self` may name a protocol declared in Swift, which the scan does not read: unlike Objective-C's `@protocol(P)`,
        // it is no sign that protocols are declared outside the scanned source, so the URL's unknown scheme stays an error.
        var withSwiftProtocol = facts
        withSwiftProtocol.append(AppScanner.read(bytes: Array("final class Cart { func go() { _ = QFRouter.router().interface(for: SwiftOnly.self) } }".utf8),
                                                 file: "Cart.swift", language: .swift, with: QFScanner()))
        #expect(Self.findings(QFScannedApp(facts: withSwiftProtocol)).contains("Home.swift:11 qf-unknown-scheme error"))
    }

    /// What a second review found in Swift opens: a scheme an interpolation gives is not known (it judged an empty
    /// protocol name, in Objective-C's `%@://` too); `#if` clauses are followed as the compiler would for literal
    /// conditions (`#if true … #else`, `#elseif false`, `#if (false)`); a Swift `@objc(Name)` protocol is declared under
    /// `Name`, which `objc_getProtocol(url.scheme)` (`QFRouter.m:50-51`) finds, and a Swift class adopting it by its Swift
    /// name adopts `Name`.
    @Test func swiftOpensFollowTheCompilerAndTheRuntimeNames() {
        let objc = """
            @implementation QFRouter
            - (id)interfaceForProtocol:(Protocol *)p {
                return [[NSClassFromString(NSStringFromProtocol(p)) alloc] init];
            }
            @end
            @implementation Old
            - (void)go { [[QFRouter router] interfaceForURL:[NSURL URLWithString:[NSString stringWithFormat:@"%@://x", scheme]]]; }
            @end
            """
        let swift = """
            @objc(MoudleCart) protocol MoudleCartProtocol: NSObjectProtocol {}
            @objc(MoudleCart) final class CartModule: NSObject, MoudleCartProtocol {}
            final class Home {
                func go() {
                    _ = QFRouter.router().interface(for: URL(string: "\\(scheme)://detail?a=1")!)
                    _ = QFRouter.router().interface(for: MoudleCartProtocol.self)
                    _ = QFRouter.router().interface(for: URL(string: "MoudleCart://cart")!)
                    #if true
                    _ = QFRouter.router().interface(for: URL(string: "Live1://x")!)
                    #else
                    _ = QFRouter.router().interface(for: URL(string: "Gone1://x")!)
                    #endif
                    #if DEBUG
                    _ = QFRouter.router().interface(for: URL(string: "Live2://x")!)
                    #elseif false
                    _ = QFRouter.router().interface(for: URL(string: "Gone2://x")!)
                    #endif
                    #if (false) // retired
                    _ = QFRouter.router().interface(for: URL(string: "Gone3://x")!)
                    #endif
                }
            }
            """
        var facts = QFFacts()
        facts.append(AppScanner.read(bytes: Array(objc.utf8), file: "Router.m", language: .objectiveC, with: QFScanner()))
        facts.append(AppScanner.read(bytes: Array(swift.utf8), file: "Home.swift", language: .swift, with: QFScanner()))
        #expect(facts.swiftProtocols == ["MoudleCartProtocol": "MoudleCart"])
        #expect(facts.protocols.map(\.name) == ["MoudleCart"])
        let app = QFScannedApp(facts: facts)
        #expect(app.opens.filter { !$0.fact.reachable }.map(\.fact.location.line) == [11, 16, 19])
        // The interpolated scheme (5) and Objective-C's `%@://` are not judged; MoudleCart is found (6, 7).
        #expect(Self.findings(app) == ["Home.swift:9 qf-unknown-scheme error", "Home.swift:14 qf-unknown-scheme error"])
    }

    /// A function-like macro around a lookup, defined in a header and called elsewhere, opens what its literal
    /// argument names; a macro that is not a wrapper, or a computed argument, opens nothing known.
    @Test func wrapperMacrosAreOpensOfTheirLiteralArguments() {
        let app = Self.app([
            "Open.h": """
                #define QF_OPEN(P) [[QFRouter router] interfaceForProtocol:@protocol(P)]
                #define QF_OPEN_P(p) [[QFRouter router] interfaceForProtocol:p]
                #define QF_LINK(text) \\
                    [[QFRouter router] interfaceForURL:[NSURL URLWithString:text]]
                """,
            "Cart.h": """
                @protocol Cart <NSObject>
                @property (nonatomic, copy) NSString *coupon;
                @end
                @interface Cart : NSObject <Cart>
                @end
                """,
            "Use.m": """
                @implementation Opener
                - (void)go {
                    QF_OPEN(Cart);
                    QF_OPEN_P(@protocol(Kart));
                    QF_LINK(@"Cart://?cupon=1");
                    QF_LINK(self.link);
                    NSLog(@"Kart://?x=1");
                }
                @end
                """,
        ])
        #expect(app.facts.wrappers == ["QF_OPEN": .protocolName, "QF_OPEN_P": .protocolExpression, "QF_LINK": .url])
        #expect(app.opens.map { "\($0.fact.via) \($0.protocolName ?? "dynamic")" } == ["QF_OPEN Cart", "QF_OPEN_P Kart", "QF_LINK Cart", "QF_LINK dynamic"])
        // `Kart` is declared nowhere scanned, yet `@protocol(Kart)` compiles only where it is declared: a note.
        #expect(Self.findings(app) == ["Use.m:4 qf-missing-impl note", "Use.m:5 qf-kvc-unknown-key error"])
    }

    /// `@protocol(P)` compiles only where `P` is declared (clang: "cannot find protocol declaration"), so a module
    /// protocol the scanned source does not declare lives in code the scan did not read (a pod, a framework), most
    /// likely with its class: its open is a note, not a missing class. Such a protocol also shows that a URL scheme
    /// naming no scanned protocol (nil at QFRouter.m:51) may be declared there too; without one, that is an error.
    @Test func protocolsDeclaredOutsideTheScannedSourceMakeTheirVerdictsNotes() {
        let home = """
            @protocol Home <NSObject>
            @end
            @interface Home : NSObject <Home>
            @end
            """
        let opens = """
            @implementation Opener
            - (void)go {
                [[QFRouter router] interfaceForProtocol:@protocol(Home)];
                [[QFRouter router] interfaceForURL:[NSURL URLWithString:@"Cart://"]];
            }
            @end
            """
        #expect(Self.findings(Self.app(["H.m": home, "O.m": opens])) == ["O.m:4 qf-unknown-scheme error"])
        let inPod = """
            @implementation PodUser
            - (void)go { [[QFRouter router] interfaceForProtocol:@protocol(PodModule)]; }
            @end
            """
        let app = Self.app(["H.m": home, "O.m": opens, "P.m": inPod])
        #expect(Self.findings(app) == ["O.m:4 qf-unknown-scheme note", "P.m:2 qf-missing-impl note"])
        let messages = QFStaticAnalyzer.analyze(app).findings.map(\.message)
        #expect(messages.contains { $0.contains("unless it is declared outside the scanned source, as @protocol(PodModule) at P.m:2 shows") })
        #expect(messages.contains { $0.contains("nor is the protocol declared there") })
    }

    @Test func theNamingRuleIsReadInEachSpellingAndOtherwiseSaidToBeAssumed() {
        func rule(_ body: String) -> QFScannedApp.Router {
            Self.app(["R.m": """
                #define SUFFIX @"Impl"
                @implementation R
                - (id)interfaceForProtocol:(Protocol *)p { return nil; }
                - (id)interfaceForURL:(NSURL *)u { return nil; }
                - (Class)cls:(Protocol *)p { \(body) }
                @end
                """]).router
        }
        let appended = rule("return NSClassFromString([NSStringFromProtocol(p) stringByAppendingString:SUFFIX]);")
        #expect(appended.prefix == "" && appended.suffix == "Impl")
        let prefixed = rule("NSString *n = [@\"XY\" stringByAppendingString:NSStringFromProtocol(p)]; return NSClassFromString(n);")
        #expect(prefixed.prefix == "XY" && prefixed.suffix == "")
        let formatted = rule("return NSClassFromString([NSString stringWithFormat:@\"QF%@Module\", NSStringFromProtocol(p)]);")
        #expect(formatted.prefix == "QF" && formatted.suffix == "Module")
        let computed = rule("return NSClassFromString([self.table objectForKey:NSStringFromProtocol(p)]);")
        guard case .dynamic = computed.source else { Issue.record("\(computed.source)"); return }
        #expect(computed.prefix == "" && computed.suffix == "")
    }

    /// A router whose suffix is a macro of a shared header, through a local (as coderlinxx/ProtocolRouter's
    /// `Router.m:69-71` builds `[NSStringFromProtocol(p) stringByAppendingString:MoudleProtocol_ServerInterface]`
    /// with `#define MoudleProtocol_ServerInterface @"SI"` in `ModulePublicProtocol.h:14`): the rule is read across
    /// files, so `AProtocolSI` is found and nothing is reported. Before, the scan assumed QFMoudle's rule and gave
    /// three false qf-missing-impl errors on that app.
    private static let macroRouter = """
        #import "Shared.h"
        @implementation Router
        - (id)interfaceForProtocol:(Protocol *)p { Class cls = [self _clsForProtocol:p]; return [[cls alloc] init]; }
        - (id)interfaceForURL:(NSURL *)url { return nil; }
        - (Class)_clsForProtocol:(Protocol *)p {
            NSString *clsString = [NSStringFromProtocol(p) stringByAppendingString: MoudleProtocol_ServerInterface];
            return NSClassFromString(clsString);
        }
        @end
        """
    private static let macroModules = """
        @protocol AProtocol <NSObject>
        @property (nonatomic, copy) NSString *name;
        @end
        @interface AProtocolSI : NSObject <AProtocol>
        @property (nonatomic, copy) NSString *name;
        @end
        @implementation AProtocolSI
        @end
        @implementation Caller
        - (void)go { AProtocolSI *a = [[Router router] interfaceForProtocol:@protocol(AProtocol)]; }
        @end
        """

    @Test func aSuffixMacroOfAnotherFileIsReadAsTheRule() throws {
        let app = Self.app(["Router.m": Self.macroRouter, "Modules.m": Self.macroModules,
                            "Shared.h": "#ifndef MoudleProtocol_ServerInterface\n#define MoudleProtocol_ServerInterface @\"SI\"\n#endif\n"])
        #expect(app.router.suffix == "SI" && app.router.prefix == "")
        guard case .read(let site) = app.router.source else { Issue.record("\(app.router.source)"); return }
        #expect(site.file == "Router.m" && site.line == 7)
        #expect(app.router.constants.map { "\($0.name)=\($0.value) \($0.location.file):\($0.location.line)" }
            == ["MoudleProtocol_ServerInterface=SI Shared.h:2"])
        #expect(Self.findings(app).isEmpty)
        let row = app.summaryRows(at: { "\($0.file):\($0.line)" }).first { $0.label == "router" }?.text ?? ""
        #expect(row.contains("suffix \"SI\"") && row.contains("MoudleProtocol_ServerInterface defined at Shared.h:2"))
    }

    /// A macro no scanned file defines, or defines two ways (an `#ifdef` choosing), leaves the rule unknown: the
    /// verdicts that depend on the class name are notes that say so, never errors.
    @Test(arguments: [
        ["Router.m": macroRouter, "Modules.m": macroModules],
        ["Router.m": macroRouter, "Modules.m": macroModules,
         "Shared.h": "#ifdef DEBUG\n#define MoudleProtocol_ServerInterface @\"SI\"\n#else\n#define MoudleProtocol_ServerInterface @\"Impl\"\n#endif\n"],
    ])
    func anUnresolvedRuleMakesClassVerdictsNotes(_ files: [String: String]) throws {
        var files = files
        files["Modules.m", default: ""] += "\n@implementation Other\n- (void)go { [[Router router] interfaceForProtocol:@protocol(AProtocol)]; }\n@end\n"
        let app = Self.app(files)
        guard case .dynamic(let expression, _) = app.router.source else { Issue.record("\(app.router.source)"); return }
        #expect(expression.hasPrefix("NSStringFromProtocol(…) + MoudleProtocol_ServerInterface"))
        let findings = QFStaticAnalyzer.analyze(app).findings
        #expect(!findings.isEmpty)
        #expect(findings.allSatisfy { $0.severity == .note && $0.ruleID == "qf-missing-impl" })
        #expect(findings.allSatisfy { $0.message.contains("if the router's naming rule, computed in a way the scan cannot read, is QFMoudle's") })
        #expect(QFStaticAnalyzer.analyze(app).limitations.contains { $0.contains("MoudleProtocol_ServerInterface") })
    }

    /// A copy whose `interfaceForURL:` finds the protocol by the URL's host and sets query items only on a controller
    /// it asks for, after `respondsToSelector:` (as zhaokun's ZKRouter does): URLs are judged by their host, and no
    /// key-value coding verdict is given. Before, every such URL was a false qf-unknown-scheme error.
    @Test func aRouterReadingTheHostAndGuardingKVCIsFollowed() throws {
        let router = """
            @implementation ZKRouter
            - (id)interfaceForProtocol:(Protocol *)protocol { return [[NSClassFromString(NSStringFromProtocol(protocol)) alloc] init]; }
            - (id)interfaceForURL:(NSURL *)url {
                id result = [self interfaceForProtocol:objc_getProtocol(url.host.UTF8String)];
                id vc = [result valueForKey:url.lastPathComponent];
                NSURLComponents *cp = [NSURLComponents componentsWithURL:url resolvingAgainstBaseURL:NO];
                [cp.queryItems enumerateObjectsUsingBlock:^(NSURLQueryItem *obj, NSUInteger idx, BOOL *stop) {
                    if ([vc respondsToSelector:NSSelectorFromString(obj.name)]) { [vc setValue:obj.value forKey:obj.name]; }
                }];
                return vc;
            }
            @end
            """
        let modules = """
            @protocol ZKModuleA <NSObject>
            @end
            @interface ZKModuleA : NSObject <ZKModuleA>
            @end
            @implementation ZKModuleA
            @end
            @implementation Caller
            - (void)go {
                [[ZKRouter shareInstance] interfaceForURL:[NSURL URLWithString:@"zk://ZKModuleA/detail?unknownKey=1"]];
                [[ZKRouter shareInstance] interfaceForURL:[NSURL URLWithString:@"zk://ZKModuleB/detail"]];
            }
            @end
            """
        let app = Self.app(["ZKRouter.m": router, "Modules.m": modules])
        #expect(app.router.urlPart == .host && !app.router.setsQueryOnModule)
        #expect(app.opens.map { $0.protocolName ?? "-" } == ["ZKModuleA", "ZKModuleB"])
        // Only the host that names no protocol; no KVC verdict on `unknownKey`.
        #expect(Self.findings(app) == ["Modules.m:10 qf-unknown-scheme error"])
        let result = QFStaticAnalyzer.analyze(app)
        #expect(result.findings.first?.message.contains("its host") == true)
        #expect(result.limitations.contains { $0.contains("key-value coding verdicts are not given") })
        let scenario = app.scenario(appName: "ZK")
        #expect(scenario.contains("  - resolve: \"ZKModuleA\"") && !scenario.contains("resolveURL"))
    }

    /// A module that keeps the controller its getter makes and hands it itself, both strongly (yakunsang/UCDemo's
    /// `NewsDetailModuleSI.serverBody` with `NewsDetailController.interface`, strong): each news article opened leaks
    /// its module, controller and web view. A local controller (QFMoudle's own `QFHomeMoudle.m`), or a weak back
    /// reference, is no cycle.
    @Test(arguments: [("strong", true, true), ("weak", true, false), ("strong", false, false)])
    func aModuleKeepingTheControllerThatHoldsItIsALeak(_ back: String, _ cached: Bool, _ expected: Bool) throws {
        try checkControllerCycle(back, cached, expected, protocolProperty: false)
        // As in UCDemo, the property may be the module protocol's, synthesized by the class.
        try checkControllerCycle(back, cached, expected, protocolProperty: true)
    }

    private func checkControllerCycle(_ back: String, _ cached: Bool, _ expected: Bool, protocolProperty: Bool) throws {
        let getter = cached
            ? "if (!serverBody) { serverBody = [[NewsDetailController alloc] init]; ((NewsDetailController *)serverBody).interface = self; } return serverBody;"
            : "NewsDetailController *vc = [[NewsDetailController alloc] init]; vc.interface = self; return vc;"
        let app = Self.app([
            "Router.m": "@implementation Router\n- (id)interfaceForProtocol:(Protocol *)p { return [[NSClassFromString(NSStringFromProtocol(p)) alloc] init]; }\n- (id)interfaceForURL:(NSURL *)u { return nil; }\n@end\n",
            "Base.h": protocolProperty
                ? "@protocol BaseModule <NSObject>\n@property(nonatomic, strong) __kindof UIViewController *serverBody;\n@end\n@interface BaseModule : NSObject\n@end\n"
                : "@interface BaseModule : NSObject\n@property(nonatomic, strong) __kindof UIViewController *serverBody;\n@end\n",
            "News.m": """
                @protocol NewsDetailModule <\(protocolProperty ? "BaseModule" : "NSObject")>
                @end
                @interface NewsDetailController : UIViewController
                @property (nonatomic, \(back)) id <NewsDetailModule> interface;
                @end
                @interface NewsDetailModule : BaseModule <NewsDetailModule>
                @end
                @implementation NewsDetailModule
                @synthesize serverBody;
                - (UIViewController *)serverBody {
                    \(getter)
                }
                @end
                @implementation Caller
                - (void)go { id<NewsDetailModule> m = [[Router router] interfaceForProtocol:@protocol(NewsDetailModule)]; }
                @end
                """,
        ])
        let leaks = QFStaticAnalyzer.analyze(app).findings.filter { $0.ruleID == "leaked-module" }
        #expect(leaks.map { "\($0.location?.sourceLocation.file ?? "-"):\($0.location?.sourceLocation.line ?? 0) \($0.severity.rawValue)" }
            == (expected ? ["News.m:11 warning"] : []))
        if expected { #expect(leaks.first?.message.contains("keeps the NewsDetailController it makes in serverBody and sets its interface") == true) }
    }

    /// A router whose `interfaceForURL:` finds no protocol (yakunsang/UCDemo's returns nil): URL opens are not judged.
    @Test func aRouterFindingNoProtocolForURLsLeavesThemUnjudged() {
        let app = Self.app(["R.m": """
            @implementation OHGRouter
            - (id)interfaceForProtocol:(Protocol *)p { return [[NSClassFromString(NSStringFromProtocol(p)) alloc] init]; }
            - (id)interfaceForURL:(NSURL *)url { return nil; }
            @end
            @implementation Caller
            - (void)go { [[OHGRouter router] interfaceForURL:[NSURL URLWithString:@"Nothing://x?y=1"]]; }
            @end
            """])
        #expect(app.router.urlPart == .none)
        let result = QFStaticAnalyzer.analyze(app)
        #expect(result.findings.isEmpty)
        #expect(result.limitations.contains { $0.contains("calls neither objc_getProtocol nor NSProtocolFromString") })
        // The summary says what it does not do, not that it finds nothing (ZhangJitao's JTRouter makes a class of scheme + "JT").
        #expect(app.summaryRows(at: { "\($0.line)" }).contains { $0.text.contains("interfaceForURL: looks up no protocol (no objc_getProtocol") })
    }

    @Test func qfMoudlesOwnRouterBodyIsReadAsSchemeAndUnguardedKVC() throws {
        let app = try Self.scan("QFCleanApp").app
        let rule = try #require(app.router.urlRule)
        #expect(rule.part == .scheme && rule.setsQueryOnModule)
        let faults = try Self.scan("QFFaultsApp").app
        #expect(faults.router.urlRule?.part == .scheme && faults.router.setsQueryOnModule)
    }

    /// The written scenario parses as `framework: qfmoudle`, records without refused steps for the clean app, and its
    /// trace gives `check` the same rules the scan found for the literal opens.
    @Test(arguments: ["QFCleanApp", "QFFaultsApp"])
    func theWrittenScenarioRecordsAndChecksLikeTheScan(_ name: String) throws {
        let app = try Self.scan(name).app
        let text = app.scenario(appName: name)
        let scenario = try ScenarioDocument.parse(yaml: text, file: "\(name).yml")
        #expect(scenario.framework == .qfMoudle)
        let buffer = TraceBuffer()
        let summary = scenario.run(sink: buffer, console: nil, logs: false)
        let header = TraceHeader(producer: "lego-trace-tests", start: "2026-01-01T00:00:00Z", app: name, framework: .qfMoudle)
        let checked = Analyzer.analyze(header: header, events: buffer.events, configuration: AnalysisConfiguration())
        let scanned = Set(QFStaticAnalyzer.analyze(app).findings.map(\.ruleID))
        let checkedRules = Set(checked.findings.map(\.ruleID))
        // Every rule the model reports for the walked opens, the scan reported on a source line; the scan reports more
        // (a mere reference, a URL built with a format, which the journey cannot walk).
        let expected: Set<String> = name == "QFCleanApp" ? [] : [
            "qf-missing-impl", "qf-impl-not-conforming", "qf-unknown-scheme", "qf-kvc-unknown-key", "qf-kvc-nil-scalar", "qf-kvc-type-mismatch",
        ]
        #expect(checkedRules == expected)
        #expect(checkedRules.isSubset(of: scanned))
        if name == "QFCleanApp" {
            #expect(summary.failures.map(\.reason) == [])
            #expect(text.contains("  - resolveURL: \"MoudleDetail://detail?titleString=Hello&commentCount=3\""))
            #expect(text.contains("# - not walked: interfaceForProtocol: with NSProtocolFromString(name), computed at run time (Home/QFHomeViewController.m:21:36)"))
            #expect(text.contains("      controllers:\n        \"interfaceViewController\": \"QFHomeViewController\""))
        } else {
            #expect(text.contains("    implSuffix: \"SI\""))
        }
    }

    /// A copy whose router walks every class for one adopting the protocol (`objc_copyClassList` +
    /// `class_conformsToProtocol`, where QFMoudle's `QFRouter.m:60-63` builds the class name): a module whose class is named
    /// otherwise is found, its cached lookup is an open too, and a protocol no scanned class adopts is a warning (a class
    /// outside the source may adopt it), never an error naming a class the router never asks for.
    @Test func aRouterFindingModulesByConformanceResolvesThemByAdoption() throws {
        let outcome = try Self.scan("QFConformanceApp")
        let app = outcome.app
        #expect(app.router.className == "PWRouter", "a router without interfaceForURL: is still the router")
        guard case .conformance(let site) = app.router.source else { Issue.record("rule: \(app.router.source)"); return }
        #expect(site.file == "PWRouter.m" && site.line == 29)
        #expect(app.modules.map(\.protocolName) == ["HomeProtocol", "ShopProtocol", "CartProtocol"], "the base protocol is no module")
        #expect(app.modules.map(\.classFound) == [true, true, false])
        #expect(app.modules.prefix(2).map(\.className) == ["HomeModule", "ShopModule"])
        #expect(app.implementations(of: "ShopProtocol") == ["ShopModule"])
        #expect(app.opens.filter(\.fact.reachable).map(\.fact.via) == ["interfaceForProtocol:", "interfaceCacheModuleForProtocol:", "interfaceForProtocol:"])
        #expect(Self.findings(app) == ["Modules.m:35 qf-missing-impl warning"])
        // The written scenario resolves by conformance too: recorded and checked, it finds only the missing Cart.
        let text = app.scenario(appName: "PW")
        #expect(text.contains("    lookup: conformance"))
        let scenario = try ScenarioDocument.parse(yaml: text, file: "PW.yml")
        let buffer = TraceBuffer()
        _ = scenario.run(sink: buffer, console: nil, logs: false)
        let header = TraceHeader(producer: "lego-trace-tests", start: "2026-01-01T00:00:00Z", app: "PW", framework: .qfMoudle)
        let checked = Analyzer.analyze(header: header, events: buffer.events, configuration: AnalysisConfiguration())
        #expect(checked.findings.map { "\($0.ruleID) \($0.module ?? "")" } == ["qf-missing-impl CartProtocol"])
        let message = try #require(QFStaticAnalyzer.analyze(app).findings.first?.message)
        #expect(message.contains("no scanned class adopts <CartProtocol>") && message.contains("PWRouter.m:29"))
        // A router whose lookup the scan cannot follow (a table, a category elsewhere) makes every class verdict a note.
        let table = Self.app([
            "R.m": "@implementation TRouter\n- (id)interfaceForProtocol:(Protocol *)p { return [self.table objectForKey:NSStringFromProtocol(p)]; }\n@end\n",
            "V.m": "@protocol CartProtocol <NSObject>\n@end\n@implementation V\n- (void)go { [[TRouter shared] interfaceForProtocol:@protocol(CartProtocol)]; }\n@end\n",
        ])
        #expect(table.router.source == .unread)
        #expect(Self.findings(table) == ["V.m:4 qf-missing-impl note"])
    }

    /// What does not make a router resolve by conformance or a call an open: a class walk beside a naming rule the scan
    /// read (`+load` registering classes), a yes/no `interface…ForProtocol:` query no router declares; and a router only
    /// declared in a header (its `.m` in a pod) is QFMoudle's, assumed, with its errors (`QFRouter.m:60-63`).
    @Test func aReadRuleAQueryAndAHeaderOnlyRouterKeepTheNameRule() throws {
        let walksToo = Self.app([
            "R.m": """
            @implementation XRouter
            + (void)load { unsigned int n; Class *all = objc_copyClassList(&n); for (unsigned int i = 0; i < n; i++) { [all[i] conformsToProtocol:@protocol(NSObject)]; } }
            - (id)interfaceForProtocol:(Protocol *)p { return [[NSClassFromString(NSStringFromProtocol(p)) alloc] init]; }
            - (BOOL)interfaceExistsForProtocol:(Protocol *)p { return NSClassFromString(NSStringFromProtocol(p)) != nil; }
            @end
            """,
            "V.m": """
            @protocol Shop <NSObject>
            @end
            @protocol Pay <NSObject>
            @end
            @interface ShopMock : NSObject <Shop>
            @end
            @implementation V
            - (void)go { [[XRouter shared] interfaceForProtocol:@protocol(Shop)]; [[XRouter shared] interfaceExistsForProtocol:@protocol(Pay)]; [[Other shared] interfaceCheckForProtocol:@protocol(Pay)]; }
            @end
            """,
        ])
        #expect(walksToo.router.source.isRead)
        #expect(Self.findings(walksToo) == ["V.m:8 qf-missing-impl error"], "Shop has no class of its name; the query of Pay is no open")
        #expect(walksToo.opens.filter(\.fact.reachable).map(\.fact.via) == ["interfaceForProtocol:"])
        let headerOnly = Self.app([
            "QFRouter.h": "@interface QFRouter : NSObject\n- (id)interfaceForProtocol:(Protocol *)p;\n@end\n",
            "V.m": "@protocol Cart <NSObject>\n@end\n@implementation V\n- (void)go { [[QFRouter shared] interfaceForProtocol:@protocol(Cart)]; }\n@end\n",
        ])
        #expect(headerOnly.router.className == "QFRouter" && headerOnly.router.source == .assumed)
        #expect(Self.findings(headerOnly) == ["V.m:4 qf-missing-impl error"])
    }

    @Test func theModelJSONHasItsDocumentedShape() throws {
        let app = try Self.scan("QFFaultsApp").app
        let findings = QFStaticAnalyzer.analyze(app).findings
        let json = try #require(try JSONSerialization.jsonObject(with: Data(app.modelJSON(source: "QFFaultsApp", findings: findings).utf8)) as? [String: Any])
        #expect(json["schema"] as? String == "lego-trace-scan-qfmoudle")
        #expect(json["framework"] as? String == "qfmoudle")
        let router = try #require(json["router"] as? [String: Any])
        #expect(router["class"] as? String == "XYRouter" && router["suffix"] as? String == "SI" && router["rule"] as? String == "read")
        let modules = try #require(json["modules"] as? [[String: Any]])
        #expect(modules.map { $0["protocol"] as? String } == ["MoudleHome", "MoudleMe", "MoudleDetail", "MoudleCart", "MoudleSettings"])
        let opens = try #require(json["opens"] as? [[String: Any]])
        #expect(opens.filter { $0["reachable"] as? Bool == false }.count == 1)
        #expect(opens.contains { ($0["target"] as? [String: Any])?["format"] as? String == "MoudleDetail://?source=%@" })
        #expect((json["findings"] as? [Any])?.count == 8)
        let graph = app.moduleGraph(findings: findings)
        #expect(graph.edges.map { "\($0.from) \($0.relation.rawValue) \($0.to)" } == ["MoudleHome push MoudleHome"])
        #expect(graph.nodes.first { $0.id == "MoudleCart" }?.reached == false)
        #expect(graph.marks.count == 8)
    }

    /// Quotes, backslashes, newlines, markup and Chinese in a URL and in identifiers stay data in every output.
    @Test func hostileNamesAreEscapedInTheModelAndTheScenario() throws {
        let app = Self.app(["详情.m": """
            @protocol 详情 <NSObject>
            @property (nonatomic, copy) NSString *标题;
            @end
            @interface 详情 : NSObject <详情>
            @end
            @implementation Opener
            - (void)go {
                [[QFRouter router] interfaceForURL:[NSURL URLWithString:@"详情://?标题=\\"q\\"\\\\<script>\\n&bad\\"key=1"]];
            }
            @end
            """])
        #expect(app.modules.map(\.protocolName) == ["详情"])
        let findings = QFStaticAnalyzer.analyze(app).findings
        #expect(findings.map(\.ruleID) == ["qf-kvc-unknown-key"])
        let model = app.modelJSON(source: "evil\"\n", findings: findings)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(model.utf8)) as? [String: Any])
        let open = try #require((json["opens"] as? [[String: Any]])?.first)
        #expect((open["target"] as? [String: Any])?["literal"] as? String == "详情://?标题=\"q\"\\<script>\n&bad\"key=1")
        let text = app.scenario(appName: "evil \"app\"\n<script>")
        let scenario = try #require(try ScenarioDocument.parse(yaml: text, file: "evil.yml") as? QFScenario)
        #expect(scenario.app.protocols.map(\.name) == ["详情"])
        #expect(scenario.journey.count == 1)
    }

    /// Every prefix of the fixtures' files (cut mid-token, mid-string, mid-comment) reads without a crash.
    @Test func truncatedObjectiveCNeverCrashes() throws {
        for name in ["QFFaultsApp/QFHomeViewController.m", "QFFaultsApp/XYRouter.m", "QFFaultsApp/Protocols.h", "QFCleanApp/Home/QFHomeViewController.m"] {
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: ScanFixtures.path(name))))
            for cut in stride(from: 0, through: bytes.count, by: 7) {
                let facts = QFObjCReader.read(bytes: Array(bytes[..<cut]), file: name)
                _ = QFStaticAnalyzer.analyze(QFScannedApp(facts: facts))
            }
        }
        let garbage = QFObjCReader.read(bytes: Array("@property ( ; @protocol < [[[ interfaceForURL: @interface X : ( <".utf8), file: "g.m")
        #expect(garbage.opens.isEmpty)
    }

    /// `scan` without `--framework` picks QFMoudle for its apps, and still XFLegoVIPER for XFLegoVIPER's.
    @Test func detectionTellsTheFrameworksApart() throws {
        for name in ["QFCleanApp", "QFFaultsApp"] {
            let outcome = try AppScanner.scan(directory: ScanFixtures.path(name), framework: nil)
            #expect(outcome.detection?.framework == .qfMoudle, "\(name)")
        }
        var xf = [ScanFixtures.path("BDJApp")]
        if let corpus = ScanFixtures.corpusApp { xf.append(corpus) }
        for path in xf {
            let outcome = try AppScanner.scan(directory: path, framework: nil)
            #expect(outcome.detection?.framework == .xflegoViper, "\(path)")
            #expect(outcome.detection?.counts[.qfMoudle, default: 0] == 0, "\(path)")
        }
    }

    /// QFMoudle's router with its own rule (`QFRouter.m:45-48`): the class named after the protocol.
    static let plainRouter = """
        @implementation QFRouter
        - (id)interfaceForProtocol:(Protocol *)p { return [[NSClassFromString(NSStringFromProtocol(p)) alloc] init]; }
        @end
        """

    /// KVC's setter search makes the key's first letter upper-case (`set<Key>:`), so `Coupon=…` sets `coupon` through
    /// `setCoupon:`; its ivar search keeps the key as written (`_<key>`), so `Count=…` on a readonly `count` raises.
    /// Checked with GNUstep's `NSKeyValueCoding` (`setValue:forKey:@"Coupon"` sets it, `@"Count"` raises
    /// `NSUnknownKeyException`, `@"count"` sets the ivar). QFRouter sets each query item so (`QFRouter.m:52-55`).
    /// The capitalised key was a false `qf-kvc-unknown-key` error.
    @Test func aCapitalisedKeyFindsTheSetterButNotTheIvar() {
        let app = Self.app([
            "P.h": """
                @protocol MoudleCart <NSObject>
                @property (nonatomic, copy) NSString *coupon;
                @property (nonatomic, readonly) NSInteger count;
                @end
                """,
            "C.m": """
                @interface MoudleCart : NSObject <MoudleCart>
                @end
                @implementation MoudleCart
                @synthesize coupon = _coupon, count = _count;
                @end
                \(Self.plainRouter)
                """,
            "O.m": """
                @implementation Opener
                - (void)go {
                    [[QFRouter router] interfaceForURL:[NSURL URLWithString:@"MoudleCart://?Coupon=A1&count=3"]];
                    [[QFRouter router] interfaceForURL:[NSURL URLWithString:@"MoudleCart://?Count=3"]];
                }
                @end
                """,
        ])
        #expect(Self.findings(app) == ["O.m:4 qf-kvc-unknown-key error"])
    }

    /// A generic class's parameters (`@interface List<__covariant ObjectType> : NSObject`) and a superclass's type
    /// arguments (`: QFBaseListModule<NSString *> <MoudleList>`) are not protocol lists: read as one, the class adopted
    /// `NSString` and not its protocol (a false `qf-impl-not-conforming` warning) and lost its superclass (a false
    /// `qf-kvc-unknown-key` error for a key the superclass answers).
    @Test func genericClassesKeepTheirSuperclassAndProtocols() {
        let app = Self.app([
            "P.h": """
                @protocol MoudleList <NSObject>
                @property (nonatomic, assign) NSInteger page;
                @end
                @protocol MoudleGrid <NSObject>
                @end
                """,
            "C.m": """
                @interface QFBaseListModule<__covariant ObjectType> : NSObject
                @property (nonatomic, copy) NSString *from;
                @end
                @interface MoudleList : QFBaseListModule<NSString *> <MoudleList>
                @end
                @implementation MoudleList
                @synthesize page = _page;
                @end
                @interface MoudleGrid : QFBaseListModule<MoudleGrid>
                @end
                \(Self.plainRouter)
                """,
            "O.m": """
                @implementation Opener
                - (void)go {
                    [[QFRouter router] interfaceForURL:[NSURL URLWithString:@"MoudleList://?from=home&page=2"]];
                    [[QFRouter router] interfaceForProtocol:@protocol(MoudleGrid)];
                }
                @end
                """,
        ])
        #expect(app.classes["MoudleList"]?.superclass == "QFBaseListModule")
        #expect(app.classes["MoudleList"]?.adopts == ["MoudleList"])
        #expect(app.classes["QFBaseListModule"]?.superclass == "NSObject")
        // One group after a superclass with names alone is its protocol list.
        #expect(app.classes["MoudleGrid"]?.adopts == ["MoudleGrid"])
        #expect(Self.findings(app) == [])
    }

    /// A router subclass that overrides `classForProtocol:` names the modules: `+router` makes the shared instance with
    /// `[[self alloc] init]` (`QFRouter.m:21`, `allocWithZone:` through `super` at :30), so `[XYRouter router]` is an
    /// XYRouter, and `interfaceForProtocol:` and `interfaceForURL:` ask `[self classForProtocol:]` (:46, :51). Read
    /// with QFRouter's rule, `Cart` had no class (two false `qf-missing-impl` errors); when opens name both classes,
    /// which one made the shared instance is not known, and the rule with it.
    @Test func aRouterSubclassNamesTheModules() {
        let files = [
            "R.m": """
                @implementation QFRouter
                - (id)interfaceForProtocol:(Protocol *)p { return [[[self classForProtocol:p] alloc] init]; }
                - (Class)classForProtocol:(Protocol *)p { return NSClassFromString(NSStringFromProtocol(p)); }
                @end
                @interface XYRouter : QFRouter
                @end
                @implementation XYRouter
                - (Class)classForProtocol:(Protocol *)protocol {
                    return NSClassFromString([NSStringFromProtocol(protocol) stringByAppendingString:@"Impl"]);
                }
                @end
                @protocol Cart <NSObject>
                @end
                @interface CartImpl : NSObject <Cart>
                @end
                """,
            "O.m": """
                @implementation Opener
                - (void)go {
                    [[XYRouter router] interfaceForProtocol:@protocol(Cart)];
                    [[XYRouter router] interfaceForURL:[NSURL URLWithString:@"Cart://home"]];
                }
                @end
                """,
        ]
        let app = Self.app(files)
        #expect(app.router.suffix == "Impl")
        #expect(Self.findings(app) == [])
        var both = files
        both["O2.m"] = "@implementation Other\n- (void)go { [[QFRouter router] interfaceForProtocol:@protocol(Cart)]; }\n@end\n"
        #expect(Self.findings(Self.app(both)).allSatisfy { $0.hasSuffix("note") })
    }

    /// `@protocol(P)` given to a conformance test resolves nothing (only `interfaceForProtocol:` and `interfaceForURL:`
    /// do, `QFRouter.m:45-57`): an optional capability protocol has no class of its name by design. It was a false
    /// `qf-missing-impl` warning; the same reference elsewhere is still one.
    @Test func aConformanceTestIsNoLookup() {
        let app = Self.app([
            "P.h": "@protocol QFMoudleProtocol <NSObject>\n@end\n@protocol MoudleHome <QFMoudleProtocol>\n@end\n@protocol MoudleShareable <QFMoudleProtocol>\n@end\n",
            "C.m": """
                @interface MoudleHome : NSObject <MoudleHome>
                @end
                \(Self.plainRouter)
                """,
            "O.m": """
                @implementation Opener
                - (void)open {
                    id home = [[QFRouter router] interfaceForProtocol:@protocol(MoudleHome)];
                    if ([home conformsToProtocol:@protocol(MoudleShareable)]) { }
                    if (class_conformsToProtocol([home class], @protocol(MoudleShareable))) { }
                    Protocol *later = @protocol(MoudleShareable);
                }
                @end
                """,
        ])
        #expect(Self.findings(app) == ["O.m:6 qf-missing-impl warning"])
    }
}
