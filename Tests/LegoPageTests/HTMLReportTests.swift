import Foundation
import LegoGraph
import LegoModel
import LegoScenario
import Testing
@testable import LegoPage

@Suite struct HTMLReportTests {
    @Test func hostileNamesAreDataThatCannotCloseTheScriptOrOpenMarkup() throws {
        let fixture = try PageFixture.hostile()
        for name in PageFixture.hostileNames { #expect(fixture.graph.nodes.contains { $0.name == name }, "\(name.debugDescription) not in the graph") }
        let html = fixture.page.render()
        // Only the page's own two scripts end; no comment opens; the separators never appear raw.
        #expect(html.lowercased().components(separatedBy: "</script").count == 3)
        #expect(html.lowercased().components(separatedBy: "<script").count == 3)
        #expect(!html.contains("<!--"))
        #expect(!html.contains("\u{2028}") && !html.contains("\u{2029}"))
        #expect(html.contains("<title>lego-trace: &lt;/script&gt;&lt;b&gt;x&lt;/b&gt;.jsonl</title>"))
        let script = try #require(html.components(separatedBy: "id=\"lego-data\">").last?.components(separatedBy: "</script>").first)
        for character in ["<", ">", "&", "\u{2028}", "\u{2029}"] { #expect(!script.contains(character), "raw \(character.debugDescription) in the data") }
        // The data still says exactly what the trace said.
        let data = try PageFixture.data(of: html)
        let graph = try #require(data["graph"] as? [String: Any])
        let names = Set(try #require(graph["nodes"] as? [[String: Any]]).compactMap { $0["name"] as? String })
        for name in PageFixture.hostileNames { #expect(names.contains(name), "\(name.debugDescription) lost in the data") }
        let timeline = try #require(data["timeline"] as? [String: Any])
        let rows = try #require(timeline["modules"] as? [String])
        for name in PageFixture.hostileNames { #expect(rows.contains(name), "no lifetime row for \(name.debugDescription)") }
        #expect((timeline["bars"] as? [Any])?.count == fixture.timeline.bars.count)
        #expect((try #require(data["page"] as? [String: Any]))["title"] as? String == "</script><b>x</b>.jsonl")
    }

    /// NNModule-swift's services, routes, interceptors and the reasons of ignored registrations are data too.
    @Test func hostileNNModuleEntriesAreDataInThePage() throws {
        let fixture = try PageFixture.hostileNNModule()
        let html = fixture.page.render()
        #expect(html.lowercased().components(separatedBy: "</script").count == 3)
        #expect(html.lowercased().components(separatedBy: "<script").count == 3)
        #expect(!html.contains("<!--") && !html.contains("\u{2028}"))
        let graph = try #require(try PageFixture.data(of: html)["graph"] as? [String: Any])
        let nodes = try #require(graph["nodes"] as? [[String: Any]])
        let names = Set(nodes.compactMap { $0["name"] as? String })
        for name in PageFixture.hostileNames {
            for entry in [name, name + "Impl", name + "Mock", name + "Action"] { #expect(names.contains(entry), "\(entry.debugDescription) lost in the data") }
        }
        let reasons = Set(try #require(graph["edges"] as? [[String: Any]]).compactMap { $0["reason"] as? String })
        for name in PageFixture.hostileNames { #expect(reasons.contains("priority tie: " + name)) }
        // Every node is drawn in the inline SVG under the id the script finds it by.
        for index in nodes.indices { #expect(html.contains("id=\"n\(index)\""), "node n\(index) not drawn") }
    }

    @Test func thePageIsOneOfflineFileWithTheGraphInline() throws {
        let fixture = try PageFixture.sample("bdj-faults")
        let html = fixture.page.render()
        #expect(html.contains("Content-Security-Policy\" content=\"default-src 'none'"))
        for remote in ["<link", "src=", "@import", "url(http", "href=\"http", "fetch(", "XMLHttpRequest"] {
            #expect(!html.contains(remote), "the page refers to \(remote)")
        }
        #expect(!html.contains("<?xml") && !html.contains("<!DOCTYPE svg"))
        // Every module is drawn once, with the id the script finds it by, in the order of the embedded graph.
        for index in fixture.graph.nodes.indices { #expect(html.contains("<g id=\"n\(index)\" class=\"node\">"), "node n\(index)") }
        for index in fixture.graph.edges.indices { #expect(html.contains("<g id=\"e\(index)\" class=\"edge\">"), "edge e\(index)") }
        let data = try PageFixture.data(of: html)
        let report = try #require(data["report"] as? [String: Any])
        #expect((report["findings"] as? [Any])?.count == fixture.result.findings.count)
        #expect(fixture.result.findings.map(\.ruleID).contains("leaked-module"))
        #expect(html.contains("<table id=\"findings\""))
        let withoutTable = HTMLReport(title: "t", graph: fixture.graph, svg: nil, notice: "not drawn", layout: nil, timeline: fixture.timeline,
                                      result: fixture.result, context: .init(tracePath: "t"), findingsTable: false).render()
        #expect(!withoutTable.contains("<table id=\"findings\""))
        #expect(!withoutTable.contains("<svg"))
        #expect((try PageFixture.data(of: withoutTable)["page"] as? [String: Any])?["notice"] as? String == "not drawn")
    }

    @Test func theInlineSVGKeepsClusterTitlesAndDropsTheProlog() {
        let svg = """
        <?xml version="1.0"?>
        <!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x">
        <svg><!-- m:a&#45;&#45;&gt; --><g id="graph0"><title>lego&#45;trace</title>
        <g class="cluster"><title>cluster_url:bdj://essence</title></g>
        <g id="n0" class="node"><title>m:&lt;/title&gt;</title><text>x</text></g><!-- end --></g></svg>
        """
        #expect(HTMLReport.inlineSVG(svg) == """
        <svg><g id="graph0">
        <g class="cluster"><title>cluster_url:bdj://essence</title></g>
        <g id="n0" class="node"><text>x</text></g></g></svg>
        """)
    }

    @Test func scriptSafeJSONEscapesEveryCharacterThatCouldEndAScript() {
        #expect(JSONText.scriptSafe("{\"a\":\"</script>&\u{2028}\u{2029}\"}") == "{\"a\":\"\\u003c/script\\u003e\\u0026\\u2028\\u2029\"}")
    }
}

