import LegoAnalysis
import LegoGraph
import LegoModel
import LegoReport

/// The self-contained, offline HTML report: the graph's SVG inline, a lifetime timeline, details and findings.
///
/// One file with no network access (its Content-Security-Policy forbids any fetch): the page's CSS and script are
/// written here, the data is embedded as JSON that no trace text can break out of (`JSONText.scriptSafe`), and
/// the script sets every piece of trace text with `textContent`, never as markup.
public struct HTMLReport: Sendable {
    /// The page's heading, usually the trace path.
    public var title: String
    /// The graph drawn, as `GraphJSON` writes it.
    public var graph: ModuleGraph
    /// The graph rendered to SVG by libgraphviz, or nil when it was not drawn (`notice` says why).
    public var svg: String?
    /// Why the graph is missing, or anything else the reader should know first.
    public var notice: String?
    /// The engine that laid the graph out.
    public var layout: GraphLayout?
    /// Every module instance's life on the trace clock.
    public var timeline: Timeline
    /// The analysis, as the JSON report (`docs/findings-json.md`) embeds it.
    public var result: AnalysisResult
    /// Where the trace is and what the check noticed, for the embedded report.
    public var context: ReportContext
    /// Whether the page has the findings table (`check --format html`) besides the graph.
    public var findingsTable: Bool

    /// Creates a report page.
    public init(title: String, graph: ModuleGraph, svg: String?, notice: String? = nil, layout: GraphLayout?, timeline: Timeline,
                result: AnalysisResult, context: ReportContext, findingsTable: Bool) {
        self.title = title
        self.graph = graph
        self.svg = svg
        self.notice = notice
        self.layout = layout
        self.timeline = timeline
        self.result = result
        self.context = context
        self.findingsTable = findingsTable
    }

    /// The whole page.
    public func render() -> String {
        var data = "{\"page\":{\"title\":\(JSONText.quoted(title)),\"layout\":\(layout.map { JSONText.quoted($0.rawValue) } ?? "null")"
        data += ",\"findingsTable\":\(findingsTable),\"notice\":\(notice.map(JSONText.quoted) ?? "null")"
        // How each finding is marked (an orphan or an unconfirmed leak is not labelled a leak), as the graph draws it.
        let marks = GraphMark.kinds(of: result.findings, rules: result.rules).map { JSONText.quoted($0.rawValue) }
        data += ",\"findingMarks\":[\(marks.joined(separator: ","))]}"
        data += ",\n\"graph\":" + GraphJSON.write(graph)
        data += ",\n\"report\":" + ReportFormat.json.render(result: result, context: context)
        data += ",\n\"timeline\":" + TimelineJSON.write(timeline) + "}"
        var page = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        // Offline by construction: nothing may be fetched, only this page's own style and script run.
        page += "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:\">\n"
        page += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        page += "<title>lego-trace: \(Self.escaped(title))</title>\n<style>\n\(Self.style)</style>\n</head>\n<body>\n"
        page += Self.skeleton(title: Self.escaped(title), findingsTable: findingsTable)
        page += "<div id=\"graph\" class=\"graph\">" + (svg.map(Self.inlineSVG) ?? "") + "</div>\n"
        page += "</section>\n<aside id=\"panel\" class=\"panel\"><p class=\"hint\">Click a module for its instances, lifetimes, URLs and findings.</p></aside>\n</main>\n"
        page += Self.lowerSections(findingsTable: findingsTable)
        page += "<script type=\"application/json\" id=\"lego-data\">" + JSONText.scriptSafe(data) + "</script>\n"
        page += "<script>\n\(Self.script)</script>\n</body>\n</html>\n"
        return page
    }

    private static func skeleton(title: String, findingsTable: Bool) -> String {
        """
        <header class="bar">
        <h1><span class="brand">lego-trace</span> \(title)</h1>
        <form id="search-form" class="search" role="search"><input id="search" type="search" placeholder="Search a module… (/)" autocomplete="off" aria-label="Search a module by name"><ul id="search-results" class="results" hidden></ul></form>
        <div id="filters" class="filters" aria-label="Filter by finding kind"></div>
        <div class="tools"><button type="button" id="fit">Fit</button><button type="button" id="collapse-all">Collapse clusters</button><button type="button" id="expand-all">Expand clusters</button><button type="button" id="clear">Clear</button></div>
        </header>
        <p id="notice" class="notice" hidden></p>
        <main class="main">
        <section class="graph-pane" aria-label="Module graph">

        """
    }

    private static func lowerSections(findingsTable: Bool) -> String {
        var html = """
        <section id="timeline-pane" class="timeline-pane" aria-label="Module lifetimes">
        <div class="timeline-head"><h2>Lifetimes</h2><span id="cursor-info" class="cursor-info">Click the timeline to see the live state at that moment.</span><span class="key"><i class="k-bar"></i>alive <i class="k-gone"></i>after its screen went <i class="k-leak"></i>beyond the grace period <i class="k-dup"></i>two alive at once</span></div>
        <div id="timeline" class="timeline"></div>
        </section>

        """
        if findingsTable {
            html += """
            <section id="findings-pane" class="findings-pane" aria-label="Findings">
            <h2>Findings</h2>
            <p id="findings-empty" class="empty" hidden>No findings: every rule that ran stayed quiet.</p>
            <table id="findings" class="findings"><thead><tr><th>#</th><th>severity</th><th>rule</th><th>module</th><th>location</th><th>message</th><th>first seen</th></tr></thead><tbody></tbody></table>
            </section>

            """
        }
        return html + "<output id=\"lego-status\" hidden></output>\n"
    }

    /// The SVG element of Graphviz's output, without the XML prolog, the doctype, comments (which repeat names)
    /// and the titles of nodes and edges (the script finds them by id; a third of a 3,000-module page's elements).
    /// Cluster titles stay: they name the URL clusters the script collapses.
    static func inlineSVG(_ svg: String) -> String {
        // Byte scanning: Foundation's `range(of:)` on a substring copies the rest of a multi-megabyte SVG per call.
        let bytes = Array(svg.utf8)
        func find(_ pattern: [UInt8], from start: Int) -> Int? {
            guard pattern.count <= bytes.count else { return nil }
            var index = start
            while index <= bytes.count - pattern.count {
                if bytes[index] == pattern[0], bytes[index..<index + pattern.count].elementsEqual(pattern) { return index }
                index += 1
            }
            return nil
        }
        guard var position = find(Array("<svg".utf8), from: 0) else { return "" }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count - position)
        let openComment = Array("<!--".utf8), closeComment = Array("-->".utf8)
        let openTitle = Array("<title>".utf8), closeTitle = Array("</title>".utf8), kept = Array("cluster_url:".utf8)
        var nextComment = find(openComment, from: position), nextTitle = find(openTitle, from: position)
        while nextComment != nil || nextTitle != nil {
            // Titles cannot hold a raw `<`, so the first `</title>` ends one; comments end at the first `-->`.
            let isComment = nextTitle == nil || (nextComment ?? .max) < nextTitle!
            let start = isComment ? nextComment! : nextTitle!
            let close = isComment ? closeComment : closeTitle
            guard let end = find(close, from: start + (isComment ? openComment.count : openTitle.count)) else { break }
            let content = bytes[(start + openTitle.count)...]
            if isComment || !content.starts(with: kept) {
                out += bytes[position..<start]
                position = end + close.count
            }
            let from = end + close.count
            if isComment || nextComment.map({ $0 < from }) == true { nextComment = find(openComment, from: from) }
            if !isComment || nextTitle.map({ $0 < from }) == true { nextTitle = find(openTitle, from: from) }
        }
        out += bytes[position...]
        return String(decoding: out, as: UTF8.self)
    }

    /// `text` escaped for HTML text and attribute values (the XML escaping of the reports: HTML reads it the same).
    static func escaped(_ text: String) -> String { Escaping.xml(text, attribute: true) }
}
