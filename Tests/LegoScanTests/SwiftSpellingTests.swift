import LegoModel
import Testing
@testable import LegoScan

/// Swift calls the framework through the Objective-C importer's names; scan derives them from its one call table
/// (`XFCallTable`) by the importer's rules (`ImportedName`) rather than listing a few by hand.
@Suite struct SwiftSpellingTests {
    private func spelling(_ selector: String, _ types: [String]) -> [String] {
        ImportedName.spellings(of: selector, types: types).map { name in
            name.base + "(" + name.labels.map { ($0 ?? "_") + ":" }.joined() + ")"
        }
    }

    @Test func selectorsImportByTheImportersRules() {
        // XFUIBus.h:102 `openURL:(NSString *)url onWindow:(UIWindow *)mainWindow customCode:…`: `Window` repeats the type.
        #expect(spelling("openURL:onWindow:customCode:", ["NSString", "UIWindow", "CustomCodeBlock"]).first == "openURL(_:on:customCode:)")
        #expect(spelling("openURLForPush:customCode:", ["NSString", "CustomCodeBlock"]).first == "openURL(forPush:customCode:)")
        // XFEventBus.h:59.
        #expect(spelling("sendEventName:intentData:forComponents:", ["NSString", "id", "NSArray"]).first == "sendEventName(_:intentData:forComponents:)")
        #expect(spelling("isEqualToString:", ["NSString"]).first == "isEqual(to:)")
        #expect(spelling("createSubUInterfaceFromURLComponent:parentUInterface:", ["NSString", "UIViewController"]).first
            == "createSubUInterface(fromURLComponent:parentUInterface:)")
        // XFVIPERModuleAssembly.h:37 and :46.
        #expect(spelling("autoAssemblyModule", []) == ["autoAssemblyModule()"])
        #expect(spelling("autoAssemblyModuleFromShareModuleName:", ["NSString"]) == ["autoAssemblyModule(fromShareModuleName:)"])
        #expect(spelling("showComponent:onWindow:params:customCode:", ["NSString", "UIWindow", "NSDictionary", "CustomCodeBlock"]).first
            == "showComponent(_:on:params:customCode:)")
    }

    @Test func everySelectorOfTheTableHasASwiftSpellingUnlessVariadic() {
        let spelled = Set(XFCallTable.swiftSpellings.values.flatMap { $0.map(\.selector) })
        for selector in XFCallTable.selectors where !selector.variadic {
            #expect(spelled.contains(selector.name), "\(selector.name)")
        }
    }

    @Test func theObjectiveCFilterComesFromTheTable() {
        #expect(XFCallTable.firstPieces.contains("openURLForPush"))
        #expect(XFCallTable.firstPieces.contains("registerMVxNotifications"))
        #expect(XFCallTable.unarySelectors == ["popComponent", "dismissComponent", "autoAssemblyModule", "enableVerifyURLRoute"])
    }

    @Test func aSwiftAppsRootTransitionsAssemblyAndEventsAreFound() throws {
        let app = try AppScanner.scan(directory: ScanFixtures.path("SwiftApp")).app
        #expect(app.prefixes == ["SW"])
        // AppDelegate.swift:11 `XFUIBus.openURL("sw://home", on: window!) { _ in }`: openURL:onWindow:customCode:.
        #expect(app.root?.toModule == "Home")
        #expect(app.root?.fact.location.line == 11)
        #expect(app.routes.map(\.url) == ["sw://home", "sw://home/detail"])
        #expect(app.edges(.push) == ["Home -> Detail", "Home -> Detail"])
        #expect(app.edges(.sub) == ["Home -> Detail"])
        #expect(app.edges(.pop) == ["Detail -> -"])
        #expect(app.module(named: "Home")?.assembly?.macro == "autoAssemblyModule")
        #expect(app.events.map { "\($0.fromModule ?? "-"):\($0.fact.event.literal ?? "?")->\($0.fact.components.compactMap(\.literal))" }
            == ["Detail:refresh->[\"Home\"]"])
    }

    @Test func theObjectiveCSpellingsStillRead() {
        let facts = ScanFixtures.objc("""
        @implementation XFARouting
        - (void)a { [self.uiBus openURL:@"x://a" onWindow:w customCode:nil]; [self.assembly autoAssemblyModule]; }
        @end
        """)
        #expect(facts.transitions.map(\.kind) == [.root])
        #expect(facts.assemblies.map(\.macro) == ["autoAssemblyModule"])
    }
}
