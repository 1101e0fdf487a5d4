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

/// A rectangle in SVG user units.
struct SVGBox: Equatable {
    var minX: Double, minY: Double, maxX: Double, maxY: Double

    /// Whether the two boxes share more than `tolerance` in both directions.
    func overlaps(_ other: SVGBox, tolerance: Double = 0.5) -> Bool {
        min(maxX, other.maxX) - max(minX, other.minX) > tolerance && min(maxY, other.maxY) - max(minY, other.minY) > tolerance
    }
}

/// One line of a node's label as drawn: its centre `x`, baseline `y`, font size and text.
struct SVGLabel {
    var text: String
    var x: Double, y: Double, fontSize: Double
}

extension SVG {
    /// Each node group's title, the box around its shapes (polygons, ellipses, paths), and its label lines
    /// (texts starting with ⚠ are external labels, drawn beside the node, and left out).
    var nodeGeometry: [(title: String, box: SVGBox, labels: [SVGLabel])] {
        elements.filter { ($0.localName ?? $0.name) == "g" && $0.value(of: "class") == "node" }.compactMap { group in
            var points: [(Double, Double)] = []
            var labels: [SVGLabel] = []
            var title = ""
            func walk(_ element: XMLElement) {
                let attribute = { (name: String) in element.value(of: name) }
                switch element.localName ?? element.name ?? "" {
                case "title": title = element.stringValue ?? ""
                case "polygon": points += SVG.numberPairs(attribute("points") ?? "")
                case "path": points += SVG.numberPairs(attribute("d") ?? "")
                case "ellipse":
                    if let cx = attribute("cx").flatMap(Double.init), let cy = attribute("cy").flatMap(Double.init),
                       let rx = attribute("rx").flatMap(Double.init), let ry = attribute("ry").flatMap(Double.init) {
                        points += [(cx - rx, cy - ry), (cx + rx, cy + ry)]
                    }
                case "text":
                    let text = element.stringValue ?? ""
                    if !text.hasPrefix("⚠"), let x = attribute("x").flatMap(Double.init), let y = attribute("y").flatMap(Double.init) {
                        labels.append(SVGLabel(text: text, x: x, y: y, fontSize: attribute("font-size").flatMap(Double.init) ?? 14))
                    }
                default: break
                }
                for child in element.children ?? [] { if let child = child as? XMLElement { walk(child) } }
            }
            walk(group)
            guard !points.isEmpty else { return nil }
            let box = SVGBox(minX: points.map(\.0).min()!, minY: points.map(\.1).min()!, maxX: points.map(\.0).max()!, maxY: points.map(\.1).max()!)
            return (title, box, labels)
        }
    }

    /// The numbers of a `points` or path `d` attribute, paired as coordinates.
    static func numberPairs(_ text: String) -> [(Double, Double)] {
        let numbers = text.split { !"0123456789.-e".contains($0) }.compactMap { Double($0) }
        return stride(from: 0, to: numbers.count - 1, by: 2).map { (numbers[$0], numbers[$0 + 1]) }
    }

    /// Pairs of node titles whose boxes intersect (a sweep over boxes sorted by left edge).
    func overlappingNodes() -> [(String, String)] {
        let nodes = nodeGeometry.sorted { $0.box.minX < $1.box.minX }
        var pairs: [(String, String)] = []
        for (index, node) in nodes.enumerated() {
            for other in nodes[(index + 1)...] {
                if other.box.minX >= node.box.maxX { break }
                if node.box.overlaps(other.box) { pairs.append((node.title, other.title)) }
            }
        }
        return pairs
    }

    /// Label lines that do not fit inside their node's box: baseline outside it, or wider than it
    /// (width estimated from below at 0.45 em a character, so only a real clip trips it).
    func clippedLabels() -> [String] {
        nodeGeometry.flatMap { node in
            node.labels.filter { label in
                let halfWidth = Double(label.text.count) * label.fontSize * 0.45 / 2
                return label.y < node.box.minY || label.y > node.box.maxY
                    || label.x - halfWidth < node.box.minX - 0.5 || label.x + halfWidth > node.box.maxX + 0.5
            }.map { "\(node.title): \($0.text)" }
        }
    }
}

extension SVG {
    /// Every `<text>` with its anchor position.
    var textPositions: [(text: String, x: Double, y: Double)] {
        elements.filter { ($0.localName ?? $0.name) == "text" }.compactMap { element in
            guard let x = element.value(of: "x").flatMap(Double.init), let y = element.value(of: "y").flatMap(Double.init) else { return nil }
            return (element.stringValue ?? "", x, y)
        }
    }
}

extension XMLElement {
    /// The value of the attribute `name` (FoundationXML's `attribute(forName:)` misses attributes in the SVG namespace).
    func value(of name: String) -> String? { attributes?.first { $0.name == name }?.stringValue }
}
