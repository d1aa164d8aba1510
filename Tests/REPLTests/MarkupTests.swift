import Foundation
import FoundationXML
import Language
@testable import REPL
import Testing
import TestSupport
import Trace

/// The one markup escaper, on hostile text: a grapheme that joins a markup character to
/// its neighbour (U+0600 before `<`, U+0301 after `>`) was let through whole by escaping
/// `Character` by `Character`, and a shared playground link ran script.
@Suite("Markup escaping")
struct MarkupTests {
    /// Marks that join the character before or after them into one grapheme: prepended
    /// concatenation marks, combining marks, a joiner, variation selectors.
    static let joiners: [String] = ["\u{0600}", "\u{0601}", "\u{0605}", "\u{06DD}", "\u{110BD}", "\u{0301}", "\u{0308}",
                                    "\u{200D}", "\u{FE0F}", "\u{E0100}", "\u{20E3}"]
    static let markup: [String] = ["<", ">", "&", "\"", "'"]

    static var hostile: [String] {
        var texts: [String] = []
        for joiner in joiners {
            for character in markup {
                texts.append(joiner + character + "img src=x onerror=alert(1)//")
                texts.append(character + joiner + "svg onload=alert(2)>")
            }
        }
        return texts + ["<script>alert(3)</script>", "]]><b>", "&amp;&lt;", "\u{1}\u{8}\u{B}\u{FFFE}control"]
    }

    @Test("no markup character survives at the scalar level, whatever joins it")
    func noMarkupScalars() {
        for text in Self.hostile {
            let escaped = Markup.escaped(text)
            for scalar in escaped.unicodeScalars {
                #expect(scalar != "<" && scalar != ">" && scalar != "\"" && scalar != "'", "\(text.debugDescription) → \(escaped.debugDescription)")
            }
            #expect(Self.ampersandsStartEntities(escaped), "\(escaped.debugDescription)")
        }
    }

    @Test("an XML parser reads the escaped text back as the original, in an element and in an attribute (random strings)")
    func roundTrip() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Self.joiners + Self.markup + ["a", " ", "é", "😀", "\n", "\t", ";", "#", "x", "1"]
        var texts = Self.hostile.filter { !$0.unicodeScalars.contains { !Markup.allowedInXML($0) } }
        for _ in 0..<500 {
            texts.append((0..<Int.random(in: 0...24, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }.joined())
        }
        for text in texts {
            let document = "<svg title=\"\(Markup.escaped(text))\"><text>\(Markup.escaped(text))</text></svg>"
            guard let read = ReadBack(document) else {
                Issue.record("not well-formed: \(document.debugDescription)")
                continue
            }
            let shown = text.debugDescription
            #expect(read.elements == ["svg", "text"], "\(shown)")
            #expect(read.text == text, "\(shown)")
            // XML normalises white space in attribute values.
            let normalised = String(String.UnicodeScalarView(text.unicodeScalars.map { $0 == "\n" || $0 == "\t" ? " " : $0 }))
            #expect(read.attribute == normalised, "\(shown)")
        }
    }

    @Test("characters XML does not allow become U+FFFD, so the document stays well-formed")
    func disallowedCharacters() {
        #expect(Markup.escaped("a\u{0}b\u{1F}c\u{FFFF}d\te\nf") == "a\u{FFFD}b\u{FFFD}c\u{FFFD}d\te\nf")
    }

    @Test("a run whose values, errors, comments and causes carry hostile text draws an SVG with only the diagram's elements, and the text as text",
          arguments: hostileScripts)
    func hostileRunsDrawSafeSVG(script: String) throws {
        let path = try temporaryScript("") + ".svg"
        let runner = ScriptRunner(clock: .virtual, trace: false, svgPath: path, output: Captured().output)
        _ = runner.run(Source(name: "hostile.frp", text: script))
        let svg = try String(contentsOfFile: path, encoding: .utf8)
        let read = try #require(ReadBack(svg), "not well-formed")
        let drawn: Set<String> = ["svg", "style", "g", "line", "circle", "text", "title", "rect", "polyline"]
        #expect(Set(read.elements).isSubset(of: drawn), "\(Set(read.elements).subtracting(drawn))")
        #expect(!read.attributeNames.contains { $0.lowercased().hasPrefix("on") || $0.contains("href") })
        #expect(read.text.contains("onerror=alert(1)"))
    }

    @Test("a short value drawn inside its marble is escaped text, and one with a joiner or another invisible mark goes by its letter")
    func shortValuesInMarbles() throws {
        let path = try temporaryScript("") + ".svg"
        let runner = ScriptRunner(clock: .virtual, trace: false, svgPath: path, output: Captured().output)
        _ = runner.run(Source(name: "short.frp", text: "of \"<&\", \"\u{200D}a\", 7"))
        let svg = try String(contentsOfFile: path, encoding: .utf8)
        #expect(ReadBack(svg) != nil, "not well-formed")
        #expect(svg.contains(">&lt;&amp;</text>"))
        #expect(svg.contains(">7</text>"))
        #expect(!svg.contains("\u{200D}a</text>"), "a joined value is drawn in its marble")
        #expect(svg.contains("a = &quot;\u{200D}a&quot;"), "its letter is in the legend")
    }

    static let hostileScripts: [String] = [
        #"of 1 | map raise("\#u{0600}<img src=x onerror=alert(1)//")"#,
        #"of 1 | map "\#u{0600}<img src=x onerror=alert(1)//""#,
        #"cold "-a|" {a: ">\#u{0301}<svg onload=alert(1)> onerror=alert(1)"}"#,
        // A comment is not drawn (labels leave comments out); the value after it is.
        "# \u{06DD}<img src=x onerror=alert(1)>\nof \"\u{06DD}<b onerror=alert(1)>\"",
        #"cold "-a-b|" {a: "\#u{110BD}<b onerror=alert(1)>", b: "x"} | take 1"#,
        #"of "e\#u{0301}<iframe onerror=alert(1)>" | log"#,
    ]

    static func ampersandsStartEntities(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        // Scalars, not Characters: `;` and a combining mark after it are one Character.
        for (index, scalar) in scalars.enumerated() where scalar == "&" {
            let rest = scalars[index...]
            guard ["&amp;", "&lt;", "&gt;", "&quot;", "&#39;"].contains(where: { rest.starts(with: $0.unicodeScalars) }) else { return false }
        }
        return true
    }
}

/// A document read by Foundation's XML parser: its elements, attribute names, the `title`
/// attribute of the root and all its text.
final class ReadBack: NSObject, XMLParserDelegate {
    private(set) var elements: [String] = []
    private(set) var attributeNames: [String] = []
    private(set) var attribute: String?
    private(set) var text = ""

    init?(_ document: String) {
        super.init()
        let parser = XMLParser(data: Data(document.utf8))
        parser.delegate = self
        guard parser.parse() else { return nil }
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        elements.append(name)
        attributeNames += attributes.keys
        if elements.count == 1 { attribute = attributes["title"] }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }
}
