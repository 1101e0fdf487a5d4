import CGraphviz
import Synchronization

/// Renders DOT text to SVG, PNG or PDF with libgraphviz, in process.
///
/// libgraphviz keeps global state (the error handler, the parser) and is not thread-safe, so every
/// call goes through one process-wide lock. Graph, layout, render data and context are freed on every
/// path, errors included, except a layout Graphviz itself reported as failed (freeing that one aborts).
public enum GraphvizRenderer {
    /// Lays out `dot` with the Graphviz engine `layout` (`dot`, `neato`, `fdp`, `sfdp`, `circo`, `twopi`…)
    /// and returns the picture's bytes in `format`.
    public static func render(dot: String, layout: String, format: RenderFormat) throws(RenderError) -> [UInt8] {
        try graphvizLock.withLock { _ throws(RenderError) -> [UInt8] in
            try renderLocked(dot: dot, layout: layout, format: format)
        }
    }

    /// The layout engines this Graphviz installation offers, sorted.
    public static func availableLayouts() -> [String] {
        graphvizLock.withLock { _ -> [String] in
            guard let context = gvContext() else { return [] }
            defer { gvFreeContext(context) }
            return layoutPlugins(context)
        }
    }

    // agsetfile keeps the pointer for later messages, so the name must outlive every parse.
    nonisolated(unsafe) private static let inputName: UnsafeMutablePointer<CChar>? = strdup("<dot>")

    private static func renderLocked(dot: String, layout: String, format: RenderFormat) throws(RenderError) -> [UInt8] {
        let capture = GraphvizErrorCapture.begin()
        defer { capture.end() }

        guard let context = gvContext() else { throw .contextUnavailable }
        defer { gvFreeContext(context) }

        let layouts = layoutPlugins(context)
        guard !layouts.isEmpty else { throw .noPlugins }
        guard layouts.contains(layout) else { throw .unknownLayout(layout, available: layouts) }

        // The lexer's line counter is global and survives earlier parses; agsetfile restarts it at 1.
        agsetfile(inputName)
        guard let graph = agmemread(dot) else {
            let message = capture.text()
            throw .invalidDOT(message: message.isEmpty ? "Graphviz could not read the graph" : message)
        }
        defer { agclose(graph) }
        if agerrors() >= Int32(AGERR.rawValue) {
            // The parser recovered but reported an error (e.g. a bad attribute statement): refuse the input.
            throw .invalidDOT(message: capture.text())
        }

        guard gvLayout(context, graph, layout) == 0 else {
            throw .layoutFailed(layout: layout, message: capture.text())
        }
        guard agerrors() < Int32(AGERR.rawValue) else {
            // The engine reported an error but returned success: its layout is inconsistent (dot 2.43's
            // "trouble in init_rank" with clusters) and gvFreeLayout then double-frees and aborts the
            // process. Leaking this one layout is the only safe way out.
            throw .layoutFailed(layout: layout, message: capture.text())
        }
        defer { gvFreeLayout(context, graph) }

        var data: UnsafeMutablePointer<CChar>?
        var length = 0
        let status = lego_gvRenderData(context, graph, format.rawValue, &data, &length)
        defer { if let data { gvFreeRenderData(data) } }
        guard status == 0, let data else {
            let message = capture.text()
            if message.contains("not recognized") { throw .unknownFormat(format.rawValue, message: message) }
            throw .renderFailed(format: format.rawValue, message: message)
        }
        return data.withMemoryRebound(to: UInt8.self, capacity: length) { Array(UnsafeBufferPointer(start: $0, count: length)) }
    }

    /// Layout plugin names from Graphviz's plugin configuration (no duplicates for this API, so nothing leaks).
    private static func layoutPlugins(_ context: OpaquePointer) -> [String] {
        var count: Int32 = 0
        guard let list = gvPluginList(context, "layout", &count, nil) else { return [] }
        defer { lego_free(list) }
        var names: [String] = []
        for index in 0..<Int(count) {
            guard let name = list[index] else { continue }
            names.append(String(cString: name))
            lego_free(name)
        }
        return names.sorted()
    }
}

/// Serializes every libgraphviz call in the process.
private let graphvizLock = Mutex(())
