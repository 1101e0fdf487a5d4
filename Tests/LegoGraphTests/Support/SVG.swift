import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import LegoRender
import Testing

/// An SVG picture parsed with an XML parser, with the pieces the graph tests look at.
struct SVG {
    /// Every element, in document order.
    let elements: [XMLElement]

    /// Parses `bytes`; throws when they are not well-formed XML.
    init(_ bytes: [UInt8]) throws {
        let document = try XMLDocument(data: Data(bytes), options: [])
        var all: [XMLElement] = []
        func walk(_ node: XMLNode) {
            if let element = node as? XMLElement { all.append(element) }
            for child in node.children ?? [] { walk(child) }
        }
        if let root = document.rootElement() { walk(root) }
        elements = all
    }

    /// Renders `dot` in process and parses the result.
    static func render(_ dot: String, layout: String = "dot") throws -> SVG {
        try SVG(GraphvizRenderer.render(dot: dot, layout: layout, format: .svg))
    }

    /// Local element names (without namespace prefix).
    var elementNames: Set<String> { Set(elements.compactMap { $0.localName ?? $0.name }) }

    /// The text of every `<text>` element.
    var texts: [String] { elements.filter { ($0.localName ?? $0.name) == "text" }.map { $0.stringValue ?? "" } }

    /// The `<title>` of each `<g class="…">` group of the given class (`node`, `edge`, `cluster`).
    func titles(ofClass groupClass: String) -> [String] {
        elements.filter { ($0.localName ?? $0.name) == "g" && $0.attributes?.first { $0.name == "class" }?.stringValue == groupClass }
            .compactMap { group in
                (group.children ?? []).compactMap { $0 as? XMLElement }.first { ($0.localName ?? $0.name) == "title" }?.stringValue
            }
    }

    /// Every tooltip (`xlink:title` attribute), without the invisible word joiners `DOTWriter.quoteTooltip` adds.
    var tooltips: [String] {
        elements.compactMap { element in
            element.attributes?.first { $0.name == "xlink:title" || $0.localName == "title" }?.stringValue?
                .replacingOccurrences(of: "\u{2060}", with: "")
        }
    }
}
