import Foundation
import LegoGraph
import LegoScenario
import LegoTestSupport
import Testing
@testable import LegoPage

/// The HTML report loaded in a real browser (Debian's chromium, headless): the script runs without errors and
/// its status element reports what it found in the DOM.
@Suite(.enabled(if: Browser.executable != nil, Browser.unavailableReason), .serialized)
struct BrowserTests {
    private func write(_ html: String, named name: String) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lego-page-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name)
        try Data(html.utf8).write(to: url)
        return url
    }

    @Test func theSeededFaultsReportWorksInChromium() throws {
        let fixture = try PageFixture.sample("bdj-faults")
        let page = try write(fixture.page.render(), named: "bdj-faults.html")
        defer { try? FileManager.default.removeItem(at: page.deletingLastPathComponent()) }
        let run = try Browser.run(page, fragment: "#module=PostComment", arguments: ["--virtual-time-budget=5000", "--dump-dom"])
        let status = Browser.status(in: run.stdout)
        #expect(status["ready"] == "true", "the page's script did not finish: \(run.stderr.suffix(2_000))")
        #expect(status["data-errors"] == "0", "script errors (see the browser's log): \(run.stderr.suffix(2_000))")
        #expect(!run.stderr.contains("Uncaught"), "\(run.stderr.suffix(2_000))")
        #expect(status["data-nodes"] == String(fixture.graph.nodes.count))
        #expect(status["data-graph-nodes"] == String(fixture.graph.nodes.count))
        #expect(status["data-clusters"] == "5", "the URL clusters the page can collapse")
        #expect(status["data-findings"] == String(fixture.result.findings.count))
        #expect(status["data-finding-rows"] == String(fixture.result.findings.count))
        #expect(fixture.result.findings.count == 5, "the seeded faults: leaked SignIn, two duplicates, an illegal URL, an orphan")
        // The deep link searched for PostComment and selected it.
        #expect(status["data-selected"] == "PostComment")
        #expect(status["data-search-results"] == "1")
        // SignIn leaks: its bar never ends after its screen was dismissed, hatched beyond the grace period.
        #expect(status["data-bars"] == String(fixture.timeline.bars.count))
        #expect(Int(status["data-leak-bars"] ?? "") ?? 0 >= 1)
        #expect(run.stdout.contains("data-leak=\"never-released\""))
        #expect(Int(status["data-overlaps"] ?? "") ?? 0 >= 1, "the two live Posts overlap")
        #expect(run.stdout.contains("clip-path=\"url(#label-clip)\">SignIn</text>"))
        #expect(status["data-drawn-bars"] == status["data-bars"], "every row of a small trace is drawn at once")
    }

    /// `/` goes to the search, arrows move through its results and Enter opens one; arrows and Enter move through the
    /// findings table; each finding has its location, and the filter does not call an orphan a leak.
    @Test func theKeyboardReachesTheSearchAndTheFindingsAndEachFindingHasItsLocation() throws {
        let fixture = try PageFixture.sample("bdj-faults")
        let harness = """
        <script>
        setTimeout(function () {
          var s = document.getElementById('lego-status');
          function key(target, k) { target.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true })); }
          key(document.body, '/');
          s.setAttribute('data-k-slash', document.activeElement ? document.activeElement.id : '');
          var input = document.getElementById('search');
          input.value = 'Post';
          input.dispatchEvent(new Event('input', { bubbles: true }));
          key(input, 'ArrowDown');
          var active = document.querySelector('#search-results li.active');
          s.setAttribute('data-k-active', active ? active.getAttribute('data-index') : '');
          s.setAttribute('data-k-active-name', active ? active.textContent.replace(/\\s*⚠$/, '') : '');
          document.getElementById('search-form').requestSubmit();
          s.setAttribute('data-k-opened', s.getAttribute('data-selected') || '');
          var rows = document.querySelectorAll('#findings tbody tr');
          rows[0].focus();
          key(rows[0], 'ArrowDown');
          s.setAttribute('data-k-row', document.activeElement ? document.activeElement.id : '');
          key(document.activeElement, 'Enter');
          var marked = document.querySelector('#findings tr.selected');
          s.setAttribute('data-k-marked', marked ? marked.id : '');
          s.setAttribute('data-k-locations', Array.prototype.map.call(document.querySelectorAll('#findings td.location'), function (td) { return td.textContent; }).join('|'));
          s.setAttribute('data-k-filters', document.getElementById('filters').textContent);
        }, 50);
        </script>
        """
        let html = fixture.page.render().replacingOccurrences(of: "</body>", with: harness + "</body>")
        let page = try write(html, named: "keys.html")
        defer { try? FileManager.default.removeItem(at: page.deletingLastPathComponent()) }
        let run = try Browser.run(page, arguments: ["--virtual-time-budget=5000", "--dump-dom"])
        let status = Browser.status(in: run.stdout)
        #expect(status["data-errors"] == "0", "\(run.stderr.suffix(2_000))")
        #expect(status["data-k-slash"] == "search")
        #expect(status["data-k-active-name"] != nil && status["data-k-active-name"] != "Post", "ArrowDown moved past the first result")
        #expect(status["data-k-opened"] == status["data-k-active-name"], "Enter opened the highlighted result")
        #expect(status["data-k-row"] == "finding-1")
        #expect(status["data-k-marked"] == "finding-1")
        let locations = (status["data-k-locations"] ?? "").split(separator: "|")
        #expect(locations.count == fixture.result.findings.count)
        #expect(locations.allSatisfy { $0.hasPrefix("samples/bdj-faults.yml:") || $0.hasPrefix("seq ") }, "\(locations)")
        let filters = status["data-k-filters"] ?? ""
        #expect(filters.contains("leaked (1)") && filters.contains("orphan (not a leak) (1)"), "\(filters)")
    }

    @Test func aCleanTraceSaysItHasNoFindings() throws {
        let fixture = try PageFixture.sample("bdj-app")
        #expect(fixture.result.findings.isEmpty)
        let page = try write(fixture.page.render(), named: "clean.html")
        defer { try? FileManager.default.removeItem(at: page.deletingLastPathComponent()) }
        let run = try Browser.run(page, arguments: ["--virtual-time-budget=5000", "--dump-dom"])
        #expect(Browser.status(in: run.stdout)["data-errors"] == "0")
        #expect(run.stdout.contains("<p id=\"findings-empty\" class=\"empty\">No findings"), "the empty state is shown")
        #expect(run.stdout.contains("<table id=\"findings\" class=\"findings\" hidden"), "and the empty table is not")
    }

    /// A service, a route and a router of NNModule-swift have no lifetimes: their panel gives the framework's facts and
    /// each relation (the kept and the ignored registration with their priorities, the route's screen, the nested router).
    @Test func anNNModuleServiceRouteAndRouterShowTheirFactsAndRelations() throws {
        let fixture = try PageFixture.sample("nnmodule-faults")
        let page = try write(fixture.page.render(), named: "nn.html")
        defer { try? FileManager.default.removeItem(at: page.deletingLastPathComponent()) }
        func panel(selecting name: String) throws -> String {
            let fragment = "#module=" + name.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
            let run = try Browser.run(page, fragment: fragment, arguments: ["--virtual-time-budget=5000", "--dump-dom"])
            #expect(Browser.status(in: run.stdout)["data-errors"] == "0", "\(run.stderr.suffix(2_000))")
            #expect(Browser.status(in: run.stdout)["data-selected"] == name)
            let start = try #require(run.stdout.range(of: "id=\"panel\""))
            let end = run.stdout[start.upperBound...].range(of: "</aside>")?.lowerBound ?? run.stdout.endIndex
            return String(run.stdout[start.upperBound..<end])
        }
        let service = try panel(selecting: "ModuleRouteService")
        #expect(service.contains("<div class=\"muted\">service</div>"))
        #expect(service.contains("implemented by <button class=\"link\" type=\"button\">Router</button> (priority 100)"), "\(service)")
        #expect(service.contains("ignored registration of <button class=\"link\" type=\"button\">DebugRouter</button> (priority 100;"), "\(service)")
        #expect(service.contains("nn-priority-ignored"))
        #expect(!service.contains("Instances and lifetimes"), "a service has no instances")
        let route = try panel(selecting: "://shop/list")
        #expect(route.contains("route · in router shop"), "\(route)")
        #expect(route.contains("pushed <button class=\"link\" type=\"button\">ShopList</button>"), "\(route)")
        let router = try panel(selecting: "shop")
        #expect(router.contains("<div class=\"muted\">router</div>"), "\(router)")
        #expect(router.contains("upper router default"), "\(router)")
        #expect(router.contains("forwarded from route"), "\(router)")
    }

    /// A QFMoudle module's panel names the view controllers its getters made (what a leak through them would hold).
    @Test func aQFMoudleModuleShowsItsControllers() throws {
        let fixture = try PageFixture.sample("qfmoudle-faults")
        let page = try write(fixture.page.render(), named: "qf.html")
        defer { try? FileManager.default.removeItem(at: page.deletingLastPathComponent()) }
        let run = try Browser.run(page, fragment: "#module=MoudleHome", arguments: ["--virtual-time-budget=5000", "--dump-dom"])
        #expect(Browser.status(in: run.stdout)["data-errors"] == "0", "\(run.stderr.suffix(2_000))")
        #expect(run.stdout.contains("<h3>Controllers</h3><p>QFDetailViewController, QFHomeViewController</p>"))
        #expect(run.stdout.contains("<h3>Instances and lifetimes</h3>"), "a module keeps its lifetimes")
    }

    @Test func theCursorShowsTheLiveStateThatGraphAtDraws() throws {
        let fixture = try PageFixture.sample("bdj-faults")
        let page = try write(fixture.page.render(), named: "cursor.html")
        defer { try? FileManager.default.removeItem(at: page.deletingLastPathComponent()) }
        // The moment the second Post was assembled: two Posts alive.
        let posts = fixture.timeline.bars.filter { $0.module == "Post" }.sorted { $0.assembled.seq < $1.assembled.seq }
        let second = try #require(posts.dropFirst().first)
        let run = try Browser.run(page, fragment: "#t=\(second.assembled.time)", arguments: ["--virtual-time-budget=5000", "--dump-dom"])
        let status = Browser.status(in: run.stdout)
        let seq = try #require(status["data-cursor-seq"].flatMap(UInt64.init))
        let live = GraphBuilder.build(events: fixture.events, scope: .live, stopAfter: seq)
        #expect(status["data-cursor-live"] == String(live.nodes.count))
        #expect(live.nodes.filter { $0.name == "Post" }.count == 2)
        #expect(run.stdout.contains("alive twice: Post"))
    }

    @Test func aThreeThousandModuleReportLoadsAndIsInteractiveQuickly() throws {
        // Every one of 3,000 modules opened and closed once from the root (the generated apps take minutes in a debug build).
        let fixture = try PageFixture(events: SyntheticTrace.events(count: 3_200 * 25 + 20, modules: 3_200), title: "synthetic-3000.jsonl")
        #expect(fixture.graph.nodes.count >= 3_000)
        let html = fixture.page.render()
        let page = try write(html, named: "large.html")
        defer { try? FileManager.default.removeItem(at: page.deletingLastPathComponent()) }
        let run = try Browser.run(page, fragment: "#module=DiscoverPost100", arguments: ["--dump-dom"], timeout: 120)
        let status = Browser.status(in: run.stdout)
        #expect(status["ready"] == "true", "the page's script did not finish: \(run.stderr.suffix(2_000))")
        #expect(status["data-errors"] == "0")
        #expect(status["data-nodes"] == String(fixture.graph.nodes.count))
        #expect(status["data-bars"] == String(fixture.timeline.bars.count))
        #expect(status["data-selected"] == "DiscoverPost100")
        // Interactive (the script done) within 2 s of navigation on this machine; the benchmark records the figure.
        let ready = try #require(status["data-ready-ms"].flatMap(Double.init))
        #expect(ready < 10_000, "ready after \(ready) ms")
    }

    @Test func hostileNamesStayTextInTheBrowser() throws {
        let fixture = try PageFixture.hostile()
        let page = try write(fixture.page.render(), named: "hostile.html")
        defer { try? FileManager.default.removeItem(at: page.deletingLastPathComponent()) }
        let name = PageFixture.hostileNames[0]
        let run = try Browser.run(page, fragment: "#module=" + name.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!,
                                  arguments: ["--virtual-time-budget=5000", "--dump-dom"])
        let status = Browser.status(in: run.stdout)
        #expect(status["ready"] == "true" && status["data-errors"] == "0", "\(run.stderr.suffix(2_000))")
        #expect(status["data-nodes"] == String(fixture.graph.nodes.count))
        // The deep link found the module by its hostile name; no name became an element.
        #expect(status["data-search-results"] == "1")
        #expect(run.stdout.lowercased().components(separatedBy: "<script").count == 3)
        #expect(!run.stdout.contains("<b>x</b>") && run.stdout.contains("&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;"))
        // A bidi override is spelled out wherever the page shows the name, never left to reorder the text (#21).
        #expect(!run.stdout.unicodeScalars.contains("\u{202E}"), "a raw U+202E reached the DOM")
        #expect(run.stdout.contains("rtl\\u{202E}gnp.exe"))
    }

    @Test func aReportWhoseGraphWasNotDrawnStillShowsTheTimelineAndFindings() throws {
        let fixture = try PageFixture.sample("bdj-faults")
        let html = HTMLReport(title: "big.jsonl", graph: fixture.graph, svg: nil, notice: "The graph is not drawn: too large.", layout: nil,
                              timeline: fixture.timeline, result: fixture.result, context: .init(tracePath: "big.jsonl"), findingsTable: true).render()
        let page = try write(html, named: "no-graph.html")
        defer { try? FileManager.default.removeItem(at: page.deletingLastPathComponent()) }
        let run = try Browser.run(page, fragment: "#module=SignIn&t=9", arguments: ["--virtual-time-budget=5000", "--dump-dom"])
        let status = Browser.status(in: run.stdout)
        #expect(status["ready"] == "true" && status["data-errors"] == "0", "\(run.stderr.suffix(2_000))")
        #expect(status["data-nodes"] == "0" && status["data-selected"] == "SignIn")
        #expect(status["data-finding-rows"] == String(fixture.result.findings.count) && status["data-bars"] == String(fixture.timeline.bars.count))
        #expect(run.stdout.contains("The graph is not drawn: too large."))
    }

    /// Re-records the README's screenshots when `LEGO_RECORD_SCREENSHOTS=1`; otherwise checks a screenshot is taken.
    @Test func screenshotsOfTheReport() throws {
        let fixture = try PageFixture.sample("bdj-faults")
        let page = try write(fixture.page.render(), named: "bdj-faults.html")
        defer { try? FileManager.default.removeItem(at: page.deletingLastPathComponent()) }
        let recording = ProcessInfo.processInfo.environment["LEGO_RECORD_SCREENSHOTS"] == "1"
        let images = Browser.repository.appendingPathComponent("docs/images")
        let leak = try #require(fixture.timeline.bars.first { $0.module == "SignIn" }?.gone?.time)
        for (name, fragment, size) in [("html-report.png", "#module=SignIn&t=\(leak + 1.8)", "1400,1050"),
                                       ("html-report-timeline.png", "#module=Post&t=8.4&view=timeline", "1400,470")] {
            let target = recording ? images.appendingPathComponent(name) : page.deletingLastPathComponent().appendingPathComponent(name)
            _ = try Browser.run(page, fragment: fragment,
                                arguments: ["--virtual-time-budget=5000", "--hide-scrollbars", "--window-size=\(size)", "--screenshot=\(target.path)"])
            let png = try Data(contentsOf: target)
            #expect(png.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
            #expect(png.count > 20_000)
        }
    }
}
