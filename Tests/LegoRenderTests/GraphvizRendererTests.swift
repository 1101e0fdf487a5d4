import Foundation
import LegoRender
import Testing

private let smallGraph = """
digraph "g" {
  "a" [label="Essence"];
  "b" [label="Post"];
  "a" -> "b";
  "b" -> "c";
  "c" -> "a";
}
"""

@Test(arguments: ["dot", "neato", "fdp", "sfdp", "circo", "twopi"])
func everyLayoutEngineRendersSVG(layout: String) throws {
    let bytes = try GraphvizRenderer.render(dot: smallGraph, layout: layout, format: .svg)
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(text.contains("<svg"))
    #expect(text.contains(">Essence</text>"))
    #expect(text.hasSuffix("</svg>\n"))
}

@Test func pngStartsWithThePNGSignatureAndHasAPlausibleSize() throws {
    let bytes = try GraphvizRenderer.render(dot: smallGraph, layout: "dot", format: .png)
    #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    #expect((1_000...1_000_000).contains(bytes.count))
}

@Test func pdfStartsWithThePDFHeaderAndEndsWithEOF() throws {
    let bytes = try GraphvizRenderer.render(dot: smallGraph, layout: "dot", format: .pdf)
    #expect(String(decoding: bytes.prefix(5), as: UTF8.self) == "%PDF-")
    #expect(String(decoding: bytes.suffix(16), as: UTF8.self).contains("%%EOF"))
    #expect((1_000...1_000_000).contains(bytes.count))
}

@Test func badDOTBecomesAnInvalidDOTErrorWithGraphvizsMessage() throws {
    let error = try #require(throws: RenderError.self) {
        try GraphvizRenderer.render(dot: "digraph {\n a -> ;\n}\n", layout: "dot", format: .svg)
    }
    guard case .invalidDOT(let message) = error else {
        Issue.record("expected invalidDOT, got \(error)")
        return
    }
    #expect(message.contains("syntax error"))
    // Graphviz's lexer is process-global; after some earlier parses in one process its count is off by one
    // (seen once in a full test run, not reproduced alone), so only the presence of a line number is pinned.
    #expect(message.contains("line "))
    #expect(error.description.hasPrefix("invalid DOT: "))
    #expect(!error.description.contains("\n"))
}

@Test func theRendererStillWorksAfterABadGraph() throws {
    _ = try? GraphvizRenderer.render(dot: "graph { ", layout: "dot", format: .svg)
    let bytes = try GraphvizRenderer.render(dot: smallGraph, layout: "dot", format: .svg)
    #expect(String(decoding: bytes, as: UTF8.self).contains(">Post</text>"))
}

@Test func unknownLayoutNamesTheLayoutsThatExist() throws {
    let error = try #require(throws: RenderError.self) {
        try GraphvizRenderer.render(dot: smallGraph, layout: "spring", format: .svg)
    }
    guard case .unknownLayout(let layout, let available) = error else {
        Issue.record("expected unknownLayout, got \(error)")
        return
    }
    #expect(layout == "spring")
    #expect(available.contains("dot") && available.contains("sfdp"))
    #expect(error.description.contains("unknown layout 'spring'"))
}

@Test func availableLayoutsListsTheStandardEngines() {
    let layouts = GraphvizRenderer.availableLayouts()
    for engine in ["dot", "neato", "fdp", "sfdp", "circo", "twopi"] { #expect(layouts.contains(engine)) }
}

@Test func concurrentRendersAreSerializedAndAllSucceed() async throws {
    let sizes = try await withThrowingTaskGroup(of: Int.self) { group in
        for index in 0..<8 {
            group.addTask {
                let dot = "digraph { \"n\(index)\" -> \"m\(index)\"; }"
                return try GraphvizRenderer.render(dot: dot, layout: index.isMultiple(of: 2) ? "dot" : "neato", format: .svg).count
            }
        }
        var sizes: [Int] = []
        for try await size in group { sizes.append(size) }
        return sizes
    }
    #expect(sizes.count == 8)
    #expect(sizes.allSatisfy { $0 > 200 })
}

@Test func anErrorGraphvizReportsDuringLayoutRefusesThePicture() throws {
    let error = try #require(throws: RenderError.self) {
        try GraphvizRenderer.render(dot: "digraph { a [label=<<b>x</i>>]; a -> b; }", layout: "dot", format: .svg)
    }
    guard case .layoutFailed(let layout, let message) = error else {
        Issue.record("expected layoutFailed, got \(error)")
        return
    }
    #expect(layout == "dot")
    #expect(message.contains("mismatched tag"))
    // The process is still healthy and the next render works.
    #expect(try GraphvizRenderer.render(dot: smallGraph, layout: "dot", format: .svg).count > 200)
}
