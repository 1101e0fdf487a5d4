import Foundation
import LegoAnalysis
import LegoGraph
import LegoModel
import LegoReport
import LegoScenario
import Testing
@testable import LegoScan

/// URLs and event names are string literals of the app: anything can be in them. Every output keeps them escaped
/// and well-formed: the text report, the model JSON, the scenario YAML and the DOT of the static graph.
@Suite struct HostileNameTests {
    private static let source = #"""
    @interface XFEvilRouting : XFRouting
    @end
    @interface XFEvilActivity : XFActivity
    @end
    [XFURLRoute initURLGroup:@[@"x://evil", @"x://evil/a\"b<script>\n\u001b[31m"]];
    @implementation XFEvilRouting
    XF_AutoAssemblyModule_Fast
    - (void)go {
        XF_PUSH_URLComponent_Fast(@"x://evil/a\"b<script>\n\u001b[31m")
        XF_SendEventForComponents_(@"e\\\"vent 🎉\n::error::", nil, @"Ghost\"\n")
        XF_ShowURLComponent2Window_Fast(@"x://evil")
    }
    @end
    """#

    private func app() -> ScannedApp {
        ScannedApp(facts: AppScanner.read(bytes: Array(Self.source.utf8), file: "Evil \"dir\"/中文\n.m", language: .objectiveC))
    }

    @Test func theTextReportPrintsEveryControlCharacterVisibly() {
        let result = StaticAnalyzer.analyze(app())
        #expect(!result.findings.isEmpty)
        let text = ReportFormat.text.render(result: result, context: ReportContext(tracePath: "Evil"))
        for line in text.split(separator: "\n") {
            #expect(!line.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x0D })
        }
        #expect(text.contains("\\n"))
        let github = ReportFormat.github.render(result: result, context: ReportContext(tracePath: "Evil"))
        #expect(!github.split(separator: "\n").dropFirst().contains { $0.hasPrefix("::error::") })
    }

    @Test func theModelJSONAndTheSARIFParse() throws {
        let app = app()
        let result = StaticAnalyzer.analyze(app)
        let model = app.modelJSON(source: "Evil", findings: result.findings)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(model.utf8)) as? [String: Any])
        let routes = try #require(object["routes"] as? [[String: Any]])
        #expect(routes.last?["url"] as? String == "x://evil/a\"b<script>\n\u{1B}[31m")
        let sarif = ReportFormat.sarif.render(result: result, context: ReportContext(tracePath: "Evil"))
        #expect(try JSONSerialization.jsonObject(with: Data(sarif.utf8)) is [String: Any])
    }

    @Test func theScenarioParsesBackWithTheSameURL() throws {
        let text = ScenarioWriter.scenario(for: app(), appName: "Evil \"app\"\n")
        let scenario = try Scenario.parse(yaml: text, file: "evil.yml")
        #expect(scenario.app.modules.map(\.name) == ["Evil"])
        // Comments stay on one line each: no line of the file starts a YAML key it did not mean to.
        #expect(!text.split(separator: "\n").contains { $0.hasPrefix("::") || $0.hasPrefix("<script>") })
    }

    @Test func theStaticGraphQuotesNamesInDOT() {
        let app = app()
        let graph = StaticGraph(app: app, findings: StaticAnalyzer.analyze(app).findings).moduleGraph
        #expect(graph.nodes.map(\.name) == ["Evil"])
        let dot = DOTWriter.write(graph)
        #expect(!dot.contains("<script>"))
        #expect(!dot.unicodeScalars.contains { $0.value == 0x1B })
    }
}

/// A capitalised literal as long as the input allows (issue #21): gene lookup took the square of its length in memory.
@Suite struct HugeNameTests {
    @Test func geneCandidatesStopAtTheLongestModuleNameAndShareTheNamesStorage() {
        #expect(Naming.geneCandidates(of: "NewAllPost") == ["Post", "AllPost"])
        #expect(Naming.geneCandidates(of: "NewAllPost", longest: 4) == ["Post"])
        let huge = String(repeating: "A", count: 1_000_000)
        #expect(Naming.geneCandidates(of: huge, longest: 16).count == 16)
    }

    @Test(.timeLimit(.minutes(1)))
    func aMegabyteCapitalisedComponentNameScansInLinearTimeAndMemory() throws {
        // 1 MB of `A`: a million candidates of half a megabyte each took 500 GB before.
        let huge = String(repeating: "A", count: 1_000_000)
        let source = """
            @interface XFPostRouting : XFRouting
            @end
            @implementation XFPostRouting
            XF_AutoAssemblyModule_Fast
            - (void)go { XF_PUSH_Component_Fast(@"\(huge)Post") }
            @end
            """
        let clock = ContinuousClock()
        let start = clock.now
        let app = ScannedApp(facts: AppScanner.read(bytes: Array(source.utf8), file: "Huge.m", language: .objectiveC))
        _ = StaticAnalyzer.analyze(app)
        #expect(app.module(named: huge + "Post")?.gene == "Post")
        #expect(clock.now - start < .seconds(20))
    }
}

@Suite struct StaticGraphTests {
    @Test func theFixtureGraphHasTheStaticEdgesAndTheFindingsMarked() throws {
        let app = try ScanFixtures.fixtureApp().app
        let graph = StaticGraph(app: app, findings: StaticAnalyzer.analyze(app).findings).moduleGraph
        let edges = graph.edges.map { "\($0.from) \($0.relation.rawValue) \($0.to)" }
        #expect(edges == ["Essence push Post", "Essence present Setting", "Essence push VideoPost", "IndexTab sub Essence",
                          "Post event Essence", "Setting event Essence"])
        #expect(graph.nodes.first { $0.name == "VideoPost" }?.gene == "Post")
        #expect(graph.nodes.first { $0.name == "Essence" }?.marks.map(\.kind) == [.duplicateName, .other])
        #expect(Set(graph.unplacedMarks.map(\.module)) == ["Missing", "Nobody", "Nowhere", "Web"])
    }

    @Test func theModelJSONDrawsTheSameGraphAsTheScan() throws {
        let app = try ScanFixtures.fixtureApp().app
        let findings = StaticAnalyzer.analyze(app).findings
        let model = app.modelJSON(source: "BDJApp", findings: findings)
        let read = try #require(StaticGraph(modelJSON: Data(model.utf8)))
        #expect(read.moduleGraph == StaticGraph(app: app, findings: findings).moduleGraph)
        #expect(StaticGraph(modelJSON: Data("{\"schema\": \"other\"}".utf8)) == nil)
    }

    /// Found by `fuzz-scan-model` (seed `duplicate-module.json`): a model naming a module twice crashed `graph`.
    @Test func aModelThatNamesAModuleTwiceDrawsItOnce() throws {
        let model = #"{"schema": "lego-trace-scan", "modules": [{"name": "A", "pattern": "VIPER"}, {"name": "A", "pattern": "MVC"}], "#
            + #""transitions": [{"fromModule": "A", "toModule": "A", "kind": "push"}]}"#
        let graph = try #require(StaticGraph(modelJSON: Data(model.utf8))).moduleGraph
        #expect(graph.nodes.map(\.name) == ["A"])
        #expect(DOTWriter.write(graph).contains("\"m:A\" -> \"m:A\""))
    }
}
