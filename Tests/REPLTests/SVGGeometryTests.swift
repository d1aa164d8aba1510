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
        var scales = 0
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
            // To scale between folds: x proportional to time for the ticks of one stretch.
            #expect(!String(decoding: data, as: UTF8.self).contains("not to scale"), "\(file) is not to scale")
            #expect(!shapes.ticks.isEmpty, "\(file) has no ticks")
            let breaks = shapes.folds.map { ($0.from + $0.to) / 2 }
            var stretch: [(x: Double, milliseconds: Double)] = []
            func checkStretch() {
                guard stretch.count >= 3, let first = stretch.first, let last = stretch.last, last.milliseconds > first.milliseconds else { return }
                let scale = (last.x - first.x) / (last.milliseconds - first.milliseconds)
                for tick in stretch {
                    // Readings keep 3 digits of a second, positions one decimal of a pixel.
                    let expected = first.x + (tick.milliseconds - first.milliseconds) * scale
                    #expect(abs(tick.x - expected) <= 0.5 + scale * 0.6, "\(file): the tick of \(tick.milliseconds)ms is at \(tick.x), not \(expected)")
                }
                scales += 1
            }
            for tick in shapes.ticks {
                if let previous = stretch.last, breaks.contains(where: { $0 > previous.x && $0 < tick.x }) {
                    checkStretch()
                    stretch = []
                }
                stretch.append(tick)
            }
            checkStretch()
            pictures += 1
        }
        #expect(scales >= 10, "only \(scales) stretches checked")
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
    /// The axis' ticks: each instant's x and time (its title), in order.
    var ticks: [(x: Double, milliseconds: Double)] = []
    /// Where each fold's break starts and ends.
    var folds: [(from: Double, to: Double)] = []
    private var tickX: Double?
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
        case "line" where attributes["class"] == "axis" && number("y2") - number("y1") == 8:
            tickX = number("x1")
            characters = ""
        case "polyline" where groups.last == "fold":
            let xs = (attributes["points"] ?? "").split(separator: " ").compactMap { Double($0.split(separator: ",")[0]) }
            if let low = xs.min(), let high = xs.max() { folds.append((low, high)) }
        case "text" where !["value", "many", "unsent"].contains(groups.last ?? ""):
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
        if name == "line", let x = tickX {
            // "3ms", "4.011s": the time the tick stands for.
            let reading = characters.trimmingCharacters(in: .whitespaces)
            let seconds = reading.hasSuffix("ms") ? nil : Double(reading.dropLast())
            if let milliseconds = reading.hasSuffix("ms") ? Double(reading.dropLast(2)) : seconds.map({ $0 * 1000 }) {
                ticks.append((x, milliseconds))
            }
            tickX = nil
        }
        guard name == "text", let text else { return }
        let width = Double(characters.count) * text.size * 0.6
        let left = text.centred ? text.x - width / 2 : text.x
        texts.append(Box(left: left, right: left + width, top: text.y - text.size, bottom: text.y + 3, text: characters))
        self.text = nil
    }
}
