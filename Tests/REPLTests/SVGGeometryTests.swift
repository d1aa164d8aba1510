import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// The SVG of every Example's runs, read back as a browser would lay it out: it is
/// well-formed SVG 1.1, and no two marbles, and no two pieces of text, overlap.
extension BinaryTests {
    static let examples: [String] = {
        let folder = TraceSnapshotTests.root.appendingPathComponent("Examples").path
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0.hasSuffix(".frp") }.sorted().map { folder + "/" + $0 }
    }()

    @Test("every Example's SVG is SVG 1.1 in which no marbles or labels overlap",
          .enabled(if: FileManager.default.fileExists(atPath: BinaryTests.binary)))
    func svgGeometry() throws {
        #expect(Self.examples.count >= 17)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("svg-" + UUID().uuidString).path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var pictures = 0
        var marbles = 0
        for example in Self.examples {
            let name = URL(fileURLWithPath: example).deletingPathExtension().lastPathComponent
            _ = try run(["run", "--virtual", "--svg", folder + "/" + name + ".svg", example], input: "")
        }
        for file in try FileManager.default.contentsOfDirectory(atPath: folder).sorted() {
            let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + file))
            let shapes = SVGShapes()
            let parser = XMLParser(data: data)
            parser.delegate = shapes
            #expect(parser.parse(), "\(file) is not well-formed: \(String(describing: parser.parserError))")
            #expect(shapes.root == ["xmlns": "http://www.w3.org/2000/svg", "version": "1.1"], "\(file)")
            #expect(shapes.unknownElements.isEmpty, "\(file) uses \(shapes.unknownElements)")
            marbles += shapes.circles.count
            for (index, a) in shapes.circles.enumerated() {
                for b in shapes.circles[(index + 1)...] where (a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y) < (a.r + b.r) * (a.r + b.r) {
                    Issue.record("\(file): marbles overlap at (\(a.x), \(a.y)) and (\(b.x), \(b.y))")
                }
            }
            let boxes = shapes.texts + shapes.circles.map { Box(left: $0.x - $0.r, right: $0.x + $0.r, top: $0.y - $0.r, bottom: $0.y + $0.r, text: "marble") }
            for (index, a) in shapes.texts.enumerated() {
                for b in boxes[(index + 1)...] where a.overlaps(b) {
                    Issue.record("\(file): \"\(a.text)\" overlaps \"\(b.text)\"")
                }
            }
            pictures += 1
        }
        #expect(pictures >= Self.examples.count)
        #expect(marbles > 200, "only \(marbles) marbles in all")
    }
}

struct Box {
    var left, right, top, bottom: Double
    var text: String
    func overlaps(_ other: Box) -> Bool {
        left < other.right && other.left < right && top < other.bottom && other.top < bottom
    }
}

/// The marbles and the text boxes of an SVG (monospace text is 0.6 em a character; a
/// marble's letter is inside its circle and not counted).
final class SVGShapes: NSObject, XMLParserDelegate {
    var root: [String: String] = [:]
    var circles: [(x: Double, y: Double, r: Double)] = []
    var texts: [Box] = []
    var unknownElements: Set<String> = []
    private var groups: [String] = []
    private var text: (x: Double, y: Double, size: Double, centred: Bool)?
    private var characters = ""
    static let svg11 = Set(["svg", "style", "g", "title", "text", "line", "circle", "polyline", "rect"])

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        if !Self.svg11.contains(name) { unknownElements.insert(name) }
        let number = { (key: String) in Double(attributes[key] ?? "") ?? 0 }
        switch name {
        case "svg": root = attributes.filter { ["xmlns", "version"].contains($0.key) }
        case "g": groups.append(attributes["class"] ?? "")
        case "circle": circles.append((number("cx"), number("cy"), number("r")))
        case "text" where groups.last != "value" && groups.last != "many":
            let style = attributes["class"] ?? ""
            let size = ["tick", "foldlabel"].contains(style) ? 12.0 : 14.0
            text = (number("x"), number("y"), size, style == "tick")
            characters = ""
        default: break
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { characters += string }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "g" { groups.removeLast() }
        guard name == "text", let text else { return }
        let width = Double(characters.count) * text.size * 0.6
        let left = text.centred ? text.x - width / 2 : text.x
        texts.append(Box(left: left, right: left + width, top: text.y - text.size, bottom: text.y + 3, text: characters))
        self.text = nil
    }
}
