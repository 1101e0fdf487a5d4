import Foundation
import LegoAnalysis
import LegoModel
import LegoTestSupport
import Testing
@testable import LegoScan

/// A repository holds more than the app: test targets, the example apps of its development pods, and business pods
/// under `Pods/` that the app links but the scan does not read. Each made false errors on correct apps (a test that
/// opens a bad URL on purpose, a pod example's own class prefix) or hid real ones (a test's mock of a missing module).
@Suite struct AppTargetsTests {
    /// The findings of the app in `files`, read with `framework`'s scanner, as `file:line severity rule`.
    static func findings(_ files: [String: String], framework: Framework) throws -> (lines: [String], outcome: ScanOutcome<any ScannedFrameworkApp>) {
        let directory = try TemporaryDirectory()
        try NNModuleScanTests.write(files, into: directory)
        let outcome = try AppScanner.scan(directory: directory.path, framework: framework)
        let lines = outcome.app.analyze(configuration: .init(), pathPrefix: "", sourceFiles: outcome.fileCount).findings.map {
            "\($0.location!.sourceLocation.file):\($0.location!.sourceLocation.line) \($0.severity.rawValue) \($0.ruleID)"
        }
        return (lines.sorted(), outcome)
    }

    /// An XFLegoVIPER module `BDJ<name>` (routing with the assembly macro, presenter, activity).
    static func viper(_ name: String, folder: String = "App") -> [String: String] {
        ["\(folder)/\(name)/BDJ\(name)Routing.m": """
            @interface BDJ\(name)Routing : XFRouting
            @end
            @implementation BDJ\(name)Routing
            XF_AutoAssemblyModule_Fast
            @end
            @interface BDJ\(name)Presenter : XFPresenter
            @end
            @interface BDJ\(name)Activity : XFActivity
            @end
            """]
    }

    static let xfApp: [String: String] = viper("Home").merging(viper("Cart")) { $1 }.merging([
        "App/Home/BDJHomeRouting+Cart.m": "@implementation BDJHomeRouting (Cart)\n- (void)cart { XF_PUSH_URLComponent_Fast(@\"bdj://home/cart\") }\n@end\n",
        "App/AppDelegate.m": """
            [[XFLegoConfig defaultConfig] setClassPrefix:@"BDJ"];
            @implementation AppDelegate
            - (void)launch {
                [XFURLRoute initURLGroup:@[@"bdj://home", @"bdj://home/cart"]];
                XF_ShowURLComponent2Window_Fast(@"bdj://home")
            }
            @end
            """,
    ]) { $1 }

    /// A unit-test target opens a missing URL and registers a mock on purpose; its stub class named like the app's
    /// missing module hid the app's real error. The target is every file of the test folder (a mock without the import
    /// too), and the app's own defect is reported as if the tests were not there.
    @Test func aTestTargetIsNotTheApp() throws {
        var files = Self.xfApp
        files["App/Home/BDJHomeRouting+Jump.m"] = """
            @implementation BDJHomeRouting (Jump)
            - (void)coupon { XF_PUSH_Component_Fast(@"Coupon") }
            @end
            """
        files["AppTests/BDJHomeTests.m"] = """
            #import <XCTest/XCTest.h>
            @interface BDJHomeTests : XCTestCase
            @end
            @implementation BDJHomeTests
            - (void)testUnknownURLAsserts { [XFURLRoute register:@"bdj://home/nothing" forComponent:@"Nothing"]; }
            @end
            """
        files["AppTests/Mocks/BDJCouponViewController.m"] = "@interface BDJCouponViewController : UIViewController\n@end\nXF_EXPORT_COMPONENT\n"
        let (lines, outcome) = try Self.findings(files, framework: .xflegoViper)
        // XFModuleReflect.m:16-36 (c95d757): no BDJCoupon class in the app, so the component is nil.
        #expect(lines == ["App/Home/BDJHomeRouting+Jump.m:2 error unknown-component"])
        #expect(outcome.excluded.contains(ScanExclusion(path: "AppTests", reason: .testCode(framework: "XCTest"), fileCount: 2)))
        #expect(ScanSummary.lines(outcome, source: "App").contains { $0.contains("AppTests (tests: XCTest, 2 files)") })
    }

    /// Only an import at the start of a line marks test code: a comment or a string that names XCTest, and a module
    /// whose name starts with one, do not. A test file outside a test folder goes alone.
    @Test func onlyAnImportDirectiveMarksTestCode() {
        func framework(_ text: String, _ language: SourceTree.Language) -> String? {
            TestCode.importedFramework(in: Array(text.utf8), language: language)
        }
        #expect(framework("#import <XCTest/XCTest.h>\n", .objectiveC) == "XCTest")
        #expect(framework("  @import XCTest;\n", .objectiveC) == "XCTest")
        #expect(framework("#import \"Kiwi.h\"\n", .objectiveC) == "Kiwi")
        #expect(framework("// unlike #import <XCTest/XCTest.h>, this is app code\n", .objectiveC) == nil)
        #expect(framework("NSString *s = @\"#import <XCTest/XCTest.h>\";\n", .objectiveC) == nil)
        #expect(framework("import UIKit\n@testable import Shop\n", .swift) == "XCTest")
        #expect(framework("import Testing\n", .swift) == "Swift Testing")
        #expect(framework("import TestingHelpers\nimport XCTestSupportKit\n", .swift) == nil)
        #expect(framework("let s = \"import XCTest\"\n", .swift) == nil)
        #expect(TestCode.testFolder(of: "App/Sub/Helper.m") == nil)
        #expect(TestCode.testFolder(of: "Modules/Home/Tests/HomeTests/HomeTests.swift") == "Modules/Home/Tests")
        #expect(TestCode.testFolder(of: "AppUITests/Flows/Login.swift") == "AppUITests")
        #expect(TestCode.testFolder(of: "Tests/AppTests/HomeTests.swift") == "Tests")
        // A feature named in the singular is app code; only its own test folder goes.
        #expect(TestCode.testFolder(of: "App/ABTest/Tests/Unit/ABTestTests.swift") == "App/ABTest/Tests")
        #expect(TestCode.testFolder(of: "App/Latest/LatestHelper.m") == nil)
        // An app or feature whose own name ends in Specs holds its tests; only the tests go.
        #expect(TestCode.testFolder(of: "CarSpecs/CarSpecsTests/CarSpecsTests.m") == "CarSpecs/CarSpecsTests")
        #expect(TestCode.testFolder(of: "Projects/Features/ProductSpecs/Tests/ProductSpecsTests.swift") == "Projects/Features/ProductSpecs/Tests")
        #expect(TestCode.testFolder(of: "TestHelpers/XCTestCase+Wait.m") == "TestHelpers")
        #expect(TestCode.testFolder(of: "App/Testimonials/Cell.m") == nil)
        // Objective-C module imports of Quick and friends; a doc comment's example import is no import.
        #expect(framework("@import Quick;\n@import Nimble;\n", .objectiveC) == "Quick")
        #expect(framework("/**\n Usage in tests:\n    @testable import ShopApp\n */\nimport UIKit\n", .swift) == nil)
    }

    /// `pod lib create` puts an example app beside a development pod's spec; it sets its own class prefix and registers
    /// its own URLs in another executable. Below the top it is set aside (the main app's prefix BDJ stays); at the top,
    /// when it is the only app, it is the app.
    @Test func aPodsExampleAppIsAnotherExecutable() throws {
        var files = Self.xfApp
        files["LocalPods/CartModule/CartModule.podspec"] = "Pod::Spec.new do |s| end\n"
        files["LocalPods/CartModule/Example/CartModule/CMAppDelegate.m"] = """
            @implementation CMAppDelegate
            - (void)launch {
                [[XFLegoConfig defaultConfig] setClassPrefix:@"CM"];
                [XFURLRoute initURLGroup:@[@"cm://demo"]];
                XF_ShowURLComponent2Window_Fast(@"cm://demo")
            }
            @end
            """
        files.merge(Self.viper("Demo", folder: "LocalPods/CartModule/Example/CartModule").mapValues { $0.replacingOccurrences(of: "BDJ", with: "CM") }) { $1 }
        let (lines, outcome) = try Self.findings(files, framework: .xflegoViper)
        // XFLegoConfig.m:104: the last setClassPrefix: that runs names every class; the example's CM never runs in the app.
        #expect(lines == [])
        #expect(outcome.excluded.contains(ScanExclusion(path: "LocalPods/CartModule/Example",
                                                        reason: .podExample(podspec: "LocalPods/CartModule/CartModule.podspec"), fileCount: 2)))

        // The pod alone, its example app the only code that runs the framework: read as the app.
        let alone = try Self.findings(files.filter { $0.key.hasPrefix("LocalPods/") }, framework: .xflegoViper)
        #expect(alone.lines == [])
        #expect(alone.outcome.excluded.isEmpty)
        #expect(alone.outcome.fileCount == 2)
    }

    /// A business module shipped as a pod is linked into the app and opened by URL with no header imported; its
    /// routing is in `Pods/`, which the scan does not read. The file named after the class makes the verdict a note.
    @Test func aModuleInAVendoredPodIsANote() throws {
        var files = Self.xfApp
        files["App/AppDelegate.m"] = files["App/AppDelegate.m"]!.replacingOccurrences(of: "@\"bdj://home/cart\"", with: "@\"bdj://home/cart\", @\"bdj://home/pay\"")
        files["App/Home/BDJHomeRouting+Pay.m"] = "@implementation BDJHomeRouting (Pay)\n- (void)pay { XF_Present_URLComponent_Fast(@\"bdj://home/pay\") }\n@end\n"
        files["Pods/BDJPayModule/Classes/BDJPayRouting.h"] = "@interface BDJPayRouting : XFRouting\n@end\n"
        files["Pods/BDJPayModule/Classes/BDJPayRouting.m"] = "@implementation BDJPayRouting\nXF_AutoAssemblyModule_Fast\n@end\n"
        let (lines, outcome) = try Self.findings(files, framework: .xflegoViper)
        #expect(lines == ["App/AppDelegate.m:4 note unknown-component", "App/Home/BDJHomeRouting+Pay.m:2 note unknown-component"])
        let message = try #require(outcome.app.analyze(configuration: .init(), pathPrefix: "", sourceFiles: 1).findings.first?.message)
        // XFModuleReflect.m:16-36 (c95d757): NSClassFromString finds a pod's class as well as the app's.
        #expect(message.contains("Pods/BDJPayModule/Classes/BDJPayRouting.h, a vendored file the scan does not read as the app, declares BDJPayRouting"))

        // With no such file in Pods/, a typo stays the error it is.
        files["App/Home/BDJHomeRouting+Pay.m"] = files["App/Home/BDJHomeRouting+Pay.m"]!.replacingOccurrences(of: "home/pay", with: "home/pya")
        files["App/AppDelegate.m"] = files["App/AppDelegate.m"]!.replacingOccurrences(of: "home/pay", with: "home/pya")
        #expect(try Self.findings(files, framework: .xflegoViper).lines == ["App/AppDelegate.m:4 error unknown-component",
                                                                           "App/Home/BDJHomeRouting+Pay.m:2 error unknown-component"])
    }

    /// QFMoudle: the class named after a protocol may be a pod's (`QFRouter.m:45-48` finds it by name at run time).
    @Test func aQFMoudleClassInAVendoredPodIsANote() throws {
        let files: [String: String] = [
            "Router/QFRouter.m": """
                @implementation QFRouter
                - (id)interfaceForProtocol:(Protocol *)p { Class c = NSClassFromString(NSStringFromProtocol(p)); return [[c alloc] init]; }
                @end
                """,
            "Protocols/Wallet.h": "@protocol Wallet <NSObject>\n@end\n",
            "App/Caller.m": "#import \"Wallet.h\"\n@implementation Caller\n- (void)go { [[QFRouter router] interfaceForProtocol:@protocol(Wallet)]; }\n@end\n",
            "Pods/WalletModule/Classes/Wallet.m": "@implementation Wallet\n@end\n",
        ]
        #expect(try Self.findings(files, framework: .qfMoudle).lines == ["App/Caller.m:3 note qf-missing-impl"])
        // A vendored file that only shares the name (another SDK's model header) declares no class Wallet: the error stays.
        var modelOnly = files
        modelOnly["Pods/WalletModule/Classes/Wallet.m"] = "@interface WalletModel : NSObject\n@end\n// class Walletish\n"
        #expect(try Self.findings(modelOnly, framework: .qfMoudle).lines == ["App/Caller.m:3 error qf-missing-impl"])
        #expect(try Self.findings(files.filter { !$0.key.hasPrefix("Pods/") }, framework: .qfMoudle).lines == ["App/Caller.m:3 error qf-missing-impl"])
    }

    /// NNModule-swift: a service whose protocol the app declares and a remote pod registers (the framework example's
    /// layout, an interface pod and an impl pod) is registered: `ModuleManager` runs every register method of every
    /// image (`ModuleManager.swift:31, 76-92`). The lookup was a false `nn-service-missing` error; with no pod
    /// registering it, it is the error it is.
    @Test func aServiceAVendoredPodRegistersIsNotMissing() throws {
        let files: [String: String] = [
            "Modules/ModuleServices/LoginService.swift": "import NNModule_swift\npublic protocol LoginService: ModuleFunctionalService { func login() }\n",
            "App/AppModule.swift": """
                import NNModule_swift
                final class Home { func go() { Module.service(of: LoginService.self).login() } }
                """,
            "Pods/LoginModule/LoginModule/Classes/LoginManager.swift": """
                import NNModule_swift
                extension Module.RegisterService {
                    @objc static func registerLoginService() { Module.register(service: (any LoginService).self, used: LoginManager.self) }
                }
                """,
        ]
        #expect(try Self.findings(files, framework: .nnModule).lines == [])
        let bare = files.filter { !$0.key.hasPrefix("Pods/") }
        #expect(try Self.findings(bare, framework: .nnModule).lines == ["App/AppModule.swift:2 error nn-service-missing"])
    }

    /// A folder linked in (`LocalPods/Cart -> ../../Shared/Cart`) is compiled by Xcode, so its classes are the app's: not
    /// following the link made every open of the module a false `qf-missing-impl` error. A link back to an ancestor is no
    /// loop, and a file reached through a link and where it lies is read once (twice, its class would be declared twice).
    @Test func aLinkedFolderIsReadOnceAndALoopEnds() throws {
        let outside = try TemporaryDirectory()
        try NNModuleScanTests.write(["Cart/Classes/Cart.m": "@interface Cart : NSObject <Cart>\n@end\n@implementation Cart\n@end\n"], into: outside)
        let directory = try TemporaryDirectory()
        try NNModuleScanTests.write([
            "Router/QFRouter.m": """
                @implementation QFRouter
                - (id)interfaceForProtocol:(Protocol *)p { return [[NSClassFromString(NSStringFromProtocol(p)) alloc] init]; }
                @end
                """,
            "Protocols/Cart.h": "@protocol Cart <NSObject>\n@end\n",
            "App/Caller.m": "@implementation Caller\n- (void)go { [[QFRouter router] interfaceForProtocol:@protocol(Cart)]; }\n@end\n",
        ], into: directory)
        try FileManager.default.createDirectory(atPath: directory.file("LocalPods"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: directory.file("LocalPods/Cart"), withDestinationPath: outside.file("Cart"))
        try FileManager.default.createSymbolicLink(atPath: directory.file("App/loop"), withDestinationPath: "..")
        try FileManager.default.createSymbolicLink(atPath: directory.file("App/CartAgain.m"), withDestinationPath: directory.file("LocalPods/Cart/Classes/Cart.m"))
        try FileManager.default.createSymbolicLink(atPath: directory.file("App/Dangling.m"), withDestinationPath: directory.file("nothing.m"))
        let outcome = try AppScanner.scan(directory: directory.path, framework: .qfMoudle)
        #expect(outcome.app.analyze(configuration: .init(), pathPrefix: "", sourceFiles: 0).findings.map(\.ruleID) == [])
        #expect(outcome.fileCount == 4)
        #expect(outcome.warnings.isEmpty)
    }

    /// NNModule-swift: SwiftUI previews (`#Preview { … }`, a `PreviewProvider`'s `previews`) run only in Xcode's canvas.
    /// A stub registered there for the preview was a false `nn-priority-ignored` warning on the app's own registration,
    /// and a route registered there a false `nn-route-duplicate`.
    @Test func swiftUIPreviewsAreNotTheApp() throws {
        let files: [String: String] = [
            "App/Login.swift": """
                import NNModule_swift
                protocol LoginService: ModuleFunctionalService {}
                final class LoginImpl: NSObject, LoginService { required override init() { super.init() } }
                extension Module.RegisterService {
                    @objc static func registerLogin() { Module.register(service: LoginService.self, used: LoginImpl.self) }
                }
                extension Module.Awake {
                    @objc static func loginRoutes() { Module.routeService.registerRoute("login") { _, _ in true } }
                }
                """,
            "App/LoginPreviews.swift": """
                import SwiftUI
                import NNModule_swift
                final class PreviewLogin: NSObject, LoginService { required override init() { super.init() } }
                #Preview("Logged in") {
                    Module.register(service: LoginService.self, used: PreviewLogin.self)
                    Module.routeService.registerRoute("login") { _, _ in true }
                    return LoginView()
                }
                struct LoginView_Previews: PreviewProvider {
                    static var previews: some View {
                        Module.register(service: LoginService.self, used: PreviewLogin.self)
                        return LoginView()
                    }
                }
                """,
        ]
        #expect(try Self.findings(files, framework: .nnModule).lines == [])
    }

    /// Two `setClassPrefix:` literals that disagree come from code that does not all run in one app: a UI-test helper
    /// without a test import sets its stub prefix `UT`, and, last in file order, it made every `BDJ` class of the app a
    /// false `unknown-component` error (`XFLegoConfig.m:104`: the call that runs names the classes). The prefix the
    /// app's module classes carry is the app's.
    @Test func ofDisagreeingPrefixesTheOneTheClassesCarryIsTheApps() throws {
        var files = Self.xfApp
        files["AppUITests/UTStubLauncher.m"] = """
            @implementation UTStubLauncher
            + (void)launch { [[XFLegoConfig defaultConfig] setClassPrefix:@"UT"]; }
            @end
            """
        let (lines, outcome) = try Self.findings(files, framework: .xflegoViper)
        #expect(lines == [])
        #expect((outcome.app as? ScannedApp)?.prefixes == ["BDJ"])
    }

    /// A pod's example app named `CartDemo` or `Sample` is set aside like `Example/`; a development pod outside the scanned
    /// folder leaves only the public headers CocoaPods links into `Pods/Headers/Public`, which are listed. Both gave false
    /// errors. A type conforming to another `…PreviewProvider` protocol (a chat's `LinkPreviewProvider`) is app code.
    @Test func examplesByOtherNamesLinkedPodHeadersAndOtherPreviewProviders() throws {
        var files = Self.xfApp
        files["LocalPods/CartModule/CartModule.podspec"] = "Pod::Spec.new do |s| end\n"
        files["LocalPods/CartModule/CartDemo/CMAppDelegate.m"] = """
            @implementation CMAppDelegate
            - (void)launch { [[XFLegoConfig defaultConfig] setClassPrefix:@"CM"]; [XFURLRoute initURLGroup:@[@"cm://demo"]]; }
            @end
            """
        #expect(try Self.findings(files, framework: .xflegoViper).lines == [])

        let outside = try TemporaryDirectory()
        try NNModuleScanTests.write(["PayModule/Classes/BDJPayRouting.h": "@interface BDJPayRouting : XFRouting\n@end\n"], into: outside)
        let directory = try TemporaryDirectory()
        var app = Self.xfApp
        app["App/AppDelegate.m"] = app["App/AppDelegate.m"]!.replacingOccurrences(of: "@\"bdj://home/cart\"", with: "@\"bdj://home/cart\", @\"bdj://home/pay\"")
        app["App/Home/BDJHomeRouting+Pay.m"] = "@implementation BDJHomeRouting (Pay)\n- (void)pay { XF_PUSH_URLComponent_Fast(@\"bdj://home/pay\") }\n@end\n"
        try NNModuleScanTests.write(app, into: directory)
        try FileManager.default.createDirectory(atPath: directory.file("Pods/Headers/Public/PayModule"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: directory.file("Pods/Headers/Public/PayModule/BDJPayRouting.h"),
                                                   withDestinationPath: outside.file("PayModule/Classes/BDJPayRouting.h"))
        let outcome = try AppScanner.scan(directory: directory.path, framework: .xflegoViper)
        #expect(outcome.app.analyze(configuration: .init(), pathPrefix: "", sourceFiles: 0).findings.map { "\($0.ruleID) \($0.severity.rawValue)" }
                == ["unknown-component note", "unknown-component note"])

        let chat: [String: String] = [
            "App/Chat.swift": """
                import NNModule_swift
                protocol LinkPreviewProvider {}
                struct ChatLinks: LinkPreviewProvider {
                    func open() { Module.routeService.openRoute("chat/none") }
                }
                """,
        ]
        #expect(try Self.findings(chat, framework: .nnModule).lines == ["App/Chat.swift:4 warning nn-route-unmatched"])
    }
}
