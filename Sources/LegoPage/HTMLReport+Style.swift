extension HTMLReport {
    /// The page's stylesheet, written here (no framework, no web font: the page works offline).
    static let style = #"""
    :root { --ink: #0f172a; --muted: #64748b; --line: #e2e8f0; --panel: #f8fafc; --accent: #2563eb;
      --leak: #dc2626; --dup: #ea580c; --url: #9333ea; --other: #6b7280; --bar: #60a5fa; --gone: #bfdbfe; }
    * { box-sizing: border-box; }
    html, body { margin: 0; font: 13px/1.4 system-ui, -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; color: var(--ink); }
    .bar { display: flex; flex-wrap: wrap; gap: 12px; align-items: center; padding: 8px 12px; border-bottom: 1px solid var(--line); background: #fff; position: sticky; top: 0; z-index: 5; }
    .bar h1 { font-size: 15px; margin: 0; font-weight: 600; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; max-width: 32vw; }
    .brand { color: var(--accent); }
    .search { position: relative; }
    .search input { width: 240px; padding: 4px 8px; border: 1px solid #cbd5e1; border-radius: 6px; font: inherit; }
    .results { position: absolute; top: 100%; left: 0; margin: 2px 0 0; padding: 0; list-style: none; background: #fff; border: 1px solid #cbd5e1; border-radius: 6px; max-height: 320px; overflow: auto; min-width: 240px; z-index: 10; box-shadow: 0 4px 12px rgba(15,23,42,.12); }
    .results li { padding: 3px 8px; cursor: pointer; white-space: nowrap; }
    .results li:hover, .results li.active { background: #eff6ff; }
    .filters { display: flex; gap: 8px; flex-wrap: wrap; }
    .filters label { display: inline-flex; gap: 4px; align-items: center; padding: 2px 8px; border: 1px solid var(--line); border-radius: 999px; cursor: pointer; }
    .tools { display: flex; gap: 6px; margin-left: auto; }
    button { font: inherit; padding: 3px 10px; border: 1px solid #cbd5e1; background: #fff; border-radius: 6px; cursor: pointer; }
    button:hover { background: #f1f5f9; }
    .notice { margin: 0; padding: 6px 12px; background: #fef9c3; border-bottom: 1px solid #fde68a; }
    .main { display: flex; height: 58vh; min-height: 320px; border-bottom: 1px solid var(--line); }
    .graph-pane { flex: 1; position: relative; overflow: hidden; background: #fff; }
    .graph { width: 100%; height: 100%; cursor: grab; touch-action: none; }
    .graph.dragging { cursor: grabbing; }
    .graph > svg { width: 100%; height: 100%; display: block; user-select: none; }
    .panel { width: 360px; overflow: auto; padding: 10px 12px; background: var(--panel); border-left: 1px solid var(--line); }
    .panel h2 { font-size: 15px; margin: 0 0 4px; overflow-wrap: break-word; }
    .panel h3 { font-size: 12px; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); margin: 12px 0 4px; }
    .panel ul { margin: 0; padding-left: 18px; }
    .panel li { margin: 2px 0; overflow-wrap: break-word; }
    .hint, .muted { color: var(--muted); }
    .sev-error { color: var(--leak); font-weight: 600; }
    .sev-warning { color: var(--dup); font-weight: 600; }
    .sev-note { color: var(--muted); font-weight: 600; }
    a.link, button.link { color: var(--accent); cursor: pointer; border: 0; background: none; padding: 0; text-decoration: underline; }
    svg g.node, svg g.cluster > text { cursor: pointer; }
    svg.focus g.node:not(.hl), svg.focus g.edge:not(.hl) { opacity: .12; }
    svg.filtering g.node:not(.match), svg.filtering g.edge { opacity: .12; }
    svg g.node.selected > g > a > :is(path, polygon, ellipse):first-of-type, svg g.node.selected > :is(path, polygon, ellipse):first-of-type { stroke: var(--accent); stroke-width: 4; }
    svg g.node.live > g > a > :is(path, polygon, ellipse):first-of-type, svg g.node.live > :is(path, polygon, ellipse):first-of-type { stroke: #16a34a; stroke-width: 4; }
    svg g.collapsed-member { display: none; }
    svg g.cluster.collapsed > :is(path, polygon) { fill: #e2e8f0; }
    .timeline-pane { padding: 6px 12px 10px; }
    .timeline-head { display: flex; gap: 16px; align-items: baseline; flex-wrap: wrap; }
    .timeline-head h2, .findings-pane h2 { font-size: 14px; margin: 4px 0; }
    .cursor-info { color: var(--muted); }
    .key i { display: inline-block; width: 14px; height: 8px; margin: 0 4px 0 10px; vertical-align: middle; }
    .k-bar { background: var(--bar); } .k-gone { background: var(--gone); } .k-leak { background: repeating-linear-gradient(45deg, var(--leak) 0 3px, #fecaca 3px 6px); } .k-dup { background: var(--dup); }
    body.timeline-only .main, body.timeline-only .findings-pane { display: none; }
    body.timeline-only .timeline { max-height: none; }
    .timeline { max-height: 40vh; overflow: auto; border: 1px solid var(--line); border-radius: 6px; position: relative; }
    .timeline svg { display: block; }
    .timeline text { font-size: 11px; fill: var(--ink); }
    .timeline .row-label { cursor: pointer; }
    .timeline .row-band { fill: #f8fafc; }
    .timeline .row-band.selected { fill: #dbeafe; }
    .timeline .bar { fill: var(--bar); }
    .timeline .bar-gone { fill: var(--gone); }
    .timeline .bar-leak { fill: url(#leak-hatch); stroke: var(--leak); stroke-width: .8; }
    .timeline .overlap { fill: var(--dup); opacity: .55; }
    .timeline .ticks { stroke: #1e3a8a; stroke-width: 1; }
    .timeline .finding-mark { fill: var(--leak); }
    .timeline .axis { stroke: #94a3b8; }
    .timeline .axis-text { fill: var(--muted); font-size: 10px; }
    .timeline .url-tick { stroke: var(--url); }
    .timeline .cursor { stroke: #16a34a; stroke-width: 1.5; }
    .findings-pane { padding: 6px 12px 16px; }
    table.findings { border-collapse: collapse; width: 100%; }
    .findings th, .findings td { text-align: left; border-bottom: 1px solid var(--line); padding: 4px 6px; vertical-align: top; }
    .findings td { overflow-wrap: break-word; word-break: normal; hyphens: none; }
    .findings td.location { white-space: nowrap; font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 12px; }
    .findings tr:focus { outline: 2px solid #2563eb; outline-offset: -2px; }
    .empty { color: var(--muted); padding: 12px 0; }
    .findings tr { cursor: pointer; }
    .findings tr:hover td { background: #f8fafc; }
    .findings tr.selected td { background: #dbeafe; }
    .findings tr.hidden { display: none; }
    """#
}
