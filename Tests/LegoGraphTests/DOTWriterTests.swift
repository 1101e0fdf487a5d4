import Foundation
import LegoModel
import Testing
@testable import LegoGraph

@Test func navigationHistoryMatchesItsGoldenDOT() throws {
    let graph = GraphBuilder.build(events: SampleTraces.navigation().events, scope: .history)
    try goldens.check(DOTWriter.write(graph), named: "navigation-history.dot")
}

@Test func navigationLiveStateBeforeTheDismissMatchesItsGoldenDOT() throws {
    let (events, beforeDismiss) = SampleTraces.navigation()
    let graph = GraphBuilder.build(events: events, scope: .live, stopAfter: beforeDismiss)
    try goldens.check(DOTWriter.write(graph), named: "navigation-live-before-dismiss.dot")
}

@Test func faultsWithFindingsMatchTheirGoldenDOT() throws {
    let (events, findings) = SampleTraces.faults()
    let marks = GraphMark.marks(from: findings)
    try goldens.check(DOTWriter.write(GraphBuilder.build(events: events, scope: .history, marks: marks)), named: "faults-history.dot")
    try goldens.check(DOTWriter.write(GraphBuilder.build(events: events, scope: .live, marks: marks)), named: "faults-live.dot")
}

@Test func hostileNamesMatchTheirGoldenDOT() throws {
    let graph = GraphBuilder.build(events: SampleTraces.hostile(), scope: .history)
    try goldens.check(DOTWriter.write(graph), named: "hostile-history.dot")
}

@Test func theSameTraceGivesByteIdenticalDOTEveryTime() {
    let (events, findings) = SampleTraces.faults()
    let marks = GraphMark.marks(from: findings)
    let first = DOTWriter.write(GraphBuilder.build(events: events, scope: .history, marks: marks))
    for _ in 0..<5 {
        // Shuffled marks and fresh builders (fresh dictionaries) must not change a byte.
        let again = DOTWriter.write(GraphBuilder.build(events: events, scope: .history, marks: marks.shuffled()))
        #expect(Array(again.utf8) == Array(first.utf8))
    }
    let live = DOTWriter.write(GraphBuilder.build(events: events, scope: .live, marks: marks))
    #expect(live == DOTWriter.write(GraphBuilder.build(events: events, scope: .live, marks: marks.reversed())))
}

@Test func quotingEscapesEverythingDOTAndSVGTreatSpecially() {
    #expect(DOTWriter.quote("plain") == "\"plain\"")
    #expect(DOTWriter.quote("a\"b") == "\"a\\\"b\"")
    #expect(DOTWriter.quote("back\\") == "\"back\\\\\"")
    #expect(DOTWriter.quote("two\nlines\r") == "\"two\\nlines\\n\"")
    #expect(DOTWriter.quote("Tom & Jerry") == "\"Tom &amp; Jerry\"")
    #expect(DOTWriter.quote("bell\u{7}tab\t") == "\"bell\u{FFFD}tab \"")
    #expect(DOTWriter.quote("<script>中文😀") == "\"<script>中文😀\"")
}

@Test func aStringUpToTheRunLimitStaysOnOneLineAndOneByteMoreIsSplit() {
    let limit = DOTWriter.quotedRunLimit
    #expect(!DOTWriter.quote(String(repeating: "a", count: limit)).contains("\n"))
    #expect(DOTWriter.quote(String(repeating: "a", count: limit + 1)) == "\"" + String(repeating: "a", count: limit) + "\\\na\"")
}

/// The long names quoted as usual, without continuations.
private let unsplitLongNames: [String] = [
    "\"" + String(repeating: "Ab\\\"c\\\\d&amp;e", count: 2_560) + "\"",
    "\"" + SampleTraces.longNames[1] + "\"",
]

@Test(arguments: zip(SampleTraces.longNames, unsplitLongNames))
func aLongStringIsSplitBetweenWholeEscapesAndCharacters(name: String, unsplit: String) {
    let quoted = DOTWriter.quote(name)
    let lines = quoted.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == (unsplit.utf8.count - 2 + DOTWriter.quotedRunLimit - 1) / DOTWriter.quotedRunLimit)
    for (index, line) in lines.enumerated() {
        var run = line
        if index == 0 { run = run.dropFirst() }
        if index == lines.count - 1 {
            #expect(run.last == "\"")
            run = run.dropLast()
        } else {
            #expect(run.last == "\\", "line \(index + 1) does not end in a continuation")
            run = run.dropLast()
            // The continuation follows whole escapes: an even number of backslashes, no cut entity.
            #expect(run.reversed().prefix { $0 == "\\" }.count.isMultiple(of: 2), "line \(index + 1) ends inside an escape")
            #expect(!["&", "&a", "&am", "&amp"].contains { run.hasSuffix($0) }, "line \(index + 1) ends inside &amp;")
        }
        #expect(run.utf8.count <= DOTWriter.quotedRunLimit, "line \(index + 1): \(run.utf8.count) bytes")
        // What the dot command of Graphviz 2.43 reads in one quoted-string run ("longer than 16384?").
        #expect(run.utf8.count < 16_384, "line \(index + 1): \(run.utf8.count) bytes")
    }
    // Graphviz drops each backslash-newline inside quotes; what remains is the string escaped as usual.
    #expect(quoted.replacingOccurrences(of: "\\\n", with: "") == unsplit)
}

@Test func everyHostileNameIsEscapedInTheDOT() throws {
    let dot = DOTWriter.write(GraphBuilder.build(events: SampleTraces.hostile(), scope: .history))
    for name in SampleTraces.hostileNames {
        #expect(dot.contains("label=\(DOTWriter.quote(name))"), "label of \(name.debugDescription)")
    }
    // No raw newline, no unescaped quote and no HTML label can come from trace text: the one HTML label is the
    // legend table on the graph line, made of fixed text.
    #expect(dot.components(separatedBy: "label=<").count == 2)
    let legend = try #require(dot.split(separator: "\n").first { $0.hasPrefix("  graph [") }?.components(separatedBy: "label=<<table")[1])
    #expect(!legend.contains("script") && !legend.contains("\\"))
    for line in dot.split(separator: "\n") {
        var inString = false, escaped = false
        for character in line {
            if escaped { escaped = false; continue }
            if character == "\\" && inString { escaped = true; continue }
            if character == "\"" { inString.toggle() }
        }
        #expect(!inString, "unbalanced quotes in \(line)")
    }
}

@Test func theLegendExplainsExactlyTheStylesUsed() {
    func legend(_ dot: String) -> String { dot.components(separatedBy: "label=<<table").dropFirst().first?.components(separatedBy: "</table>>")[0] ?? "" }
    let (events, findings) = SampleTraces.faults()
    let marked = legend(DOTWriter.write(GraphBuilder.build(events: events, scope: .history, marks: GraphMark.marks(from: findings))))
    for entry in ["VIPER module", "⚠ leaked module", "⚠ duplicate name", "⚠ illegal URL hierarchy", ">push<", "contains sub-module",
                  ">URL parent<", "URL parent of an illegal URL", "modules under one URL host/path", "1 finding on modules not drawn here"] {
        #expect(marked.contains(entry), "missing \(entry)")
    }
    for unused in ["controller component", "virtual (shared) module", ">present<", "component events", "other finding"] {
        #expect(!marked.contains(unused), "unexpected \(unused)")
    }
    let plain = legend(DOTWriter.write(GraphBuilder.build(events: SampleTraces.navigation().events, scope: .history)))
    for entry in ["controller component", "virtual (shared) module", ">present<", "component events"] {
        #expect(plain.contains(entry), "missing \(entry)")
    }
    #expect(!plain.contains("⚠"))
    #expect(!plain.contains("illegal URL"))
    #expect(!DOTWriter.write(GraphBuilder.build(events: SampleTraces.navigation().events, scope: .history), options: DOTOptions(legend: false)).contains("<table"))
}

@Test func eachMarkHasItsOwnDrawing() throws {
    let (events, findings) = SampleTraces.faults()
    let dot = DOTWriter.write(GraphBuilder.build(events: events, scope: .live, marks: GraphMark.marks(from: findings)))
    let lines = dot.split(separator: "\n").map(String.init)
    let leaked = try #require(lines.first { $0.contains("xlabel=\"⚠ leaked\"") && $0.contains("\"m:Post#") })
    #expect(leaked.contains("peripheries=\"2\"") && leaked.contains("color=\"#dc2626\""))
    let duplicate = try #require(lines.first { $0.contains("xlabel=\"⚠ duplicate name\"") && $0.contains("\"m:Post#") })
    #expect(duplicate.contains("dashed") && duplicate.contains("color=\"#ea580c\""))
    let illegal = try #require(lines.first { $0.contains("xlabel=\"⚠ illegal URL\"") && $0.contains("\"m:PostComment#") })
    #expect(illegal.contains("color=\"#9333ea\""))
    #expect(lines.contains { $0.contains("-> \"m:PostComment#") && $0.contains("color=\"#9333ea\"") && $0.contains("dashed") })
}

@Test func clustersFollowURLHostAndPathAndCanBeLeftOut() {
    let graph = GraphBuilder.build(events: SampleTraces.navigation().events, scope: .history)
    let dot = DOTWriter.write(graph)
    #expect(dot.contains("subgraph \"cluster_url:bdj://essence\" {"))
    // Single-module clusters are folded into their parent: PostComment joins Essence and Post.
    #expect(!dot.contains("cluster_url:bdj://essence/post"))
    #expect(!dot.contains("cluster_url:bdj://login"))
    let essence = dot.components(separatedBy: "subgraph \"cluster_url:bdj://essence\" {")[1].components(separatedBy: "\n  }")[0]
    for module in ["Essence", "Post", "PostComment"] { #expect(essence.contains("\"m:\(module)\" [")) }
    let flat = DOTWriter.write(graph, options: DOTOptions.forLayout(.sfdp))
    #expect(!flat.contains("cluster_url:"))
    #expect(flat.contains("label=<<table") && !flat.contains("modules under one URL host/path"))
    #expect(DOTOptions.forLayout(.dot).clusters && DOTOptions.forLayout(.fdp).clusters && !DOTOptions.forLayout(.neato).clusters)
}

@Test func tooltipsGuardBackslashEscapesGraphvizWouldExpand() {
    #expect(DOTWriter.quoteTooltip("a\\Nb") == "\"a\\\\\u{2060}Nb\"")
    #expect(DOTWriter.quoteTooltip("a\\xb") == DOTWriter.quote("a\\xb"))
    #expect(DOTWriter.quoteTooltip("plain") == "\"plain\"")
}

/// Issue #21: a right-to-left override in a name reached DOT, SVG and the HTML page raw, reversing what followed it.
@Test func bidiControlsAreSpelledOutInDOTLabels() {
    #expect(DOTWriter.quote("Post\u{202E}gnp.exe") == #""Post\\u{202E}gnp.exe""#)
    #expect(DOTWriter.quote("a\u{2066}b\u{200F}c\u{FEFF}") == #""a\\u{2066}b\\u{200F}c\\u{FEFF}""#)
    let dot = DOTWriter.write(GraphBuilder.build(events: SampleTraces.hostile(), scope: .history))
    #expect(!dot.unicodeScalars.contains { JSONText.isControl($0) && $0 != "\n" })
}
