import Foundation
import LegoAnalysis
import LegoGraph
import LegoModel
import LegoPage
import LegoRender
import LegoReplay
import LegoReport

/// The HTML report of a 3,000-module app: how long it takes to make, how large it is, and how soon a browser
/// (headless chromium, when installed) has it interactive.
enum HTMLBench {
    static func run(_ context: BenchContext) throws -> [BenchResult] {
        let modules = context.quick ? 600 : 3_000
        let events = try GraphBench.generatedEvents(modules: modules)
        let made = try BenchClock.measure { () throws -> (html: String, nodes: Int, layout: String) in
            let session = Analyzer().makeSession(header: TraceHeader(producer: "lego-bench", start: "2026-01-01T00:00:00Z", app: "Generated"))
            let builder = GraphBuilder(), recorder = TimelineRecorder()
            var replayer = session.replayer
            replayer.observers += [builder, recorder]
            replayer.run(events)
            let result = session.result()
            let graph = builder.graph(scope: .history, marks: GraphMark.marks(from: result.findings))
            let layout = try GraphLayout.choose(nil, for: graph)
            let svg = try GraphvizRenderer.render(dot: DOTWriter.write(graph, options: { var options = DOTOptions.forLayout(layout); options.tooltips = false; return options }()), layout: layout.rawValue, format: .svg)
            let page = HTMLReport(title: "generated-\(modules).jsonl", graph: graph, svg: String(decoding: svg, as: UTF8.self), layout: layout,
                                  timeline: recorder.timeline(), result: result, context: ReportContext(tracePath: "generated"), findingsTable: true)
            return (page.render(), graph.nodes.count, layout.rawValue)
        }
        var results: [BenchResult] = []
        var row = BenchResult(
            section: "html", name: "\(made.value.nodes) modules: replay + SVG (\(made.value.layout)) + HTML report", events: events.count,
            bytes: made.value.html.utf8.count, wallSeconds: made.wall, cpuSeconds: made.cpu, maxSeconds: 10)
        row.note = "\(String(format: "%.1f", Double(made.value.html.utf8.count) / 1_048_576)) MiB page"
        results.append(row)

        // The page's script writes `data-ready-ms` (performance.now() when it is done) into its status element.
        guard let chromium = ["/usr/bin/chromium", "/usr/local/bin/chromium"].first(where: FileManager.default.isExecutableFile(atPath:)) else {
            var skipped = BenchResult(section: "html", name: "report interactive in chromium", events: 0, bytes: nil, wallSeconds: 0, cpuSeconds: 0)
            skipped.note = "skipped: no chromium (scripts/install-chromium.sh)"
            results.append(skipped)
            return results
        }
        let page = context.directory + "/report.html", dom = context.directory + "/dom.html"
        try made.value.html.write(toFile: page, atomically: true, encoding: .utf8)
        // LEGO_BENCH_KEEP_HTML=FILE keeps a copy of the page, for profiling it in a browser by hand.
        if let keep = ProcessInfo.processInfo.environment["LEGO_BENCH_KEEP_HTML"] { try made.value.html.write(toFile: keep, atomically: true, encoding: .utf8) }
        var best = Double.infinity
        var process = 0.0
        for _ in 0..<3 {
            let browser = try ChildProcess.run(
                [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--user-data-dir=\(context.directory)/chromium",
                 "--dump-dom", URL(fileURLWithPath: page).absoluteString], stdoutPath: dom)
            let text = (try? String(contentsOfFile: dom, encoding: .utf8)) ?? ""
            guard browser.status == 0, let range = text.range(of: "data-ready-ms=\""),
                  let ready = Double(text[range.upperBound...].prefix { $0.isNumber }) else {
                throw BenchUsageError(message: "chromium did not report the page ready (exit \(browser.status))")
            }
            if ready < best { best = ready; process = browser.wall }
        }
        var interactive = BenchResult(
            section: "html", name: "\(made.value.nodes)-module report interactive in chromium", events: 0, bytes: nil,
            wallSeconds: best / 1_000, cpuSeconds: 0, maxSeconds: 2)
        interactive.note = "script done after navigation, best of 3; chromium start to exit \(String(format: "%.1f", process)) s"
        results.append(interactive)
        return results
    }
}
