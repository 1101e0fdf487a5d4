import Testing
@testable import LegoScan

@Test func dumpCorpus() throws {
    let outcome = try AppScanner.scan(directory: "/work/shared/corpora/XFLegoVIPERExample")
    let app = outcome.app
    print("PREFIX", app.prefixes, app.prefixSource)
    for m in app.modules { print("MOD", m.name, m.pattern, m.gene ?? "-", m.derived, m.location, m.classes.map(\.name), m.assembly?.macro ?? "-", m.export.map { "\($0)" } ?? "") }
    for r in app.routes { print("URL", r.url, r.component, r.location) }
    print("ROOT", app.root.map { "\($0)" } ?? "nil")
    for t in app.transitions { print("TR", t.fact.kind, t.fromModule ?? "-", "->", t.toModule ?? "-", t.url ?? "", t.isDynamic, t.fact.via, t.fact.location) }
    for e in app.events { print("EV", e.fact.event, e.fact.components, e.fact.scope, e.fromModule ?? "-", e.fact.location) }
    for r in app.receivers { print("RCV", r.className, r.module ?? "-", r.events, r.location) }
    for w in outcome.warnings { print("WARN", w.location, w.message) }
    print("FILES", outcome.fileCount, outcome.byteCount)
}
