import Foundation
import FoundationXML
import Language
@testable import REPL
import Testing
import TestSupport
@testable import Trace

/// What the playground's Play reads in a run's SVG: each mark's time (in nanoseconds) and
/// stage (its row's number in the order stages send), each row's label with its stage, each tick's time; plain numbers only.
@Suite("SVG marks for Play")
struct SVGPlaybackTests {
    @Test("each mark of the SVG says its time and its stage, and each label and tick says its own")
    func marksSayTimeAndStage() throws {
        let marks = try Self.read(#"cold "-a--b|" | map it + "!""#)
        #expect(marks.labels == ["0": #"cold "-a--b|""#, "1": #"map it + "!""#])
        #expect(marks.marks.map { "\($0.kind) \($0.time) \($0.stage) \($0.title)" } == [
            // A marble's end is a group: a bar and the area a pointer grabs it by.
            #"value 1000000 0 "a""#, #"value 4000000 0 "b""#, "end 5000000 0 ",
            #"value 1000000 1 "a!""#, #"value 4000000 1 "b!""#, "completed 5000000 1 ",
        ])
        #expect(marks.ticks == [0, 1_000_000, 4_000_000, 5_000_000])
    }

    @Test("a cancelled run's mark says its time and stage too")
    func cancellationSaysTimeAndStage() throws {
        let marks = try Self.read(#"cold "-a-b|" | take 1"#)
        #expect(marks.marks.contains { $0.kind == "cancelled" && $0.time == "1000000" && $0.stage == "0" })
    }

    @Test("an inner pipeline's stages are numbered before the stage that runs them: the order they send in")
    func innerStagesSendFirst() throws {
        let marks = try Self.read(#"cold "-a-b------|" | switchMap (cold "-x--y|" | mapTo it)"#)
        #expect(marks.labels == ["0": #"cold "-a-b------|""#, "1": #"cold "-x--y|""#, "2": "mapTo it",
                                 "3": #"switchMap (cold "-x--y|" | mapTo it)"#])
        #expect(SVGMarbleDiagram<Int>.sendingOrder([0, 1, 2, 1, 0]) == [3, 1, 0, 2, 4])
        #expect(SVGMarbleDiagram<Int>.sendingOrder([]) == [])
    }

    @Test("a marble's marks say which entry of which marble each is; the ones its run did not send are drawn faded, at the marble's time")
    func marbleMarksSayTheirEntry() throws {
        // `take 2` cancels the marble after b, so c and its end were not sent.
        let marks = try Self.read(#"cold "-a-b-c|" | take 2"#)
        let entries = { (marks: Marks) in marks.marks.compactMap { mark in mark.entry.map { "\(mark.kind) \(mark.time) \($0)" } } }
        #expect(entries(marks) == ["value 1000000 0/0 at 1", "value 3000000 0/1 at 3", "unsent 5000000 0/2 at 5", "unsent end 6000000 0/3 at 6"])
        // The second marble (number 1) is a hot one: its x before `^` was not seen by the run,
        // and is drawn at -2 ms, faded.
        let hot = try Self.read(#"""
            expect cold "-a|" emits "-a|"
            hot "-x-^-y-|" | map it + "!"
            """#)
        #expect(entries(hot) == ["value 2000000 1/1 at 2", "end 4000000 1/2 at 4", "unsent -2000000 1/0 at -2"])
        // Only the marks sent carry a stage (Play shows them); the unsent ones are the marble's.
        #expect(marks.marks.filter { $0.kind.hasPrefix("unsent") }.allSatisfy { $0.stage.isEmpty })
        // An inner marble's marks are its entries on each run's lane, timed from the run's start.
        let inner = try Self.read(#"cold "-a--b|" | flatMap (cold "-x|")"#)
        #expect(inner.marks.compactMap { mark in mark.entry.map { "\(mark.time) \($0)" } }.filter { $0.contains(" 1/") }
                == ["2000000 1/0 at 1", "3000000 1/1 at 2", "5000000 1/0 at 1", "6000000 1/1 at 2"])
    }

    @Test("a marble's row is found by its source's place and text or its let's name: two marbles of one text keep their own values, spacing is kept, an imported file's stage at the same place is not the marble's")
    func marbleRowsAreTheMarbles() throws {
        let twins = try Self.read(#"""
            expect cold "-a|" emits "-a|"
            cold "-a-b|" {a: "dog", b: "cow"} | take 1
            """#)
        #expect(twins.marks.filter { $0.kind == "unsent" }.map(\.title) == [#""cow" at 3ms: not sent by the run (the marble has it; drag it here too)"#])
        let spaced = try Self.read("cold  \"-a|\"")
        #expect(spaced.marks.compactMap(\.entry) == ["0/0 at 1", "0/1 at 2"])
        // The library's `let click = hot …` is at line 2, column 13, as the script's `typed`.
        let path = try temporaryScript(#"""
            import "lib.frp"
            let typed = hot "-a--b|"
            click | map it + "!"
            """#, name: "main.frp")
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        try "# lib\nlet click = hot \"-x--y-z|\"\n".write(to: folder.appendingPathComponent("lib.frp"), atomically: true, encoding: .utf8)
        let imported = try Self.read(file: path)
        #expect(imported.marks.allSatisfy { $0.entry == nil }, "\(imported.marks)")
    }

    @Test("a mark a run did not send goes through the one escaper: markup, quotes and a joining mark in its value are text")
    func unsentMarksAreEscaped() throws {
        let hostile = "<script>\\\"&\u{301}\u{200D}</g>"
        let marks = try Self.read("cold \"-a-b|\" {a: \"x\", b: \"\(hostile)\"} | take 1")
        let unsent = try #require(marks.marks.first { $0.kind == "unsent" })
        // Read back by the XML parser (so well-formed), the title is the value's text itself.
        #expect(unsent.title.unicodeScalars.starts(with: #""<script>\"&"#.unicodeScalars), "\(unsent.title)")
        #expect(unsent.title.contains("</g>"))
    }

    static func read(file path: String) throws -> Marks {
        let svg = path + ".svg"
        _ = ScriptRunner(clock: .virtual, trace: false, svgPath: svg, output: Captured().output).run(path: path)
        let marks = Marks()
        let parser = XMLParser(data: try Data(contentsOf: URL(fileURLWithPath: svg)))
        parser.delegate = marks
        #expect(parser.parse())
        return marks
    }

    static func read(_ script: String) throws -> Marks {
        let path = try temporaryScript("") + ".svg"
        let runner = ScriptRunner(clock: .virtual, trace: false, svgPath: path, output: Captured().output)
        _ = runner.run(Source(name: "play.frp", text: script))
        let marks = Marks()
        let parser = XMLParser(data: try Data(contentsOf: URL(fileURLWithPath: path)))
        parser.delegate = marks
        #expect(parser.parse())
        return marks
    }
}

/// The marks of an SVG with a time, in the order drawn; the labels by stage; the ticks' times.
final class Marks: NSObject, XMLParserDelegate {
    var marks: [(kind: String, time: String, stage: String, title: String, entry: String?)] = []
    var labels: [String: String] = [:]
    var ticks: [Int64] = []
    private var label: String?
    private var inMark = false
    private var inTitle = false
    private var characters = ""

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        characters = ""
        if name == "title" { inTitle = true }
        if name == "text", attributes["class"] == "label" { label = attributes["data-stage"] }
        if attributes["class"] == "axis", let time = attributes["data-time"] { ticks.append(Int64(time) ?? -1) }
        guard attributes["class"] != "axis", let time = attributes["data-time"] else { return }
        let entry = attributes["data-marble"].map { "\($0)/\(attributes["data-entry"] ?? "?") at \(attributes["data-frame"] ?? "?")" }
        marks.append((attributes["class"] ?? "", time, attributes["data-stage"] ?? "", "", entry))
        inMark = true
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { characters += string }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "title", inTitle, inMark { marks[marks.count - 1].title = characters; inTitle = false }
        if name == "text", let stage = label { labels[stage] = characters; label = nil }
        if name == "g" || (name == "line" && inMark) { inMark = false }
    }
}
