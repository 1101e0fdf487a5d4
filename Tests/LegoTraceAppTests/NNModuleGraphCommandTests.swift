import Foundation
import FoundationXML
import Testing

/// `lego-trace graph` and `check --format html` on an NNModule-swift trace, through the built binary.
@Suite struct NNModuleGraphCommandTests {
    /// The JSON document the page embeds (`<script type="application/json" id="lego-data">`), parsed.
    private func pageData(_ page: String) throws -> [String: Any] {
        let start = try #require(page.range(of: "<script type=\"application/json\" id=\"lego-data\">"))
        let end = try #require(page.range(of: "</script>", range: start.upperBound..<page.endIndex))
        let data = Data(page[start.upperBound..<end.lowerBound].utf8)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func graphDrawsTheServicesRoutersAndFindingsOfAnNNModuleTrace() throws {
        let runner = try CommandRunner()
        defer { runner.cleanUp() }
        #expect(try runner.lego("record", CommandRunner.packageFile("samples/nnmodule-faults.yml"), "-o", "nn.jsonl").status == 0)
        let dot = try runner.lego("graph", "nn.jsonl", "nn.dot")
        #expect(dot.status == 0, "\(dot.stderr)")
        #expect(dot.stderr.contains(" registry entries drawn, "), "\(dot.stderr)")
        let text = try runner.read("nn.dot")
        #expect(text.contains("\"m:service:ModuleRouteService\""))
        #expect(text.contains("label=\"ignored: priority tie"))
        #expect(text.contains("subgraph \"cluster_url:router shop\""))

        let svg = try runner.lego("graph", "nn.jsonl", "nn.svg")
        #expect(svg.status == 0, "\(svg.stderr)")
        let drawn = try XMLDocument(data: Data(try runner.bytes("nn.svg"))).rootElement()?.stringValue ?? ""
        for name in ["ModuleRouteService", "DebugRouter", "://shop/list", "LoginCheckAction", "CartService"] {
            #expect(drawn.contains(name), "missing \(name)")
        }

        // The page: every node of the graph JSON is drawn as n<index> in the inline SVG, the NN entities say what they
        // are, and the findings table lists the findings.
        #expect(try runner.lego("check", "nn.jsonl", "--format", "html", "-o", "nn.html").status == 1)
        let page = try runner.read("nn.html")
        let data = try pageData(page)
        let graph = try #require(data["graph"] as? [String: Any])
        let nodes = try #require(graph["nodes"] as? [[String: Any]])
        for index in nodes.indices { #expect(page.contains("id=\"n\(index)\""), "node n\(index) not drawn") }
        let kinds = Set(nodes.compactMap { $0["entity"] as? Bool == true ? $0["kind"] as? String : nil })
        #expect(kinds == ["service", "implementation", "router", "route", "redirect", "interceptor"])
        let edges = try #require(graph["edges"] as? [[String: Any]])
        #expect(edges.contains { $0["relation"] as? String == "ignored" && ($0["reason"] as? String)?.contains("priority tie") == true })
        let findings = try #require((data["report"] as? [String: Any])?["findings"] as? [[String: Any]])
        #expect(findings.contains { $0["ruleId"] as? String == "nn-priority-ignored" })
        let marked = nodes.filter { ($0["marks"] as? [String])?.isEmpty == false }.compactMap { $0["name"] as? String }
        #expect(marked.contains("ModuleRouteService") && marked.contains("CartService"))
    }
}
