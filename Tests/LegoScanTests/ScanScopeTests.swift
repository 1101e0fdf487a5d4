import LegoAnalysis
import LegoModel
import Testing
@testable import LegoScan

/// What is not the app is not scanned: vendored folders, a copy of the framework recognised by its own classes,
/// paths excluded by glob; and an Objective-C category is never a class or a module (`Fixtures/VendoredApp`).
@Suite struct ScanScopeTests {
    private func scan(_ scope: ScanScope = ScanScope()) throws -> AppScanner.Outcome {
        try AppScanner.scan(directory: ScanFixtures.path("VendoredApp"), scope: scope)
    }

    @Test func aFrameworkCopyIsRecognisedByItsClassesAndLeftOut() throws {
        let outcome = try scan()
        // Lib/XFLegoVIPER declares XFUIBus and XFRouting (the framework's own classes, XFUIBus.h and XFRouting.h
        // at c95d757): the whole folder goes, XFLegoMarco.h's XFDemoViewController and XFTemplateRouting with it.
        #expect(outcome.app.modules.map(\.name) == ["Detail", "Generated", "Home"])
        #expect(outcome.app.transitions.map(\.fact.location.file).allSatisfy { !$0.hasPrefix("Lib/") })
        let copy = try #require(outcome.excluded.first { $0.path == "Lib/XFLegoVIPER" })
        #expect(copy.reason == .frameworkCopy(classes: ["XFRouting", "XFUIBus"]))
        #expect(copy.fileCount == 4)
        #expect(outcome.excluded.contains(AppScanner.Exclusion(path: "SourcePackages", reason: .vendoredFolder, fileCount: 0)))
        #expect(outcome.fileCount == 4)
    }

    @Test func theSummaryListsWhatWasExcluded() throws {
        let lines = ScanSummary.lines(try scan(ScanScope(exclude: ["Generated"])), source: "VendoredApp")
        let row = try #require(lines.first { $0.hasPrefix("  excluded") })
        #expect(row.contains("SourcePackages (vendored)"))
        #expect(row.contains("Lib/XFLegoVIPER (a copy of XFLegoVIPER: declares XFRouting, XFUIBus, 4 files)"))
        #expect(row.contains("1 file excluded by Generated"))
    }

    @Test func excludeAndIncludeGlobsChooseTheFiles() throws {
        #expect(try scan(ScanScope(exclude: ["Generated"])).app.module(named: "Generated") == nil)
        #expect(try scan(ScanScope(exclude: ["Gen*/**"])).app.module(named: "Generated") == nil)
        let onlyApp = try scan(ScanScope(include: ["App/**"]))
        #expect(onlyApp.app.modules.map(\.name) == ["Home"])
        // Swift/, Generated/ and the four files of Lib/XFLegoVIPER are not under App/.
        #expect(onlyApp.excluded.contains { $0.reason == .scope("not under scan.include") && $0.fileCount == 6 })
    }

    @Test func globsMatchComponentsFoldersAndDoubleStars() {
        #expect(ScanScope.matches(pattern: "Generated", path: "A/Generated/B.m"))
        #expect(ScanScope.matches(pattern: "*.gen.m", path: "A/x.gen.m"))
        #expect(!ScanScope.matches(pattern: "*.gen.m", path: "A/x.m"))
        #expect(ScanScope.matches(pattern: "Lib/Vendor", path: "Lib/Vendor/Sub/X.m"))
        #expect(!ScanScope.matches(pattern: "Lib/Vendor", path: "App/Lib/Vendor/X.m"))
        #expect(ScanScope.matches(pattern: "**/Vendor/**", path: "App/Lib/Vendor/X.m"))
        #expect(ScanScope.matches(pattern: "App/*.m", path: "App/X.m"))
        #expect(!ScanScope.matches(pattern: "App/*.m", path: "App/Sub/X.m"))
    }

    @Test func theConfigFileNamesScanGlobs() throws {
        let configuration = try AnalysisConfiguration.parse(yaml: "scan:\n  include: [App/**, Swift]\n  exclude: Generated\n", file: "c.yml")
        #expect(configuration.scanInclude == ["App/**", "Swift"])
        #expect(configuration.scanExclude == ["Generated"])
        #expect(throws: AnalysisError.self) { try AnalysisConfiguration.parse(yaml: "scan:\n  exclud: [x]\n", file: "c.yml") }
    }

    @Test func anObjectiveCCategoryIsNeverAClassOrAModule() throws {
        let app = try scan().app
        // `@implementation UIViewController (VDHelpers)` would otherwise make a module `UI` (MVC), and
        // `@implementation VDHomeRouting (Tracking)` a second declaration of the routing.
        #expect(app.module(named: "UI") == nil)
        #expect(!app.facts.classes.contains { $0.name == "UIViewController" })
        #expect(app.facts.classes.filter { $0.name == "VDHomeRouting" }.count == 2)
        #expect(app.module(named: "Home")?.location.line == 1)
    }

    @Test func aSwiftExtensionIsNeverAClassOrAModule() throws {
        let facts = AppScanner.read(bytes: Array("extension UIViewController { func a() {} }\nclass VDXViewController: UIViewController {}".utf8),
                                    file: "X.swift", language: .swift)
        #expect(facts.classes.map(\.name) == ["VDXViewController"])
    }
}
