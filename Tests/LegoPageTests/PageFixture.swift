import Foundation
import LegoAnalysis
import LegoGraph
import LegoModel
import LegoRender
import LegoReport
import LegoScenario
import LegoTraceIO
@testable import LegoPage

/// Runs a scenario into memory and makes its HTML report the way the commands do: one replay feeding the
/// analyzer, the graph builder and the timeline recorder, the graph rendered by libgraphviz.
struct PageFixture {
    static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("samples")

    let events: [TraceEvent]
    let graph: ModuleGraph
    let timeline: Timeline
    let result: AnalysisResult
    let page: HTMLReport

    init(scenario: any FrameworkScenario, title: String = "trace.jsonl", findingsTable: Bool = true) throws {
        let buffer = TraceBuffer()
        _ = scenario.run(sink: buffer, console: nil, logs: false)
        try self.init(events: buffer.events, title: title, findingsTable: findingsTable, framework: scenario.framework)
    }

    init(events: [TraceEvent], title: String = "trace.jsonl", findingsTable: Bool = true, framework: Framework = .default) throws {
        self.events = events
        let session = Analyzer().makeSession(header: TraceHeader(producer: "test", start: "2026-01-01T00:00:00Z", app: "Test", framework: framework))
        let builder = GraphBuilder(), recorder = TimelineRecorder()
        var replayer = session.replayer
        replayer.observers += [builder, recorder]
        replayer.run(events)
        result = session.result()
        graph = builder.graph(scope: .history, marks: GraphMark.marks(from: result.findings))
        timeline = recorder.timeline(grace: 2)
        let layout = GraphLayout.resolve(nil, for: graph)
        let svg = try GraphvizRenderer.render(dot: DOTWriter.write(graph, options: { var options = DOTOptions.forLayout(layout); options.tooltips = false; return options }()), layout: layout.rawValue, format: .svg)
        page = HTMLReport(title: title, graph: graph, svg: String(decoding: svg, as: UTF8.self), layout: layout, timeline: timeline,
                          result: result, context: ReportContext(tracePath: title), findingsTable: findingsTable)
    }

    /// A sample under `samples/`.
    static func sample(_ name: String) throws -> PageFixture {
        try PageFixture(scenario: try ScenarioDocument.load(path: samples.appendingPathComponent(name + ".yml").path), title: "samples/\(name).yml")
    }

    /// Module and event names that try to break out of the page's script, markup and comments.
    static let hostileNames = [
        "</script><script>alert(1)</script>", "<!--x", "a&amp;b<b>\"q'\\", "line\u{2028}sep\u{2029}end", "帖子😀-->", "rtl\u{202E}gnp.exe",
    ]

    /// An app whose modules carry `hostileNames`, each pushed and sent an event, in a trace titled with markup.
    static func hostile() throws -> PageFixture {
        func quoted(_ text: String) -> String {
            // JSON string syntax is a valid YAML double-quoted scalar.
            String(String(decoding: try! JSONSerialization.data(withJSONObject: [text]), as: UTF8.self).dropFirst().dropLast())
        }
        var yaml = "app:\n  name: Hostile\n  prefix: HX\n  modules:\n    - {name: IndexTab}\n"
        for name in hostileNames { yaml += "    - {name: \(quoted(name))}\n" }
        yaml += "journey:\n  - showRoot: IndexTab\n"
        for name in hostileNames { yaml += "  - push: \(quoted(name))\n  - sendEvent: \(quoted("ev" + name))\n    to: \(quoted(name))\n" }
        return try PageFixture(scenario: try Scenario.parse(yaml: yaml, file: "hostile.yml"), title: "</script><b>x</b>.jsonl")
    }

    /// An NNModule-swift trace whose services, impls, ignored registrations, routes and interceptors carry `hostileNames`.
    static func hostileNNModule() throws -> PageFixture {
        var events = [TraceEvent(kind: .nnRouterCreate, name: hostileNames[0], object: 1, value: "nn")]
        for (index, name) in hostileNames.enumerated() {
            events += [
                TraceEvent(kind: .nnServiceRegister, name: name, className: name + "Impl", effect: .added, count: 0, ok: true),
                TraceEvent(kind: .nnServiceRegister, name: name, className: name + "Mock", peerName: name + "Impl", effect: .ignored,
                           value: "priority tie: " + name, count: 0, ok: true),
                TraceEvent(kind: .nnRouteRegister, name: "://r\(index)/" + name, object: 1, peerName: "push " + name, url: name, effect: .added, ok: true),
                TraceEvent(kind: .nnInterceptorAdd, className: name + "Action", object: 1, ok: true),
            ]
        }
        for index in events.indices { events[index].seq = UInt64(index + 1) }
        return try PageFixture(events: events, title: "nn.jsonl", framework: .nnModule)
    }

    /// The embedded data of a rendered page, parsed.
    static func data(of html: String) throws -> [String: Any] {
        let open = "<script type=\"application/json\" id=\"lego-data\">"
        guard let start = html.range(of: open), let end = html[start.upperBound...].range(of: "</script>") else {
            throw FixtureError("no embedded data")
        }
        let json = try JSONSerialization.jsonObject(with: Data(html[start.upperBound..<end.lowerBound].utf8))
        guard let object = json as? [String: Any] else { throw FixtureError("the data is not an object") }
        return object
    }
}

struct FixtureError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
